@_spi(Generated) import RouteTable
import Testing

/// A dynamic quick action whose title the app gives at run time (`open_thread` of the real apps'
/// routes has none in the manifest): the generated builder takes `title:` as a required `String`.
@Suite struct DynamicShortcutTests {
  @Test func theBuilderTitlesTheItemWithTheAppsTitle() throws {
    let item = try #require(
      RealAppsRoutes.shortcutItem(for: .thread(message: 7), title: "Open thread", variant: .default)
    )
    #expect(item.type == "open_thread")
    #expect(item.title == "Open thread")
    #expect(item.userInfo == Payload(["message": .object(["id": .integer(7)])]))
    let resolution = RealAppsRoutes.resolve(
      shortcut: item.type, item.userInfo, variant: .default)
    #expect(resolution.destination == .thread(message: 7))
    #expect(
      RealAppsRoutes.shortcutItem(for: .reminders, title: "Reminders", variant: .default) == nil)
  }
}
