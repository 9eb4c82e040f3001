import RouteTableNavigation
import SwiftUI
import UIKit

/// The one place a destination becomes a screen: one exhaustive switch over the generated
/// enum, so a screen added to the manifest fails this build until it is handled.
enum Screens {
  /// For `TabNavigator` (UIKit). A route with `presentation: modal` is presented exactly as
  /// returned here, with no navigation controller around it: `BookReaderViewController` adds
  /// its own close button when it is presented.
  @MainActor static func viewController(
    for destination: ShopRoutes.Destination, url: String?
  ) -> UIViewController? {
    switch destination {
    case .home: HomeViewController()
    case .giftManager: GiftManagerViewController()
    case .lessonDetail(let id): LessonDetailViewController(id: id, pageURL: url)
    case .bookReader(let bookId, let hideCache, let chapter):
      BookReaderViewController(bookId: bookId, hideCache: hideCache, chapter: chapter)
    }
  }

  /// For `RoutedNavigationView` (SwiftUI).
  @MainActor @ViewBuilder static func view(for destination: ShopRoutes.Destination) -> some View {
    switch destination {
    case .home: Text("Home")
    case .giftManager: Text("Gifts")
    case .lessonDetail(let id): Text("Lesson \(id)")
    case .bookReader(let bookId, _, let chapter):
      Text("Book \(bookId), chapter \(chapter.map(String.init) ?? "1")")
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
