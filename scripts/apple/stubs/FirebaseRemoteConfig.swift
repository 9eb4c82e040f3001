// A stand-in for Firebase's FirebaseRemoteConfig module, written from its documented Swift API
// (firebase.google.com/docs/reference/swift/firebaseremoteconfig/api/reference/Classes), with
// only what the docs' blocks call: scripts/check-apple.sh compiles the blocks that import
// FirebaseRemoteConfig against it, so they are type-checked rather than skipped. Nothing runs.
// The completion handlers are @Sendable, as Firebase calls them on a queue of its own.
import Foundation

public final class RemoteConfig: NSObject, @unchecked Sendable {
  public static func remoteConfig() -> RemoteConfig { RemoteConfig() }

  public func setDefaults(_ defaults: [String: NSObject]?) {}

  public func fetchAndActivate(
    completionHandler: (@Sendable (RemoteConfigFetchAndActivateStatus, (any Error)?) -> Void)? =
      nil
  ) {}

  public func activate(completion: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {}

  @discardableResult
  public func addOnConfigUpdateListener(
    remoteConfigUpdateCompletion listener:
      @escaping @Sendable (RemoteConfigUpdate?, (any Error)?)
      -> Void
  ) -> ConfigUpdateListenerRegistration { ConfigUpdateListenerRegistration() }

  public subscript(key: String) -> RemoteConfigValue { RemoteConfigValue() }
}

public enum RemoteConfigFetchAndActivateStatus: Int, Sendable {
  case successFetchedFromRemote, successUsingPreFetchedData, error
}

public final class RemoteConfigValue: NSObject, @unchecked Sendable {
  public var stringValue: String { "" }
}

public final class RemoteConfigUpdate: NSObject, @unchecked Sendable {
  public var updatedKeys: Set<String> { [] }
}

public final class ConfigUpdateListenerRegistration: NSObject, @unchecked Sendable {
  public func remove() {}
}
