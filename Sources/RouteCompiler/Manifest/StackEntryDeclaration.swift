/// An entry of a route's `stack`: a screen beneath the route's own, and where its parameters
/// come from.
package struct StackEntryDeclaration: Sendable {
  package var screen: Located<String>
  /// Nil for a bare screen name, which binds each parameter from the route's parameter of the
  /// same name.
  package var params: [StackParamDeclaration]?
  /// Parameters written with a body too malformed to decode (reported there): they count as
  /// bound, so no `unbound-stack-param` follows.
  package var undecodedParams: Set<String> = []
}

/// A parameter of a stack entry's screen: `{ param: NAME }` or `{ value: CONSTANT }`.
package struct StackParamDeclaration: Sendable {
  package enum Source: Sendable {
    /// A parameter of the route's (effective) screen.
    case param(Located<String>)
    case constant(YAMLScalar)
  }

  package var name: Located<String>
  package var source: Source
}
