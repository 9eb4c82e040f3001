import Foundation

/// Collects values from any thread, and notices if two deliveries ever overlap.
final class Recorder<Value: Sendable>: @unchecked Sendable {
  // Sound: every stored `var` is touched only while `lock` is held.
  private let lock = NSLock()
  private var stored: [Value] = []
  private var active = 0
  private var maxActive = 0

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  /// The most calls to `record(_:)` that were ever in progress at once.
  var maxConcurrentRecords: Int {
    lock.lock()
    defer { lock.unlock() }
    return maxActive
  }

  func record(_ value: Value) {
    lock.lock()
    active += 1
    maxActive = max(maxActive, active)
    stored.append(value)
    lock.unlock()
    // Widen the window in which an overlapping delivery would be seen.
    for _ in 0..<8 { _ = Thread.isMainThread }
    lock.lock()
    active -= 1
    lock.unlock()
  }
}

/// A clock tests move by hand, so ages are exact and nothing sleeps.
final class TestClock: @unchecked Sendable {
  // Sound: `instant` is touched only while `lock` is held.
  private let lock = NSLock()
  private var instant = ContinuousClock.now

  func now() -> ContinuousClock.Instant {
    lock.lock()
    defer { lock.unlock() }
    return instant
  }

  func advance(by duration: Duration) {
    lock.lock()
    instant += duration
    lock.unlock()
  }
}
