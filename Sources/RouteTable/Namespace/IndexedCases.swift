/// What `RouteVariant`, `RouteTab` and `RouteRequirement` share: cases whose raw value is a
/// position in a list of the manifest's names.
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

  /// The case whose name in `names` is `name`, or nil.
  static func named<Case: RawRepresentable>(_ name: String, in names: [String]) -> Case?
  where Case.RawValue == Int {
    names.firstIndex(of: name).flatMap { Case(rawValue: $0) }
  }
}
