import Foundation
import RouteCompiler

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

extension Output {
  /// The exit status for an error a command ended with, after writing what it says: a
  /// `CommandFailure`'s status (it has said why already), 2 for a `ToolError`, written as
  /// `routec: error: MESSAGE` on one line with no terminal sequences (messages quote paths and
  /// values from outside); nil for any other error, which the caller reports.
  package static func exitStatus(for error: any Error) -> Int32? {
    if let failure = error as? CommandFailure { return failure.status }
    guard let error = error as? ToolError else { return nil }
    Output.error("routec: error: \(ControlCharacters.escaped(error.message, keeping: ["\t"]))")
    return 2
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
