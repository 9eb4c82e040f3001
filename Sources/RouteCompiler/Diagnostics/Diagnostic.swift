/// One problem found in a manifest, or in a file checked against one (an Info.plist, a Remote
/// Config template): its rule is the compiler's (`RuleID`) or the checking tool's.
package struct Diagnostic: Hashable, Sendable {
  package enum Severity: String, Hashable, Sendable {
    case error
    case warning
  }

  package var severity: Severity
  /// The rule reported, of whichever tool reports it.
  package let category: any DiagnosticRule
  package var location: SourceLocation
  package var message: String

  /// A finding of one of the compiler's rules.
  package init(_ severity: Severity, _ rule: RuleID, at location: SourceLocation, _ message: String)
  {
    self.init(severity, category: rule, at: location, message)
  }

  /// A finding of another tool's rule.
  package init(
    _ severity: Severity, category: some DiagnosticRule, at location: SourceLocation,
    _ message: String
  ) {
    self.severity = severity
    self.category = category
    self.location = location
    self.message = message
  }

  /// The compiler's rule; nil for a finding of another tool's.
  package var rule: RuleID? { category as? RuleID }

  /// The rule's stable id.
  package var ruleID: String { category.id }

  /// The rule as `type`, when it is one of that tool's.
  package func rule<Rule: DiagnosticRule>(as type: Rule.Type) -> Rule? { category as? Rule }

  /// Two diagnostics are the same problem when their rule ids, severities, places and messages
  /// are: the collector keeps one of each.
  package static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
    lhs.ruleID == rhs.ruleID && lhs.severity == rhs.severity && lhs.location == rhs.location
      && lhs.message == rhs.message
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(ruleID)
    hasher.combine(severity)
    hasher.combine(location)
    hasher.combine(message)
  }

  /// `path:LINE:COLUMN: error: MESSAGE [rule-id]`, the format Xcode and editors read.
  /// `decorateLabel` may wrap `error:`/`warning:` (in terminal colours, say).
  package func formatted(path: String, decorateLabel: (String) -> String = { $0 }) -> String {
    let label = decorateLabel("\(severity.rawValue):")
    // One line, whatever the file name or the manifest's values hold.
    let path = ControlCharacters.escaped(path)
    let message = ControlCharacters.escaped(message)
    return "\(path):\(location.line):\(location.column): \(label) \(message) [\(ruleID)]"
  }
}

/// Collects diagnostics as the stages of the pipeline find them.
///
/// Stages append freely; identical diagnostics (the same problem seen once per variant, say)
/// are kept once, and `sorted` orders them by position so output reads top to bottom.
///
/// It also carries what every stage of one run shares when it writes a message: the run's
/// did-you-mean budget (`suggestions`) and, while a composition is checked, the paths of its
/// files (`paths`), so a message that points at another place names that place's file.
package struct Diagnostics: Sendable {
  private var seen: Set<Diagnostic> = []
  package private(set) var all: [Diagnostic] = []
  /// The run's suggestions: copies of a run's collector share one budget.
  package let suggestions: Suggestions
  /// The paths of the files of the composition being checked, by `SourceLocation.file`; empty
  /// outside one.
  package var paths: [Int: String] = [:]

  /// A collector whose suggestions are unbounded (a single message, a test).
  package init() {
    suggestions = Suggestions()
  }

  /// A collector for one run of the front end, with its own suggestion budget.
  package init(suggestions: Suggestions) {
    self.suggestions = suggestions
  }

  /// How a message points at another place: `line LINE`, or `PATH:LINE:COLUMN` while a
  /// composition is checked, where that place may be in another file.
  package func reference(to location: SourceLocation) -> String {
    paths[location.file] == nil ? "line \(location.line)" : position(of: location)
  }

  /// Where another place is, for messages that say "at": `LINE:COLUMN`, or
  /// `PATH:LINE:COLUMN` while a composition is checked.
  package func position(of location: SourceLocation) -> String {
    guard let path = paths[location.file] else { return location.description }
    return "\(path):\(location.description)"
  }

  package mutating func append(_ diagnostic: Diagnostic) {
    if seen.insert(diagnostic).inserted {
      all.append(diagnostic)
    }
  }

  /// Reports a problem with the rule's own severity.
  package mutating func report(_ rule: RuleID, at location: SourceLocation, _ message: String) {
    append(Diagnostic(rule.severity, rule, at: location, message))
  }

  /// Adds a finding of another tool's rule, at the rule's severity.
  package mutating func report(
    category rule: some DiagnosticRule, at location: SourceLocation, _ message: String
  ) {
    append(Diagnostic(rule.severity, category: rule, at: location, message))
  }

  package var hasErrors: Bool { all.contains { $0.severity == .error } }

  /// By position; diagnostics at the same position keep the order they were found in.
  package var sorted: [Diagnostic] {
    all.enumerated()
      .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
  }
}
