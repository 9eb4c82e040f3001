import RouteCompiler
import RouteTable

extension ManifestDiff {
  /// Changes as they are found; the same change in several variants becomes one, naming them.
  struct Changes {
    /// A change as `add` records it, before the variants it applies in are named.
    struct Key: Hashable {
      var kind: ManifestChange.Kind
      var location: SourceLocation
      var oldLocation: SourceLocation?
      var message: String
    }

    let showsVariants: Bool
    private var order: [Key] = []
    private var variants: [Key: [String]] = [:]
    /// What `add` is given while `added(during:)` runs.
    private var recording: [Key]?

    init(showsVariants: Bool) {
      self.showsVariants = showsVariants
    }

    mutating func add(
      _ kind: ManifestChange.Kind, _ location: SourceLocation, _ message: String,
      variant: String? = nil, oldLocation: SourceLocation? = nil
    ) {
      let key = Key(kind: kind, location: location, oldLocation: oldLocation, message: message)
      if variants[key] == nil {
        order.append(key)
        variants[key] = []
      }
      if let variant { variants[key, default: []].append(variant) }
      recording?.append(key)
    }

    /// Runs `body` and returns the changes it added, so that the same comparison in another
    /// variant is added again with `add(_:variant:)` instead of being made again.
    mutating func added(during body: (inout Changes) -> Void) -> [Key] {
      recording = []
      body(&self)
      defer { recording = nil }
      return recording ?? []
    }

    /// Adds `keys` again, in `variant`.
    mutating func add(_ keys: [Key], variant: String) {
      for key in keys {
        add(key.kind, key.location, key.message, variant: variant, oldLocation: key.oldLocation)
      }
    }

    /// A value that `reader` (such as "route `lesson` reads `page`") read as `old` and now reads
    /// as `new`: widened when `new` accepts every value `old` did, else breaking; of one type,
    /// compared by its `choices` (nil: any string). `location` is asked only when something
    /// changed.
    mutating func addTypeChange(
      _ reader: String, from old: ParamType, to new: ParamType, maxLength: Int,
      choices: (old: [String]?, new: [String]?), at location: @autoclosure () -> SourceLocation,
      variant: String
    ) {
      guard old != new else {
        addChoiceChange(
          reader, from: choices.old, to: choices.new, at: location(), variant: variant)
        return
      }
      let location = location()
      let change = "\(reader) as \(new.rawValue), not \(old.rawValue)"
      if ParamTypeWidening.accepts(new, maxLength: maxLength, everyValueOf: old) {
        add(
          .widenedParamType, location, change + ", which accepts every value \(old.rawValue) did",
          variant: variant)
      } else {
        add(.changedParamType, location, change, variant: variant)
      }
    }

    /// A string value that `reader` read with the choices `old` (nil: any string) and now reads
    /// with `new`: a value no longer taken is breaking, values newly taken are not.
    private mutating func addChoiceChange(
      _ reader: String, from old: [String]?, to new: [String]?,
      at location: @autoclosure () -> SourceLocation, variant: String
    ) {
      guard old != new else { return }
      func listed(_ values: [String]) -> String {
        values.map { "`\($0)`" }.joined(separator: ", ")
      }
      switch (old, new) {
      case (nil, let new?):
        add(
          .removedChoice, location(), "\(reader) and now takes only \(listed(new))",
          variant: variant)
      case (_?, nil):
        add(.addedChoice, location(), "\(reader) and now takes any string", variant: variant)
      case (let old?, let new?):
        let removed = old.filter { !new.contains($0) }
        let added = new.filter { !old.contains($0) }
        if !removed.isEmpty {
          add(
            .removedChoice, location(), "\(reader) and no longer takes \(listed(removed))",
            variant: variant)
        }
        if !added.isEmpty {
          add(
            .addedChoice, location(), "\(reader) and now also takes \(listed(added))",
            variant: variant)
        }
      case (nil, nil): break
      }
    }

    var result: [ManifestChange] {
      let changes = order.map { key -> ManifestChange in
        let names = variants[key] ?? []
        var message = key.message
        if showsVariants, !names.isEmpty {
          let list = names.map { "`\($0)`" }.joined(separator: ", ")
          message += names.count == 1 ? " in variant \(list)" : " in variants \(list)"
        }
        return ManifestChange(key.kind, at: key.location, message, oldLocation: key.oldLocation)
      }
      // By position in the new version; changes at one place keep the order they were found in.
      return changes.enumerated().sorted { lhs, rhs in
        if lhs.element.location != rhs.element.location {
          return lhs.element.location < rhs.element.location
        }
        return lhs.offset < rhs.offset
      }.map(\.element)
    }
  }
}
