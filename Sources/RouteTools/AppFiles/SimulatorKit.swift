import RouteCompiler
import RouteTable

/// The simulator kit `routec examples` writes: a `.apns` payload per route and per category
/// action, ready for `xcrun simctl push`, and `simulator.sh`, which pushes each and opens an
/// example URL of each link pattern. Files are named `ROUTE.apns` and
/// `ROUTE.CATEGORY.ACTION.apns` (`FileNames` makes each unique).
///
/// Every payload is one the resolver gives back as its route (a route's file with no action, an
/// action's file with `--action`), in the default variant, or in the first variant a route
/// exists in when the default lacks it; the kit is not written when one cannot be.
package struct SimulatorKit: Sendable, Hashable {
  /// One file of the kit: its name in the output folder and its text.
  package struct File: Sendable, Hashable {
    package var name: String
    package var text: String
  }

  /// A route whose payload cannot be written as the kit promises.
  package enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The payload is larger than APNs delivers.
    case tooLarge(file: String, bytes: Int)
    /// No example payload of the route resolves back to it.
    case unresolvable(file: String, status: String)

    package var description: String {
      switch self {
      case .tooLarge(let file, let bytes):
        "\(file) would be \(bytes) bytes, more than the \(SimulatorKit.maximumPayloadSize) APNs delivers; shorten the route's key paths or the `max_length` of its string parameters"
      case .unresolvable(let file, let status):
        "\(file): no example payload resolves back to its route (it resolves as `\(status)`)"
      }
    }
  }

  /// APNs' limit on a notification payload, in bytes.
  package static let maximumPayloadSize = 4096

  /// The `.apns` files in manifest order (each route, then each category's actions), then
  /// `simulator.sh`.
  package var files: [File]

  /// The kit of `manifest`, whose compiled table is `table`. `bundleID`, when given, is written
  /// into each payload as `Simulator Target Bundle`, so `simctl push` needs no bundle argument.
  package init(
    _ manifest: ResolvedManifest, table: RouteTable, bundleID: String?
  ) throws(Failure) {
    var payloads: [(name: String, json: String)] = []
    var names = FileNames()
    let declared = Set(manifest.categories.map(\.name))
    // A screenless route (`app_action`, `reroute`) opens nothing to look at.
    for (index, route) in manifest.routes.enumerated() where !route.isScreenless {
      let name = names.unique(route.key)
      // A route's pushes carry its `category`, so its file shows the buttons.
      let category = route.category.flatMap { declared.contains($0) ? $0 : nil }
      payloads.append(
        (
          name,
          try Self.payload(
            name, route: index, named: route.key, table: table, bundleID: bundleID,
            category: category)
        ))
    }
    for category in manifest.categories {
      // The pushes that carry the category (`routes.NAME.category`), or, when none says so,
      // each action's own route's push with the category added.
      let carriers = manifest.routes.indices.filter {
        manifest.routes[$0].category == category.name
      }
      for action in category.actions {
        guard let target = action.route, !manifest.routes[target].isScreenless else { continue }
        for carrier in carriers.isEmpty ? [target] : carriers {
          let name = names.unique(
            "\(manifest.routes[carrier].key).\(category.name).\(action.id)")
          payloads.append(
            (
              name,
              try Self.payload(
                name, route: carrier, named: manifest.routes[carrier].key, table: table,
                bundleID: bundleID, category: category.name,
                action: (action.id, action.title, manifest.routes[target].key))
            ))
        }
      }
    }
    files = payloads.map { File(name: $0.name, text: $0.json) }
    files.append(
      File(
        name: "simulator.sh",
        text: Self.script(
          payloads.map(\.name), urls: Self.exampleURLs(manifest, table: table),
          bundleID: bundleID)))
  }

  /// The variants to write a route's example in, in order of preference: the default, then
  /// every variant (the first the route exists in).
  static func preferredVariants(_ table: RouteTable) -> [Int] {
    [table.defaultVariant] + Array(0..<table.variantNames.count)
  }

  /// The `.apns` text of route `route`'s example push, with `aps.category` when `category` is
  /// given; with `action`, a push whose button `action.id` the user taps, which must resolve to
  /// `action.opens`, and otherwise the push itself, which must resolve to the route.
  private static func payload(
    _ name: String, route: Int, named routeName: String, table: RouteTable, bundleID: String?,
    category: String? = nil, action: (id: String, title: String, opens: String)? = nil
  ) throws(Failure) -> String {
    // The default variant's example, or the first variant's the route exists in.
    guard
      let (variant, example) = preferredVariants(table).lazy.compactMap({ variant in
        table.examplePayload(route: route, variant: variant).map { (variant, $0) }
      }).first
    else { throw .unresolvable(file: name, status: "unavailable") }
    var object = RoutePayload.object(example, category: category)
    var aps: [String: JSONValue] = [:]
    if case .object(let members)? = object["aps"] { aps = members }
    let variantNote =
      variant == table.defaultVariant ? "" : " (variant \(table.variantNames[variant]))"
    if aps["alert"] == nil {
      aps["alert"] = .object([
        "title": .string(routeName),
        "body": .string(
          action.map { "Long-press and choose “\($0.title)” to open \($0.opens)\(variantNote)" }
            ?? "Tap to open \(routeName)\(variantNote)"),
      ])
    }
    object["aps"] = .object(aps)
    if let bundleID { object["Simulator Target Bundle"] = .string(bundleID) }
    let json = JSONWriter.text(.object(object)) + "\n"
    // What the app receives is the payload without what only simctl reads.
    var delivered = object
    delivered["Simulator Target Bundle"] = nil
    let payload = Payload(delivered.mapValues(\.payloadValue))
    let resolution =
      action.map { table.resolve(action: $0.id, payload, variant: variant) }
      ?? table.resolve(payload, variant: variant)
    guard RoutePayload.opens(resolution, route: action?.opens ?? routeName) else {
      throw .unresolvable(file: name, status: resolution.status.rawValue)
    }
    guard json.utf8.count <= maximumPayloadSize else {
      throw .tooLarge(file: name, bytes: json.utf8.count)
    }
    return json
  }

  /// An example URL of every link pattern, in the default variant (or the first its route
  /// exists in), written with the first custom scheme when the manifest has one: the simulator
  /// opens an https universal link in Safari, not in the app.
  static func exampleURLs(_ manifest: ResolvedManifest, table: RouteTable) -> [String] {
    let patterns = table.linkPatterns
    let declared = manifest.routes.flatMap(\.links)
    let variants = preferredVariants(table)
    return patterns.indices.compactMap { id in
      let url = variants.lazy.compactMap {
        table.exampleLink(pattern: id, variant: $0, in: patterns)
      }.first
      return url.map { url in
        guard declared.indices.contains(id),
          let scheme = manifest.linkSchemes.first(where: declared[id].applies(toScheme:))
        else { return url }
        return manifest.hostAuthoritySchemes.contains(scheme)
          ? hostScheme(url, scheme) : customScheme(url, scheme)
      }
    }
  }

  /// `https://host/a/b?q` as `scheme://host/a/b?q`, for a scheme whose authority is a host.
  static func hostScheme(_ url: String, _ scheme: String) -> String {
    guard url.hasPrefix("https://") else { return url }
    return scheme + "://" + url.dropFirst("https://".count)
  }

  /// `https://host/a/b?q` as `scheme://a/b?q`: for a custom scheme the first path segment is
  /// the authority, so the same pattern matches it.
  static func customScheme(_ url: String, _ scheme: String) -> String {
    guard url.hasPrefix("https://") else { return url }
    let afterScheme = url.dropFirst("https://".count)
    let path =
      afterScheme.firstIndex(where: { "/?#".contains($0) }).map { afterScheme[$0...] } ?? ""
    return "\(scheme):/" + (path.hasPrefix("/") ? path : "/" + path)
  }

  private static func script(_ payloads: [String], urls: [String], bundleID: String?) -> String {
    var lines = [
      "#!/bin/sh",
      "# Written by `routec examples`: pushes each payload of this folder to the booted simulator,",
      "# then opens an example URL of each link pattern. Regenerate it; do not edit it.",
    ]
    let bundle: String
    if bundleID == nil {
      lines += [
        "# Usage: simulator.sh BUNDLE_ID",
        "[ $# -eq 1 ] || { echo \"usage: $0 BUNDLE_ID\" >&2; exit 2; }",
      ]
      bundle = " \"$1\""
    } else {
      bundle = ""
    }
    lines += ["set -e", "cd \"$(dirname \"$0\")\""]
    // `./` keeps a name that starts with `-` from reading as an option.
    lines += payloads.map { "xcrun simctl push booted\(bundle) \(shellQuoted("./" + $0))" }
    lines += urls.map { "xcrun simctl openurl booted \(shellQuoted($0))" }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The kit's file names: `NAME.apns`, unless another file already has that name in another
  /// case (a case-insensitive file system, the default on macOS, would hold one file for both)
  /// or it is longer than a file name may be; then `NAME~2.apns` (`~` is in no push type,
  /// category or action id), or the name cut short with `~N`, numbered in manifest order.
  struct FileNames {
    /// Bytes a file name may have on APFS, HFS+ and Linux file systems.
    static let maximumLength = 255
    private var taken: Set<String> = []

    mutating func unique(_ name: String) -> String {
      var candidate = "\(name).apns"
      var number = 1
      while candidate.utf8.count > Self.maximumLength || taken.contains(candidate.lowercased()) {
        number += 1
        let suffix = "~\(number).apns"
        var stem = Substring(name)
        while stem.utf8.count + suffix.utf8.count > Self.maximumLength { stem = stem.dropLast() }
        candidate = "\(stem)\(suffix)"
      }
      taken.insert(candidate.lowercased())
      return candidate
    }
  }

  /// `'text'`, with each `'` written `'\''`.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
  }
}
