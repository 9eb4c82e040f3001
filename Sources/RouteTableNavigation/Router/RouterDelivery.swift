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
    let resolveRequirement: ResolveRequirement?
    let onDiscard: (@Sendable (RouterArrival, ArrivalDiscardReason) -> Void)?
    /// Where a route with `app_action` goes instead of `navigate`.
    let onAppAction: AppActionHandler
    let state: Locked<RouterState>

    init(
      resolve: @escaping Resolve, resolveAction: @escaping ResolveAction,
      resolveURL: @escaping ResolveURL, resolveShortcut: ResolveDoor?,
      resolveActivity: ResolveDoor?, resolveRequirement: ResolveRequirement?,
      onDiscard: (@Sendable (RouterArrival, ArrivalDiscardReason) -> Void)?,
      onAppAction: @escaping AppActionHandler, state: Locked<RouterState>
    ) {
      self.resolve = resolve
      self.resolveAction = resolveAction
      self.resolveURL = resolveURL
      self.resolveShortcut = resolveShortcut
      self.resolveActivity = resolveActivity
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
      case .push(let payload):
        let resolution = resolve(payload, root.variant, entry.pushState)
        // A foreground payload whose root changed before it was delivered: the new root's
        // variant decides again, and only what `willPresent` would pass on is passed on.
        if entry.pushState == .foreground,
          resolution.foregroundPolicy == .banner || resolution.foregroundPolicy == .ignore
        {
          return
        }
        navigate(resolution, of: entry, to: root)
      }
    }
  }
}
