import Foundation

/// A problem with how routec was called or with the file system (exit 2), as opposed to a
/// problem found in a manifest (exit 1).
package struct ToolError: Error {
  package var message: String

  package init(message: String) {
    self.message = message
  }
}

/// Ends a command with `status` after it has said why (its diagnostics and summary are
/// already written): a manifest with errors, a check that found problems.
package struct CommandFailure: Error {
  package var status: Int32

  package init(status: Int32) {
    self.status = status
  }
}

/// The standard streams, written unbuffered so diagnostics and summaries interleave in order.
package enum Output {
  package static func error(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  package static func print(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  package static var standardErrorIsTerminal: Bool {
    isatty(FileHandle.standardError.fileDescriptor) == 1
  }
}
