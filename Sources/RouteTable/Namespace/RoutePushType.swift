/// A generated namespace's `PushType`: a push type or alias the manifest declares, `rawValue`
/// being what servers send. A struct over the name rather than an enum with a case per push
/// type: an enum of 10,000 cases alone takes about a minute to compile. Names are checked
/// against the table's hash index.
public protocol RoutePushType: RawRepresentable, CaseIterable, Hashable, Sendable,
  CustomStringConvertible
where RawValue == String, AllCases == [Self] {
  /// The namespace the push type belongs to.
  associatedtype Routes: RouteNamespace where Routes.PushType == Self
  /// A push type known to be declared; generated. Apps use `init?(rawValue:)`.
  init(_declared rawValue: String)
}

extension RoutePushType {
  /// Nil unless the manifest declares `rawValue` as a push type or an alias.
  public init?(rawValue: String) {
    guard Routes.table.route(forPushType: rawValue) != nil else { return nil }
    self.init(_declared: rawValue)
  }

  /// Every push type and alias, in manifest order: a route's key, then its aliases.
  public static var allCases: [Self] {
    Routes.table.pushTypeEntries.map { Self(_declared: $0.name) }
  }

  public var description: String { rawValue }
}
