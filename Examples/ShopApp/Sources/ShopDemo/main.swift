import Foundation
import RouteTable
import ShopRouting

// Resolves sample payloads through the generated `ShopRoutes` and checks each outcome.
let checks: [(payload: [AnyHashable: Any], variant: ShopRoutes.Variant, expected: String?)] = [
  (["type": "course_page", "id": "42"], .v2, "LessonDetail(id: 42)"),
  (["aps": ["type": "gift_page"]], .v1, "GiftManager"),
  (
    ["type": "webview", "id": "7", "chapter": 3], .v1,
    "BookReader(bookId: 7, hideCache: true, chapter: 3)"
  ),
  (["type": "no_such_type"], .v2, "Home"),  // the manifest's fallback
  (["type": "course_page"], .v2, nil),  // `id` is missing: invalid_params, no destination
]

var failures = 0
for check in checks {
  let resolution = ShopRoutes.resolve(check.payload, variant: check.variant)
  let screen = resolution.destination.map(screenName(for:))
  let verdict = screen == check.expected ? "ok  " : "FAIL"
  if screen != check.expected { failures += 1 }
  print(
    "\(verdict) \(check.variant.name) \(resolution.pushType ?? "-") -> "
      + "\(resolution.status.rawValue) \(screen ?? "no destination")"
      + (resolution.tab.map { " tab \($0.name)[\($0.index)]" } ?? ""))
}
if failures > 0 {
  print("\(failures) of \(checks.count) payloads resolved wrongly")
  exit(1)
}
