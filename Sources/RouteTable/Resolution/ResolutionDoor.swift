/// The door a Home Screen quick action, a user activity or an App Intent came through, with its
/// type or key: what `Resolution.shortcut`, `Resolution.activity` and `Resolution.intent` read,
/// one stored value for all three.
@usableFromInline
enum ResolutionDoor: Sendable {
  case shortcut(String)
  case activity(String)
  case intent(String)
}
