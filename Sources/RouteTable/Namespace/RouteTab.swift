/// A generated namespace's `Tab`: one case per tab of any variant, in the order the manifest
/// first names them, its raw value that position.
public protocol RouteTab: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == Int, AllCases == [Self] {
  /// The namespace the tab belongs to.
  associatedtype Routes: RouteNamespace where Routes.Tab == Self
}

extension RouteTab {
  /// Every tab, in the order the manifest first names them.
  public static var allCases: [Self] { IndexedCases.all(Self.self) }

  /// The tab's name in the manifest, as `TabSelection.name` reports it.
  public var name: String {
    IndexedCases.name(at: rawValue, in: Routes.table.tabNames)
  }

  /// The tab the manifest names `name`, or nil.
  public init?(name: String) {
    guard let named: Self = IndexedCases.named(name, in: Routes.table.tabNames) else { return nil }
    self = named
  }
}
