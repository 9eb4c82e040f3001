import RouteCompiler

/// Findings in the shape CI report formats need: `routec lint` reports diagnostics, `routec
/// diff` reports changes, and both print them with the same `ReportFormat`s.
package struct Report: Sendable {
  /// A kind of finding: a diagnostic rule, or a class of manifest change.
  package struct Rule: Sendable, Hashable {
    package var id: String
    package var summary: String
    package var level: Level

    package init(id: String, summary: String, level: Level) {
      self.id = id
      self.summary = summary
      self.level = level
    }
  }

  /// SARIF's levels; GitHub calls a note a notice.
  package enum Level: String, Sendable, Hashable {
    case error, warning, note
  }

  package struct Item: Sendable, Hashable {
    /// The file as the user named it, relative to the working directory when it is below it.
    package var path: String
    package var location: SourceLocation
    package var level: Level
    package var rule: String
    package var message: String

    package init(
      path: String, location: SourceLocation, level: Level, rule: String, message: String
    ) {
      self.path = path
      self.location = location
      self.level = level
      self.rule = rule
      self.message = message
    }
  }

  /// Every rule the tool can report, found or not: SARIF viewers describe rules from this list.
  package var rules: [Rule]
  package var items: [Item]

  package init(rules: [Rule], items: [Item]) {
    self.rules = rules
    self.items = items
  }
}

extension Report.Rule {
  /// How the report formats describe `rule`.
  package init(_ rule: some DiagnosticRule) {
    self.init(id: rule.id, summary: rule.summary, level: Report.Level(rule.severity))
  }
}

extension Report {
  /// A report of diagnostics: every rule the command can report (`RuleID.allCases` for `routec
  /// lint`; a tool's own rules and the compiler's for a tool's), and each file's diagnostics in
  /// order.
  package static func diagnostics(
    _ files: [(path: String, diagnostics: [Diagnostic])],
    rules: [any DiagnosticRule] = RuleID.allCases
  ) -> Report {
    let items = files.flatMap { file in
      file.diagnostics.map {
        Item(
          path: file.path, location: $0.location, level: Level($0.severity), rule: $0.ruleID,
          message: $0.message)
      }
    }
    return Report(rules: rules.map { Rule($0) }, items: items)
  }
}

extension Report.Level {
  package init(_ severity: Diagnostic.Severity) {
    switch severity {
    case .error: self = .error
    case .warning: self = .warning
    }
  }
}
