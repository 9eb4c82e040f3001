import RouteCompiler

/// Schemas placed at payload key paths, merged into nested object schemas: `aps.type` and
/// `aps.data.id` share one `aps` object.
///
/// Mirrors how the runtime reads a key path (`Payload.value(atKeyPath:)`): each segment names a
/// member of an object, and a path through anything else finds nothing. So objects on the way
/// to a required value must be objects, while on the way to an optional value they may be
/// anything (a non-object there just means the value is absent).
struct PayloadKeyPathTree {
  private var leaves: [JSONValue] = []
  private var children: [(key: String, node: PayloadKeyPathTree)] = []
  /// Where each key is in `children`, and the required keys as a set: a route that reads
  /// thousands of keys would otherwise search both lists once per key.
  private var childIndex: [String: Int] = [:]
  private var required: [String] = []
  private var isRequired: Set<String> = []
  private var mustBeObject = false

  /// Places `leaf` at `path`; `required` when the value must be present.
  mutating func insert(_ path: ArraySlice<String>, _ leaf: JSONValue, required: Bool) {
    guard let key = path.first else {
      leaves.append(leaf)
      return
    }
    let index: Int
    if let existing = childIndex[key] {
      index = existing
    } else {
      children.append((key, PayloadKeyPathTree()))
      index = children.count - 1
      childIndex[key] = index
    }
    if required {
      if isRequired.insert(key).inserted {
        self.required.append(key)
      }
      if path.count > 1 {
        children[index].node.mustBeObject = true
      }
    }
    children[index].node.insert(path.dropFirst(), leaf, required: required)
  }

  var isEmpty: Bool { leaves.isEmpty && children.isEmpty }

  /// The keywords for the object this tree's root describes (the payload itself, which the
  /// document already says is an object).
  var objectKeywords: [String: JSONValue] {
    var keywords: [String: JSONValue] = [:]
    if mustBeObject {
      keywords["type"] = .string("object")
    }
    if !required.isEmpty {
      keywords["required"] = SchemaBuilder.strings(required)
    }
    if !children.isEmpty {
      keywords["properties"] = .object(
        Dictionary(uniqueKeysWithValues: children.map { ($0.key, $0.node.schema) }))
    }
    return keywords
  }

  /// The schema of the value at this node: its leaves and, when paths go on through it, the
  /// object they go through. Both apply when a value is read both as a whole and inside.
  private var schema: JSONValue {
    var keywords = objectKeywords
    if keywords.isEmpty, leaves.count == 1 {
      return leaves[0]
    }
    if !leaves.isEmpty {
      keywords["allOf"] = .array(leaves)
    }
    return .object(keywords)
  }
}
