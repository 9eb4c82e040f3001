import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct CheckPayloads: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-payloads",
    abstract: "Check the payloads a server sends against the app's manifest.",
    discussion: """
      Reads JSON Lines (one payload object a line, as servers log or send them; `-` is standard \
      input; blank lines are skipped) and resolves each payload in every variant, as the app \
      would. Each line counts once, by its worst status over the variants: malformed (not JSON, \
      not an object, not UTF-8, or over 1 MiB), invalid_params, unknown_type, missing_type, \
      unavailable, fallback, matched. The report groups the lines that would not open what the \
      server meant by push type and status, with counts and the first lines of each group as \
      FILE:LINE: MESSAGE; the summary on standard error counts every status. It streams: memory \
      stays flat whatever the input's size.

      MANIFEST may be git:REV:PATH, to check payloads against an app version still in users' \
      hands. With --fcm each line is an FCM HTTP v1 message (`{"message": {...}}` or the message \
      itself), checked as what iOS receives: `apns.payload` with the `data` keys beside `aps`. \
      --format json prints one object, {"lines", "statuses", "groups"} (docs/commands.md); \
      github and sarif print the shown lines as `routec lint` prints findings.

      Exit status: 0 when every line would open what it names; 1 when a line is malformed, \
      invalid_params, unknown_type or missing_type (--strict: also fallback or unavailable); 2 \
      on a usage problem, an unreadable file, or a manifest with errors.
      """
  )

  @Argument(help: "The app manifest: a path, or git:REV:PATH.")
  var manifest: String

  @Argument(help: "JSON Lines files of payloads; `-` is standard input.")
  var files: [String]

  @OptionGroup var features: FeatureOptions

  @Flag(help: "Read each line as an FCM HTTP v1 message and check what iOS receives from it.")
  var fcm = false

  @OptionGroup var report: ReportOptions

  func validate() throws {
    if files.filter({ $0 == "-" }).count > 1 {
      throw ValidationError("`-` (standard input) can be read only once")
    }
  }

  func run() throws {
    // Every file opens before any is read: a typo in the last name is not found after an hour.
    let streams = try files.map { path -> (name: String, fd: Int32) in
      if path == "-" { return ("<stdin>", STDIN_FILENO) }
      do {
        return (path, try FileIO.openStream(path))
      } catch {
        throw ToolError(message: "cannot read \(path): \(FileProblem.reason(error))")
      }
    }
    defer {
      for stream in streams where stream.fd != STDIN_FILENO { close(stream.fd) }
    }
    let compiled = try ManifestCompilation.compile(
      ManifestSource(manifest, command: .checkPayloads),
      features: try features.files().map(ManifestSource.init), command: .checkPayloads,
      failure: 2)
    var check = PayloadCheck(
      table: compiled.table.runtimeTable, manifest: compiled.manifest, fcm: fcm)
    for stream in streams {
      do {
        try JSONLinesReader(fileDescriptor: stream.fd).forEachLine { line, number in
          check.check(line, file: stream.name, number: number)
        }
      } catch let error as JSONLinesReader.ReadError {
        throw ToolError(
          message: "cannot read \(stream.name): \(FileProblem.reason(code: error.code))")
      }
    }
    switch report.format {
    case .text:
      for line in PayloadCheckReport.text(check) { Output.print(line) }
    case .json:
      Output.print(JSONWriter.text(PayloadCheckReport.json(check)))
    case .github, .sarif:
      ReportTail(format: report.format).printDocument(PayloadCheckReport.findings(check))
    }
    Output.error(PayloadCheckReport.summary(check))
    if check.fails(strict: report.strict) { throw ExitCode(1) }
  }
}
