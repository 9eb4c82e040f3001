/// "Did you mean" suggestions, in the spirit of rustc and Elm: only a name close enough to be a
/// plausible typo is offered.
enum Suggestions {
  /// The candidate nearest to `name`, or nil when none is close.
  static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    let limit = max(1, min(3, target.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let other = Array(candidate.lowercased().unicodeScalars)
      // An edit changes the length by at most one, so a larger length gap rules the candidate
      // out without the quadratic distance: a hostile multi-megabyte name would otherwise cost
      // minutes per candidate (found by the hostile-input tests).
      guard abs(other.count - target.count) <= limit else { continue }
      let distance = editDistance(target, other)
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    return best?.name
  }

  /// "; did you mean `x`?" or an empty string.
  static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
    nearest(to: name, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
  }

  /// What to say after naming `name`, which is not among a screen's parameters `names`.
  static func parameterHint(_ name: String, in names: [String]) -> String {
    if let nearest = nearest(to: name, in: names) {
      return "; did you mean `\(nearest)`?"
    }
    return names.isEmpty
      ? "; the screen has no parameters" : "; its parameters are \(list(names))"
  }

  /// "`a`, `b` and `c`" for messages that list what is expected.
  static func list(_ names: some Sequence<String>) -> String {
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
