import Testing

@_spi(Generated) @testable import RouteTable

/// Generated code turns every `Resolution<ScreenInstance>` into the app's typed resolution with
/// `map`, which moves the members out of the resolution it consumes: each must arrive intact.
@Suite struct ResolutionMapTests {
  static let screen = ScreenInstance(index: 3, name: "Book", params: [("id", .int(7))])

  static func full(destination: ScreenInstance?) -> Resolution<ScreenInstance> {
    Resolution(
      status: .matched, variant: "a variant name longer than fifteen bytes", pushType: "book",
      route: "book_route", destination: destination, tab: TabSelection(name: "shop", index: 1),
      url: "https://m.example.com/a/long/enough/url?id=7", presentation: .modal,
      foregroundPolicy: .banner, errors: [ParameterError(param: "p", reason: .invalid)],
      category: "updates", notificationAction: "open", link: "/books/{id}/chapters/{chapter}")
  }

  @Test func everyMemberButTheDestinationIsCarriedOver() {
    let mapped = Self.full(destination: Self.screen).map { "screen \($0.index)" }
    #expect(mapped.destination == "screen 3")
    #expect(mapped.status == .matched)
    #expect(mapped.variant == "a variant name longer than fifteen bytes")
    #expect(mapped.pushType == "book")
    #expect(mapped.route == "book_route")
    #expect(mapped.tab == TabSelection(name: "shop", index: 1))
    #expect(mapped.url == "https://m.example.com/a/long/enough/url?id=7")
    #expect(mapped.presentation == .modal)
    #expect(mapped.foregroundPolicy == .banner)
    #expect(mapped.errors == [ParameterError(param: "p", reason: .invalid)])
    #expect(mapped.category == "updates")
    #expect(mapped.notificationAction == "open")
    #expect(mapped.link == "/books/{id}/chapters/{chapter}")
  }

  @Test func aDestinationTheTransformRejectsOrThatIsAbsentIsNil() {
    var transformed = 0
    let rejected = Self.full(destination: Self.screen).map { _ -> String? in
      transformed += 1
      return nil
    }
    #expect(rejected.destination == nil)
    #expect(rejected.route == "book_route")
    let absent = Self.full(destination: nil).map { _ -> String? in
      transformed += 1
      return "never"
    }
    #expect(absent.destination == nil)
    #expect(absent.link == "/books/{id}/chapters/{chapter}")
    #expect(transformed == 1)
  }

  /// The resolution a value was mapped from is a copy the caller still holds: moving out of the
  /// consumed one must not empty it.
  @Test func theOriginalKeepsItsMembers() {
    let original = Self.full(destination: Self.screen)
    let mapped = original.map { $0.name }
    #expect(mapped.destination == "Book")
    #expect(original.destination == Self.screen)
    #expect(original.variant == "a variant name longer than fifteen bytes")
    #expect(original.url == "https://m.example.com/a/long/enough/url?id=7")
    #expect(original.errors.count == 1)
  }
}

/// `RequirementSet`: one word, positions 0 to 63, nothing else.
@Suite struct RequirementSetTests {
  @Test func holdsPositionsInOrderAndIgnoresThoseOutsideItsWord() {
    var set = RequirementSet(positions: [5, 0, 63, 64, -1, 5])
    #expect(set.positions == [0, 5, 63])
    #expect(set.count == 3)
    #expect(set.first == 0)
    #expect(set.contains(position: 63) && !set.contains(position: 64))
    set.remove(position: 0)
    set.remove(position: 99)
    #expect(set.first == 5)
    set.insert(position: 1)
    #expect(set.positions == [1, 5, 63])
    #expect(RequirementSet().first == nil && RequirementSet().isEmpty)
    #expect(RequirementSet.capacity == 64)
  }

  @Test func subtractingAndUnion() {
    let a = RequirementSet(positions: [0, 1, 2])
    let b = RequirementSet(positions: [1, 3])
    #expect(a.subtracting(b).positions == [0, 2])
    #expect(a.union(b).positions == [0, 1, 2, 3])
    let resolution = Resolution<String>(status: .matched, variant: "default", requires: a)
    #expect(resolution.unmet(satisfied: b).positions == [0, 2])
  }

  @Test func mapCarriesRequirementsAndConvertsTheStack() {
    let resolution = Resolution<Int>(
      status: .matched, variant: "default", destination: 3,
      requires: RequirementSet(positions: [2]), stack: [1, 2, -1])
    let mapped = resolution.map { $0 >= 0 ? "screen\($0)" : nil }
    #expect(mapped.requires.positions == [2])
    // A screen the app's code maps to nothing is left out; the others keep their order.
    #expect(mapped.stack == ["screen1", "screen2"])
    #expect(mapped.destination == "screen3")
  }
}
