import Foundation
import RouteCompiler
import RouteTable

/// The parameter values `routec payload` is given as text, read as the runtime reads them.
enum PayloadValues {
  /// A value given for a parameter: the parameter's value, and how a payload carries it.
  struct Given: Sendable, Equatable {
    var value: ParamValue
    var payload: PayloadValue
  }

  /// `values` (parameter name and text) as the values of `screen`'s parameters, by index.
  /// `sources` are where the route reads each parameter from, in the screen's order.
  ///
  /// Text becomes a value by `ParamValue.coerce`, the rules a payload's string goes by (`42`
  /// and `007` are ints, `true`/`false`/`1`/`0` bools, strings at most `max_length`); a `query`
  /// value is a JSON object, read as a payload's object is. A value must also be one of the
  /// parameter's `choices`.
  static func parse(
    _ values: [(name: String, text: String)], route: String, screen: ResolvedManifest.Screen,
    sources: [ResolvedManifest.ParamSource]
  ) throws(PayloadBuildError) -> [Int: Given] {
    var given: [Int: Given] = [:]
    for (name, text) in values {
      guard let index = screen.params.firstIndex(where: { $0.name == name }) else {
        let names = screen.params.map(\.name)
        throw .unknownParameter(
          route: route, name: name, suggestion: Suggestions().nearest(to: name, in: names),
          parameters: names, screen: screen.name)
      }
      let param = screen.params[index]
      if sources.indices.contains(index), case .constant(let constant) = sources[index] {
        throw .constantParameter(route: route, name: name, value: constant.formatted)
      }
      guard let value = coerce(text, to: param) else {
        throw .invalidValue(name: name, value: text, type: param.type, maxLength: param.maxLength)
      }
      if let choices = param.choices, case .string(let string) = value,
        !choices.contains(string)
      {
        throw .notAChoice(name: name, value: text, choices: choices)
      }
      given[index] = Given(value: value, payload: payloadValue(value))
    }
    return given
  }

  /// `text` read as a value of `param`, nil when it is not one.
  static func coerce(_ text: String, to param: ResolvedManifest.Param) -> ParamValue? {
    guard param.type == .query else {
      return ParamValue.coerce(.string(text), to: param.type, maxLength: param.maxLength)
    }
    guard let object = try? Payload(jsonData: Data(text.utf8)).object else { return nil }
    return ParamValue.coerce(.object(object), to: .query, maxLength: param.maxLength)
  }

  /// How a payload carries `value`, typed as its parameter is.
  static func payloadValue(_ value: ParamValue) -> PayloadValue {
    switch value {
    case .string(let text): .string(text)
    case .int(let number): .integer(number)
    case .bool(let flag): .bool(flag)
    case .double(let number): .number(number)
    case .query(let items): .object(items.mapValues(PayloadValue.string))
    }
  }
}
