extension Validation {
  /// Where one parameter of an effective route is read from the payload.
  struct PayloadRead {
    var param: String
    var path: [String]
    /// Neither optional nor defaulted: the payload must hold it.
    var isRequired: Bool
    /// The key path as written, or the route's `screen` when the parameter is read from the key
    /// of its own name.
    var location: SourceLocation
  }

  /// One payload value cannot be both an object and a scalar. A required parameter read from
  /// inside another's key path (`data.id` inside `data`) needs an object where the other needs a
  /// value, so the route matches no payload: a manifest mistake to report now, not to find in
  /// production. (An optional one there is only ever absent, which can be meant.) The same holds
  /// for the push type when every type key is blocked, by a parameter read from a path that
  /// holds it (`aps` around `aps.type`) or a required one read from inside it (`type.id`).
  mutating func checkKeyPathOverlaps(_ reads: [PayloadRead], _ what: String) {
    for inner in reads where inner.isRequired {
      // A strictly shorter prefix: never the read itself.
      for outer in reads
      where outer.path.count < inner.path.count && inner.path.starts(with: outer.path) {
        diagnostics.report(
          .overlappingKeyPaths, at: inner.location,
          "\(what) reads `\(inner.param)` from `\(Self.dotted(inner.path))`, inside `\(Self.dotted(outer.path))`, where it reads `\(outer.param)`; one payload value cannot be both an object and a value, so no payload matches; read them from separate keys"
        )
      }
    }
    guard typeKeysAreWellFormed else { return }
    func blocks(_ read: PayloadRead, _ key: [String]) -> Bool {
      read.path.count < key.count && key.starts(with: read.path)
        || read.isRequired && read.path.count > key.count && read.path.starts(with: key)
    }
    guard typeKeyPaths.allSatisfy({ key in reads.contains { blocks($0, key) } }) else { return }
    let keys = typeKeyPaths.map { "`\(Self.dotted($0))`" }.joined(separator: " or ")
    for read in reads where typeKeyPaths.contains(where: { blocks(read, $0) }) {
      diagnostics.report(
        .overlappingKeyPaths, at: read.location,
        "\(what) reads `\(read.param)` from `\(Self.dotted(read.path))`, and the push type is read from \(keys); one payload value cannot be both an object and a value, so no payload matches; read the parameter from another key"
      )
    }
  }

  private static func dotted(_ path: [String]) -> String {
    path.joined(separator: ".")
  }
}
