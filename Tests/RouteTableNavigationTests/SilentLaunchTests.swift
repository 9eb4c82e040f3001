import Foundation
import TestSupport
import Testing

@_spi(Generated) @testable import RouteTable
@testable import RouteTableNavigation

/// A background launch for a silent push passes the push under the launch options' key for a
/// tap: `didLaunch(withNotification:)` must not keep it, so it never opens a screen later.
@Suite struct SilentLaunchTests {
  private static func makeRouter(
    delivered: Recorder<String>
  ) -> RouteTableRouter<String, String> {
    RouteTableRouter(
      policy: .latest, maxAge: nil, now: { ContinuousClock.now }, onDiscard: nil,
      classifyAction: { _, _ in .unknown },
      resolveAction: { _, _, variant in Resolution(status: .unknownAction, variant: variant) },
      onAppAction: { _, _, _ in },
      resolveURL: { _, variant in Resolution(status: .unknownLink, variant: variant) }
    ) { payload, variant, _ in
      let type = payload.pushType(typeKeys: [["type"]]) ?? "none"
      delivered.record(type)
      return Resolution(status: .matched, variant: variant, destination: type)
    }
  }

  /// `aps` as JSON text, since test arguments must be `Sendable`.
  private static func userInfo(aps: String, type: String) -> [AnyHashable: Any] {
    let object = try? JSONSerialization.jsonObject(with: Data(aps.utf8))
    return ["aps": object ?? [:], "type": type]
  }

  @Test(arguments: [
    #"{"content-available": 1}"#,
    #"{"content-available": true}"#,
    #"{"content-available": "1"}"#,
    #"{"content-available": 1, "sound": "default", "badge": 3}"#,
    #"{"content-available": 1, "alert": null}"#,
  ])
  func aSilentPushInTheLaunchOptionsIsNotKept(aps: String) {
    let delivered = Recorder<String>()
    let router = Self.makeRouter(delivered: delivered)
    router.didLaunch(withNotification: Self.userInfo(aps: aps, type: "silent"))
    router.rootIsReady(variant: "v1") { _ in }
    #expect(delivered.values.isEmpty)
  }

  @Test(arguments: [
    #"{"alert": "Hello"}"#,
    #"{"alert": {"title": "Hi", "body": "there"}, "content-available": 1}"#,
    #"{"content-available": 0}"#,
    #"{}"#,
  ])
  func aNotificationTheUserCouldTapIsKept(aps: String) {
    let delivered = Recorder<String>()
    let router = Self.makeRouter(delivered: delivered)
    router.didLaunch(withNotification: Self.userInfo(aps: aps, type: "course"))
    router.rootIsReady(variant: "v1") { _ in }
    #expect(delivered.values == ["course"])
  }

  @Test func aPayloadWithoutApsIsKept() {
    let delivered = Recorder<String>()
    let router = Self.makeRouter(delivered: delivered)
    router.didLaunch(withNotification: ["type": "course"])
    router.rootIsReady(variant: "v1") { _ in }
    #expect(delivered.values == ["course"])
  }
}
