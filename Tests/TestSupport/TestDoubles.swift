import Foundation
@_spi(Generated) import RouteTable

/// Collects values from any thread, and notices if two deliveries ever overlap.
public final class Recorder<Value: Sendable>: Sendable {
  private struct State {
    var values: [Value] = []
    var active = 0
    var maxActive = 0
  }
  private let state = Locked(State())

  public init() {}

  public var values: [Value] { state.withLock { $0.values } }

  /// The most calls to `record(_:)` that were ever in progress at once.
  public var maxConcurrentRecords: Int { state.withLock { $0.maxActive } }

  public func record(_ value: Value) {
    state.withLock { state in
      state.active += 1
      state.maxActive = max(state.maxActive, state.active)
      state.values.append(value)
    }
    // Widen the window in which an overlapping delivery would be seen.
    for _ in 0..<8 { _ = Thread.isMainThread }
    state.withLock { $0.active -= 1 }
  }
}

/// A clock tests move by hand, so ages are exact and nothing sleeps.
public final class TestClock: Sendable {
  private let instant = Locked(ContinuousClock.now)

  public init() {}

  public func now() -> ContinuousClock.Instant { instant.withLock { $0 } }

  public func advance(by duration: Duration) { instant.withLock { $0 += duration } }
}
