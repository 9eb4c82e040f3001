extension ScreenInstance {
  /// The value of the parameter at `index` in the screen's order, or nil when absent, of another
  /// type, or out of range; generated code reads optional parameters with these.
  @_spi(Generated) public func string(_ index: Int) -> String? {
    if case .string(let value)? = value(at: index) { value } else { nil }
  }

  @_spi(Generated) public func int(_ index: Int) -> Int? {
    if case .int(let value)? = value(at: index) { value } else { nil }
  }

  @_spi(Generated) public func bool(_ index: Int) -> Bool? {
    if case .bool(let value)? = value(at: index) { value } else { nil }
  }

  @_spi(Generated) public func double(_ index: Int) -> Double? {
    if case .double(let value)? = value(at: index) { value } else { nil }
  }

  @_spi(Generated) public func query(_ index: Int) -> [String: String]? {
    if case .query(let value)? = value(at: index) { value } else { nil }
  }

  // Generated code reads required parameters with these. A resolution's screen always has them
  // (a missing or mistyped required value makes it `invalid_params`, with no screen), so the
  // empty values only show for a hand-made instance. Not branching on an optional per parameter
  // makes the generated `switch` over hundreds of screens compile in a third less time.

  /// The parameter at `index` when it is a string, or "".
  @_spi(Generated) public func requiredString(_ index: Int) -> String { string(index) ?? "" }

  /// The parameter at `index` when it is an int, or 0.
  @_spi(Generated) public func requiredInt(_ index: Int) -> Int { int(index) ?? 0 }

  /// The parameter at `index` when it is a bool, or false.
  @_spi(Generated) public func requiredBool(_ index: Int) -> Bool { bool(index) ?? false }

  /// The parameter at `index` when it is a double, or 0.
  @_spi(Generated) public func requiredDouble(_ index: Int) -> Double { double(index) ?? 0 }

  /// The parameter at `index` when it is a query parameter's items, or the empty map.
  @_spi(Generated) public func requiredQuery(_ index: Int) -> [String: String] {
    query(index) ?? [:]
  }

  private func value(at index: Int) -> ParamValue? {
    values.indices.contains(index) ? values[index] : nil
  }
}
