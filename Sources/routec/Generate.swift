import ArgumentParser
import Foundation
import RouteCompiler

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Compile a manifest to Swift.",
    discussion: """
      Writes the Swift source for MANIFEST to the output file: an enum named after the \
      manifest's namespace with Variant, Tab, PushType, Destination and resolve(...). \
      Diagnostics are written to standard error as `routec lint` writes them; a manifest with \
      errors writes nothing and exits 1 after its diagnostics and a summary. The file is written \
      atomically, and not at all when its content would not change, so build systems see no \
      new timestamp.
      """
  )

  @Argument(help: "The manifest file to compile (one file, not a folder).")
  var manifest: String

  @Option(name: .shortAndLong, help: "The Swift file to write.")
  var output: String

  @Option(help: "Access level of the generated declarations: public or internal.")
  var access: SwiftGenerator.Access = .public

  func run() throws {
    let file = try ManifestFile.single(manifest, command: "generate")
    // Warnings are written too: the build plugin shows them in every build.
    let resolved = try ManifestCompilation.compile(
      file, command: "generate", showsWarnings: true
    ).manifest
    let source = SwiftGenerator.generate(resolved, sourceName: file.fileName, access: access)
    try Self.write(source, to: output)
  }

  /// Writes only when the content changes, through a temporary file renamed into place, so a
  /// failure never leaves a half-written file.
  static func write(_ source: String, to path: String) throws {
    let bytes = Array(source.utf8)
    if let existing = try? FileIO.contents(of: path, atMost: bytes.count + 1), existing == bytes {
      return
    }
    do {
      try FileIO.writeAtomically(bytes, to: path)
    } catch {
      throw ToolError(message: "cannot write \(path): \(error.reason)")
    }
  }
}

extension SwiftGenerator.Access: ExpressibleByArgument {}
