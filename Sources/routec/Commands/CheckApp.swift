import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

/// `routec check-app`: the app's Info.plist and entitlements against the manifest.
struct CheckApp: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-app",
    abstract: "Check the app's Info.plist and entitlements against what the manifest routes.",
    discussion: """
      Reads the app's Info.plist and, with --entitlements, its entitlements (XML or binary \
      property lists) and reports each disagreement with the manifest: a scheme of \
      `links.schemes` in no `CFBundleURLSchemes`, a host of `links.hosts` without \
      `applinks:HOST` (`applinks:*.DOMAIN` covers its subdomains), a static quick action \
      missing from `UIApplicationShortcutItems` or different there, and an activity type \
      missing from `NSUserActivityTypes`, and a quick action the manifest marks dynamic but \
      Info.plist declares static are errors; a URL scheme or quick action type the manifest \
      does not route, a key written twice in one dictionary (the last counts, as on iOS), and a \
      value holding a build setting (`$(...)`, which only Xcode expands) that may stand for a \
      value the manifest expects, are warnings. A build setting stands only for what its \
      literal parts allow; `KEY~ipad` and `KEY~iphone` are checked like `KEY`; an `applinks:` \
      domain with a `?mode=` covers no customer's device. Findings are located at the element's LINE:COLUMN in an XML file, \
      and at 1:1 for a key that is absent (the message names it) and in a binary file. Without \
      --entitlements, link hosts are not checked.

      --format works as for `routec lint`: text on standard error, or github, json or sarif on \
      standard output.

      Exit status: 0 when nothing disagrees (warnings alone pass unless --strict), 1 when \
      something does or the manifest has errors, 2 when a file is missing, unreadable, not a \
      property list or not a dictionary, or on another usage problem.
      """
  )

  @Argument(help: "The app manifest.")
  var manifest: String

  @OptionGroup var features: FeatureOptions

  @Option(help: ArgumentHelp("The app's Info.plist.", valueName: "PATH"))
  var infoPlist: String

  @Option(help: ArgumentHelp("The app's entitlements (.entitlements).", valueName: "PATH"))
  var entitlements: String?

  @Option(
    name: .customLong("setting"),
    help: ArgumentHelp(
      "A build setting's value, expanded where the files write $(NAME) or ${NAME} (repeatable).",
      valueName: "NAME=VALUE"))
  var settings: [String] = []

  @Option(
    name: .customLong("xcconfig"),
    help: ArgumentHelp(
      "An xcconfig file of build settings (NAME = VALUE, #include, $(inherited)); --setting values win (repeatable).",
      valueName: "FILE"))
  var xcconfigs: [String] = []

  @Option(
    name: .customLong("strings"),
    help: ArgumentHelp(
      "The app's InfoPlist.strings (UTF-8 or UTF-16) or InfoPlist.xcstrings, in its development language: a quick action title that is one of its keys is compared through it (repeatable).",
      valueName: "FILE"))
  var stringsFiles: [String] = []

  @Flag(help: "Fail on warnings as well as errors.")
  var strict = false

  @Option(help: "How to report: text, github, json or sarif.")
  var format: ReportFormat = .text

  /// A property list the check read: its path as shown, its bytes and its root.
  struct AppFileRead {
    var path: String
    var bytes: [UInt8]
    var root: PropertyListNode
  }

  func run() throws {
    let file = try ManifestFile.single(manifest, command: .checkApp)
    let resolved = try ManifestCompilation.compile(
      file, features: try features.files(), command: .checkApp
    ).manifest
    let buildSettings = try readSettings()
    let plist = try Self.read(infoPlist, expanding: buildSettings)
    let entitlementsFile = try entitlements.map { try Self.read($0, expanding: buildSettings) }

    // Did-you-mean work grows with the files, as lint's does with the manifest.
    let findings = AppCheck.findings(
      resolved, infoPlist: plist.root, entitlements: entitlementsFile?.root,
      strings: try readStrings(),
      suggestions: Suggestions(
        budgetForBytes: plist.bytes.count + (entitlementsFile?.bytes.count ?? 0)))
    let files: [AppCheck.AppFile: AppFileRead] = [
      .infoPlist: plist, .entitlements: entitlementsFile,
    ].compactMapValues { $0 }
    let tail = ReportTail(format: format)
    let report = Report.diagnostics(
      [AppCheck.AppFile.infoPlist, .entitlements].compactMap { file in
        files[file].map {
          (ManifestFile.reportPath(of: $0.path), findings.filter { AppCheck.AppFile($0) == file })
        }
      }, rules: AppCheckRule.allCases)
    if !tail.printDocument(report) {
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
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.count - errors
    let checked = entitlementsFile == nil ? "Info.plist" : "Info.plist and entitlements"
    try ReportTail.finish(
      "routec check-app: \(checked) checked, "
        + ReportTail.problems(errors: errors, warnings: warnings)
        + (entitlementsFile == nil && !resolved.linkHosts.isEmpty
          ? " (link hosts not checked: give --entitlements)" : ""),
      errors: errors, warnings: warnings, strict: strict)
  }

  /// The build settings of `--xcconfig` files, in order, then of `--setting`, which win; exit
  /// status 2 with the file, line and reason for a line the check cannot read (in the file it
  /// is in, an included one too).
  func readSettings() throws -> BuildSettings {
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
  func readStrings() throws -> LocalizedStrings? {
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
  static func read(_ path: String, expanding settings: BuildSettings) throws -> AppFileRead {
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
      return AppFileRead(path: path, bytes: bytes, root: try root.expandingBuildSettings(settings))
    } catch {
      throw Self.problem(error, in: path)
    }
  }
}
