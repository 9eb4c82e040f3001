import Foundation

/// Holds arrivals (pushes, action taps, links: whatever `RouteTableRouter` was given) until the
/// app's real root exists, then hands each to the router exactly once. The router is its one user.
///
/// On a cold launch a notification tap or a link arrives while a splash screen is still waiting
/// for remote config; navigating then silently does nothing, and resolving then would pick a UI
/// variant before it is known. So the gate keeps arrivals raw and lets the router resolve them in
/// the handler it passes to `open(_:)`, which captures the variant the app finally chose.
///
/// Every method may be called from any thread or task. Arrivals are delivered in the order
/// `receive(_:)` calls took effect, each at most once, and deliveries never overlap: one caller
/// at a time (the "drainer") runs the handler, outside the gate's lock, so a handler may call
/// `receive(_:)`, `open(_:)` or `close()` re-entrantly without deadlocking. The handler runs on
/// whichever thread became the drainer; hop to the main actor inside it when navigating.
///
/// Closing during a drain: the drainer takes arrivals one at a time, so at most one arrival, the
/// one it had already taken when `close()` was called, is still delivered (possibly just after
/// `close()` returns, on the drainer's thread). Arrivals it had not taken are kept again, trimmed
/// to the policy, for the next `open(_:)`, and go to that call's handler only.
///
/// Arrivals are only ever dropped by the policy or the age limit, and each drop is reported to
/// `onDiscard`, so `delivered + discarded + pendingCount` always accounts for every arrival.
package final class ArrivalGate<Item: Sendable>: @unchecked Sendable {
  // `@unchecked Sendable` is sound because the class has no stored `var`: the mutable state is
  // inside `Locked`, and every stored property is an immutable `let` of a `Sendable` type.

  /// Runs resolution and navigation for one arrival, with whatever the app captured in it.
  package typealias Handler = @Sendable (Item) -> Void

  private struct Entry: Sendable {
    var arrival: Item
    var receivedAt: ContinuousClock.Instant
    /// Kept only while nothing else arrives (a restored state): see `receive(_:yielding:)`.
    var yields = false
  }

  private struct State: Sendable {
    var queue = FIFO<Entry>()
    /// `nil` while closed: that is what "closed" means.
    var handler: Handler?
    /// True while some caller is delivering; it alone pops from `queue` while the gate is open.
    var isDraining = false

    /// Makes the caller the drainer when there is something to deliver and nobody delivering.
    mutating func claimDrain() -> Bool {
      guard handler != nil, !isDraining, !queue.isEmpty else { return false }
      isDraining = true
      return true
    }
  }

  private let state = Locked(State())
  private let policy: ArrivalPolicy
  private let maxAge: Duration?
  private let now: @Sendable () -> ContinuousClock.Instant
  private let onDiscard: (@Sendable (Item, ArrivalDiscardReason) -> Void)?

  /// Creates a closed gate.
  ///
  /// - Parameters:
  ///   - policy: How many arrivals to keep while closed. `.latest` by default, because a cold
  ///     launch is caused by one tap and the newest tap is what the user expects to see.
  ///   - maxAge: Arrivals kept longer than this when the gate opens are dropped as `.expired`:
  ///     a tap from minutes ago landing the user somewhere after a slow launch is a surprise.
  ///     `nil` keeps arrivals however long the gate stays closed.
  ///   - now: The clock that stamps arrivals and measures ages; injectable so tests need not
  ///     sleep.
  ///   - onDiscard: Told about every arrival dropped instead of delivered, so apps can log it.
  ///     Called outside the gate's lock, on the thread whose call caused the drop.
  package init(
    policy: ArrivalPolicy = .latest,
    maxAge: Duration? = nil,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
    onDiscard: (@Sendable (Item, ArrivalDiscardReason) -> Void)? = nil
  ) {
    self.policy = policy
    self.maxAge = maxAge
    self.now = now
    self.onDiscard = onDiscard
  }

  /// Whether arrivals are currently delivered rather than kept; a snapshot that may be stale by
  /// the time it is read when other threads open or close the gate.
  package var isOpen: Bool {
    state.withLock { $0.handler != nil }
  }

  /// Arrivals received but not yet handed to the handler: those kept while closed, plus any an
  /// ongoing drain has not reached yet. A snapshot, like `isOpen`.
  package var pendingCount: Int {
    state.withLock { $0.queue.count }
  }

  /// Passes a arrival to the app: at once if the gate is open, otherwise keeps it raw, under the
  /// policy, until the next `open(_:)`.
  ///
  /// When the gate is open and no delivery is running, the handler runs on this call's thread
  /// before it returns; when another caller is delivering, that caller delivers this arrival
  /// after the ones before it, and this call returns at once.
  ///
  /// A arrival received with `yielding` (the state a scene restores) has the lowest precedence
  /// while the gate is closed: it is kept only when nothing else is kept, and anything received
  /// after it replaces it; each drop is reported as `.replaced`. An open gate delivers it like
  /// any other.
  package func receive(_ arrival: Item, yielding: Bool = false) {
    let entry = Entry(arrival: arrival, receivedAt: now(), yields: yielding)
    let (replaced, discarded, shouldDrain) = state.withLock {
      state -> ([Entry], [Entry], Bool) in
      guard state.handler != nil else {
        if yielding, !state.queue.isEmpty { return ([entry], [], false) }
        let replaced = state.queue.removeAll { $0.yields }
        state.queue.append(entry)
        return (
          replaced, state.queue.removeFirst(max(0, state.queue.count - policy.capacity)), false
        )
      }
      state.queue.append(entry)
      return ([], [], state.claimDrain())
    }
    report(replaced, as: .replaced)
    report(discarded, as: policy.evictionReason)
    if shouldDrain { drain() }
  }

  /// Starts delivering: drops kept arrivals older than `maxAge`, then hands the rest to
  /// `handler` in arrival order, followed by every arrival received until `close()`.
  ///
  /// Calling it while already open replaces the handler for every arrival not yet handed out,
  /// which is how an app switches to a handler for a newly built root. When this call becomes the
  /// drainer, it delivers on this thread before returning.
  package func open(_ handler: @escaping Handler) {
    let openedAt = now()
    let (expired, shouldDrain) = state.withLock { state -> ([Entry], Bool) in
      state.handler = handler
      var expired: [Entry] = []
      if let maxAge {
        expired = state.queue.removeAll { $0.receivedAt.duration(to: openedAt) > maxAge }
      }
      return (expired, state.claimDrain())
    }
    report(expired, as: .expired)
    if shouldDrain { drain() }
  }

  /// Stops delivering, for example on logout or while a new root is being built: later arrivals
  /// are kept until the next `open(_:)`.
  ///
  /// Arrivals a drain had not taken yet are kept again and trimmed to the policy (the trimmed
  /// ones are reported). The one arrival a drainer on another thread may already have taken is
  /// still delivered to the old handler; nothing after it is. The gate releases the handler, with
  /// whatever it captured, once that delivery is done.
  package func close() {
    let discarded = state.withLock { state -> [Entry] in
      state.handler = nil
      return state.queue.removeFirst(max(0, state.queue.count - policy.capacity))
    }
    report(discarded, as: policy.evictionReason)
  }

  /// Delivers one arrival at a time, taking each under the lock and running the handler outside
  /// it, until the queue is empty or the gate is closed. Only the caller that claimed the drain
  /// runs this, so deliveries are in order and never overlap. It re-reads the handler for every
  /// arrival so that a `close()` or a new `open(_:)` takes effect from the next arrival on.
  private func drain() {
    while let (arrival, handler) = nextDelivery() {
      handler(arrival)
    }
  }

  private func nextDelivery() -> (Item, Handler)? {
    state.withLock { state -> (Item, Handler)? in
      guard let handler = state.handler, let entry = state.queue.popFirst() else {
        // Given up in the same critical section that saw nothing to do, so a arrival or an
        // `open(_:)` arriving right after finds no drainer and claims the drain itself.
        state.isDraining = false
        return nil
      }
      return (entry.arrival, handler)
    }
  }

  private func report(_ entries: [Entry], as reason: ArrivalDiscardReason) {
    guard let onDiscard else { return }
    for entry in entries {
      onDiscard(entry.arrival, reason)
    }
  }
}

/// A first-in first-out queue with O(1) amortised `popFirst`, since `Array.removeFirst` is O(n)
/// and a backlog drained one arrival at a time would otherwise be quadratic.
private struct FIFO<Element: Sendable>: Sendable {
  private var storage: [Element] = []
  private var head = 0

  var count: Int { storage.count - head }
  var isEmpty: Bool { count == 0 }

  mutating func append(_ element: Element) {
    storage.append(element)
  }

  mutating func popFirst() -> Element? {
    guard head < storage.count else { return nil }
    let element = storage[head]
    head += 1
    compactIfWasteful()
    return element
  }

  /// Removes and returns the `n` oldest elements (all of them if fewer), oldest first.
  mutating func removeFirst(_ n: Int) -> [Element] {
    let end = head + min(max(0, n), count)
    let removed = Array(storage[head..<end])
    head = end
    compactIfWasteful()
    return removed
  }

  /// Removes and returns the elements matching `shouldRemove`, keeping the order of both parts.
  mutating func removeAll(where shouldRemove: (Element) -> Bool) -> [Element] {
    var kept: [Element] = []
    var removed: [Element] = []
    for element in storage[head...] {
      if shouldRemove(element) {
        removed.append(element)
      } else {
        kept.append(element)
      }
    }
    storage = kept
    head = 0
    return removed
  }

  private mutating func compactIfWasteful() {
    if head == storage.count {
      storage.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 64, head * 2 >= storage.count {
      storage.removeFirst(head)
      head = 0
    }
  }
}
