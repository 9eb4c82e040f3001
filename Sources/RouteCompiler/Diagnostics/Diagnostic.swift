/// One problem found in a manifest.
package struct Diagnostic: Hashable, Sendable {
  package enum Severity: String, Hashable, Sendable {
    case error
    case warning
  }

  package var severity: Severity
  package var rule: RuleID
  package var location: SourceLocation
  package var message: String

  package init(_ severity: Severity, _ rule: RuleID, at location: SourceLocation, _ message: String)
  {
    self.severity = severity
    self.rule = rule
    self.location = location
    self.message = message
  }

  /// `path:LINE:COLUMN: error: MESSAGE [rule-id]`, the format Xcode and editors read.
  /// `decorateLabel` may wrap `error:`/`warning:` (in terminal colours, say).
  package func formatted(path: String, decorateLabel: (String) -> String = { $0 }) -> String {
    let label = decorateLabel("\(severity.rawValue):")
    // One line, whatever the file name or the manifest's values hold.
    let path = ControlCharacters.escaped(path)
    let message = ControlCharacters.escaped(message)
    return "\(path):\(location.line):\(location.column): \(label) \(message) [\(rule.rawValue)]"
  }
}

/// Collects diagnostics as the stages of the pipeline find them.
///
/// Stages append freely; identical diagnostics (the same problem seen once per variant, say)
/// are kept once, and `sorted` orders them by position so output reads top to bottom.
package struct Diagnostics: Sendable {
  private var seen: Set<Diagnostic> = []
  package private(set) var all: [Diagnostic] = []

  package init() {}

  package mutating func append(_ diagnostic: Diagnostic) {
    if seen.insert(diagnostic).inserted {
      all.append(diagnostic)
    }
  }

  /// Reports a problem with the rule's own severity.
  package mutating func report(_ rule: RuleID, at location: SourceLocation, _ message: String) {
    append(Diagnostic(rule.severity, rule, at: location, message))
  }

  package var hasErrors: Bool { all.contains { $0.severity == .error } }

  /// By position; diagnostics at the same position keep the order they were found in.
  package var sorted: [Diagnostic] {
    all.enumerated()
      .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
  }
}
