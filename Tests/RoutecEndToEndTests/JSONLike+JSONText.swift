import CompilerTestSupport
import RouteTools

/// A YAML tree as JSON text, for the schema validator (Python's `jsonschema`) to read.
extension JSONLike {
  /// JSON text for Python's `json` module. Whole numbers are written as integers; `.inf` and
  /// `.nan`, which JSON cannot hold, as the `Infinity` and `NaN` that Python reads.
  var jsonText: String {
    JSONWriter.text(jsonValue) + "\n"
  }

  fileprivate var jsonValue: JSONValue {
    switch self {
    case .null: .null
    case .bool(let value): .bool(value)
    case .number(let value):
      if value.isNaN {
        .number("NaN")
      } else if value.isInfinite {
        .number(value < 0 ? "-Infinity" : "Infinity")
      } else if value == value.rounded(), abs(value) < 1e15 {
        .number(String(Int(value)))
      } else {
        .number(value.description)
      }
    case .string(let value): .string(value)
    case .array(let items): .array(items.map(\.jsonValue))
    case .object(let object): .object(object.mapValues(\.jsonValue))
    }
  }
}
