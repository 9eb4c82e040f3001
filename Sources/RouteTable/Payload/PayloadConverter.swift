import Foundation

/// Turns `Any` trees into `PayloadValue`s without recursion: an explicit stack of open
/// containers, so that the conversion's own stack use does not grow with nesting (a recursive
/// version needs over 1 KiB per level in debug builds). Remembers whether it cut anything for
/// depth.
struct PayloadConverter {
  private(set) var exceededDepth = false

  /// What one value is, before its children are converted.
  private enum Shape {
    case leaf(PayloadValue?)
    case array([Any])
    case object([(key: String, value: Any)])
  }

  /// A container whose children are being converted, one at a time.
  private struct OpenContainer {
    var keys: [String]?
    var children: [Any]
    var current = 0
    var elements: [PayloadValue] = []
    var members: [String: PayloadValue] = [:]

    init(_ shape: Shape) {
      switch shape {
      case .array(let items):
        children = items
        elements.reserveCapacity(items.count)
      case .object(let entries):
        keys = entries.map(\.key)
        children = entries.map(\.value)
        members.reserveCapacity(entries.count)
      case .leaf:
        children = []
      }
    }

    /// Stores the converted current child (nil: left out) and moves to the next one.
    mutating func finishChild(_ value: PayloadValue?) {
      if let value {
        if let keys { members[keys[current]] = value } else { elements.append(value) }
      }
      current += 1
    }

    var built: PayloadValue { keys == nil ? .array(elements) : .object(members) }
  }

  /// The value at depth 1 (a container there is the outermost one).
  mutating func convert(_ root: Any) -> PayloadValue? {
    var open: [OpenContainer] = []
    var next = root
    while true {
      // Classify `next`; a container opens and its first child is next.
      var finished: PayloadValue?
      let shape = Self.shape(of: next)
      switch shape {
      case .leaf(let value): finished = value
      case .array, .object:
        if open.count >= PayloadValue.maximumDepth {
          exceededDepth = true
          finished = nil
        } else {
          let container = OpenContainer(shape)
          if let first = container.children.first {
            open.append(container)
            next = first
            continue
          }
          finished = container.built
        }
      }
      // Hand the finished value to its container, closing containers that are complete.
      while true {
        guard var parent = open.popLast() else { return finished }
        parent.finishChild(finished)
        if parent.current < parent.children.count {
          next = parent.children[parent.current]
          open.append(parent)
          break
        }
        finished = parent.built
      }
    }
  }

  /// Objects and Swift values are told apart first: casting a Swift collection to a class
  /// type (`as? NSNumber`, `is NSNull`) would bridge it to Foundation, recursively and at a cost
  /// that grows with everything inside it.
  private static func shape(of value: Any) -> Shape {
    if let common = shape(ofCommonType: value) { return common }
    if let optional = value as? any OptionalValue {
      guard let wrapped = optional.wrappedValue else { return .leaf(.null) }
      return shape(of: wrapped)
    }
    if type(of: value) is AnyObject.Type { return shape(ofObject: value) }
    if let string = value as? String { return .leaf(.string(string)) }
    if type(of: value) == Bool.self, let bool = value as? Bool { return .leaf(.bool(bool)) }
    if let integer = value as? any BinaryInteger { return .leaf(convert(integer)) }
    if let number = value as? any BinaryFloatingPoint {
      let double = Double(number)
      return .leaf(double.isFinite ? .number(double) : nil)
    }
    if let string = value as? any StringProtocol { return .leaf(.string(String(string))) }
    if let array = value as? [Any] { return .array(array) }
    if type(of: value) == [String: Any].self, let dictionary = value as? [String: Any] {
      return .object(dictionary.map { (key: $0.key, value: $0.value) })
    }
    if let dictionary = value as? [AnyHashable: Any] { return .object(entries(of: dictionary)) }
    return .leaf(nil)
  }

  /// The types payloads are made of, recognised by their exact type before any cast to a
  /// protocol: the first cast of a type to a protocol (`any OptionalValue`, `any BinaryInteger`)
  /// scans every conformance record in the process, Foundation's included, which cost about a
  /// millisecond on the first push after launch (found by the launch benchmark).
  private static func shape(ofCommonType value: Any) -> Shape? {
    let valueType = type(of: value)
    if valueType == String.self, let string = value as? String { return .leaf(.string(string)) }
    if valueType == Int.self, let integer = value as? Int { return .leaf(.integer(integer)) }
    if valueType == Bool.self, let bool = value as? Bool { return .leaf(.bool(bool)) }
    if valueType == Double.self, let double = value as? Double {
      return .leaf(double.isFinite ? .number(double) : nil)
    }
    if valueType == [String: Any].self, let dictionary = value as? [String: Any] {
      return .object(dictionary.map { (key: $0.key, value: $0.value) })
    }
    if valueType == [AnyHashable: Any].self, let dictionary = value as? [AnyHashable: Any] {
      return .object(entries(of: dictionary))
    }
    if valueType == [Any].self, let array = value as? [Any] { return .array(array) }
    // `aps.alert` and FCM data are usually all strings.
    if valueType == [String: String].self, let dictionary = value as? [String: String] {
      return .object(dictionary.map { (key: $0.key, value: $0.value as Any) })
    }
    if valueType == [AnyHashable: String].self, let dictionary = value as? [AnyHashable: String] {
      return .object(entries(of: dictionary))
    }
    if valueType == [String].self, let array = value as? [String] {
      return .array(array.map { $0 as Any })
    }
    return nil
  }

  /// Foundation objects: what `JSONSerialization` returns and what a Darwin `userInfo` holds.
  private static func shape(ofObject value: Any) -> Shape {
    if value is NSNull { return .leaf(.null) }
    if let string = value as? String { return .leaf(.string(string)) }
    // Checked by class: on Linux `NSNumber(value: 1) as? Bool` succeeds.
    if let number = value as? NSNumber { return .leaf(convert(number)) }
    if let array = value as? [Any] { return .array(array) }
    if let dictionary = value as? [AnyHashable: Any] { return .object(entries(of: dictionary)) }
    return .leaf(nil)
  }

  /// The string-keyed entries of a dictionary whose keys may be of any type, a native `String`
  /// key winning over a bridged one with the same text.
  private static func entries<Value>(
    of dictionary: [AnyHashable: Value]
  ) -> [(key: String, value: Any)] {
    var chosen: [String: (value: Any, isNative: Bool)] = [:]
    chosen.reserveCapacity(dictionary.count)
    for (key, value) in dictionary {
      guard let name = key.base as? String else { continue }
      let isNative = type(of: key.base) == String.self
      if let existing = chosen[name], existing.isNative || !isNative { continue }
      chosen[name] = (value, isNative)
    }
    return chosen.map { (key: $0.key, value: $0.value.value) }
  }

  private static func convert(_ number: NSNumber) -> PayloadValue? {
    if isBoolean(number) { return .bool(number.boolValue) }
    // Foundation on Linux reads integers beyond 64 bits, and `Int.min`, as decimal numbers
    // that keep every digit: an integer within `Int` is exact, anything else is a double.
    if number is NSDecimalNumber, let exact = NumberSyntax.int(number.description) {
      return .integer(exact)
    }
    switch UInt8(truncatingIfNeeded: number.objCType.pointee) {
    case UInt8(ascii: "f"), UInt8(ascii: "d"):
      let double = number.doubleValue
      return double.isFinite ? .number(double) : nil
    case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"),
      UInt8(ascii: "C"):
      return convert(number.uint64Value)
    default:
      return convert(number.int64Value)
    }
  }

  private static func convert(_ integer: some BinaryInteger) -> PayloadValue {
    if let exact = Int(exactly: integer) { return .integer(exact) }
    return .number(Double(integer))
  }

  static func isBoolean(_ number: NSNumber) -> Bool {
    #if canImport(Darwin)
      return CFGetTypeID(number) == CFBooleanGetTypeID()
    #else
      // swift-corelibs-foundation: JSONSerialization's `true`/`false` and `NSNumber(value:)`
      // of a Bool are instances of the private boolean subclass, plain numbers are not.
      return ObjectIdentifier(type(of: number)) == booleanClass
    #endif
  }

  #if !canImport(Darwin)
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))
  #endif
}

/// Lets the converter see through an `Optional` stored in an `Any`.
protocol OptionalValue {
  var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
  var wrappedValue: Any? {
    switch self {
    case .some(let value): value
    case .none: nil
    }
  }
}
