// One file shared by RouteCompiler, RouteTablePlugin and LintRoutes: a plugin cannot import a
// library target, so each compiles this file through a symbolic link to it.

/// What a manifest file is named, and what it says it is in its top-level lines, read without a
/// YAML parser: `feature: Name` in a feature manifest, `compose: [A, B]` (or a block list) in an
/// app manifest that composes features. The compiler reads the file properly and reports any
/// mistake; this is the quick look that tells which files to read as what.
struct ManifestHeader {
  /// The manifest file names routec reads: `NAME.routes.yaml`, or `NAME.routes.yml`.
  static let fileSuffixes = [".routes.yaml", ".routes.yml"]

  /// The value of the first top-level `feature:` line, without quotes or a trailing comment;
  /// empty when the line gives none.
  var feature: String?
  /// The names a top-level `compose:` line lists, inline or as the block list below it.
  var compose: [String]?

  /// Whether a top-level line declares the file a feature or an app that composes features.
  var declaresRole: Bool { feature != nil || compose != nil }

  init(bytes: [UInt8]) {
    var inCompose = false
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
      let line = bytes[start..<end]
      start = end + 1
      if line.isEmpty { continue }
      if inCompose, let item = Self.blockItem(line) {
        compose?.append(item)
        continue
      }
      inCompose = false
      if let value = Self.value(of: "feature", in: line) {
        if feature == nil { feature = value }
      } else if compose == nil, let value = Self.value(of: "compose", in: line) {
        if value.isEmpty {
          compose = []
          inCompose = true
        } else {
          compose = value.split(separator: ",").map { Self.trimmed(Substring($0)) }
            .filter { !$0.isEmpty }
        }
      }
    }
  }

  /// The value of a top-level `key:` (the key plain or quoted, spaces allowed before the
  /// colon) on `line`: the rest up to a comment, without brackets, quotes or spaces.
  private static func value(of key: String, in line: ArraySlice<UInt8>) -> String? {
    var index = line.startIndex
    let isQuote = { (byte: UInt8) in byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") }
    if isQuote(line[index]) { index += 1 }
    guard line[index...].starts(with: key.utf8) else { return nil }
    index += key.utf8.count
    if index < line.endIndex, isQuote(line[index]) { index += 1 }
    while index < line.endIndex, line[index] == UInt8(ascii: " ") { index += 1 }
    guard index < line.endIndex, line[index] == UInt8(ascii: ":") else { return nil }
    let rest = String(decoding: line[(index + 1)...], as: UTF8.self)
    return trimmed(rest.prefix { $0 != "#" })
  }

  /// `Name` of an indented `- Name` line, or nil.
  private static func blockItem(_ line: ArraySlice<UInt8>) -> String? {
    let text = String(decoding: line, as: UTF8.self)
    let item = text.drop { $0 == " " || $0 == "\t" }
    guard item.first == "-" else { return nil }
    return trimmed(item.dropFirst().prefix { $0 != "#" })
  }

  private static func trimmed(_ text: Substring) -> String {
    let unwanted: Set<Character> = ["\"", "'", " ", "\t", "[", "]"]
    return String(
      text.drop { unwanted.contains($0) }.reversed().drop { unwanted.contains($0) }
        .reversed())
  }
}
