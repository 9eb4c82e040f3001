import RouteCompiler

/// A SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), the format GitHub code
/// scanning and other viewers import: one run, one rule descriptor per rule id the tool can
/// report, one result per finding.
package enum SARIFLog {
  package static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

  package static func value(_ report: Report, toolName: String, toolVersion: String) -> JSONValue {
    var ruleIndex: [String: Int] = [:]
    for (index, rule) in report.rules.enumerated() where ruleIndex[rule.id] == nil {
      ruleIndex[rule.id] = index
    }
    let rules = report.rules.map { rule -> JSONValue in
      .object([
        "id": .string(rule.id),
        "shortDescription": .object(["text": .string(rule.summary)]),
        "defaultConfiguration": .object(["level": .string(rule.level.rawValue)]),
      ])
    }
    let results = report.items.map { item -> JSONValue in
      var result: [String: JSONValue] = [
        "ruleId": .string(item.rule),
        "level": .string(item.level.rawValue),
        "message": .object(["text": .string(item.message)]),
        "locations": .array([location(item)]),
      ]
      if let index = ruleIndex[item.rule] { result["ruleIndex"] = .number(String(index)) }
      return .object(result)
    }
    let driver: JSONValue = .object([
      "name": .string(toolName),
      "version": .string(toolVersion),
      "rules": .array(rules),
    ])
    return .object([
      "$schema": .string(schemaURI),
      "version": .string("2.1.0"),
      "runs": .array([
        .object([
          "tool": .object(["driver": driver]),
          // Columns count Unicode scalars (SourceLocation), not SARIF's default UTF-16 units.
          "columnKind": .string("unicodeCodePoints"),
          "results": .array(results),
        ])
      ]),
    ])
  }

  private static func location(_ item: Report.Item) -> JSONValue {
    var artifact: [String: JSONValue] = ["uri": .string(uri(item.path))]
    if !item.path.hasPrefix("/") {
      // Relative to the checkout: code scanning resolves %SRCROOT% to the repository root.
      artifact["uriBaseId"] = .string("%SRCROOT%")
    }
    return .object([
      "physicalLocation": .object([
        "artifactLocation": .object(artifact),
        "region": .object([
          "startLine": .number(String(item.location.line)),
          "startColumn": .number(String(item.location.column)),
        ]),
      ])
    ])
  }

  /// A URI reference for a file path: relative paths stay relative (without `./`), absolute
  /// ones become `file://` URIs; everything but unreserved characters and `/` is
  /// percent-encoded as UTF-8.
  static func uri(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
    var encoded = ""
    for byte in trimmed.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }
}
