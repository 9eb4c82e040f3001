import RouteTableNavigation
import os

#if canImport(FirebaseRemoteConfig)
  import FirebaseRemoteConfig
#endif

/// Where the UI variant's remote-config value comes from: the app's own small protocol, so the
/// splash and the tests do not depend on Firebase.
protocol RemoteConfigSource: Sendable {
  /// Fetches and activates the config, and returns the value of `key`; nil when there is none.
  func fetchValue(forKey key: String) async throws -> String?
}

extension RemoteConfigSource {
  /// The variant to build, from the value fetched within `timeout`, or else the in-app
  /// default (`routec remote-config defaults`, the same string as
  /// `ShopRoutes.Variant.remoteConfigDefault`): never nothing, however slow the network.
  ///
  /// Whichever comes first answers: the fetch or the timeout. A fetch that outlasts the timeout
  /// is not waited for (it need not support cancellation): it goes on in the background, and the
  /// value it activates is used at the next launch.
  func variant(timeout: Duration = .seconds(3)) async -> ShopRoutes.Variant {
    let key = ShopRoutes.Variant.remoteConfigKey  // generated: "version"
    let value: String? = await withCheckedContinuation { continuation in
      let pending = OSAllocatedUnfairLock<CheckedContinuation<String?, Never>?>(
        initialState: continuation)
      let answer: @Sendable (String?) -> Void = { value in
        let first = pending.withLock { waiting in
          defer { waiting = nil }
          return waiting
        }
        first?.resume(returning: value)
      }
      let timer = Task {
        try? await Task.sleep(for: timeout)
        answer(nil)
      }
      Task {
        answer(try? await fetchValue(forKey: key))
        timer.cancel()
      }
    }
    return ShopRoutes.Variant(remoteValue: value ?? ShopRoutes.Variant.remoteConfigDefault)
  }
}

/// A stand-in that answers after a short delay, so the example runs without a Firebase project.
struct FakeRemoteConfig: RemoteConfigSource {
  var value: String? = "1"
  var delay: Duration = .milliseconds(500)

  func fetchValue(forKey key: String) async throws -> String? {
    try await Task.sleep(for: delay)
    return value
  }
}

#if canImport(FirebaseRemoteConfig)
  /// Firebase Remote Config behind the app's protocol (not compiled by this repository's check,
  /// which has no Firebase): the in-app default from the generated constants, then fetch and
  /// activate.
  struct FirebaseRemoteConfigSource: RemoteConfigSource {
    func fetchValue(forKey key: String) async throws -> String? {
      let remoteConfig = RemoteConfig.remoteConfig()
      remoteConfig.setDefaults([
        ShopRoutes.Variant.remoteConfigKey: ShopRoutes.Variant.remoteConfigDefault as NSObject
      ])
      _ = try await remoteConfig.fetchAndActivate()
      return remoteConfig.configValue(forKey: key).stringValue
    }
  }
#endif
