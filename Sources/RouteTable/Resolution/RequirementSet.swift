/// A set of a manifest's requirements (`requirements`), by their position in the manifest: what
/// a route requires (`Resolution.requires`), and what the app reports as satisfied. One word, so
/// checking a resolution's requirements allocates nothing.
public struct RequirementSet: Hashable, Sendable {
  /// The most requirements a manifest may declare.
  public static let capacity = UInt64.bitWidth

  /// Bit `i` is the requirement at position `i`.
  @usableFromInline
  var bits: UInt64

  /// The empty set.
  @inlinable
  public init() { bits = 0 }

  @usableFromInline
  init(bits: UInt64) { self.bits = bits }

  /// The set of the generated `Requirement` cases given.
  @inlinable
  public init<Requirement: RouteRequirement>(_ requirements: some Sequence<Requirement>) {
    bits = 0
    for requirement in requirements { insert(position: requirement.rawValue) }
  }

  /// The requirements at `positions` in the manifest's `requirements`; positions past
  /// `capacity` are left out.
  public init(positions: some Sequence<Int>) {
    bits = 0
    for position in positions { insert(position: position) }
  }

  public var isEmpty: Bool { bits == 0 }

  public var count: Int { bits.nonzeroBitCount }

  /// The positions in the set, ascending: the order the manifest declares them.
  public var positions: [Int] {
    (0..<Self.capacity).filter { bits & (1 << UInt64($0)) != 0 }
  }

  /// The first position in the set, in manifest order.
  public var first: Int? {
    isEmpty ? nil : bits.trailingZeroBitCount
  }

  public func contains(position: Int) -> Bool {
    (0..<Self.capacity).contains(position) && bits & (1 << UInt64(position)) != 0
  }

  @inlinable
  public func contains<Requirement: RouteRequirement>(_ requirement: Requirement) -> Bool {
    contains(position: requirement.rawValue)
  }

  @inlinable
  public mutating func insert(position: Int) {
    guard (0..<Self.capacity).contains(position) else { return }
    bits |= 1 << UInt64(position)
  }

  public mutating func remove(position: Int) {
    guard (0..<Self.capacity).contains(position) else { return }
    bits &= ~(1 << UInt64(position))
  }

  /// What is in this set and not in `other`: a resolution's unmet requirements are
  /// `requires.subtracting(satisfied)`.
  @inlinable
  public func subtracting(_ other: RequirementSet) -> RequirementSet {
    RequirementSet(bits: bits & ~other.bits)
  }

  @inlinable
  public func union(_ other: RequirementSet) -> RequirementSet {
    RequirementSet(bits: bits | other.bits)
  }

  /// The set's members as the generated `Requirement` enum, in manifest order.
  public func elements<Requirement: RouteRequirement>(as _: Requirement.Type) -> [Requirement] {
    positions.compactMap(Requirement.init(rawValue:))
  }
}
