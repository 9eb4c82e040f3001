#if canImport(UIKit)
  import UIKit
#endif

/// The learning feature's screens, built from its own `Destination`.
public enum LearningScreens {
  /// The screen's name and arguments, as `routec resolve` names it (`Learning.LessonDetail`).
  public static func name(of destination: LearningRoutes.Destination) -> String {
    // Statement form: a stale case gets its real error; Swift 6.3 fails on a switch expression.
    switch destination {
    case .lessonDetail(let id):
      return "Learning.LessonDetail(id: \(id))"
    case .bookReader(let bookId, let hideCache, let chapter):
      return
        "Learning.BookReader(bookId: \(bookId), hideCache: \(hideCache), chapter: \(chapter.map(String.init) ?? "nil"))"
    }
  }

  #if canImport(UIKit)
    @MainActor public static func viewController(for destination: LearningRoutes.Destination)
      -> UIViewController
    {
      let controller = UIViewController()
      switch destination {
      case .lessonDetail(let id): controller.title = "Lesson \(id)"
      case .bookReader(let bookId, _, let chapter):
        controller.title = "Book \(bookId)" + (chapter.map { ", chapter \($0)" } ?? "")
      }
      return controller
    }
  #endif
}
