/// What a tap of an action button is, before any variant is known: which actions open a route
/// does not depend on the variant, so the router can tell an app action from one to keep for the
/// root without waiting for it.
package enum ActionTapKind: Hashable, Sendable {
  /// The category or the action is not declared (`unknown_action` once resolved).
  case unknown
  /// An action without a route (`app_action`): the app handles it, nothing opens.
  case app(category: String)
  /// An action that opens a route, resolved once a variant is known.
  case routed
}
