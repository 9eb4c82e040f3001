import RouteCompiler

/// The `--format json` document: an array of findings in report order, each an object with
/// exactly the keys `column`, `file`, `line`, `message`, `rule` and `severity` (`error`,
/// `warning` or `note`). docs/ci.md documents it; the keys are stable.
package enum ReportJSON {
  package static func value(_ report: Report) -> JSONValue {
    .array(
      report.items.map { item in
        .object([
          "file": .string(item.path),
          "line": .number(String(item.location.line)),
          "column": .number(String(item.location.column)),
          "severity": .string(item.level.rawValue),
          "rule": .string(item.rule),
          "message": .string(item.message),
        ])
      })
  }
}
