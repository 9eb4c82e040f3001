/// A manifest's text split into lines the way libyaml counts them, so that line N here is the
/// line a diagnostic at line N means: `\n`, `\r\n`, a lone `\r`, NEL, LS and PS each end a line.
/// Built once per file; looking a line up is constant time.
public struct SourceLines: Sendable {
  private let lines: [Substring]

  public init(_ text: String) {
    var lines: [Substring] = []
    let scalars = text.unicodeScalars
    var start = scalars.startIndex
    var index = start
    while index < scalars.endIndex {
      let scalar = scalars[index]
      guard Self.isBreak(scalar) else {
        index = scalars.index(after: index)
        continue
      }
      lines.append(Substring(scalars[start..<index]))
      index = scalars.index(after: index)
      if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" {
        index = scalars.index(after: index)
      }
      start = index
    }
    lines.append(Substring(scalars[start..<scalars.endIndex]))
    self.lines = lines
  }

  /// The text of 1-based line `number`, without its line break.
  public subscript(number: Int) -> Substring? {
    lines.indices.contains(number - 1) ? lines[number - 1] : nil
  }

  static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": true
    default: false
    }
  }
}
