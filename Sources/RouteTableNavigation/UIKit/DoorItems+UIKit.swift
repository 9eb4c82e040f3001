#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
  import UIKit

  extension UIApplicationShortcutItem {
    /// The quick action the generated `shortcutItem(for:title:variant:)` built, to add to
    /// `UIApplication.shared.shortcutItems`: its type, title and `userInfo`, with `icon`.
    public convenience init(_ item: ShortcutItem, icon: UIApplicationShortcutIcon? = nil) {
      self.init(
        type: item.type, localizedTitle: item.title, localizedSubtitle: nil, icon: icon,
        userInfo: item.userInfo.userInfo.compactMapValues { $0 as AnyObject as? NSSecureCoding })
    }
  }

  extension NSUserActivity {
    /// The activity the generated `userActivity(for:variant:)` built: for Handoff and Siri
    /// suggestions (`becomeCurrent()`), or to return from `stateRestorationActivity(for:)`.
    public convenience init(_ activity: UserActivity) {
      self.init(activityType: activity.activityType)
      userInfo = activity.userInfo.userInfo
      webpageURL = activity.webpageURL
    }
  }
#endif
