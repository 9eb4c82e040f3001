/// A screen with its typed parameter values, before the app's generated code turns it into its
/// `Destination` enum.
public struct ScreenInstance: Hashable, Sendable {
  /// The screen's index in the manifest's `screens`, which is what generated code switches on.
  @_spi(Generated) public var index: Int
  /// One value per screen parameter, in the manifest's order; nil for an absent optional one.
  package var values: [ParamValue?]
  let names: ScreenNames

  /// The screen's name, made when read (a resolution keeps where it is in the table).
  package var name: String { names.name }

  /// The parameters by name and value, in the manifest's order, made when read.
  package var params: [(name: String, value: ParamValue?)] {
    Array(zip(names.params(count: values.count), values))
  }

  package init(index: Int, name: String, params: [(name: String, value: ParamValue?)]) {
    self.index = index
    values = params.map(\.value)
    names = .given(name: name, params: params.map(\.name))
  }

  init(index: Int, values: [ParamValue?], names: ScreenNames) {
    self.index = index
    self.values = values
    self.names = names
  }

  public static func == (lhs: ScreenInstance, rhs: ScreenInstance) -> Bool {
    lhs.index == rhs.index && lhs.values == rhs.values && lhs.name == rhs.name
      && lhs.names.params(count: lhs.values.count) == rhs.names.params(count: rhs.values.count)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(index)
    hasher.combine(values)
  }
}
