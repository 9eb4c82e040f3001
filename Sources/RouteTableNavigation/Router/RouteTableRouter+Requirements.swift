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

extension RouteTableRouter.Delivery {
  /// Passes `resolution` (of `entry`) to the root, or holds it while its requirements are unmet
  /// and navigates to the route of the first unmet one instead.
  ///
  /// Whether it is held is decided under the lock that `updateSatisfied` changes the satisfied
  /// set under, so a requirement met at the same moment on another thread either lets it
  /// through here or releases it there, never neither.
  func navigate(
    _ resolution: Resolution<Destination>, of entry: RouterEntry,
    to root: RouteTableRouter.Root
  ) {
    // A route with `app_action` is a command: the app runs it, nothing opens.
    if resolution.status == .appAction, let command = resolution.appAction {
      onAppAction(
        resolution.category ?? entry.arrival.category ?? "", command, entry.arrival.payload)
      return
    }
    guard resolution.opensScreen else {
      root.navigate(resolution)
      return
    }
    let (replaced, unmet, satisfied) = state.withLock {
      state -> (RouterEntry?, RequirementSet, RequirementSet) in
      let unmet = resolution.unmet(satisfied: state.satisfied)
      let replaced = state.held?.entry
      state.held = unmet.isEmpty ? nil : HeldArrival(entry: entry, requires: resolution.requires)
      return (replaced, unmet, state.satisfied)
    }
    if let replaced { onDiscard?(replaced.arrival, .replaced) }
    guard !unmet.isEmpty else {
      root.navigate(resolution)
      return
    }
    if let gate = requirementRoute(for: unmet, satisfied: satisfied, variant: root.variant) {
      root.navigate(gate)
    }
  }

  /// The route of the first unmet requirement; when that route has unmet requirements of its
  /// own (terms that need a signed-in user), the route of the first of those, and so on. The
  /// compiler rejects cycles; `visited` bounds the walk on a table that was not checked.
  private func requirementRoute(
    for unmet: RequirementSet, satisfied: RequirementSet, variant: Variant
  ) -> Resolution<Destination>? {
    guard let resolveRequirement else { return nil }
    var pending = unmet
    var visited = RequirementSet()
    while let first = pending.first, !visited.contains(position: first) {
      visited.insert(position: first)
      guard let resolution = resolveRequirement(first, variant) else { return nil }
      let further = resolution.unmet(satisfied: satisfied)
      if further.isEmpty { return resolution }
      pending = further
    }
    return nil
  }
}
