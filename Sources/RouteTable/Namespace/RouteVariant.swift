/// A generated namespace's `Variant`: one case per UI variant of the manifest, in manifest
/// order, its raw value its position there (which is how the table names it). An enum with
/// `Int` raw values and nothing else is the cheapest typed shape for the compiler; what every
/// variant type offers besides its cases is written once, here.
public protocol RouteVariant: RawRepresentable, CaseIterable, Hashable, Sendable
where RawValue == Int, AllCases == [Self] {
  /// The namespace the variant belongs to.
  associatedtype Routes: RouteNamespace where Routes.Variant == Self
  /// The variant a nil or unknown remote-config value picks: the manifest's `default_variant`.
  static var defaultVariant: Self { get }
}

extension RouteVariant {
  /// Every variant, in manifest order.
  public static var allCases: [Self] { IndexedCases.all(Self.self) }

  /// The variant's name in the manifest.
  public var name: String {
    IndexedCases.name(at: rawValue, in: Routes.table.variantNames)
  }

  /// The variant the manifest names `name`, or nil.
  public init?(name: String) {
    guard let index = Routes.table.variant(named: name) else { return nil }
    self.init(rawValue: index)
  }

  /// The variant a remote-config value picks by the manifest's `remote_config` values:
  /// `defaultVariant` when the value is nil or unknown.
  public init(remoteValue: String?) {
    self = Self(rawValue: Routes.table.variant(remoteValue: remoteValue)) ?? .defaultVariant
  }

  /// This variant's tab bar, in order.
  public var tabs: [Routes.Tab] {
    let names = Routes.table.tabNames(variant: rawValue)
    let all = Routes.table.tabNames
    return names.compactMap { name in all.firstIndex(of: name).flatMap(Routes.Tab.init(rawValue:)) }
  }
}
