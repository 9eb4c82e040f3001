import AllocationCounter

// The measuring loop, shared with the URLMatcher peer's driver (Benchmarks/Peers), which run.sh
// compiles with this file so both sides are timed by the same code.
//
// Each benchmark is calibrated to about `batchMilliseconds` per batch, run `batches` batches,
// and reported as the fastest and the median batch's time per operation; allocations are
// counted over one more batch with the counter on. One JSON object per line on standard output.

struct Options {
  var batches = 15
  var batchMilliseconds = 20
  /// Only the benchmarks whose names start with this.
  var only = ""
  var profile: (name: String, count: Int)?
  /// Options the caller reads, by name, with their values.
  var extra: [(option: String, values: [String])] = []

  /// Parses `--batches N --batch-ms MS --only PREFIX --profile NAME COUNT`, and the options in
  /// `extraArity` (option name -> number of values).
  init(_ arguments: [String], extraArity: [String: Int]) {
    var arguments = arguments[...]
    while let option = arguments.popFirst() {
      switch option {
      case "--batches": batches = arguments.popFirst().flatMap { Int($0) } ?? batches
      case "--batch-ms":
        batchMilliseconds = arguments.popFirst().flatMap { Int($0) } ?? batchMilliseconds
      case "--only": only = arguments.popFirst() ?? ""
      case "--profile":
        guard let name = arguments.popFirst(), let count = arguments.popFirst().flatMap({ Int($0) })
        else { fail("--profile needs a benchmark name and a count") }
        profile = (name, count)
      default:
        guard let arity = extraArity[option], arguments.count >= arity else {
          fail("unknown option \(option) or too few values")
        }
        extra.append((option, Array(arguments.prefix(arity))))
        arguments = arguments.dropFirst(arity)
      }
    }
  }
}

/// Consumes a value so the optimizer cannot drop the work that produced it.
@_optimize(none) @inline(never)
func blackHole<T>(_ value: T) {}

/// Returns its argument through a call the optimizer cannot see through, so inputs are not
/// constant-folded.
@_optimize(none) @inline(never)
func identity<T>(_ value: T) -> T { value }

func fail(_ message: String) -> Never {
  print("{\"error\": \"\(message)\"}")
  fatalError(message)
}

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

func measure(_ name: String, _ options: Options, _ body: () -> Void) {
  guard name.hasPrefix(options.only) else { return }
  if let profile = options.profile {
    if profile.name == name {
      for _ in 0..<profile.count { body() }
    }
    return
  }
  let clock = ContinuousClock()
  let batchTarget = Double(options.batchMilliseconds) * 1e6
  // Calibrate: double the count until a run takes a quarter of a batch, then scale.
  var iterations = 1
  while true {
    let start = clock.now
    for _ in 0..<iterations { body() }
    let elapsed = nanoseconds(start.duration(to: clock.now))
    if elapsed >= batchTarget / 4 || iterations >= 1 << 28 {
      iterations = max(1, Int(Double(iterations) * batchTarget / max(elapsed, 1)))
      break
    }
    iterations *= 2
  }
  var samples: [Double] = []
  for _ in 0..<options.batches {
    let start = clock.now
    for _ in 0..<iterations { body() }
    samples.append(nanoseconds(start.duration(to: clock.now)) / Double(iterations))
  }
  samples.sort()
  let counted = min(iterations, 10_000)
  allocation_counter_start()
  for _ in 0..<counted { body() }
  let allocations = allocation_counter_stop()
  let perOperation =
    allocation_counter_available() != 0 ? "\(Double(allocations) / Double(counted))" : "null"
  print(
    "{\"name\": \"\(name)\", \"ns_min\": \(samples[0]), \"ns_median\": \(samples[samples.count / 2]),"
      + " \"allocations\": \(perOperation), \"iterations\": \(iterations), \"batches\": \(options.batches)}"
  )
}
