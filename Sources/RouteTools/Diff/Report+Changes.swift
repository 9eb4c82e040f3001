import RouteCompiler

extension Report {
  /// A report of `routec diff`: every class of change as a rule (breaking ones as errors, the
  /// others as notes), and each change at its place in the new version, in the file
  /// `newPaths` names for its location's file; a removal's message says where it was in the old
  /// version, whose files `oldNames` names.
  package static func changes(
    _ changes: [ManifestChange], oldNames: [Int: String], newPaths: [Int: String]
  ) -> Report {
    let rules = ManifestChange.Kind.allCases.map {
      Rule(id: $0.rawValue, summary: $0.summary, level: $0.isBreaking ? .error : .note)
    }
    let items = changes.map { change in
      Item(
        path: newPaths[change.location.file] ?? newPaths[0] ?? "", location: change.location,
        level: change.isBreaking ? .error : .note, rule: change.kind.rawValue,
        message: change.text(oldNames: oldNames))
    }
    return Report(rules: rules, items: items)
  }
}

extension ManifestChange {
  /// `routec diff`'s text report: one line per change, `PATH:LINE:COLUMN: breaking|non-breaking:
  /// MESSAGE [class]`, in the file `newPaths` names for its location's file (`fallbackPath`
  /// when none does); a removal's message says where it was in the files `oldNames` names.
  package static func textLines(
    _ changes: [ManifestChange], oldNames: [Int: String], newPaths: [Int: String],
    fallbackPath: String
  ) -> [String] {
    changes.map { change in
      let label = change.isBreaking ? "breaking" : "non-breaking"
      let path = newPaths[change.location.file] ?? fallbackPath
      return
        "\(path):\(change.location): \(label): \(change.text(oldNames: oldNames)) [\(change.kind.rawValue)]"
    }
  }
}
