/// A case of a generated `Destination`: one screen of the manifest, or, in an app that composes
/// features, one feature's screens wrapped in its own `Destination`
/// (`case orders(OrdersRoutes.Destination)`).
package enum DestinationCase: Equatable, Sendable {
  /// The screen at `index` of the manifest.
  case screen(index: Int, ResolvedManifest.Screen)
  /// The feature `name`, whose screens are `count` screens of the manifest from `first` on, in
  /// the feature's order (composition keeps each feature's screens together).
  case feature(name: String, first: Int, screens: [ResolvedManifest.Screen])

  /// The cases of `manifest`'s `Destination`, in screen order: a feature's screens are the
  /// ones named `Feature.Screen`.
  package static func cases(of manifest: ResolvedManifest) -> [DestinationCase] {
    var cases: [DestinationCase] = []
    for (index, screen) in manifest.screens.enumerated() {
      guard let (feature, name) = split(screen.name) else {
        cases.append(.screen(index: index, screen))
        continue
      }
      var own = screen
      own.name = name
      if case .feature(feature, let first, var screens) = cases.last {
        screens.append(own)
        cases[cases.count - 1] = .feature(name: feature, first: first, screens: screens)
      } else {
        cases.append(.feature(name: feature, first: index, screens: [own]))
      }
    }
    return cases
  }

  /// The screens of `feature` in `manifest` (a composition), by their own names.
  package static func screens(of feature: String, in manifest: ResolvedManifest)
    -> [ResolvedManifest.Screen]
  {
    manifest.screens.compactMap { screen in
      guard let (owner, name) = split(screen.name), owner == feature else { return nil }
      var own = screen
      own.name = name
      return own
    }
  }

  /// `Orders.OrderDetail` -> (`Orders`, `OrderDetail`); nil for an app screen.
  private static func split(_ name: String) -> (feature: String, screen: String)? {
    guard let dot = name.firstIndex(of: ".") else { return nil }
    return (String(name[..<dot]), String(name[name.index(after: dot)...]))
  }

  /// A name for the shape of a feature's `Destination` (its screens, their parameters' names,
  /// types and optionality, in order): the feature's generated code declares a type of this
  /// name and the app's names it, so an app whose generated code is older or newer than its
  /// feature's does not compile instead of building the wrong screen. FNV-1a, 64 bits.
  package static func layoutName(of screens: [ResolvedManifest.Screen]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ text: String) {
      for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
      }
    }
    for screen in screens {
      add(screen.name)
      add("(")
      for param in screen.params {
        add("\(param.name):\(param.type.rawValue)\(param.requirement == .optional ? "?" : ""),")
      }
      add(")")
    }
    let hex = String(hash, radix: 16)
    return "_Layout_" + String(repeating: "0", count: 16 - hex.count) + hex
  }
}
