import RouteCompiler
import RouteTools
import RoutecCore

/// The app's own files as `routec check-app` reads them: the property lists, their build
/// settings (`--xcconfig`, `--setting`) and strings files (`--strings`); every problem reading
/// them is exit status 2, located as a compiler says it. And the text report of the findings.
struct AppFileReader {
  /// A property list the check read: its path as shown, its bytes and its root.
  struct Read {
    var path: String
    var bytes: [UInt8]
    var root: PropertyListNode
  }

  /// `--setting` assignments, `NAME=VALUE`.
  var settings: [String]
  /// `--xcconfig` files, in order.
  var xcconfigs: [String]
  /// `--strings` files, in order.
  var stringsFiles: [String]

  /// The findings on standard error as `routec lint` writes diagnostics, each under its line of
  /// the file it is in (the text the reader decoded, split by XML's line breaks, as its
  /// locations count them; decoded only when snippets are shown).
  static func printFindings(_ findings: [Diagnostic], in files: [AppCheck.AppFile: Read]) {
    let printer = DiagnosticPrinter.standardError()
    var lines: [AppCheck.AppFile: SourceLines] = [:]
    for finding in findings {
      guard let file = AppCheck.AppFile(finding), let read = files[file] else { continue }
      // The text the reader decoded, split by XML's line breaks: the lines its locations
      // count (decoded only when snippets are shown).
      let source =
        lines[file]
        ?? SourceLines(
          printer.renderer.showsSourceLines
            ? PropertyListDocument.text(of: read.bytes) ?? "" : "", lineBreaks: .xml)
      lines[file] = source
      Output.error(printer.renderer.render(finding, path: read.path, lines: source))
    }
  }

  /// The build settings of `--xcconfig` files, in order, then of `--setting`, which win; exit
  /// status 2 with the file, line and reason for a line the check cannot read (in the file it
  /// is in, an included one too).
  func buildSettings() throws -> BuildSettings {
    var settings = BuildSettings()
    for path in xcconfigs {
      let text = String(decoding: try Self.contents(of: path, limit: .xcconfig), as: UTF8.self)
      do throws(BuildSettings.Problem) {
        try settings.read(xcconfig: text, path: path, load: Self.includedText)
      } catch {
        throw Self.problem(error, in: path)
      }
    }
    for assignment in self.settings {
      do {
        try settings.set(assignment)
      } catch {
        throw ToolError(message: error.reason)
      }
    }
    return settings
  }

  /// The text of an included xcconfig file; nil when it cannot be read (the include says so,
  /// or is skipped when optional), a problem when it is too large.
  static func includedText(_ path: String) throws(BuildSettings.Problem) -> String? {
    do throws(ReadFailure) {
      return String(decoding: try bytes(of: path, limit: .xcconfig), as: UTF8.self)
    } catch {
      guard case .tooLarge(let limit) = error else { return nil }
      throw BuildSettings.Problem(file: path, reason: limit.refusal)
    }
  }

  /// The `--strings` files, merged (a later file's value wins); nil without any. Exit status 2
  /// with the file, line and reason for one that cannot be read.
  func strings() throws -> LocalizedStrings? {
    guard !stringsFiles.isEmpty else { return nil }
    var strings = LocalizedStrings()
    for path in stringsFiles {
      let bytes = try Self.contents(of: path, limit: .strings)
      do {
        try strings.add(bytes, isCatalog: path.hasSuffix(".xcstrings"))
      } catch {
        throw Self.problem(in: path, at: error.location, error.reason)
      }
    }
    return strings
  }

  /// A problem in one of the app's files, exit status 2: `PATH:LINE:COLUMN: reason` as a
  /// compiler says it, or `PATH: reason` without a location.
  static func problem(in path: String, at location: SourceLocation?, _ reason: String) -> ToolError
  {
    let place = location.map { "\(path):\($0.line):\($0.column)" } ?? path
    return ToolError(message: "\(place): \(reason)")
  }

  /// A build-setting problem, exit status 2: in its own file (an xcconfig file, an included one
  /// too), else at its location in `path`, the file being read or expanded; a `--setting`'s
  /// problem names no file.
  static func problem(_ problem: BuildSettings.Problem, in path: String) -> ToolError {
    if let file = problem.file {
      return Self.problem(in: file, at: problem.location, problem.reason)
    }
    guard problem.location != nil else { return ToolError(message: problem.reason) }
    return Self.problem(in: path, at: problem.location, problem.reason)
  }

  /// Why a file of the app's was not read.
  enum ReadFailure: Error {
    case unreadable(FileProblem)
    case tooLarge(FileSizeLimit)
  }

  /// The bytes of the file at `path`, when it holds at most `limit`'s bytes (reading no more
  /// than one byte past it, whatever the file's size).
  static func bytes(of path: String, limit: FileSizeLimit) throws(ReadFailure) -> [UInt8] {
    let bytes: [UInt8]
    do {
      bytes = try FileIO.contents(of: path, atMost: limit.bytes + 1)
    } catch {
      throw .unreadable(error)
    }
    guard !limit.refuses(bytes) else { throw .tooLarge(limit) }
    return bytes
  }

  /// The bytes of the file at `path`, or exit status 2 saying why not: it cannot be read, or it
  /// is larger than `limit`.
  static func contents(of path: String, limit: FileSizeLimit) throws -> [UInt8] {
    do throws(ReadFailure) {
      return try bytes(of: path, limit: limit)
    } catch {
      switch error {
      case .unreadable(let problem):
        throw ToolError(message: "cannot read \(path): \(problem.reason)")
      case .tooLarge(let limit):
        throw Self.problem(in: path, at: nil, limit.refusal)
      }
    }
  }

  /// The property list at `path`, its values' build settings expanded, or exit status 2 saying
  /// why it cannot be read or expanded.
  static func read(_ path: String, expanding settings: BuildSettings) throws -> Read {
    let bytes = try contents(of: path, limit: .propertyList)
    let root: PropertyListNode
    do {
      root = try PropertyListDocument.read(bytes)
    } catch {
      // Where in an XML file the reader stopped, as a compiler would say it.
      var location: SourceLocation?
      if case .notAPropertyList(_, let at?) = error { location = at }
      throw Self.problem(in: path, at: location, "\(error)")
    }
    do {
      // The values as the build writes them: every setting that was given, expanded first.
      return Read(path: path, bytes: bytes, root: try root.expandingBuildSettings(settings))
    } catch {
      throw Self.problem(error, in: path)
    }
  }
}
