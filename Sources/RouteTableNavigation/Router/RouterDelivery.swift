import Foundation
import RouteTable

extension RouteTableRouter {
  /// What delivering a kept entry needs, apart from the root: the resolvers, the discard report
  /// and the state requirement holds are decided under.
  final class Delivery: Sendable {
    let resolve: Resolve
    let resolveAction: ResolveAction
    let resolveURL: ResolveURL
    let resolveShortcut: ResolveDoor?
    let resolveActivity: ResolveDoor?
    let resolveIntent: ResolveDoor?
    let resolveRequirement: ResolveRequirement?
    let onDiscard: (@Sendable (RouterArrival, ArrivalDiscardReason) -> Void)?
    /// Where a route with `app_action` goes instead of `navigate`.
    let onAppAction: AppActionHandler
    let state: Locked<RouterState>

    init(
      resolve: @escaping Resolve, resolveAction: @escaping ResolveAction,
      resolveURL: @escaping ResolveURL, resolveShortcut: ResolveDoor?,
      resolveActivity: ResolveDoor?, resolveIntent: ResolveDoor?,
      resolveRequirement: ResolveRequirement?,
      onDiscard: (@Sendable (RouterArrival, ArrivalDiscardReason) -> Void)?,
      onAppAction: @escaping AppActionHandler, state: Locked<RouterState>
    ) {
      self.resolve = resolve
      self.resolveAction = resolveAction
      self.resolveURL = resolveURL
      self.resolveShortcut = resolveShortcut
      self.resolveActivity = resolveActivity
      self.resolveIntent = resolveIntent
      self.resolveRequirement = resolveRequirement
      self.onDiscard = onDiscard
      self.onAppAction = onAppAction
      self.state = state
    }

    /// Resolves `entry` with the variant of `root` and navigates there (through the requirement
    /// holds), unless its launch was withdrawn by an action tap or it is a foreground push the
    /// root's variant says not to navigate to. A foreground push decided for this very root
    /// navigates with the resolution `willPresent` decided on.
    func deliver(_ entry: RouterEntry, to root: Root) {
      if let launch = entry.launch, state.withLock({ $0.withdrawnLaunch == launch }) {
        onDiscard?(entry.arrival, .replaced)
        return
      }
      if let decision = entry.foreground, decision.generation == root.generation {
        decision.navigate(entry)
        return
      }
      switch entry.arrival {
      case .link(let url):
        navigate(resolveURL(url, root.variant), of: entry, to: root)
      case .actionTap(let action, let payload):
        navigate(resolveAction(action, payload, root.variant), of: entry, to: root)
      case .shortcut(let type, let userInfo):
        guard let resolveShortcut else { return }
        navigate(resolveShortcut(type, userInfo, root.variant), of: entry, to: root)
      case .activity(let type, let userInfo), .restoredActivity(let type, let userInfo):
        guard let resolveActivity else { return }
        navigate(resolveActivity(type, userInfo, root.variant), of: entry, to: root)
      case .intent(let key, let parameters):
        guard let resolveIntent else { return }
        navigate(resolveIntent(key, parameters, root.variant), of: entry, to: root)
      case .push(let payload):
        let resolution = resolve(payload, root.variant, entry.pushState)
        // A foreground payload whose root changed before it was delivered: the new root's
        // variant decides again, and only what `willPresent` would pass on is passed on: a
        // route whose foreground policy keeps it from opening now (`banner`, `ignore`) is not.
        if entry.pushState == .foreground, resolution.foundRoute, !resolution.opensScreen {
          return
        }
        navigate(resolution, of: entry, to: root)
      }
    }
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
    // A route with `app_action` hands the app an app action: the app runs it, nothing opens.
    if resolution.status == .appAction, let action = resolution.appAction {
      onAppAction(
        resolution.category ?? entry.arrival.category ?? "", action, entry.arrival.payload)
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
