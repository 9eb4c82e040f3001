import RouteTableNavigation
import SwiftUI
import UIKit

/// The one place a destination becomes a screen: one exhaustive switch over the generated
/// enum, so a screen added to the manifest fails this build until it is handled. The switches
/// are statements (a `return` in each case): when a screen gains a parameter, Swift 6.3 names
/// the case that binds too few ("tuple pattern has the wrong length"), where it fails on a
/// switch expression or a `@ViewBuilder` switch ("failed to produce diagnostic for expression").
enum Screens {
  /// For `TabNavigator` (UIKit). A route with `presentation: modal` is presented exactly as
  /// returned here, with no navigation controller around it: `BookReaderViewController` adds
  /// its own close button when it is presented.
  @MainActor static func viewController(
    for destination: ShopRoutes.Destination, url: String?
  ) -> UIViewController? {
    // Statement form: a stale case gets its real error; Swift 6.3 fails on a switch expression.
    switch destination {
    case .home: return HomeViewController()
    case .giftManager: return GiftManagerViewController()
    case .lessonDetail(let id): return LessonDetailViewController(id: id, pageURL: url)
    case .bookReader(let bookId, let hideCache, let chapter):
      return BookReaderViewController(bookId: bookId, hideCache: hideCache, chapter: chapter)
    case .signIn: return SignInViewController()
    case .orderList: return PlaceholderViewController(title: "Orders", text: "Your orders")
    case .orderDetail(let orderId):
      return PlaceholderViewController(title: "Order", text: "Order \(orderId)")
    }
  }

  /// For `RoutedNavigationView` (SwiftUI). An `AnyView`, so that each case can `return`: a
  /// `@ViewBuilder` function cannot.
  @MainActor static func view(for destination: ShopRoutes.Destination) -> AnyView {
    // Statement form: a stale case gets its real error; Swift 6.3 fails on a @ViewBuilder one.
    switch destination {
    case .home: return AnyView(Text("Home"))
    case .giftManager: return AnyView(Text("Gifts"))
    case .lessonDetail(let id): return AnyView(Text("Lesson \(id)"))
    case .bookReader(let bookId, _, let chapter):
      return AnyView(Text("Book \(bookId), chapter \(chapter.map(String.init) ?? "1")"))
    case .signIn: return AnyView(SignInView())
    case .orderList: return AnyView(Text("Your orders"))
    case .orderDetail(let orderId): return AnyView(Text("Order \(orderId)"))
    }
  }
}

/// A placeholder screen: a title and a label.
class PlaceholderViewController: UIViewController {
  private let text: String

  init(title: String, text: String) {
    self.text = text
    super.init(nibName: nil, bundle: nil)
    self.title = title
  }

  @available(*, unavailable)
  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    let label = UILabel()
    label.text = text
    label.numberOfLines = 0
    label.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(label)
    NSLayoutConstraint.activate([
      label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
      label.widthAnchor.constraint(lessThanOrEqualTo: view.widthAnchor, constant: -32),
    ])
  }
}

final class HomeViewController: PlaceholderViewController {
  init() { super.init(title: "Home", text: "Home") }
}

final class GiftManagerViewController: PlaceholderViewController {
  init() { super.init(title: "Gifts", text: "Your gifts") }
}

final class LessonDetailViewController: PlaceholderViewController {
  init(id: String, pageURL: String?) {
    super.init(title: "Lesson", text: "Lesson \(id)\n\(pageURL ?? "")")
  }
}

/// Shown modally (`presentation: modal` in the manifest): `TabNavigator` presents it as it is,
/// as a sheet, so it brings its own close button.
final class BookReaderViewController: PlaceholderViewController {
  init(bookId: Int, hideCache: Bool, chapter: Int?) {
    super.init(title: "Book", text: "Book \(bookId), chapter \(chapter.map(String.init) ?? "1")")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    guard navigationController == nil else { return }
    let close = UIButton(
      type: .close,
      primaryAction: UIAction { [weak self] _ in self?.dismiss(animated: true) })
    close.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(close)
    NSLayoutConstraint.activate([
      close.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
      close.trailingAnchor.constraint(
        equalTo: view.safeAreaLayoutGuide.trailingAnchor, constant: -16),
    ])
  }
}

/// The route `sign_in`, which the router shows while an order waits for the `signed_in`
/// requirement (presented modally, as the manifest says). Signing in opens the held order; "Not
/// now" drops it.
final class SignInViewController: PlaceholderViewController {
  init() { super.init(title: "Sign in", text: "Sign in to see your orders") }

  override func viewDidLoad() {
    super.viewDidLoad()
    let signIn = UIButton(
      configuration: .filled(),
      primaryAction: UIAction(title: "Sign in") { [weak self] _ in
        // Dismissed first: the held order is pushed onto its tab right after.
        self?.dismiss(animated: true) { Session.signIn(AppRouting.shared) }
      })
    let notNow = UIButton(
      configuration: .plain(),
      primaryAction: UIAction(title: "Not now") { [weak self] _ in
        AppRouting.shared.discardHeldNavigation()
        self?.dismiss(animated: true)
      })
    let buttons = UIStackView(arrangedSubviews: [signIn, notNow])
    buttons.axis = .vertical
    buttons.spacing = 8
    buttons.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(buttons)
    NSLayoutConstraint.activate([
      buttons.centerXAnchor.constraint(equalTo: view.centerXAnchor),
      buttons.bottomAnchor.constraint(
        equalTo: view.safeAreaLayoutGuide.bottomAnchor, constant: -32),
    ])
  }
}

/// The SwiftUI flavour's sign-in sheet.
struct SignInView: View {
  @Environment(\.dismiss) private var dismiss

  var body: some View {
    VStack(spacing: 12) {
      Text("Sign in to see your orders")
      Button("Sign in") {
        dismiss()
        Session.signIn(AppRouting.shared)
      }
      .buttonStyle(.borderedProminent)
      Button("Not now") {
        AppRouting.shared.discardHeldNavigation()
        dismiss()
      }
    }
  }
}
