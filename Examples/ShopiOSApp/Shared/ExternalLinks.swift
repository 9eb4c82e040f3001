import RouteTableNavigation
import UIKit

/// URLs that no link pattern of the manifest matches (`unknown_link`): other sites open in the
/// browser; a URL of the app's own hosts or schemes would come straight back, so it is logged.
enum ExternalLinks {
  static func open(_ text: String) {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return }
    let host = url.host?.lowercased() ?? ""
    let isOwn =
      ShopRoutes.table.linkSchemes.contains(scheme)  // generated table
      || (scheme == "https" && ShopRoutes.table.linkHosts.contains(host))
    guard !isOwn, scheme == "https" || scheme == "http" else {
      logger.notice("no screen for the link \(text)")
      return
    }
    // `onUnknownLink` runs on whichever thread delivers; UIApplication is main-actor only.
    Task { @MainActor in _ = await UIApplication.shared.open(url) }
  }
}
