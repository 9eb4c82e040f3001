/// The type of a screen parameter, as written in a manifest's `params`.
///
/// The compiler and the runtime share this one definition. `query` holds query items passed
/// through from a URL (or a payload's dictionary of scalars) as `[String: String]`.
package enum ParamType: String, CaseIterable, Hashable, Sendable {
  case string, int, bool, double, query
}
