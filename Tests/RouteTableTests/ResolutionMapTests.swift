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
