import RouteTable

/// The URL template subset RouteTable supports: RFC 6570 simple expansion `{name}`, reserved
/// expansion `{+name}` (which keeps `/`), form-style query expansion `{?a,b}` / `{&a,b}`, and
/// exploded query items `{?name*}` / `{&name*}`, between literal text.
///
/// The compiler parses templates to check them and the runtime expands them, with this one
/// grammar, so a template that lints is a template that expands.
package struct URLTemplate: Hashable, Sendable {
  package enum QueryOperator: String, Hashable, Sendable {
    /// `{?a,b}` starts a query: `?a=1&b=2`.
    case question = "?"
    /// `{&a,b}` continues one: `&a=1&b=2`.
    case ampersand = "&"
  }

  package enum Part: Hashable, Sendable {
    case literal(String)
    case variable(String)
    /// `{+name}`: the value with its `/` kept, every other reserved character encoded.
    case reserved(String)
    case query(QueryOperator, [String])
    /// `{?name*}` / `{&name*}`: a `query` parameter's items, each as its own `key=value`,
    /// sorted by key.
    case passThrough(QueryOperator, String)

    /// The part as a template writes it: `{+path}`, `{?a,b}`, a literal's text.
    package var spelling: String {
      switch self {
      case .literal(let text): text
      case .variable(let name): "{\(name)}"
      case .reserved(let name): "{+\(name)}"
      case .query(let op, let names): "{\(op.rawValue)\(names.joined(separator: ","))}"
      case .passThrough(let op, let name): "{\(op.rawValue)\(name)*}"
      }
    }

    /// A query expression's operator and names; nil for the other parts.
    package var queryExpression: (QueryOperator, [String])? {
      switch self {
      case .query(let op, let names): (op, names)
      case .passThrough(let op, let name): (op, [name])
      case .literal, .variable, .reserved: nil
      }
    }
  }

  package struct SyntaxError: Error, Hashable, Sendable {
    /// Where in the template the problem is, counted in Unicode scalars from 0.
    package var offset: Int
    package var message: String
  }

  package var parts: [Part]

  package init(parts: [Part]) {
    self.parts = parts
  }

  package init(parsing template: String) throws(SyntaxError) {
    parts = try Self.parse(template).map(\.part)
  }

  /// The parts with the offset each starts at, for diagnostics that point inside a template.
  package static func parse(_ template: String) throws(SyntaxError) -> [(part: Part, offset: Int)] {
    let scalars = Array(template.unicodeScalars)
    var result: [(part: Part, offset: Int)] = []
    var literalStart = 0
    var index = 0

    func flushLiteral() {
      if literalStart < index {
        result.append(
          (.literal(String(String.UnicodeScalarView(scalars[literalStart..<index]))), literalStart))
      }
    }

    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "{":
        flushLiteral()
        let (part, end) = try expression(scalars, openingAt: index)
        result.append((part, index))
        index = end
        literalStart = index
        continue
      case "}":
        throw SyntaxError(offset: index, message: "`}` without a matching `{`")
      case "%":
        guard HexDigit.escapedByte(in: scalars, at: index, end: scalars.count) != nil else {
          throw SyntaxError(offset: index, message: "`%` must start a percent-encoding like `%20`")
        }
      default:
        if scalar.value < 0x21 || scalar.value == 0x7F {
          let code = String(scalar.value, radix: 16, uppercase: true)
          throw SyntaxError(
            offset: index, message: "U+\(code) is not allowed in a URL; percent-encode it")
        }
        if "\"'<>\\^`|".unicodeScalars.contains(scalar) {
          throw SyntaxError(
            offset: index, message: "`\(scalar)` is not allowed in a URL; percent-encode it")
        }
      }
      index += 1
    }
    flushLiteral()
    return result
  }

  /// Parses `{...}` starting at `start`; returns the part and the index after `}`.
  private static func expression(
    _ scalars: [Unicode.Scalar], openingAt start: Int
  ) throws(SyntaxError) -> (Part, Int) {
    var index = start + 1
    var queryOperator: QueryOperator?
    var isReserved = false
    if index < scalars.count {
      let scalar = scalars[index]
      if let op = QueryOperator(rawValue: String(scalar)) {
        queryOperator = op
        index += 1
      } else if scalar == "+" {
        isReserved = true
        index += 1
      } else if "#./;=,!@|".unicodeScalars.contains(scalar) {
        throw SyntaxError(
          offset: index,
          message:
            "the operator `\(scalar)` is not supported; use `{name}`, `{+name}`, `{?a,b}` or `{&a,b}`"
        )
      }
    }
    var names: [String] = []
    var name = String.UnicodeScalarView()
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case "}", ",":
        guard !name.isEmpty else {
          throw SyntaxError(offset: index, message: "an expression is missing a parameter name")
        }
        names.append(String(name))
        name = String.UnicodeScalarView()
        index += 1
        if scalar == "}" {
          guard let queryOperator else {
            guard names.count == 1, let only = names.first else {
              throw SyntaxError(
                offset: start,
                message:
                  "`{\(names.joined(separator: ","))}` names several parameters; write one per `{}` or use `{?a,b}`"
              )
            }
            return (isReserved ? .reserved(only) : .variable(only), index)
          }
          return (.query(queryOperator, names), index)
        }
      case "*":
        guard let queryOperator, names.isEmpty, !name.isEmpty, index + 1 < scalars.count,
          scalars[index + 1] == "}"
        else {
          throw SyntaxError(
            offset: index,
            message:
              "`*` applies only to a query expression of one `query` parameter, like `{?filters*}` or `{&filters*}`"
          )
        }
        return (.passThrough(queryOperator, String(name)), index + 2)
      case ":":
        throw SyntaxError(offset: index, message: "the `\(scalar)` modifier is not supported")
      default:
        guard ByteSet.nameCharacters.contains(scalar) else {
          throw SyntaxError(offset: index, message: "`\(scalar)` cannot appear in a parameter name")
        }
        name.append(scalar)
        index += 1
      }
    }
    throw SyntaxError(offset: start, message: "`{` is never closed")
  }
}
