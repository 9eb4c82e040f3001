import RouteCompiler

/// Expands build-setting references in the app's values, in time and memory linear in the
/// settings and the values: each assignment is expanded once (an assignment referred to from
/// more than one place keeps its expansion), references are followed with a stack of their own
/// (a chain of 100,000 `A = $(A)x` lines is no deeper for the program than one), and what the
/// expansion writes has a budget. A value that expands to more than `maximumValueSize`, or a
/// run that writes more than `maximumTotalSize`, ends in a problem at the assignment whose
/// expansion went over (`A = $(A)$(A)` doubled 28 times would be 256 MiB); settings that refer
/// to each other end in a problem at the reference that closes the cycle.
package struct BuildSettingExpansion {
  /// The most a setting's value, or an app's value, may expand to.
  package static let maximumValueSize = 1024 * 1024
  /// The most one run may write, every value and kept expansion counted.
  package static let maximumTotalSize = 32 * 1024 * 1024

  let settings: BuildSettings
  /// The assignments whose expansion is kept once made: each setting's last (any value may
  /// refer to it), and an earlier one its next assignment refers to more than once.
  let kept: Set<Int>
  var expanded: [Int: [UInt8]] = [:]
  /// The assignments being expanded: one referred to again makes a cycle.
  var active: Set<Int> = []
  /// How many bytes the run has written.
  var written = 0

  typealias Problem = BuildSettings.Problem

  package init(_ settings: BuildSettings) {
    self.settings = settings
    var kept = Set(settings.latest.values)
    for assignment in settings.assignments {
      guard let previous = assignment.previous else { continue }
      let own = Self.references(in: assignment.value).filter {
        $0.name == assignment.name || $0.name == "inherited"
      }
      if own.count > 1 { kept.insert(previous) }
    }
    self.kept = kept
  }

  /// A reference in a value: `$(NAME:modifier...)` or `${...}` from `start` through `end`.
  struct Reference {
    var start: Int
    var end: Int
    var name: String
    var modifiers: [String]
  }

  /// The reference starting at `bytes[start]` (a `$`), if one does.
  static func reference(in bytes: [UInt8], at start: Int) -> Reference? {
    guard start + 1 < bytes.count else { return nil }
    let close: UInt8
    switch bytes[start + 1] {
    case UInt8(ascii: "("): close = UInt8(ascii: ")")
    case UInt8(ascii: "{"): close = UInt8(ascii: "}")
    default: return nil
    }
    guard let end = bytes[(start + 2)...].firstIndex(of: close) else { return nil }
    let parts = bytes[(start + 2)..<end].split(
      separator: UInt8(ascii: ":"), omittingEmptySubsequences: false
    ).map { String(decoding: $0, as: UTF8.self) }
    return Reference(
      start: start, end: end, name: parts.first ?? "", modifiers: Array(parts.dropFirst()))
  }

  /// Every reference in `bytes`, in order.
  static func references(in bytes: [UInt8]) -> [Reference] {
    var found: [Reference] = []
    var position = 0
    while let dollar = bytes[position...].firstIndex(of: UInt8(ascii: "$")) {
      guard let reference = reference(in: bytes, at: dollar) else {
        position = dollar + 1
        continue
      }
      found.append(reference)
      position = reference.end + 1
    }
    return found
  }

  /// A value being expanded: an assignment's (nil: the app's value itself), how far, where its
  /// expansion starts in the output, and the modifiers of the reference that asked for it.
  struct Frame {
    var assignment: Int?
    var bytes: [UInt8]
    var position = 0
    var start: Int
    var modifiers: [String] = []
  }

  /// `text` with every reference to a given setting replaced by its expanded value; references
  /// to settings not given stay as written. A problem with `text` itself (it expands to too
  /// much) is at `location`.
  package mutating func expand(_ text: String, at location: SourceLocation)
    throws(BuildSettings.Problem) -> String
  {
    guard text.utf8.contains(UInt8(ascii: "$")) else { return text }
    var output: [UInt8] = []
    var stack = [Frame(assignment: nil, bytes: Array(text.utf8), start: 0)]
    while let top = stack.last {
      let bytes = top.bytes
      let rest = bytes[top.position...]
      guard let dollar = rest.firstIndex(of: UInt8(ascii: "$")) else {
        try write(rest, to: &output, stack: stack, at: location)
        let done = stack.removeLast()
        try finish(done, output: &output, stack: stack, at: location)
        continue
      }
      try write(bytes[top.position..<dollar], to: &output, stack: stack, at: location)
      guard let reference = Self.reference(in: bytes, at: dollar) else {
        try write([UInt8(ascii: "$")], to: &output, stack: stack, at: location)
        stack[stack.count - 1].position = dollar + 1
        continue
      }
      stack[stack.count - 1].position = reference.end + 1
      let target: Int?
      if let own = top.assignment,
        reference.name == settings.assignments[own].name || reference.name == "inherited"
      {
        // The value it replaces; none is empty.
        target = settings.assignments[own].previous
      } else if let latest = settings.latest[reference.name] {
        target = latest
      } else {
        try write(bytes[dollar...reference.end], to: &output, stack: stack, at: location)
        continue
      }
      guard let target else { continue }
      if let done = expanded[target] {
        try write(
          Self.applying(reference.modifiers, to: done), to: &output, stack: stack, at: location)
        continue
      }
      if active.contains(target),
        let cycleStart = stack.firstIndex(where: { $0.assignment == target })
      {
        throw cycle(stack[cycleStart...], closedBy: reference, in: bytes)
      }
      active.insert(target)
      stack.append(
        Frame(
          assignment: target, bytes: settings.assignments[target].value, start: output.count,
          modifiers: reference.modifiers))
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Ends `frame`'s expansion: keeps it when it is asked for again, applies its modifiers.
  mutating func finish(
    _ frame: Frame, output: inout [UInt8], stack: [Frame], at location: SourceLocation
  ) throws(Problem) {
    guard let assignment = frame.assignment else { return }
    active.remove(assignment)
    guard kept.contains(assignment) || !frame.modifiers.isEmpty else { return }
    let value = Array(output[frame.start...])
    if kept.contains(assignment) {
      expanded[assignment] = value
      try spend(value.count, output: output, stack: stack, finished: frame, at: location)
    }
    guard !frame.modifiers.isEmpty else { return }
    output.removeSubrange(frame.start...)
    try write(Self.applying(frame.modifiers, to: value), to: &output, stack: stack, at: location)
  }

  /// Appends `bytes` to the output, within the budget.
  mutating func write(
    _ bytes: some Collection<UInt8>, to output: inout [UInt8], stack: [Frame],
    at location: SourceLocation
  ) throws(Problem) {
    guard !bytes.isEmpty else { return }
    output.append(contentsOf: bytes)
    try spend(bytes.count, output: output, stack: stack, at: location)
  }

  /// Counts `count` bytes written; a problem at the innermost assignment whose expansion is now
  /// too large (or the run's budget spent), else at the app's value.
  mutating func spend(
    _ count: Int, output: [UInt8], stack: [Frame], finished: Frame? = nil,
    at location: SourceLocation
  ) throws(Problem) {
    written += count
    let tooLarge = { (frame: Frame) in output.count - frame.start > Self.maximumValueSize }
    let overBudget = written > Self.maximumTotalSize
    guard overBudget || stack.first.map(tooLarge) == true else { return }
    let frame =
      finished.flatMap { overBudget || tooLarge($0) ? $0 : nil }
      ?? stack.last { $0.assignment != nil && (overBudget || tooLarge($0)) }
    guard let assignment = frame?.assignment.map({ settings.assignments[$0] }) else {
      throw Problem(
        location: location,
        reason: overBudget
          ? "the build settings of the app's values expand to more than 32 MiB in all, here; a build setting's value is a few words"
          : "this value's build settings expand to more than 1 MiB; a build setting's value is a few words"
      )
    }
    let given = assignment.place == nil ? " (given with --setting)" : ""
    throw Problem(
      at: assignment.place,
      reason: overBudget
        ? "the build settings of the app's values expand to more than 32 MiB in all, here in `\(assignment.name)`\(given); a build setting's value is a few words"
        : "`\(assignment.name)`\(given) expands to more than 1 MiB, the most a build setting's value may (its references repeat other values over and over)"
    )
  }

  /// The problem of `reference`, in the value `bytes` of the last frame, which refers back to
  /// the first of `frames`.
  func cycle(_ frames: ArraySlice<Frame>, closedBy reference: Reference, in bytes: [UInt8])
    -> Problem
  {
    let names = frames.compactMap { $0.assignment.map { settings.assignments[$0].name } }
    let chain = (names + names.prefix(1)).map { "`\($0)`" }.joined(separator: " → ")
    let written = String(decoding: bytes[reference.start...reference.end], as: UTF8.self)
    let closing = frames.last?.assignment.map { settings.assignments[$0] }
    // The column of the reference: the value's, and the scalars before it.
    let offset = bytes[..<reference.start].filter { $0 & 0xC0 != 0x80 }.count
    let place = closing?.place.map {
      BuildSettings.Place(file: $0.file, location: $0.location.advanced(by: offset))
    }
    let what =
      names.count == 2
      ? "`\(names[0])` and `\(names[1])` refer to each other" : "these settings refer to each other"
    return Problem(
      at: place,
      reason:
        "`\(written)` in `\(closing?.name ?? "")`\(place == nil ? " (given with --setting)" : "") makes a cycle: \(what) (\(chain)), so none has a value; break the cycle (a setting may build on its own earlier value with `$(inherited)`)"
    )
  }

  /// `value` with Xcode's modifiers for bundle identifiers applied in order: `rfc1034identifier`
  /// replaces each character other than a letter, a digit, `-` and `.` with `-`; `lower` and
  /// `upper` change case. An unknown modifier leaves the value as it is.
  static func applying(_ modifiers: [String], to value: [UInt8]) -> [UInt8] {
    guard !modifiers.isEmpty else { return value }
    var text = String(decoding: value, as: UTF8.self)
    for modifier in modifiers {
      switch modifier {
      case "rfc1034identifier":
        text = String(
          text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII
              && (BuildSettings.isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
                || scalar == ".")
              ? Character(scalar) : "-"
          })
      case "lower": text = text.lowercased()
      case "upper": text = text.uppercased()
      default: break
      }
    }
    return Array(text.utf8)
  }
}

extension PropertyListNode {
  /// The node with every string value's build-setting references expanded by `settings`
  /// (dictionary keys are not expanded, as Xcode does not expand them); locations unchanged. A
  /// value that expands to too much is a problem at its element (at 1:1 in a binary file).
  package func expandingBuildSettings(_ settings: BuildSettings) throws(BuildSettings.Problem)
    -> PropertyListNode
  {
    guard !settings.isEmpty else { return self }
    var expansion = BuildSettingExpansion(settings)
    return try expanding(with: &expansion)
  }

  private func expanding(with expansion: inout BuildSettingExpansion)
    throws(BuildSettings.Problem) -> PropertyListNode
  {
    var node = self
    switch value {
    case .string(let text):
      node.value = .string(try expansion.expand(text, at: location ?? .start))
    case .array(let items):
      var expandedItems: [PropertyListNode] = []
      expandedItems.reserveCapacity(items.count)
      for item in items { expandedItems.append(try item.expanding(with: &expansion)) }
      node.value = .array(expandedItems)
    case .dictionary(let entries):
      var expandedEntries: [PropertyListNode.Entry] = []
      expandedEntries.reserveCapacity(entries.count)
      for var entry in entries {
        entry.value = try entry.value.expanding(with: &expansion)
        expandedEntries.append(entry)
      }
      node.value = .dictionary(expandedEntries)
    default: break
    }
    return node
  }
}
