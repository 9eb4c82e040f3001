import Foundation
import RouteTable

/// The root's lifecycle: `rootIsReady` and `rootWillChange` open and close the gate, and every
/// arrival the gate lets through is resolved with the variant of the root that receives it
/// (`Delivery.deliver(_:to:)`).
extension RouteTableRouter {
  /// A ready root: the variant the app chose and where resolutions go.
  ///
  /// A class, like `Delivery`: the generic code that delivers reads its fields through the
  /// instance, where a struct of the router's generic parameters would have its metadata looked
  /// up on every delivery.
  final class Root: Sendable {
    let variant: Variant
    let navigate: Navigate
    /// Counts `rootIsReady` and `rootWillChange` calls, so an entry resolved for one root is
    /// recognised as stale by the next.
    let generation: Int

    init(variant: Variant, navigate: @escaping Navigate, generation: Int) {
      self.variant = variant
      self.navigate = navigate
      self.generation = generation
    }
  }

  /// The root in force, apart from `RouterState` so that the state every delivery reads is not
  /// generic.
  struct RootSlot {
    /// Nil until `rootIsReady` and after `rootWillChange`.
    var root: Root?
    var generation = 0
  }

  /// Whether the root is ready, so payloads are resolved and delivered at once; a snapshot.
  public var isRootReady: Bool {
    roots.withLock { $0.root != nil }
  }

  /// Call once the real root exists and the UI variant is known: resolves every kept payload with
  /// `variant` and passes it to `navigate`, once each and in arrival order (kept payloads older
  /// than `maxAge` are dropped first), then does the same for every later payload at once.
  ///
  /// Kept payloads are delivered on this thread before this call returns. Calling it again, with
  /// or without `rootWillChange()` in between, switches every later delivery to the new variant
  /// and `navigate`; a kept payload goes to the root that is ready when it is delivered, never to
  /// an earlier one.
  public func rootIsReady(variant: Variant, navigate: @escaping Navigate) {
    transition { generation in Root(variant: variant, navigate: navigate, generation: generation) }
  }

  /// Call when the root is about to go away (logout, switching variants): payloads are kept again
  /// until the next `rootIsReady(variant:navigate:)`. A payload that another thread is delivering
  /// at this moment may still reach the old `navigate`.
  public func rootWillChange() {
    transition { _ in nil }
  }

  /// Records the new root (or its absence) and brings the gate in line with it.
  ///
  /// The state is changed under the lock but the gate is opened or closed outside it, because
  /// opening delivers payloads, and `navigate` may call back into the router. So a transition that
  /// started later, on another thread, can reach the gate first; whoever then finds that the
  /// state moved on while it was at the gate applies the newest state again, so the gate always
  /// ends up matching the transition that started last.
  private func transition(_ makeRoot: (Int) -> Root?) {
    var (generation, root) = roots.withLock { slot -> (Int, Root?) in
      slot.generation += 1
      slot.root = makeRoot(slot.generation)
      return (slot.generation, slot.root)
    }
    while true {
      if let root {
        gate.open { [delivery] entry in delivery.deliver(entry, to: root) }
      } else {
        gate.close()
      }
      let latest = roots.withLock { ($0.generation, $0.root) }
      if latest.0 == generation { return }
      (generation, root) = latest
    }
  }
}
