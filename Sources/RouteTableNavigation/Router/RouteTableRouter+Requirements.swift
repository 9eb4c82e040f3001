import Foundation
import RouteTable

/// Requirement holds: a resolution whose route requires what the app has not reported satisfied
/// is held (the newest one) while the route of its first unmet requirement is shown, and released
/// through the gate when the app reports them met.
extension RouteTableRouter {
  /// The requirements the app reports as satisfied; a snapshot.
  public var satisfiedRequirements: RequirementSet {
    state.withLock { $0.satisfied }
  }

  /// Whether a navigation is held until its requirements are met; a snapshot.
  public var hasHeldNavigation: Bool {
    state.withLock { $0.held != nil }
  }

  /// Reports that `requirement` now holds (`satisfied: true`, the user signed in) or no longer
  /// does. Call it whenever the condition changes, from any thread.
  ///
  /// A resolution whose route requires what is not satisfied is not navigated to: the router
  /// holds it (the newest one; an older held one is dropped as `.replaced`) and navigates to the
  /// route of its first unmet requirement instead (the sign-in screen), when that requirement
  /// names one. When a call here makes the last of its requirements hold, the held arrival is
  /// resolved again, with the variant of the root then ready (or when the next root is), and
  /// navigated to, exactly once; older than `maxAge` by then, it is dropped as `.expired`. A
  /// requirement that stops holding never undoes what was shown.
  public func setRequirement<Requirement: RouteRequirement>(
    _ requirement: Requirement, satisfied: Bool
  ) {
    setRequirement(position: requirement.rawValue, satisfied: satisfied)
  }

  /// `setRequirement(_:satisfied:)` by the requirement's position in the manifest.
  package func setRequirement(position: Int, satisfied: Bool) {
    updateSatisfied { set in
      if satisfied {
        set.insert(position: position)
      } else {
        set.remove(position: position)
      }
    }
  }

  /// Replaces the whole satisfied set at once (at launch, from the restored session, say), with
  /// the effects `setRequirement(_:satisfied:)` describes.
  public func setSatisfiedRequirements(_ requirements: RequirementSet) {
    updateSatisfied { $0 = requirements }
  }

  /// Drops the navigation held for requirements, reported to `onDiscard` as `.cancelled`: the
  /// user closed the sign-in screen, say. Returns whether one was held.
  @discardableResult
  public func discardHeldNavigation() -> Bool {
    guard
      let held = state.withLock({ state -> HeldArrival? in
        defer { state.held = nil }
        return state.held
      })
    else { return false }
    delivery.onDiscard?(held.entry.arrival, .cancelled)
    return true
  }

  private func updateSatisfied(_ change: (inout RequirementSet) -> Void) {
    let released = state.withLock { state -> HeldArrival? in
      change(&state.satisfied)
      guard let held = state.held, held.requires.subtracting(state.satisfied).isEmpty else {
        return nil
      }
      state.held = nil
      return held
    }
    guard let entry = released?.entry else { return }
    if let maxAge, entry.receivedAt.duration(to: now()) > maxAge {
      delivery.onDiscard?(entry.arrival, .expired)
      return
    }
    // Through the gate, so it reaches `navigate` in order with other arrivals, never during
    // another delivery, and with the root (and variant) in force then. Resolved again: the
    // resolution it was held with was made for the root of its time.
    gate.receive(entry.undecided)
  }
}
