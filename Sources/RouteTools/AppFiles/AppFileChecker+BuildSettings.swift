import RouteCompiler

/// Values that hold build settings: whether one may stand for a value the manifest expects.
extension AppFileChecker {
  /// Whether `pattern` may be `value`, within the budget (spent: it may).
  mutating func may(_ pattern: BuildSettingPattern, be value: String, ignoringCase: Bool)
    -> Bool
  {
    guard matchBudget > 0 else { return true }
    matchBudget -= 1
    return pattern.matches(value, ignoringCase: ignoringCase)
  }

  /// At most five names, then how many more: messages stay a line. `joinedBy` is the last
  /// word: `and` for a list, `or` for alternatives.
  static func few(_ names: [String], joinedBy word: String = "and") -> String {
    let quoted = names.prefix(5).map { "`\($0)`" }
    guard names.count > 5 else {
      guard quoted.count > 1 else { return quoted.first ?? "" }
      return quoted.dropLast().joined(separator: ", ") + " \(word) " + (quoted.last ?? "")
    }
    return quoted.joined(separator: ", ") + " \(word) \(names.count - 5) more"
  }

  /// Splits `values` into those written out and those holding build settings. Of `expected`,
  /// returns what no value written out has (`normalized` compares) and no build-setting value
  /// may stand for; each build-setting value that may stand for some is a warning naming them,
  /// and one that may stand for none is returned for the caller to judge.
  mutating func settle(
    _ values: [Value], in file: AppCheck.AppFile, key: String, expected: [String],
    ignoringCase: Bool
  ) -> (written: [Value], missing: [String], standsForNone: [(Value, BuildSettingPattern)]) {
    let normalized = { (text: String) in ignoringCase ? text.lowercased() : text }
    var written: [Value] = []
    var patterns: [(Value, BuildSettingPattern)] = []
    for value in values {
      if let pattern = BuildSettingPattern(value.text) {
        patterns.append((value, pattern))
      } else {
        written.append(value)
      }
    }
    let have = Set(written.map { normalized($0.text) })
    let unfound = expected.filter { !have.contains(normalized($0)) }
    var coveredByPatterns: Set<String> = []
    var standsForNone: [(Value, BuildSettingPattern)] = []
    for (value, pattern) in patterns {
      // What the value may be: any expected value, written out elsewhere or not, since two
      // values may hold settings and one may be written out too.
      let standsFor = expected.filter { may(pattern, be: $0, ignoringCase: ignoringCase) }
      guard !standsFor.isEmpty else {
        standsForNone.append((value, pattern))
        continue
      }
      let open = standsFor.filter { !have.contains(normalized($0)) }
      coveredByPatterns.formUnion(open)
      let what =
        open.isEmpty
        ? "it may be \(Self.few(standsFor, joinedBy: "or")), which the file also lists, so it is not checked"
        : "whether it is \(Self.few(open, joinedBy: "or")) is not checked"
      report(
        .buildSetting, file, value.node.location,
        "\(Self.quoted(value.text)) in `\(key)` holds \(pattern.settingsList), whose value check-app was not given, so \(what)\(matchBudget > 0 ? "" : " (the check stopped matching build settings: too many to compare)"); \(pattern.howToGive)"
      )
    }
    let missing = unfound.filter { !coveredByPatterns.contains($0) }
    return (written, missing, standsForNone)
  }
}
