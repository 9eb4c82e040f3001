/// A screen and the values of its parameters, as one hashable value: generated `Destination`
/// enums implement `==` and `hash(into:)` through it.
///
/// The compiler's synthesized `Equatable` for an enum of hundreds of cases with associated
/// values takes tens of seconds under `-O` (25 s for 500 screens on the project's machine);
/// building this key is one `switch` of plain calls and compiles in a fraction of that.
@_spi(Generated) public struct ScreenKey: Hashable, Sendable {
  public let screen: Int
  package private(set) var values: [ParamValue?] = []

  public init(_ screen: Int) {
    self.screen = screen
  }

  // One method per type, not one overloaded name, so the type checker has a single candidate
  // for each call in a generated switch of hundreds of cases.

  public func string(_ value: String?) -> ScreenKey { adding(value.map(ParamValue.string)) }
  public func int(_ value: Int?) -> ScreenKey { adding(value.map(ParamValue.int)) }
  public func bool(_ value: Bool?) -> ScreenKey { adding(value.map(ParamValue.bool)) }
  public func double(_ value: Double?) -> ScreenKey { adding(value.map(ParamValue.double)) }
  public func query(_ value: [String: String]?) -> ScreenKey {
    adding(value.map(ParamValue.query))
  }

  package func adding(_ value: ParamValue?) -> ScreenKey {
    var copy = self
    copy.values.append(value)
    return copy
  }
}
