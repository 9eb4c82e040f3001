import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads and writes with the system calls themselves, so a failure carries the `errno` that
/// explains it (Foundation reports a write under a regular file as a missing file, and reading
/// a folder as an unknown error).
enum FileIO {
  /// At most `limit` bytes of the regular file at `path`: the size is looked up first, so a file
  /// larger than the limit costs `limit` bytes of memory and reading, whatever its size. Every
  /// caller names its limit: a path may be a sparse file of terabytes.
  ///
  /// Only regular files are read: a FIFO, a device or a socket (or a symbolic link to one, such
  /// as `/dev/stdin`) is a `FileProblem` at once. It is opened without blocking, so a FIFO with
  /// no writer does not hang the open either.
  static func contents(of path: String, atMost limit: Int) throws(FileProblem) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw FileProblem(code: errno) }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw FileProblem(code: errno) }
    let type = status.st_mode & S_IFMT
    if type == S_IFDIR { throw FileProblem(code: EISDIR) }
    guard type == S_IFREG else { throw FileProblem.notRegular(type: type) }
    // The size is a hint (the file may grow or be a pipe): reading goes on to end of file or
    // the limit either way.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(max(Int(status.st_size), 0), limit))
    var chunk = [UInt8](repeating: 0, count: min(limit, 1 << 16))
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileProblem(code: errno)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// Whether `path` is a folder; throws when there is nothing there or it cannot be looked at.
  static func isFolder(_ path: String) throws(FileProblem) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { throw FileProblem(code: errno) }
    return status.st_mode & S_IFMT == S_IFDIR
  }

  /// Writes `bytes` to `path` through a new file in the same folder renamed over it, so a
  /// reader never sees half a file and a failure leaves the old one as it was.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileProblem) {
    let url = URL(fileURLWithPath: path)
    if (try? isFolder(path)) == true { throw FileProblem(code: EISDIR) }
    let folder = url.deletingLastPathComponent().path
    var temporary = ""
    var fd: Int32 = -1
    for attempt in 0..<100 {
      // The name's first 64 bytes at most, so a name near the file system's limit still has a
      // temporary name that fits.
      let stem = String(decoding: url.lastPathComponent.utf8.prefix(64), as: UTF8.self)
      temporary = folder + "/.\(stem).\(getpid()).\(attempt).tmp"
      // 0o666 less the umask: the permissions any new file gets.
      fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if fd >= 0 || errno != EEXIST { break }
    }
    // Creating the file fails when its folder does (a missing folder is ENOENT).
    guard fd >= 0 else { throw FileProblem(code: errno, inFolder: true) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        let problem = FileProblem(code: errno)
        close(fd)
        unlink(temporary)
        throw problem
      }
      written += count
    }
    guard close(fd) == 0 else {
      let problem = FileProblem(code: errno)
      unlink(temporary)
      throw problem
    }
    guard rename(temporary, path) == 0 else {
      let problem = FileProblem(code: errno)
      unlink(temporary)
      throw problem
    }
  }
}
