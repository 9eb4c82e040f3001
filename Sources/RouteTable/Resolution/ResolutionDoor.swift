/// The door a Home Screen quick action or a user activity came through, with its type: what
/// `Resolution.shortcut` and `Resolution.activity` read, one stored value for both.
@usableFromInline
enum ResolutionDoor: Sendable {
  case shortcut(String)
  case activity(String)
}
