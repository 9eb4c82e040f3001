import Foundation

/// What a user activity carries beside its `userInfo`, as a route's `params` read it:
/// `from: $webpage_url` (its `webpageURL`, as a string) and `from: $title` (its `title`). The
/// activity door adds them to the payload it resolves under these keys, which no payload key
/// path can name (a manifest's key paths never start with `$`); in a payload of another door,
/// a member of either name reads as absent.
package enum ArrivalValues {
  package static let webpageURL = "$webpage_url"
  package static let title = "$title"
  /// Every name a `from:` may give with `$`.
  package static let names = [webpageURL, title]
}

extension Payload {
  /// The payload with an activity's `webpageURL` and `title` under `ArrivalValues`' keys; a
  /// key whose value is nil is removed, so `userInfo` cannot stand in for either.
  @usableFromInline
  package func addingActivityValues(webpageURL: URL?, title: String?) -> Payload {
    var object = object
    object[ArrivalValues.webpageURL] = webpageURL.map { .string($0.absoluteString) }
    object[ArrivalValues.title] = title.map { .string($0) }
    var payload = Payload(object)
    payload.carriesActivityValues = true
    return payload
  }
}
