/// What `RouteVariant` and `RouteTab` share: cases whose raw value is a position in a list of
/// the manifest's names.
enum IndexedCases {
  /// Every case, from raw value 0 up to the first that is not one.
  static func all<Case: RawRepresentable>(_: Case.Type) -> [Case] where Case.RawValue == Int {
    var all: [Case] = []
    while let next = Case(rawValue: all.count) { all.append(next) }
    return all
  }

  /// The name at `position`, or the empty string past the end (a table that does not match its
  /// generated code).
  static func name(at position: Int, in names: [String]) -> String {
    names.dropFirst(position).first ?? ""
  }
}
