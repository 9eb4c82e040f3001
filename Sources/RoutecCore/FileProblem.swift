import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a file could not be read or written, in words: every read and write routec does reports
/// its failure through this one table, so messages say "it is a folder", not an error domain
/// and number.
package struct FileProblem: Error, Equatable {
  /// The `errno` the system gave.
  package var code: Int32
  /// Whether the failure was in the file's folder rather than the file (creating a file in a
  /// folder that does not exist).
  package var inFolder = false
  /// What the path is when it is not a regular file and not a folder ("a FIFO", "a character
  /// device", ...): routec reads regular files only, so a pipe or a device never blocks it.
  package var notRegular: String?

  package var reason: String {
    if let notRegular {
      return code == ENXIO || code == ENOENT
        ? "it is \(notRegular)" : "it is \(notRegular), not a regular file"
    }
    return Self.reason(code: code, inFolder: inFolder)
  }

  /// The problem of reading something of file type `type` (`st_mode & S_IFMT`) that is neither
  /// a regular file nor a folder.
  package static func notRegular(type: mode_t, writing: Bool = false) -> FileProblem {
    let kind =
      switch type {
      case S_IFIFO: "a FIFO (a named pipe)"
      case S_IFCHR: "a character device"
      case S_IFBLK: "a block device"
      case S_IFSOCK: "a socket"
      default: writing ? "not a file routec writes" : "not a file routec reads"
      }
    return FileProblem(code: EINVAL, notRegular: kind)
  }

  package static func reason(code: Int32, inFolder: Bool = false) -> String {
    switch code {
    case ENOENT: inFolder ? "its folder does not exist" : "no such file"
    case EISDIR: "it is a folder"
    case ENOTDIR: "a part of its path is not a folder"
    case EACCES, EPERM: "permission denied"
    case EROFS: "the file system is read-only"
    case ENOSPC: "no space left on the device"
    case EDQUOT: "the disk quota is used up"
    case ENAMETOOLONG: "the name is too long"
    case ELOOP: "too many levels of symbolic links"
    case EMFILE, ENFILE: "too many open files"
    case EFBIG: "the file is too large"
    case EIO: "an input/output error"
    default: String(cString: strerror(code))
    }
  }

  /// The reason for any error a file operation threw: its system error when it carries one
  /// (Foundation wraps it as the underlying error of a Cocoa error), else its own description.
  package static func reason(_ error: any Error) -> String {
    if let problem = error as? FileProblem { return problem.reason }
    if let code = code(of: error as NSError) { return reason(code: code) }
    return error.localizedDescription
  }

  private static func code(of error: NSError) -> Int32? {
    if error.domain == NSPOSIXErrorDomain { return Int32(exactly: error.code) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
      return code(of: underlying)
    }
    return nil
  }
}
