/// A condition routes can require (`requirements.signed_in`), and the route shown while it
/// does not hold.
package struct RequirementDeclaration: Sendable {
  package var name: Located<String>
  /// A route key or alias; nil when the app shows whatever satisfies it.
  package var route: Located<String>?
}
