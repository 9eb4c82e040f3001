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
package enum FileIO {
  /// At most `limit` bytes of the regular file at `path`: the size is looked up first, so a file
  /// larger than the limit costs `limit` bytes of memory and reading, whatever its size. Every
  /// caller names its limit: a path may be a sparse file of terabytes.
  ///
  /// Only regular files are read: a FIFO, a device or a socket (or a symbolic link to one, such
  /// as `/dev/stdin`) is a `FileProblem` at once. It is opened without blocking, so a FIFO with
  /// no writer does not hang the open either.
  package static func contents(of path: String, atMost limit: Int) throws(FileProblem) -> [UInt8] {
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

  /// The open file at `path` for reading a stream from it: a regular file or a pipe (a FIFO, or
  /// the `/dev/fd/N` of a shell's `<(zcat traffic.gz)`). A folder, a device or a socket is a
  /// `FileProblem`. The caller closes the descriptor.
  package static func openStream(_ path: String) throws(FileProblem) -> Int32 {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileProblem(code: errno) }
    var status = stat()
    guard fstat(fd, &status) == 0 else {
      let code = errno
      close(fd)
      throw FileProblem(code: code)
    }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG || type == S_IFIFO else {
      close(fd)
      throw type == S_IFDIR ? FileProblem(code: EISDIR) : FileProblem.notRegular(type: type)
    }
    return fd
  }

  /// Whether `path` is a folder; throws when there is nothing there or it cannot be looked at.
  package static func isFolder(_ path: String) throws(FileProblem) -> Bool {
    var status = stat()
    guard stat(path, &status) == 0 else { throw FileProblem(code: errno) }
    return status.st_mode & S_IFMT == S_IFDIR
  }

  /// Makes the folder `path` and the folders above it that are missing, as `mkdir -p` does,
  /// with the `errno` of the step that failed: a part that is a file is ENOTDIR, a loop of
  /// symbolic links ELOOP.
  package static func makeFolder(_ path: String) throws(FileProblem) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
      if mkdir(prefix, 0o777) == 0 { continue }
      let code = errno
      guard code == EEXIST else { throw FileProblem(code: code) }
      var status = stat()
      guard stat(prefix, &status) == 0 else { throw FileProblem(code: errno) }
      guard status.st_mode & S_IFMT == S_IFDIR else { throw FileProblem(code: ENOTDIR) }
    }
  }

  /// Writes `bytes` to `path`, the one way every command writes a file.
  ///
  /// A regular file (or nothing yet) is replaced through a new file in the same folder renamed
  /// over it, so a reader never sees half a file and a failure leaves the old one as it was. A
  /// symbolic link is followed: the file it names is replaced and the link stays. What is not a
  /// regular file is never renamed over: a character device (`/dev/null`, a terminal) or a
  /// FIFO with a reader is written into, as a shell's `>` does; a FIFO without a reader, a
  /// block device, a socket or a dangling link is a `FileProblem` naming it.
  package static func write(_ bytes: [UInt8], to path: String) throws(FileProblem) {
    var status = stat()
    // `stat` follows links: what a link names decides, and a dangling link is ENOENT.
    guard stat(path, &status) == 0 else {
      let code = errno
      var linkStatus = stat()
      if code == ENOENT, lstat(path, &linkStatus) == 0 {
        throw FileProblem(code: ENOENT, notRegular: "a symbolic link to nothing")
      }
      guard code == ENOENT else { throw FileProblem(code: code) }
      return try writeAtomically(bytes, to: path)
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      return try writeAtomically(bytes, to: resolvedLinks(path))
    case S_IFDIR:
      throw FileProblem(code: EISDIR)
    case S_IFCHR, S_IFIFO:
      return try writeInto(bytes, path: path, isFIFO: status.st_mode & S_IFMT == S_IFIFO)
    default:
      throw FileProblem.notRegular(type: status.st_mode & S_IFMT, writing: true)
    }
  }

  /// `path` with its symbolic links resolved, so the file a link names is replaced, not the
  /// link; `path` itself when it is no link.
  private static func resolvedLinks(_ path: String) -> String {
    var linkStatus = stat()
    guard lstat(path, &linkStatus) == 0, linkStatus.st_mode & S_IFMT == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Writes into a character device or a FIFO that exists, without creating or renaming
  /// anything. A FIFO is opened without blocking, so one with no reader is an error at once
  /// instead of a hang.
  private static func writeInto(_ bytes: [UInt8], path: String, isFIFO: Bool) throws(FileProblem) {
    let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (isFIFO ? O_NONBLOCK : 0))
    guard fd >= 0 else {
      if isFIFO, errno == ENXIO {
        throw FileProblem(code: ENXIO, notRegular: "a FIFO (a named pipe) that nothing reads")
      }
      throw FileProblem(code: errno)
    }
    if isFIFO {
      // Blocking from here on, so a slow reader is waited for rather than an error.
      let flags = fcntl(fd, F_GETFL)
      _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
    }
    defer { close(fd) }
    try writeAll(bytes, to: fd)
  }

  private static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(FileProblem) {
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { systemWrite(fd, $0) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileProblem(code: errno)
      }
      written += count
    }
  }

  /// Writes `bytes` to the regular file (or nothing) at `path` through a new file in the same
  /// folder renamed over it.
  private static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileProblem) {
    let url = URL(fileURLWithPath: path)
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
    do {
      try writeAll(bytes, to: fd)
    } catch {
      close(fd)
      unlink(temporary)
      throw error
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

/// The system's `write(2)`, which `FileIO.write` hides inside the enum.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
  write(fd, buffer.baseAddress, buffer.count)
}
