import Foundation
import Testing

/// What one run of the `routec` binary produced.
package struct RoutecResult: Sendable, CustomStringConvertible {
  package var status: Int32
  package var stdout: String
  package var stderr: String

  /// Standard error split into lines, without the empty string after the final newline.
  package var stderrLines: [String] { Self.lines(stderr) }

  /// Standard output split into lines, without the empty string after the final newline.
  package var stdoutLines: [String] { Self.lines(stdout) }

  /// Both streams, for messages and for checks that do not care which stream said it.
  package var output: String { stdout + stderr }

  package var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }

  package static func lines(_ text: String) -> [String] {
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}

/// Runs the `routec` executable that SwiftPM built alongside the test bundle: what RoutecEndToEndTests
/// and PluginEndToEndTests share.
package enum RoutecRunner {
  /// The built `routec`. The test target depends on the executable target, so SwiftPM builds it
  /// into the same products folder as the test bundle, whatever `--scratch-path` says.
  package static let executableURL: URL? = locateExecutable()

  /// The package root (the folder holding Package.swift), found from this file's path.
  package static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while url.path != "/" {
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
      url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  }()

  /// `Tests/RoutecEndToEndTests/Fixtures`.
  package static let fixtures = packageRoot.appendingPathComponent(
    "Tests/RoutecEndToEndTests/Fixtures")

  /// Runs `routec arguments...` in `directory` with standard input empty and standard output and
  /// error captured through pipes (so standard error is not a terminal).
  package static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> RoutecResult {
    let executable = try #require(executableURL, "the built routec binary was not found")
    return try runProcess(
      executable, arguments, in: directory ?? fixtures, environment: environment)
  }

  /// Runs `routec arguments...` under `script`, so its standard error is a pseudo-terminal.
  /// `script` merges both streams into its standard output and turns "\n" into "\r\n"; the
  /// result's `stdout` has the "\r" removed.
  package static func runInTerminal(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> RoutecResult {
    let executable = try #require(executableURL, "the built routec binary was not found")
    let script = try #require(scriptURL, "`script` is not available")
    let command = ([executable.path] + arguments).map(shellQuoted).joined(separator: " ")
    #if os(Linux)
      // util-linux: -q quiet, -e return the child's exit status, -c the command to run.
      let scriptArguments = ["-q", "-e", "-c", command, "/dev/null"]
    #else
      // BSD: script [-q] file command...
      let scriptArguments = ["-q", "/dev/null", "/bin/sh", "-c", command]
    #endif
    var result = try runProcess(
      script, scriptArguments, in: directory ?? fixtures, environment: environment)
    result.stdout = result.stdout.replacingOccurrences(of: "\r", with: "")
    return result
  }

  /// `script`, when installed; it gives a child process a pseudo-terminal.
  package static let scriptURL: URL? = ["/usr/bin/script", "/bin/script"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
    .map { URL(fileURLWithPath: $0) }

  /// How long one run may take before it is killed.
  package static let timeout: Duration = .seconds(60)

  /// Runs any program to completion with standard input empty, both streams captured, and a
  /// watchdog that ends it after `timeout`; every process the tests start goes through here.
  package static func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil,
    environment: [String: String] = [:], timeout: Duration = timeout
  ) throws -> RoutecResult {
    // One child at a time: the suites run in parallel, and several compilers or package builds
    // at once on a small machine would run into the timeouts.
    processLock.lock()
    defer { processLock.unlock() }
    var variables = ProcessInfo.processInfo.environment
    variables["NO_COLOR"] = nil
    variables.merge(environment) { $1 }
    // A routec that hangs (following a symbolic-link cycle, say) fails its test instead of
    // stalling the whole run.
    let output = try ChildProcess.run(
      executable.path, arguments, directory: directory?.path, environment: variables,
      timeout: timeout)
    return RoutecResult(
      status: output.status,
      stdout: String(decoding: output.stdout, as: UTF8.self),
      stderr: String(decoding: output.stderr, as: UTF8.self))
  }

  private static func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  private static func locateExecutable() -> URL? {
    let fileManager = FileManager.default
    var folders: [URL] = []
    // Linux: the test bundle is an executable in the products folder, and Bundle(for:) is that
    // folder. macOS: Bundle(for:) is `RouteTablePackageTests.xctest` inside the products folder.
    let bundle = Bundle(for: BundleToken.self).bundleURL
    folders.append(bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle)
    if let executable = Bundle.main.executableURL {
      folders.append(executable.deletingLastPathComponent())
    }
    if let first = CommandLine.arguments.first, first.contains("/") {
      folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    for folder in folders {
      let candidate = folder.appendingPathComponent("routec")
      if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    // Last resort: the newest `.build*/debug/routec` in the package.
    let builds = (try? fileManager.contentsOfDirectory(atPath: packageRoot.path)) ?? []
    let candidates = builds.filter { $0.hasPrefix(".build") }.map {
      packageRoot.appendingPathComponent($0).appendingPathComponent("debug/routec")
    }.filter { fileManager.isExecutableFile(atPath: $0.path) }
    return candidates.max { modificationDate($0) < modificationDate($1) }
  }

  private static func modificationDate(_ url: URL) -> Date {
    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
    return attributes?[.modificationDate] as? Date ?? .distantPast
  }
}

private final class BundleToken {}

/// A temporary folder that a test fills with files and removes when done.
package struct TemporaryFolder: ~Copyable {
  package let url: URL

  package init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("RoutecEndToEndTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `contents` to `relativePath`, creating the folders on the way.
  package func write(_ relativePath: String, _ contents: String) throws {
    let file = url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: file)
  }

  /// Runs `git arguments...` in the folder, as a CI user (name and e-mail set), and requires
  /// it to succeed; a machine without git fails the test that needs it.
  package func git(_ arguments: [String]) throws {
    let git = try #require(
      ["/usr/bin/git", "/usr/local/bin/git"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      },
      "git is not installed")
    let result = try RoutecRunner.runProcess(
      URL(fileURLWithPath: git),
      ["-c", "user.email=ci@example.com", "-c", "user.name=CI"] + arguments, in: url)
    try #require(result.status == 0, "git \(arguments): \(result)")
  }

  /// Creates the folder `relativePath` and those on the way.
  package func makeFolder(_ relativePath: String) throws {
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent(relativePath), withIntermediateDirectories: true)
  }
}

/// The fixture's text, for copying into temporary folders.
package func fixture(_ name: String) throws -> String {
  try String(contentsOf: RoutecRunner.fixtures.appendingPathComponent(name), encoding: .utf8)
}

private let processLock = NSLock()
