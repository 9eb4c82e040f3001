extension Report {
  /// A report of `routec diff`: every class of change as a rule (breaking ones as errors, the
  /// others as notes), and each change at its place in the new version, `newPath`; a removal's
  /// message says where it was in the old version, named `oldName`.
  package static func changes(_ changes: [ManifestChange], oldName: String, newPath: String)
    -> Report
  {
    let rules = ManifestChange.Kind.allCases.map {
      Rule(id: $0.rawValue, summary: $0.summary, level: $0.isBreaking ? .error : .note)
    }
    let items = changes.map { change in
      Item(
        path: newPath, location: change.location,
        level: change.isBreaking ? .error : .note, rule: change.kind.rawValue,
        message: change.text(oldName: oldName))
    }
    return Report(rules: rules, items: items)
  }
}
