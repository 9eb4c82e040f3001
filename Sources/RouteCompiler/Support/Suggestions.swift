import RouteTable

/// "Did you mean" suggestions, in the spirit of rustc and Elm: only a name close enough to be a
/// plausible typo is offered.
package struct Suggestions: Sendable {
  /// How much searching one run of the front end may spend on suggestions, in cells of the
  /// edit-distance table: `budgetCellsPerByte` for each byte of the manifest, and at least
  /// `budgetCells` (a few thousandths of a second of work), so a small manifest always gets
  /// its suggestions. Each suggestion compares a name with every candidate, so a manifest with
  /// a typo in each of 10,000 routes would otherwise cost 10,000 × 10,000 comparisons; once the
  /// budget is spent, later mistakes are reported without a suggestion. The same manifest
  /// always spends it the same way.
  static let budgetCells = 2_000_000
  static let budgetCellsPerByte = 40

  /// The search work left in the run these suggestions belong to, shared by every copy (the
  /// stages of one run pass copies along with their `Diagnostics`); nil: unbounded.
  private let budget: Locked<Int>?

  /// Unbounded suggestions, for a single message outside a run of the front end.
  package init() {
    budget = nil
  }

  /// Suggestions for one run of the front end on a manifest of `bytes` bytes, with a fresh
  /// budget.
  package init(budgetForBytes bytes: Int) {
    budget = Locked(
      max(Self.budgetCells, min(bytes, Int.max / Self.budgetCellsPerByte) * Self.budgetCellsPerByte)
    )
  }

  /// Takes `cells` from the budget; false when it is spent.
  private func spend(_ cells: Int) -> Bool {
    guard let budget else { return true }
    return budget.withLock { remaining in
      guard remaining >= cells else {
        remaining = 0
        return false
      }
      remaining -= cells
      return true
    }
  }

  /// The candidate nearest to `name`, or nil when none is close (or the run's budget is spent).
  package func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
    if let budget, budget.withLock({ $0 == 0 }) { return nil }
    let target = Array(name.lowercased().unicodeScalars)
    let limit = max(1, min(3, target.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      // An edit changes the length by at most one, so a larger length gap rules the candidate
      // out without the quadratic distance: a hostile multi-megabyte name would otherwise cost
      // minutes per candidate (found by the hostile-input tests).
      guard abs(candidate.unicodeScalars.count - target.count) <= limit else { continue }
      let other = Array(candidate.lowercased().unicodeScalars)
      guard spend(target.count * other.count + 1) else { return nil }
      let distance = Self.editDistance(target, other)
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// "; did you mean `x`?" or an empty string.
  package func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
    nearest(to: name, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
  }

  /// What to say after naming `name`, which is not among a screen's parameters `names`.
  func parameterHint(_ name: String, in names: [String]) -> String {
    if let nearest = nearest(to: name, in: names) {
      return "; did you mean `\(nearest)`?"
    }
    return names.isEmpty
      ? "; the screen has no parameters" : "; its parameters are \(Self.list(names))"
  }

  /// `a`, `a and b`, `a, b and c`: items already formatted.
  package static func all(_ items: [String]) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// "`a`, `b` and `c`" for messages that list what is expected.
  package static func list(_ names: some Sequence<String>) -> String {
    let quoted = names.map { "`\($0)`" }
    switch quoted.count {
    case 0: return "none"
    case 1: return quoted[0]
    default: return quoted.dropLast().joined(separator: ", ") + " or " + (quoted.last ?? "")
    }
  }

  /// Optimal string alignment distance: a swap of two neighbours counts as one edit.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
