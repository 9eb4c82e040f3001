/// The activity types iOS itself sends, which the router routes as links: a universal link
/// (`NSUserActivityTypeBrowsingWeb`) by `links`, and a Spotlight result
/// (`CSSearchableItemActionType`, by its constant's name or its value) as the link in its
/// identifier. Declared in `activities`, they would never reach the route they name, so the
/// decoder refuses them and `routec resolve --activity` points at `--url`.
package enum SystemActivityTypes {
  /// Each type, with the door it is, as a sentence ends.
  package static let doors = [
    "NSUserActivityTypeBrowsingWeb":
      "a universal link (`NSUserActivityTypeBrowsingWeb`), which the router routes by `links`",
    "CSSearchableItemActionType": spotlight,
    "com.apple.corespotlightitem": spotlight,
  ]

  private static let spotlight =
    "a Spotlight result (`CSSearchableItemActionType`), which the router continues as the link in its identifier (index the item with `link(for:)` as its `uniqueIdentifier`)"
}
