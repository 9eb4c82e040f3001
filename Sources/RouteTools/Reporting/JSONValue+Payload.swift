import RouteTable

extension JSONValue {
  /// A payload value as `routec` writes JSON.
  package init(_ value: PayloadValue) {
    switch value {
    case .string(let text): self = .string(text)
    case .integer(let number): self = .number(String(number))
    case .number(let number): self = .number("\(number)")
    case .bool(let flag): self = .bool(flag)
    case .null: self = .null
    case .array(let items): self = .array(items.map(JSONValue.init))
    case .object(let members): self = .object(members.mapValues(JSONValue.init))
    }
  }

  /// The payload value the app would decode from this JSON.
  package var payloadValue: PayloadValue {
    switch self {
    case .string(let text): .string(text)
    case .number(let text): Int(text).map(PayloadValue.integer) ?? .number(Double(text) ?? 0)
    case .bool(let flag): .bool(flag)
    case .null: .null
    case .array(let items): .array(items.map(\.payloadValue))
    case .object(let members): .object(members.mapValues(\.payloadValue))
    }
  }
}
