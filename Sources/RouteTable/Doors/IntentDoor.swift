/// Where the App Intents that `routec` generates for a manifest's `intents` hand what they were
/// run with: the intent's key and its parameters' values by payload key. Apps register one with
/// App Intents at launch, and each generated intent's `perform()` reads it as a dependency:
///
/// ```swift
/// AppDependencyManager.shared.add(dependency: router.intentDoor)
/// ```
///
/// `RouteTableRouter.intentDoor` hands the intent to the router, which resolves it with the
/// generated `resolve(intent:_:variant:)` like every door. An app with a router of its own makes
/// one with a closure that does the same.
public final class IntentDoor: Sendable {
  private let open: @Sendable (_ intent: String, _ parameters: Payload) -> Bool

  /// `open` receives each intent run, on any thread; it returns whether it took it.
  public init(_ open: @escaping @Sendable (_ intent: String, _ parameters: Payload) -> Bool) {
    self.open = open
  }

  /// Hands the intent `intent`, run with `parameters`, to the app; returns whether it was taken.
  @discardableResult
  public func open(intent: String, parameters: Payload) -> Bool {
    open(intent, parameters)
  }
}
