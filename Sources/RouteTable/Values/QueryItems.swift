/// The rules of a `query` parameter's value that more than one door needs: reading it from a
/// payload's dictionary and writing it into a URL.
package enum QueryItems {
  /// A payload object as query items: each string, number or boolean member as text (numbers
  /// as a `string` parameter reads them), `null` members left out; nil when a member holds an
  /// array or an object, or a key or value is longer than `ParamValue.defaultMaxLength`.
  package static func items(of object: [String: PayloadValue]) -> [String: String]? {
    var items: [String: String] = [:]
    items.reserveCapacity(object.count)
    for (key, member) in object {
      let text: String
      switch member {
      case .null: continue
      case .bool(let bool): text = bool ? "true" : "false"
      case .string, .integer, .number:
        guard case .string(let string)? = ParamValue.coerce(member, to: .string) else {
          return nil
        }
        text = string
      case .array, .object: return nil
      }
      guard ParamValue.fits(key, maxLength: ParamValue.defaultMaxLength) else { return nil }
      items[key] = text
    }
    return items
  }

  /// The items sorted by key, each `key=value` percent-encoded so that only unreserved
  /// characters stay literal, joined by `&`: what a URL template's `{?name*}` writes after its
  /// `?`, and what a link written for the value holds.
  package static func formEncoded(_ items: [String: String]) -> String {
    sorted(items).map {
      PercentEncoding.encoded($0.key, keeping: .unreserved) + "="
        + PercentEncoding.encoded($0.value, keeping: .unreserved)
    }.joined(separator: "&")
  }

  /// The items in the order URLs write them: by key, compared as UTF-8 bytes so that every
  /// platform and locale writes the same URL.
  package static func sorted(_ items: [String: String]) -> [(key: String, value: String)] {
    items.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
  }
}
