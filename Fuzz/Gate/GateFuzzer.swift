// libFuzzer harness: ArrivalGate driven by the input as a program of operations, or, when
// bit 0x10 of the first byte is set, RouteTableRouter, which keeps pushes and action taps
// in the gate (RouterFuzzer.swift).
//
// The first bytes pick the policy and the age limit; the rest are operations: receive the next
// payload (numbered 0, 1, 2, ... in receive order), open with a new handler, close, advance the
// injected clock, or check the gate's snapshot. Each delivery also reads a few operations from
// the input and runs them inside the handler, so re-entrant receive/open/close calls in the
// middle of a drain are interleaved with the drain in every order the input can spell.
//
// One thread, so every run of an input is the same and libFuzzer's coverage is stable; the
// multi-threaded races are the TSan stress tests' job (`swift test --sanitize=thread --filter
// 'ArrivalGateTests|RouteTableRouterTests|RouterRequirementTests'`). The model checks, after every step:
// - every payload is delivered or discarded at most once, and deliveries are in receive order;
// - a payload goes to the handler of the latest open(_:), and never while the gate is closed;
// - a policy drop removes the oldest kept payload, with the policy's reason; an age drop
//   happens only to a payload older than the limit when the gate opens;
// - outside a handler, an open gate holds nothing and a closed one at most the policy's
//   capacity, and delivered + discarded + pendingCount accounts for every payload;
// - a replaced or closed handler, with what it captured, is released;
// - at the end, opening once more delivers or discards everything still kept: none is lost.

@_spi(Generated) import RouteTable
import RouteTableNavigation

/// The program and the model. One thread only, but handlers must be `@Sendable`, hence
/// `@unchecked`: nothing here is ever touched from two threads.
private final class Run: @unchecked Sendable {
  let bytes: [UInt8]
  var position: Int
  let policy: ArrivalPolicy
  let maxAge: Duration?
  let start = ContinuousClock.now
  var elapsed = Duration.zero
  /// When the latest `open(_:)` was called: the time an age drop is measured at.
  var openedAt = ContinuousClock.now

  var received: [ContinuousClock.Instant] = []
  var pending: [Int] = []
  var accounted: Set<Int> = []
  var lastDelivered = -1
  /// The generation of the current handler; nil while the gate is closed.
  var current: Int?
  var generations = 0
  var handlerDepth = 0
  var tokens: [Int: Weak] = [:]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    let config = bytes.first ?? 0
    policy = config & 0x08 == 0 ? .latest : .upTo(Int(config & 0x07) - 1)
    let age = bytes.count > 1 ? bytes[1] : 0
    maxAge = age & 0x80 == 0 ? nil : .seconds(Int(age & 0x7F))
    position = 2
  }

  var capacity: Int {
    switch policy {
    case .latest: 1
    case .upTo(let limit): max(0, limit)
    }
  }

  func next() -> UInt8? {
    guard position < bytes.count else { return nil }
    defer { position += 1 }
    return bytes[position]
  }

  var now: ContinuousClock.Instant { start + elapsed }
}

/// Something a handler captures, to see that the gate lets go of replaced handlers.
private final class Token: Sendable {}

private struct Weak {
  weak var token: Token?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let run = Run(inputBytes(data, size))
  if let config = run.bytes.first, config & 0x10 != 0 {
    fuzzRouter(run.bytes, policy: run.policy, maxAge: run.maxAge)
    return 0
  }
  let gate = ArrivalGate<Int>(
    policy: run.policy, maxAge: run.maxAge, now: { run.now },
    onDiscard: { payload, reason in discarded(payload, reason, run) })
  while let op = run.next() {
    perform(op, gate, run)
    checkQuiescent(gate, run)
  }
  // No payload is lost: a last open delivers whatever is still kept, unless it is too old.
  open(gate, run)
  checkQuiescent(gate, run)
  invariant(run.pending.isEmpty, "payloads \(run.pending) still pending after the last open")
  invariant(
    run.accounted.count == run.received.count,
    "\(run.received.count) received, \(run.accounted.count) delivered or discarded")
  run.current = nil
  gate.close()
  checkQuiescent(gate, run)
  return 0
}

private func perform(_ op: UInt8, _ gate: ArrivalGate<Int>, _ run: Run) {
  switch op % 8 {
  case 0, 1, 2:
    let payload = run.received.count
    run.received.append(run.now)
    run.pending.append(payload)
    gate.receive(payload)
  case 3, 4:
    open(gate, run)
  case 5:
    run.current = nil
    gate.close()
  case 6:
    run.elapsed += .seconds(Int(op >> 3))
  default:
    // Snapshots are consistent with the model even inside a handler.
    invariant(gate.isOpen == (run.current != nil), "isOpen is \(gate.isOpen)")
    invariant(
      gate.pendingCount == run.pending.count,
      "pendingCount \(gate.pendingCount), model \(run.pending.count)")
  }
}

private func open(_ gate: ArrivalGate<Int>, _ run: Run) {
  run.generations += 1
  let generation = run.generations
  let token = Token()
  run.tokens[generation] = Weak(token: token)
  run.current = generation
  run.openedAt = run.now
  gate.open { payload in
    withExtendedLifetime(token) {
      delivered(payload, to: generation, gate, run)
    }
  }
}

private func delivered(_ payload: Int, to generation: Int, _ gate: ArrivalGate<Int>, _ run: Run) {
  invariant(run.handlerDepth == 0, "handler re-entered while delivering: deliveries overlap")
  invariant(!run.accounted.contains(payload), "payload \(payload) handed out twice")
  invariant(
    payload > run.lastDelivered, "payload \(payload) delivered after \(run.lastDelivered)")
  invariant(
    run.current == generation,
    "payload \(payload) went to handler \(generation), current is \(String(describing: run.current))"
  )
  invariant(run.pending.first == payload, "payload \(payload) skipped the older \(run.pending)")
  run.pending.removeFirst()
  run.accounted.insert(payload)
  run.lastDelivered = payload
  run.handlerDepth += 1
  defer { run.handlerDepth -= 1 }
  // Up to three operations from inside the handler; the 2 low bits say how many.
  guard let count = run.next() else { return }
  for _ in 0..<(count & 0x03) {
    guard let op = run.next() else { return }
    perform(op, gate, run)
  }
}

private func discarded(_ payload: Int, _ reason: ArrivalDiscardReason, _ run: Run) {
  invariant(
    !run.accounted.contains(payload), "payload \(payload) discarded after it was handed out")
  guard let index = run.pending.firstIndex(of: payload) else {
    invariant(false, "payload \(payload) discarded but not pending")
    return
  }
  switch reason {
  case .replaced, .overflow:
    invariant(
      reason == (run.policy == .latest ? .replaced : .overflow),
      "\(reason) under \(run.policy)")
    invariant(index == 0, "policy dropped \(payload), not the oldest of \(run.pending)")
  case .expired:
    guard let maxAge = run.maxAge else {
      invariant(false, "payload \(payload) expired without an age limit")
      return
    }
    let age = run.received[payload].duration(to: run.openedAt)
    invariant(age > maxAge, "payload \(payload) expired at age \(age), limit \(maxAge)")
  case .cancelled:
    invariant(false, "payload \(payload) cancelled: only a router's held navigation is")
  }
  run.pending.remove(at: index)
  run.accounted.insert(payload)
}

/// What holds whenever no handler is running.
private func checkQuiescent(_ gate: ArrivalGate<Int>, _ run: Run) {
  invariant(gate.isOpen == (run.current != nil), "isOpen is \(gate.isOpen)")
  let pendingCount = gate.pendingCount
  invariant(
    pendingCount == run.pending.count,
    "pendingCount \(pendingCount), model \(run.pending)")
  invariant(
    run.accounted.count + pendingCount == run.received.count,
    "\(run.received.count) received, \(run.accounted.count) handed out or dropped, "
      + "\(pendingCount) pending")
  if run.current != nil {
    invariant(pendingCount == 0, "open and idle, yet \(pendingCount) payloads wait")
  } else {
    invariant(
      pendingCount <= run.capacity, "closed with \(pendingCount) kept, capacity \(run.capacity)")
  }
  for (generation, weak) in run.tokens where generation != run.current {
    invariant(weak.token == nil, "handler \(generation) is still retained after it was replaced")
  }
  run.tokens = run.tokens.filter { $0.value.token != nil }
}
