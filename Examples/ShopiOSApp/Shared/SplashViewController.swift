import RouteTableNavigation
import UIKit

/// A fake splash that looks exactly like the launch screen (the same background and logo), shown
/// as the root while the UI variant is fetched: the fetch starts in `viewDidAppear` (once the
/// launch screen has been replaced, not in `viewDidLoad`), waits at most `timeout`, and falls
/// back to the in-app default; then `onVariant` swaps the root.
final class SplashViewController: UIViewController {
  private let remoteConfig: any RemoteConfigSource
  private let timeout: Duration
  private let onVariant: @MainActor (ShopRoutes.Variant) -> Void
  private var fetch: Task<Void, Never>?

  init(
    remoteConfig: any RemoteConfigSource, timeout: Duration = .seconds(3),
    onVariant: @escaping @MainActor (ShopRoutes.Variant) -> Void
  ) {
    self.remoteConfig = remoteConfig
    self.timeout = timeout
    self.onVariant = onVariant
    super.init(nibName: nil, bundle: nil)
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground  // as LaunchScreen.storyboard
    let logo = UIImageView(image: UIImage(systemName: "bag.fill"))
    logo.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(logo)
    NSLayoutConstraint.activate([
      logo.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      logo.centerYAnchor.constraint(equalTo: view.centerYAnchor),
    ])
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    guard fetch == nil else { return }
    let remoteConfig = remoteConfig
    let timeout = timeout
    fetch = Task { [weak self] in
      let variant = await remoteConfig.variant(timeout: timeout)
      self?.onVariant(variant)
    }
  }
}
