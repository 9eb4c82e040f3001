/// A generated namespace's `Requirement`: one case per entry of the manifest's `requirements`
/// (a condition such as being signed in that routes can require), in manifest order, its raw
/// value its position there.
public protocol RouteRequirement: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == Int, AllCases == [Self] {
  /// The namespace the requirement belongs to.
  associatedtype Routes: RouteNamespace where Routes.Requirement == Self
}

extension RouteRequirement {
  /// Every requirement, in manifest order.
  public static var allCases: [Self] { IndexedCases.all(Self.self) }

  /// The requirement's name in the manifest.
  public var name: String {
    IndexedCases.name(at: rawValue, in: Routes.table.requirementNames)
  }

  /// The requirement the manifest names `name`, or nil.
  public init?(name: String) {
    guard let named: Self = IndexedCases.named(name, in: Routes.table.requirementNames) else {
      return nil
    }
    self = named
  }
}
