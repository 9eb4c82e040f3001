import RouteTools

extension JSONValue {
  /// The member `key` of an object; nil for a missing member and for values that are not objects.
  subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  /// The element at `index` of an array; nil for other values and indices out of range.
  subscript(index: Int) -> JSONValue? {
    if case .array(let items) = self, items.indices.contains(index) { items[index] } else { nil }
  }

  /// An array's elements; nil for other values.
  var elements: [JSONValue]? {
    if case .array(let items) = self { items } else { nil }
  }

  /// An object's member names, sorted; empty for other values.
  var memberNames: [String] {
    if case .object(let members) = self { members.keys.sorted() } else { [] }
  }

  /// This value and every value inside it, depth first.
  var allValues: [JSONValue] {
    switch self {
    case .object(let members):
      [self] + members.keys.sorted().flatMap { members[$0]?.allValues ?? [] }
    case .array(let items): [self] + items.flatMap(\.allValues)
    case .string, .number, .bool, .null: [self]
    }
  }
}
