import Foundation
@_spi(Generated) import RouteTable
import Testing

@testable import RouteCompiler

/// The hashed lookup tables in the packed table: every push type, alias and remote-config value
/// is found through its hash slots, and nothing else is, at sizes where many keys share a slot.
@Suite struct LookupIndexTests {
  static let routeCount = 3_000

  static func table() throws -> RouteTable {
    var text = "manifest: 1\n"
    text += "remote_config:\n  variant_key: version\n  default_variant: a\n"
    text += "variants:\n  a:\n    values: [\"1\", \"1.0\", \"x.y\"]\n    tabs: [home]\n"
    text += "  b:\n    values: [\"2\", \"a\"]\n    tabs: [home]\n"
    text += "screens:\n  Home: {}\nroutes:\n"
    for index in 0..<routeCount {
      text += "  r\(index):\n    screen: Home\n    aliases: [\"alias:\(index)\"]\n"
    }
    let output = ManifestPipeline.run(bytes: Array(text.utf8), fileName: "lookup.routes.yaml")
    return RouteTableEncoder.table(for: try #require(output.manifest))
  }

  @Test func everyPushTypeAndAliasIsFoundAndNothingElse() throws {
    let table = try Self.table()
    for index in 0..<Self.routeCount {
      for pushType in ["r\(index)", "alias:\(index)"] {
        let resolution = table.resolve(Payload(["type": .string(pushType)]), variant: 0)
        #expect(resolution.status == .matched, "\(pushType)")
        #expect(resolution.route == "r\(index)")
      }
    }
    for unknown in ["r\(Self.routeCount)", "r-1", "R1", "r1 ", "alias:", "", "alias:01", "r"] {
      let resolution = table.resolve(Payload(["type": .string(unknown)]), variant: 0)
      #expect(resolution.status == (unknown.isEmpty ? .missingType : .unknownType), "\(unknown)")
    }
  }

  @Test func remoteValuesAreFoundAndUnknownOnesUseTheDefault() throws {
    let table = try Self.table()
    #expect(table.variant(remoteValue: "1") == 0)
    #expect(table.variant(remoteValue: "1.0") == 0)
    #expect(table.variant(remoteValue: "x.y") == 0)
    #expect(table.variant(remoteValue: "2") == 1)
    #expect(table.variant(remoteValue: "a") == 1)
    #expect(table.variant(remoteValue: "3") == 0)
    #expect(table.variant(remoteValue: "b") == 0)
    #expect(table.variant(remoteValue: nil) == 0)
  }

  /// The slot count is the smallest power of two at least twice the entries (and 1 for none):
  /// encoder and reader compute it with the same function, and a change would move every key.
  @Test func slotCountsArePowersOfTwoAtLeastTwiceTheEntries() {
    #expect(RouteTableLayout.hashSlots(forEntries: 0) == 1)
    for count in 1...5_000 {
      let slots = RouteTableLayout.hashSlots(forEntries: count)
      #expect(slots.nonzeroBitCount == 1 && slots >= 2 * count && slots / 2 < 2 * count, "\(count)")
    }
  }

  /// Linear probing puts keys whose hashes share a slot in the following slots; the test only
  /// means something when some keys do.
  @Test func theTestTableHasCollidingKeys() {
    let slots = RouteTableLayout.hashSlots(forEntries: 2 * Self.routeCount)
    let keys = (0..<Self.routeCount).flatMap { ["r\($0)", "alias:\($0)"] }
    let used = Set(keys.map { RouteTableLayout.hash($0.utf8) & (slots - 1) })
    #expect(used.count < keys.count)
  }

  @Test func hashIsFNV1a() {
    #expect(RouteTableLayout.hash("".utf8) == 0x811C_9DC5)
    #expect(RouteTableLayout.hash("a".utf8) == 0xE40C_292C)
    #expect(RouteTableLayout.hash("foobar".utf8) == 0xBF9C_F968)
    #expect(RouteTableLayout.hashSlots(forEntries: 0) == 1)
    #expect(RouteTableLayout.hashSlots(forEntries: 3) == 8)
    #expect(RouteTableLayout.hashSlots(forEntries: 4) == 8)
  }
}
