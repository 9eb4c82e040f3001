import Foundation
import RouteCompiler

/// A value both JSON and a composed YAML tree can be turned into, shared by the YAML
/// conformance tests (which compare trees with the suite's `in.json`) and the schema validator
/// tests (which hand manifests to a JSON Schema validator as editors see them).
public indirect enum JSONLike: Equatable, Sendable, CustomStringConvertible {
  case null
  case bool(Bool)
  /// Ints and floats alike: JSON does not tell them apart.
  case number(Double)
  case string(String)
  case array([JSONLike])
  case object([String: JSONLike])

  public struct Unexpected: Error, CustomStringConvertible {
    public var description: String
  }

  /// From what `JSONSerialization` returns.
  public init(json: Any) throws {
    switch json {
    case is NSNull:
      self = .null
    case let string as String:
      self = .string(string)
    case let array as [Any]:
      self = .array(try array.map { try JSONLike(json: $0) })
    case let object as [String: Any]:
      self = .object(try object.mapValues { try JSONLike(json: $0) })
    case let number as NSNumber:
      // `as? Bool` also matches 0 and 1; JSON booleans are the boolean NSNumber class.
      if type(of: number) == type(of: NSNumber(value: true)) {
        self = .bool(number.boolValue)
      } else {
        self = .number(number.doubleValue)
      }
    default:
      throw Unexpected(description: "unexpected JSON value \(json) of type \(type(of: json))")
    }
  }

  /// From a composed tree, resolving plain scalars with the core schema, as editors
  /// (yaml-language-server) do. Mapping keys stay as written: JSON object keys are strings.
  package init(_ node: YAMLNode) {
    switch node {
    case .scalar(let scalar):
      self = scalar.style == .plain ? CoreSchema.resolve(scalar.value) : .string(scalar.value)
    case .sequence(let sequence):
      self = .array(sequence.items.map(JSONLike.init))
    case .mapping(let mapping):
      var object: [String: JSONLike] = [:]
      for entry in mapping.entries {
        object[entry.key.value] = JSONLike(entry.value)
      }
      self = .object(object)
    }
  }

  public var description: String {
    switch self {
    case .null: "null"
    case .bool(let value): "\(value)"
    case .number(let value): "\(value)"
    case .string(let value): "\"\(value)\""
    case .array(let items): "[\(items.map(\.description).joined(separator: ", "))]"
    case .object(let object):
      "{\(object.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", "))}"
    }
  }
}

/// The YAML 1.2 core schema's resolution of plain scalars (spec section 10.3.2).
public enum CoreSchema {
  public static func resolve(_ text: String) -> JSONLike {
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .number(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .number(-.infinity)
    case ".nan", ".NaN", ".NAN": return .number(.nan)
    default: break
    }
    if text.wholeMatch(of: /[-+]?[0-9]+/) != nil, let value = Double(text) {
      return .number(value)
    }
    if let match = text.wholeMatch(of: /0o([0-7]+)/), let value = Int(match.1, radix: 8) {
      return .number(Double(value))
    }
    if let match = text.wholeMatch(of: /0x([0-9a-fA-F]+)/), let value = Int(match.1, radix: 16) {
      return .number(Double(value))
    }
    if text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil,
      let value = Double(text)
    {
      return .number(value)
    }
    return .string(text)
  }
}
