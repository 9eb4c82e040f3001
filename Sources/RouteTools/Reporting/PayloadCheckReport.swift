import RouteCompiler

/// How `routec check-payloads` reports a `PayloadCheck`: the text report (each group, its count
/// and its first lines), the one-line summary, the `--format json` summary document, and the
/// findings `--format github` and `sarif` print.
package enum PayloadCheckReport {
  /// The text report, a line per string: per group a heading (`invalid_params: order_shipped,
  /// 1204 lines`), then its first lines as `FILE:LINE: MESSAGE`, then how many more it has.
  package static func text(_ check: PayloadCheck) -> [String] {
    var lines: [String] = []
    for group in check.groups {
      let title = title(group).map { " \($0)," } ?? ""
      lines.append("\(group.status.name):\(title) \(counted(group.count, "line"))")
      for example in group.examples {
        lines.append("  \(location(example)): \(example.message)")
      }
      let more = group.count - group.examples.count
      if more > 0 { lines.append("  and \(counted(more, "more line"))") }
    }
    return lines
  }

  /// `routec check-payloads: 1000 lines: 2 malformed, 13 invalid_params, 985 matched`, worst
  /// first.
  package static func summary(_ check: PayloadCheck) -> String {
    let counts = check.statuses.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.name)" }
    return "routec check-payloads: \(counted(check.lines, "line"))"
      + (counts.isEmpty ? "" : ": " + counts.joined(separator: ", "))
  }

  /// `{"lines": N, "statuses": {STATUS: COUNT, ...}, "groups": [...]}`: each group's `type`
  /// (null when no type was read, or for the lines of types past the group limit, which have
  /// `"other_types": true`), `status`, `count` and `examples` (`file`, `line`, `column`,
  /// `message`). A status no line had is left out.
  package static func json(_ check: PayloadCheck) -> JSONValue {
    .object([
      "lines": .number(String(check.lines)),
      "statuses": .object(
        Dictionary(
          uniqueKeysWithValues: check.statuses.map { ($0.key.name, .number(String($0.value))) })),
      "groups": .array(
        check.groups.map { group in
          var object: [String: JSONValue] = [
            "type": group.type.map(JSONValue.string) ?? .null,
            "status": .string(group.status.name),
            "count": .number(String(group.count)),
            "examples": .array(
              group.examples.map { example in
                .object([
                  "file": .string(example.file),
                  "line": .number(String(example.line)),
                  "column": .number(String(example.column)),
                  "message": .string(example.message),
                ])
              }),
          ]
          if group.isOtherTypes { object["other_types"] = .bool(true) }
          return .object(object)
        }),
    ])
  }

  /// The shown lines as findings, for `--format github` and `sarif`: an error for a status that
  /// fails the check without `--strict`, a warning for the others; the rule is the status.
  package static func findings(_ check: PayloadCheck) -> Report {
    let items = check.groups.flatMap { group in
      group.examples.map { example in
        Report.Item(
          path: example.file,
          location: SourceLocation(line: example.line, column: example.column),
          level: group.status.fails(strict: false) ? .error : .warning,
          rule: group.status.name,
          message: (title(group).map { "\($0): " } ?? "") + example.message
            + (group.count > 1 ? " (1 of \(counted(group.count, "line")))" : ""))
      }
    }
    return Report(rules: rules, items: items)
  }

  /// A rule per status a line can fail with.
  static let rules: [Report.Rule] = [
    .init(
      id: "malformed", summary: "The line is not a payload: not JSON, not an object, or too long.",
      level: .error),
    .init(
      id: "invalid_params",
      summary: "The push's route exists, but a parameter is missing or not of its type.",
      level: .error),
    .init(
      id: "unknown_type", summary: "The push type names no route and there is no fallback.",
      level: .error),
    .init(
      id: "missing_type", summary: "No type key holds a push type and there is no fallback.",
      level: .error),
    .init(
      id: "unavailable", summary: "The push's route is not in a variant the app may show.",
      level: .warning),
    .init(
      id: "fallback", summary: "The push type names no route; the fallback opens instead.",
      level: .warning),
  ]

  /// The group's push type as headings show it; nil for lines without one.
  private static func title(_ group: PayloadCheck.Group) -> String? {
    if group.isOtherTypes { return "other types" }
    return group.type.map { "`\(ControlCharacters.escaped($0))`" }
  }

  private static func location(_ example: PayloadCheck.Example) -> String {
    example.column > 1
      ? "\(example.file):\(example.line):\(example.column)" : "\(example.file):\(example.line)"
  }
}
