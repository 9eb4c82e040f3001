extension Report {
  /// A report of `routec diff`: every class of change as a rule (breaking ones as errors, the
  /// others as notes), and each change at its path in the old or the new version.
  public static func changes(_ changes: [ManifestChange], oldPath: String, newPath: String)
    -> Report
  {
    let rules = ManifestChange.Kind.allCases.map {
      Rule(id: $0.rawValue, summary: $0.summary, level: $0.isBreaking ? .error : .note)
    }
    let items = changes.map { change in
      Item(
        path: change.side == .old ? oldPath : newPath, location: change.location,
        level: change.isBreaking ? .error : .note, rule: change.kind.rawValue,
        message: change.message)
    }
    return Report(rules: rules, items: items)
  }
}
