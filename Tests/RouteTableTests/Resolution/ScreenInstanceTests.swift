@_spi(Generated) import RouteTable
import Testing

/// The accessors and key generated `Destination` code is built on.
@Suite struct ScreenInstanceTests {
  let screen = ScreenInstance(
    index: 3, name: "Reader",
    params: [
      ("title", .string("Intro")), ("page", .int(7)), ("compact", .bool(true)),
      ("zoom", .double(1.5)), ("note", nil),
    ])

  @Test func typedAccessorsReadOnlyTheirOwnType() {
    #expect(screen.string(0) == "Intro")
    #expect(screen.int(1) == 7)
    #expect(screen.bool(2) == true)
    #expect(screen.double(3) == 1.5)
    #expect(screen.int(0) == nil)
    #expect(screen.string(1) == nil)
    #expect(screen.string(4) == nil)
    #expect(screen.string(5) == nil)
    #expect(screen.int(-1) == nil)
  }

  @Test func requiredAccessorsFallBackToEmptyValuesInsteadOfTrapping() {
    #expect(screen.requiredString(0) == "Intro")
    #expect(screen.requiredInt(1) == 7)
    #expect(screen.requiredBool(2) == true)
    #expect(screen.requiredDouble(3) == 1.5)
    #expect(screen.requiredString(4) == "")
    #expect(screen.requiredInt(0) == 0)
    #expect(screen.requiredBool(99) == false)
    #expect(screen.requiredDouble(-1) == 0)
  }

  @Test func screenKeysAreEqualForTheSameScreenAndValues() {
    let key = ScreenKey(3).string("Intro").int(7).bool(nil)
    let same = ScreenKey(3).string("Intro").int(7).bool(nil)
    #expect(key == same)
    #expect(key.hashValue == same.hashValue)
    #expect(key.values == [.string("Intro"), .int(7), nil])
    #expect(key != ScreenKey(4).string("Intro").int(7).bool(nil))
    #expect(key != ScreenKey(3).string("Intro").int(8).bool(nil))
    #expect(key != ScreenKey(3).string("Intro").int(7).bool(false))
    #expect(key != ScreenKey(3).string("Intro").int(7))
    // The same value under another type is another parameter value.
    #expect(ScreenKey(0).int(1) != ScreenKey(0).double(1))
    #expect(ScreenKey(0).string("true") != ScreenKey(0).bool(true))
  }
}
