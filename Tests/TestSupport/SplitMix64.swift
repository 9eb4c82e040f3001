/// SplitMix64: a small, fast random number generator fully determined by its seed, so a random
/// test that fails is reproduced by running it again with the seed it printed.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// True `percent` times in a hundred.
  public mutating func chance(_ percent: Int) -> Bool {
    Int.random(in: 0..<100, using: &self) < percent
  }

  /// One of `items`, which must not be empty.
  public mutating func pick<T>(_ items: [T]) -> T {
    items[Int.random(in: 0..<items.count, using: &self)]
  }

  /// `count` distinct items in random order.
  public mutating func sample<T>(_ items: [T], _ count: Int) -> [T] {
    Array(items.shuffled(using: &self).prefix(count))
  }
}
