import Foundation
import TestSupport
import Testing

@_spi(Generated) @testable import RouteTable
@testable import RouteTableNavigation

/// A value that says when producers are done, read by a task toggling the gate.
private final class Flag: @unchecked Sendable {
  // Sound: `isSet` is touched only while `lock` is held.
  private let lock = NSLock()
  private var isSet = false

  var value: Bool {
    lock.lock()
    defer { lock.unlock() }
    return isSet
  }

  func set() {
    lock.lock()
    isSet = true
    lock.unlock()
  }
}

/// The first adjacent pair that is not increasing, so a failure names it instead of printing
/// thousands of values.
private func firstOutOfOrder(_ values: [Int]) -> String? {
  zip(values, values.dropFirst()).first { $0 >= $1 }.map { "\($0) then \($1)" }
}

private struct Discard<Payload: Hashable & Sendable>: Hashable, Sendable {
  var payload: Payload
  var reason: ArrivalDiscardReason
}

private func makeGate<Payload: Hashable & Sendable>(
  _ policy: ArrivalPolicy,
  maxAge: Duration? = nil,
  clock: TestClock = TestClock(),
  discards: Recorder<Discard<Payload>>
) -> ArrivalGate<Payload> {
  ArrivalGate(policy: policy, maxAge: maxAge, now: { clock.now() }) { payload, reason in
    discards.record(Discard(payload: payload, reason: reason))
  }
}

@Suite struct ArrivalGateTests {
  @Test func keptPayloadsAreDeliveredInArrivalOrderWhenTheGateOpens() {
    let discards = Recorder<Discard<Int>>()
    let gate = makeGate(.upTo(10), discards: discards)
    let delivered = Recorder<Int>()

    for payload in 1...3 { gate.receive(payload) }
    #expect(!gate.isOpen)
    #expect(gate.pendingCount == 3)
    #expect(delivered.values.isEmpty)

    gate.open { delivered.record($0) }
    #expect(gate.isOpen)
    #expect(delivered.values == [1, 2, 3])
    #expect(gate.pendingCount == 0)
    #expect(discards.values.isEmpty)
  }

  @Test func eachPayloadIsDeliveredExactlyOnceAcrossReopens() {
    let gate = makeGate(.upTo(10), discards: Recorder<Discard<Int>>())
    let first = Recorder<Int>()
    let second = Recorder<Int>()

    gate.receive(1)
    gate.receive(2)
    gate.open { first.record($0) }
    gate.open { first.record($0) }  // replacing the handler must not replay anything
    gate.close()
    gate.open { second.record($0) }
    gate.receive(3)

    #expect(first.values == [1, 2])
    #expect(second.values == [3])
  }

  @Test func latestKeepsOnlyTheNewestAndReportsTheReplacedOnes() {
    let discards = Recorder<Discard<String>>()
    let gate = makeGate(.latest, discards: discards)
    let delivered = Recorder<String>()

    for payload in ["a", "b", "c"] { gate.receive(payload) }
    #expect(gate.pendingCount == 1)
    #expect(
      discards.values == [
        Discard(payload: "a", reason: .replaced), Discard(payload: "b", reason: .replaced),
      ])

    gate.open { delivered.record($0) }
    #expect(delivered.values == ["c"])
  }

  @Test func latestIsTheDefaultPolicy() {
    let gate = ArrivalGate<Int>()
    let delivered = Recorder<Int>()
    gate.receive(1)
    gate.receive(2)
    gate.open { delivered.record($0) }
    #expect(delivered.values == [2])
  }

  @Test func upToDropsTheOldestWhenFullAndReportsIt() {
    let discards = Recorder<Discard<Int>>()
    let gate = makeGate(.upTo(3), discards: discards)
    let delivered = Recorder<Int>()

    for payload in 1...5 { gate.receive(payload) }
    #expect(gate.pendingCount == 3)
    #expect(
      discards.values == [
        Discard(payload: 1, reason: .overflow), Discard(payload: 2, reason: .overflow),
      ]
    )

    gate.open { delivered.record($0) }
    #expect(delivered.values == [3, 4, 5])
  }

  @Test(arguments: [0, -1])
  func upToZeroOrLessKeepsNothingButStillDeliversWhileOpen(limit: Int) {
    let discards = Recorder<Discard<Int>>()
    let gate = makeGate(.upTo(limit), discards: discards)
    let delivered = Recorder<Int>()

    gate.receive(1)
    #expect(gate.pendingCount == 0)
    #expect(discards.values == [Discard(payload: 1, reason: .overflow)])

    gate.open { delivered.record($0) }
    gate.receive(2)
    #expect(delivered.values == [2])
  }

  @Test func ageLimitDropsPayloadsKeptLongerThanItWhenTheGateOpens() {
    let clock = TestClock()
    let discards = Recorder<Discard<String>>()
    let gate = makeGate(.upTo(10), maxAge: .seconds(30), clock: clock, discards: discards)
    let delivered = Recorder<String>()

    gate.receive("old")
    clock.advance(by: .seconds(1))
    gate.receive("boundary")
    clock.advance(by: .seconds(30))
    gate.receive("fresh")

    // Ages at opening: old 31 s, boundary exactly 30 s (not longer, so kept), fresh 0 s.
    #expect(discards.values.isEmpty)  // ages are judged when the gate opens, not before
    gate.open { delivered.record($0) }
    #expect(delivered.values == ["boundary", "fresh"])
    #expect(discards.values == [Discard(payload: "old", reason: .expired)])

    // Payloads received while open are delivered whatever the clock says.
    clock.advance(by: .seconds(3600))
    gate.receive("live")
    #expect(delivered.values == ["boundary", "fresh", "live"])
  }

  @Test func ageLimitCountsFromArrivalAcrossCloseAndReopen() {
    let clock = TestClock()
    let discards = Recorder<Discard<Int>>()
    let gate = makeGate(.upTo(10), maxAge: .seconds(10), clock: clock, discards: discards)
    let delivered = Recorder<Int>()

    gate.open { delivered.record($0) }
    gate.close()
    gate.receive(1)
    clock.advance(by: .seconds(11))
    gate.receive(2)
    gate.open { delivered.record($0) }

    #expect(delivered.values == [2])
    #expect(discards.values == [Discard(payload: 1, reason: .expired)])
  }

  @Test func payloadsReceivedAfterOpeningAreDeliveredAtOnce() {
    let gate = makeGate(.latest, discards: Recorder<Discard<Int>>())
    let delivered = Recorder<Int>()

    gate.open { delivered.record($0) }
    gate.receive(1)
    #expect(delivered.values == [1])
    gate.receive(2)
    gate.receive(3)
    #expect(delivered.values == [1, 2, 3])
    #expect(gate.pendingCount == 0)
  }

  @Test func closeKeepsLaterPayloadsForTheNextHandlerOnly() {
    let gate = makeGate(.upTo(10), discards: Recorder<Discard<Int>>())
    let first = Recorder<Int>()
    let second = Recorder<Int>()

    gate.open { first.record($0) }
    gate.receive(1)
    gate.close()
    #expect(!gate.isOpen)
    gate.receive(2)
    gate.receive(3)
    #expect(gate.pendingCount == 2)
    #expect(first.values == [1])

    gate.open { second.record($0) }
    gate.receive(4)
    #expect(first.values == [1])
    #expect(second.values == [2, 3, 4])
  }

  @Test func handlerMayReceiveReentrantlyAndOrderIsKept() {
    let gate = makeGate(.upTo(10), discards: Recorder<Discard<Int>>())
    let delivered = Recorder<Int>()

    gate.receive(1)
    gate.receive(2)
    gate.open { [gate] payload in
      delivered.record(payload)
      // Queued behind what is already waiting, delivered by this same drain.
      if payload < 10 { gate.receive(payload * 10) }
    }
    #expect(delivered.values == [1, 2, 10, 20])
    #expect(gate.pendingCount == 0)
  }

  @Test func handlerMayCloseReentrantlyAndTheRestIsKept() {
    let gate = makeGate(.upTo(10), discards: Recorder<Discard<Int>>())
    let first = Recorder<Int>()
    let second = Recorder<Int>()

    for payload in 1...3 { gate.receive(payload) }
    gate.open { [gate] payload in
      first.record(payload)
      gate.close()
    }
    #expect(first.values == [1])
    #expect(!gate.isOpen)
    #expect(gate.pendingCount == 2)

    gate.open { second.record($0) }
    #expect(second.values == [2, 3])
  }

  @Test func handlerMayOpenReentrantlyToSwitchHandlers() {
    let gate = makeGate(.upTo(10), discards: Recorder<Discard<Int>>())
    let first = Recorder<Int>()
    let second = Recorder<Int>()

    for payload in 1...3 { gate.receive(payload) }
    gate.open { [gate] payload in
      first.record(payload)
      gate.open { second.record($0) }
    }
    #expect(first.values == [1])
    #expect(second.values == [2, 3])
  }

  @Test func closeDuringADrainTrimsWhatIsLeftToThePolicy() {
    let discards = Recorder<Discard<Int>>()
    let gate = makeGate(.upTo(2), discards: discards)
    let first = Recorder<Int>()
    let second = Recorder<Int>()

    gate.receive(1)
    gate.receive(2)
    gate.open { [gate] payload in
      first.record(payload)
      if payload == 1 {
        gate.receive(3)
        gate.receive(4)
        gate.close()  // queue is [2, 3, 4]; a closed gate keeps at most 2
      }
    }
    #expect(first.values == [1])
    #expect(discards.values == [Discard(payload: 2, reason: .overflow)])
    #expect(gate.pendingCount == 2)

    gate.open { second.record($0) }
    #expect(second.values == [3, 4])
  }

  @Test func closingReleasesTheHandler() {
    final class Token: Sendable {}
    let gate = ArrivalGate<Int>()
    weak var weakToken: Token?
    do {
      let token = Token()
      weakToken = token
      gate.open { _ in _ = token }
    }
    #expect(weakToken != nil)
    gate.close()
    #expect(weakToken == nil)
  }

  struct Tagged: Hashable, Sendable {
    var producer: Int
    var sequence: Int
  }

  static let producers = 8
  static let receivesPerProducer = 2_000

  /// Producers race with a thread that keeps opening and closing the gate with fresh handlers.
  /// Returns once everything has finished and the gate has been opened one last time.
  ///
  /// Plain threads, not tasks: other suites block the cooperative pool (two threads on a
  /// two-core machine) while they run processes, and a race that needs the pool to make progress
  /// would then only measure that wait.
  private func race(_ gate: ArrivalGate<Tagged>, delivered: Recorder<Tagged>) {
    let producersDone = Flag()
    let togglerDone = DispatchSemaphore(value: 0)
    Thread {
      var round = 0
      while !producersDone.value {
        round += 1
        gate.open { delivered.record($0) }
        if round.isMultiple(of: 3) { Thread.sleep(forTimeInterval: 0) }
        gate.close()
      }
      togglerDone.signal()
    }.start()
    let producers = DispatchGroup()
    for producer in 0..<Self.producers {
      producers.enter()
      Thread {
        for sequence in 0..<Self.receivesPerProducer {
          gate.receive(Tagged(producer: producer, sequence: sequence))
        }
        producers.leave()
      }.start()
    }
    producers.wait()
    producersDone.set()
    togglerDone.wait()
    gate.open { delivered.record($0) }
  }

  @Test(.timeLimit(.minutes(2)))
  func concurrentReceivesOpensAndClosesLoseAndDuplicateNothing() {
    let discards = Recorder<Discard<Tagged>>()
    let gate = makeGate(.upTo(Int.max), discards: discards)
    let delivered = Recorder<Tagged>()

    race(gate, delivered: delivered)

    let values = delivered.values
    #expect(values.count == Self.producers * Self.receivesPerProducer)
    #expect(Set(values).count == values.count)
    #expect(discards.values.isEmpty)
    #expect(gate.pendingCount == 0)
    #expect(delivered.maxConcurrentRecords == 1)
    for producer in 0..<Self.producers {
      let sequences = values.filter { $0.producer == producer }.map(\.sequence)
      #expect(sequences.count == Self.receivesPerProducer, "producer \(producer)")
      #expect(firstOutOfOrder(sequences) == nil, "producer \(producer)")
    }
  }

  @Test(.timeLimit(.minutes(2)))
  func concurrentRacesWithASmallPolicyAccountForEveryPayload() {
    let discards = Recorder<Discard<Tagged>>()
    let gate = makeGate(.upTo(16), discards: discards)
    let delivered = Recorder<Tagged>()

    race(gate, delivered: delivered)

    let values = delivered.values
    let dropped = discards.values
    #expect(dropped.allSatisfy { $0.reason == .overflow })
    let all = values + dropped.map(\.payload)
    #expect(all.count == Self.producers * Self.receivesPerProducer)
    #expect(Set(all).count == all.count)
    #expect(gate.pendingCount == 0)
    #expect(delivered.maxConcurrentRecords == 1)
    for producer in 0..<Self.producers {
      let sequences = values.filter { $0.producer == producer }.map(\.sequence)
      #expect(firstOutOfOrder(sequences) == nil, "producer \(producer)")
    }
  }
}
