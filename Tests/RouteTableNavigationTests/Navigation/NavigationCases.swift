import Testing

@_spi(Generated) @testable import RouteTable
@testable import RouteTableNavigation

/// A resolution, by the members the navigation decision reads.
struct ResolutionCase: Hashable, Sendable, CustomTestStringConvertible {
  var status: ResolutionStatus
  var action: ForegroundPolicy?
  var presentation: Presentation?
  var tab: Int?
  var hasDestination: Bool
  /// Whether the route builds a back stack (two screens beneath its own).
  var hasStack = false

  var resolution: Resolution<String> {
    Resolution(
      status: status, variant: "default", destination: hasDestination ? "screen" : nil,
      tab: tab.map { TabSelection(name: "tab\($0)", index: $0) }, presentation: presentation,
      foregroundPolicy: action, stack: hasStack ? ["below1", "below2"] : [])
  }

  var testDescription: String {
    "\(status.rawValue) action=\(action?.rawValue ?? "nil") "
      + "presentation=\(presentation?.rawValue ?? "nil") tab=\(tab.map(String.init) ?? "nil") "
      + (hasDestination ? "destination" : "no destination") + (hasStack ? " stack" : "")
  }

  /// Every status, action, presentation, destination and back stack, with no tab, tabs inside the three-tab
  /// UIs below, a tab past them and a negative one.
  static let all: [ResolutionCase] = ResolutionStatus.allCases.flatMap { status in
    ([nil] + ForegroundPolicy.allCases).flatMap { action in
      ([nil] + Presentation.allCases).flatMap { presentation in
        [nil, 0, 1, 2, 3, -1].flatMap { tab in
          [true, false].flatMap { hasDestination in
            [false, true].map { hasStack in
              ResolutionCase(
                status: status, action: action, presentation: presentation, tab: tab,
                hasDestination: hasDestination, hasStack: hasStack)
            }
          }
        }
      }
    }
  }
}

/// A UI in plain fields: `tabs` nil for no tab bar, else whether each tab has a stack.
struct UICase: Hashable, Sendable, CustomTestStringConvertible {
  var tabs: [Bool]?
  var selected = 0
  var rootHasStack = false
  var isPresenting = false

  var ui: NavigationUI {
    NavigationUI(
      root: tabs.map { .tabs(hasStack: $0, selected: selected) }
        ?? .single(hasStack: rootHasStack),
      isPresenting: isPresenting)
  }

  var testDescription: String {
    let root =
      tabs.map { "tabs \($0.map { $0 ? "S" : "-" }.joined()) selected \(selected)" }
      ?? (rootHasStack ? "single stack" : "single screen")
    return root + (isPresenting ? ", presenting" : "")
  }

  /// No tab bar with and without a stack; three tabs with stacks; a selected tab without one;
  /// only the middle tab with one; a selection outside the tabs (UIKit's NSNotFound); an empty
  /// tab bar. Each presenting a sheet and not.
  static let all: [UICase] = [
    UICase(tabs: nil, rootHasStack: true),
    UICase(tabs: nil, rootHasStack: false),
    UICase(tabs: [true, true, true], selected: 0),
    UICase(tabs: [true, false, true], selected: 1),
    UICase(tabs: [false, true, false], selected: 0),
    UICase(tabs: [true, true, true], selected: 7),
    UICase(tabs: [], selected: 0),
  ].flatMap { ui in
    [false, true].map { isPresenting in
      var copy = ui
      copy.isPresenting = isPresenting
      return copy
    }
  }
}

/// The decision's rules, written out again from the plain fields of the cases, so the tests
/// compare two implementations rather than one with itself.
enum Oracle {
  static func decision(_ r: ResolutionCase, _ ui: UICase) -> NavigationDecision {
    if r.status != .matched && r.status != .fallback { return .skip(.status(r.status)) }
    if r.action == .banner { return .skip(.foregroundPolicy(.banner)) }
    if r.action == .ignore { return .skip(.foregroundPolicy(.ignore)) }
    if !r.hasDestination { return .skip(.noDestination) }

    guard let tabs = ui.tabs else {
      if r.presentation == .modal || !ui.rootHasStack {
        return .show(selectTab: nil, dismissPresented: false, transition: .present)
      }
      return .show(
        selectTab: nil, dismissPresented: ui.isPresenting,
        transition: r.hasStack ? .replaceStack(tab: nil) : .push(tab: nil))
    }
    var routeTab: Int?
    if let tab = r.tab, tab >= 0, tab < tabs.count { routeTab = tab }
    let target = routeTab ?? ui.selected
    let select = routeTab == ui.selected ? nil : routeTab
    let targetHasStack = target >= 0 && target < tabs.count && tabs[target]
    if r.presentation == .modal || !targetHasStack {
      return .show(selectTab: select, dismissPresented: false, transition: .present)
    }
    return .show(
      selectTab: select, dismissPresented: ui.isPresenting,
      transition: r.hasStack ? .replaceStack(tab: target) : .push(tab: target))
  }
}
