import Foundation
import RouteTable
import ShopRouting

// Resolves sample payloads and links through the generated `ShopRoutes` and checks each
// outcome: the same push types and links as Examples/ShopApp, now reaching feature screens.
let checks: [(payload: [AnyHashable: Any], variant: ShopRoutes.Variant, expected: String?)] = [
  (["type": "course_page", "id": "42"], .v2, "Learning.LessonDetail(id: 42)"),
  (["aps": ["type": "gift_page"]], .v1, "GiftManager"),
  (
    ["type": "webview", "id": "7", "chapter": 3], .v1,
    "Learning.BookReader(bookId: 7, hideCache: true, chapter: 3)"
  ),
  (["type": "order_detail", "order_id": "5"], .v2, "Orders.OrderDetail(orderId: 5)"),
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
      + "\(resolution.status.rawValue) \(screen ?? "no destination")")
}
let link = ShopRoutes.resolve(url: "https://shop.example/orders/9", variant: .v2)
let linked = link.destination.map(screenName(for:))
print(
  "\(linked == "Orders.OrderDetail(orderId: 9)" ? "ok  " : "FAIL") link /orders/9 -> \(linked ?? "-")"
)
if linked != "Orders.OrderDetail(orderId: 9)" { failures += 1 }
if failures > 0 {
  print("\(failures) checks resolved wrongly")
  exit(1)
}
