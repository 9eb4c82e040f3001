import Foundation

/// A value that many threads share, reachable only while its lock is held.
///
/// The one lock wrapper of the package (the push gate, the router and `routec` use it), so the
/// reasoning that makes `@unchecked Sendable` sound is written once: the only stored `var`,
/// `value`, is read and written only inside `withLock`, and `Value` is `Sendable`, so what a
/// caller takes out of the lock is safe to use on its thread. `NSLock` rather than
/// `Synchronization.Mutex` keeps iOS 16 and macOS 13.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value while holding the lock. `body` must not call `withLock` on the
  /// same instance: `NSLock` is not recursive.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
