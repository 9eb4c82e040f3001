import RouteCompiler

extension BuildSettings {
  /// How much xcconfig text one `--xcconfig` file may read with the files it includes, counting
  /// a file again each time it is included (as Xcode reads it again): 11 files that each include
  /// the next four times would otherwise read a million copies of the last.
  package static let maximumIncludedText = 16 * 1024 * 1024

  /// How many includes one `--xcconfig` file may make with the files it includes, counting an
  /// include again each time its file is read again.
  package static let maximumIncludes = 10_000

  /// How deep xcconfig files may include each other.
  package static let maximumIncludeDepth = 16

  /// Reads the xcconfig file at `path`, whose text is `text`: `NAME = VALUE` lines, `//`
  /// comments, blank lines, and `#include "FILE"` (or `#include? "FILE"`, which may be
  /// missing), relative to the including file's folder. `load` reads a file's text (nil: it
  /// cannot be read; it throws a problem of its own, a file too large say); each file is loaded
  /// once however often it is included. A conditional assignment (`NAME[sdk=iphoneos*] = ...`)
  /// is refused at its line: which condition holds is the build's to know. A problem is located
  /// in the file it is in, an included one too.
  package mutating func read(
    xcconfig text: String, path: String, load: (String) throws(Problem) -> String?
  ) throws(Problem) {
    var reader = XcconfigReader()
    reader.loaded[path] = text
    reader.textRead = text.utf8.count
    try reader.read(text, path: path, into: &self, load: load)
  }
}

/// One `--xcconfig` file's reading: the files already loaded, the chain of files being read (to
/// refuse a file that includes itself), and the text read so far.
private struct XcconfigReader {
  var loaded: [String: String?] = [:]
  var ancestors: [String] = []
  var textRead = 0
  var includes = 0

  typealias Problem = BuildSettings.Problem
  typealias Load = (String) throws(Problem) -> String?

  mutating func read(
    _ text: String, path: String, into settings: inout BuildSettings, load: Load
  ) throws(Problem) {
    ancestors.append(path)
    defer { ancestors.removeLast() }
    var lineNumber = 0
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let line = Self.withoutComment(rawLine).trimmingSpaces
      guard !line.isEmpty else { continue }
      let column = { (index: Substring.Index) in
        rawLine.unicodeScalars.distance(from: rawLine.startIndex, to: index) + 1
      }
      let at = { (index: Substring.Index) in
        BuildSettings.Place(
          file: path, location: SourceLocation(line: lineNumber, column: column(index)))
      }
      if line.hasPrefix("#include") {
        try include(line, at: at(line.startIndex), from: path, into: &settings, load: load)
        continue
      }
      // A condition (`[sdk=iphoneos*]`) holds `=` of its own: the assignment's is after it.
      let conditionEnd = line.firstIndex(of: "[").flatMap { open in
        line[open...].firstIndex(of: "]")
      }
      guard let equals = line[(conditionEnd ?? line.startIndex)...].firstIndex(of: "=") else {
        throw Problem(at: at(line.startIndex), reason: "expected `NAME = VALUE`")
      }
      let name = line[..<equals].trimmingSpaces
      if name.contains("[") {
        throw Problem(
          at: at(line.startIndex),
          reason:
            "`\(name)` is a conditional assignment, whose condition only the build knows; give the value that applies with --setting \(name.prefix { $0 != "[" })=VALUE"
        )
      }
      guard BuildSettings.isName(name) else {
        throw Problem(at: at(line.startIndex), reason: "`\(name)` is not a build setting's name")
      }
      let value = line[line.index(after: equals)...].trimmingSpaces
      settings.assign(String(name), value, at: at(value.startIndex))
    }
  }

  /// An `#include` line at `place` of the file `path`.
  mutating func include(
    _ line: Substring, at place: BuildSettings.Place, from path: String,
    into settings: inout BuildSettings, load: Load
  ) throws(Problem) {
    let optional = line.hasPrefix("#include?")
    let rest = line.dropFirst(optional ? 9 : 8).trimmingSpaces
    guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
      throw Problem(at: place, reason: "`#include` expects a quoted file name")
    }
    let name = String(rest.dropFirst().dropLast())
    let included = Self.path(of: name, includedFrom: path)
    if ancestors.contains(included) {
      let chain = (ancestors.drop(while: { $0 != included }) + [included]).map { "`\($0)`" }
      throw Problem(
        at: place,
        reason:
          "`\(name)` is already being read (\(chain.joined(separator: " includes "))), so this include makes a cycle, which Xcode skips with a warning; remove it"
      )
    }
    guard ancestors.count < BuildSettings.maximumIncludeDepth else {
      throw Problem(
        at: place,
        reason:
          "xcconfig files include each other more than \(BuildSettings.maximumIncludeDepth) levels deep here"
      )
    }
    includes += 1
    guard includes <= BuildSettings.maximumIncludes else {
      throw Problem(
        at: place,
        reason:
          "including `\(name)` here makes more than 10,000 includes in all, counting a file's includes again each time it is included (as Xcode reads it again); include each file once"
      )
    }
    let text: String?
    if let known = loaded[included] {
      text = known
    } else {
      text = try load(included)
      loaded[included] = .some(text)
    }
    guard let text else {
      guard optional else {
        throw Problem(
          at: place,
          reason:
            "cannot read the included file `\(name)` (relative to this file's folder); write `#include?` for a file that may be missing"
        )
      }
      return
    }
    textRead += text.utf8.count
    guard textRead <= BuildSettings.maximumIncludedText else {
      throw Problem(
        at: place,
        reason:
          "including `\(name)` here reads more than 16 MiB of xcconfig text in all, counting a file again each time it is included (as Xcode reads it again); include each file once"
      )
    }
    try read(text, path: included, into: &settings, load: load)
  }

  /// The path of the file `name` that the file at `path` includes: `name` itself when absolute,
  /// else in the including file's folder; `.` and `..` resolved, so a file reached two ways is
  /// one file.
  static func path(of name: String, includedFrom path: String) -> String {
    let joined =
      name.hasPrefix("/") ? name : path.lastIndex(of: "/").map { path[...$0] + name } ?? name
    var parts: [Substring] = []
    for part in joined.split(separator: "/") where part != "." {
      if part == "..", let last = parts.last, last != ".." {
        parts.removeLast()
      } else {
        parts.append(part)
      }
    }
    return (joined.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }

  /// `line` without a `//` comment (none starts inside a quoted value in practice; a URL's
  /// `//` after `:` is kept, as Xcode keeps `https://`).
  static func withoutComment(_ line: Substring) -> Substring {
    var previous: Character?
    for index in line.indices {
      if line[index] == "/", previous == "/" {
        let start = line.index(before: index)
        if start > line.startIndex, line[line.index(before: start)] == ":" { continue }
        return line[..<start]
      }
      previous = line[index]
    }
    return line
  }
}

extension Substring {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }
}
