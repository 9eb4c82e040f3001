/// The type of a screen parameter, as written in a manifest's `params`.
///
/// The compiler and the runtime share this one definition.
package enum ParamType: String, CaseIterable, Hashable, Sendable {
  case string, int, bool, double
}
