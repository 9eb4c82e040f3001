/// The outcome kinds of a resolution, as the manifest language defines them.
public enum ResolutionStatus: String, CaseIterable, Hashable, Sendable {
  /// The payload's push type names a route that exists in the variant and its params are valid.
  case matched
  /// The payload's type is missing or unknown and the manifest's fallback route was used.
  case fallback
  /// The type names no route and there is no usable fallback.
  case unknownType = "unknown_type"
  /// No type key holds a non-empty string and there is no usable fallback.
  case missingType = "missing_type"
  /// The route exists but a parameter is missing or invalid; never hidden by the fallback.
  case invalidParams = "invalid_params"
  /// The route exists, but not in this variant (its `only` leaves the variant out).
  case unavailable
  /// An action button tap whose category (`aps.category`) or action the manifest does not
  /// declare.
  case unknownAction = "unknown_action"
  /// An action button without a route: the app handles it (in the background), nothing opens.
  case appAction = "app_action"
  /// A URL that is not a link of the manifest's hosts or schemes, or that no link pattern
  /// matches; the app typically opens it in the browser.
  case unknownLink = "unknown_link"
  /// A Home Screen quick action whose type the manifest's `shortcuts` does not declare.
  case unknownShortcut = "unknown_shortcut"
  /// A user activity whose type the manifest's `activities` does not declare.
  case unknownActivity = "unknown_activity"
  /// An App Intent whose key the manifest's `intents` does not declare.
  case unknownIntent = "unknown_intent"
}
