/// How a push whose payload names no declared push type found its route.
public enum ResolutionMatch: String, Sendable, Hashable, CaseIterable {
  /// The payload holds every key path of the route's `when_present`, the first such route in
  /// manifest order.
  case present
  /// The notification's category declares a `route` for taps that name none.
  case category
}
