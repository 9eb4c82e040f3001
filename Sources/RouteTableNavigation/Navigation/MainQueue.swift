import Foundation

/// Runs `body` on the main queue, after every body handed over before it.
///
/// The one hop the UI appliers (`TabNavigator`, `NavigationState`) make from the thread that
/// hands them a resolution (a router's `navigate`, called on any thread) to the main actor: the
/// main queue is serial, so resolutions are applied in the order they were delivered, which a
/// `Task` per resolution would not promise.
func onMainQueueInOrder(_ body: @escaping @MainActor @Sendable () -> Void) {
  DispatchQueue.main.async {
    MainActor.assumeIsolated { body() }
  }
}
