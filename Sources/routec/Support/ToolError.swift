import Foundation

/// A problem with how routec was called or with the file system (exit 2), as opposed to a
/// problem found in a manifest (exit 1).
struct ToolError: Error {
  var message: String
}

/// The standard streams, written unbuffered so diagnostics and summaries interleave in order.
enum Output {
  static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  static func print(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  static var standardErrorIsTerminal: Bool { isatty(FileHandle.standardError.fileDescriptor) == 1 }
}
