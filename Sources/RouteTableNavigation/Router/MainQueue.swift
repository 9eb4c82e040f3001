import Foundation

/// Runs `body` on the main queue, after every body handed over before it.
///
/// The one hop from a router's `navigate` (any thread) to the main actor, shared by
/// `TabNavigator` and `NavigationState`: the main queue is serial, so resolutions are applied in
/// the order they were delivered, which a `Task` per resolution would not promise.
func onMainQueueInOrder(_ body: @escaping @MainActor @Sendable () -> Void) {
  DispatchQueue.main.async {
    MainActor.assumeIsolated { body() }
  }
}
