import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program with `posix_spawn`, standard input empty and both output streams captured.
///
/// The tests do not use Foundation's `Process`: swift-corelibs-foundation's `Process.run()`
/// over-reads a `dirent` while it lists `/proc/self/fd` and crashes the test process now and then
/// (swiftlang/swift-corelibs-foundation#5472, fixed after Swift 6.3.1; seen here as a SIGSEGV in
/// memcpy). Spawning directly also lets a timeout end the child's whole process group, so a hung
/// `swift build` cannot keep the pipes open.
package enum ChildProcess {
  package struct Output {
    /// The exit status, or 128 plus the signal number when a signal ended the child.
    package var status: Int32
    package var stdout: Data
    package var stderr: Data
  }

  package struct SpawnError: Error, CustomStringConvertible {
    package var description: String
  }

  package static func run(
    _ executable: String, _ arguments: [String], directory: String?,
    environment: [String: String], timeout: Duration
  ) throws -> Output {
    // `posix_spawn` has no portable "change directory" action, so a shell changes it and then
    // replaces itself with the program.
    var argv = [executable] + arguments
    var path = executable
    if let directory {
      argv = ["/bin/sh", "-c", #"cd -- "$1" && shift && exec "$@""#, "sh", directory] + argv
      path = "/bin/sh"
    }
    let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }

    let output = try makePipe()
    let error = try makePipe()
    let parentEnds = [output.read, error.read]
    var childEnds = [output.write, error.write]
    defer { (parentEnds + childEnds).forEach { _ = close($0) } }

    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
      var attributes: posix_spawnattr_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output.write, 1)
    posix_spawn_file_actions_adddup2(&actions, error.write, 2)
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // Its own process group, so that a timeout can end everything the child started.
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    var pid = pid_t()
    let spawned = withCStrings(argv) { argvPointers in
      withCStrings(envp) { envpPointers in
        posix_spawn(&pid, path, &actions, &attributes, argvPointers, envpPointers)
      }
    }
    guard spawned == 0 else {
      throw SpawnError(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
    }
    childEnds.forEach { _ = close($0) }
    childEnds = []

    let deadline = ContinuousClock.now + timeout
    var collected = [Data(), Data()]
    var open = [true, true]
    var timedOut = false
    while open.contains(true) {
      var fds = (0..<2).map {
        pollfd(fd: open[$0] ? parentEnds[$0] : -1, events: Int16(POLLIN), revents: 0)
      }
      let remaining = deadline - ContinuousClock.now
      if remaining <= .zero {
        timedOut = true
        break
      }
      let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + 10)
      let ready = poll(&fds, nfds_t(fds.count), milliseconds)
      if ready < 0 && errno != EINTR { break }
      for index in 0..<2 where open[index] && fds[index].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(parentEnds[index], &buffer, buffer.count)
        if count > 0 {
          collected[index].append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
          open[index] = false
        }
      }
    }
    if timedOut { kill(-pid, SIGKILL) }

    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // The <sys/wait.h> macros are not imported: the low 7 bits hold the signal, if any.
    let signal = status & 0x7f
    return Output(
      status: signal == 0 ? (status >> 8) & 0xff : 128 + signal,
      stdout: collected[0], stderr: collected[1])
  }

  /// A pipe whose ends are closed on exec, so children spawned by other threads do not inherit
  /// them (a stray write end would keep the reader from ever seeing end-of-file).
  private static func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
      throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
    }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return (fds[0], fds[1])
  }

  /// Calls `body` with a NULL-terminated C array of copies of `strings`.
  private static func withCStrings<R>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
  }
}
