import ArgumentParser
import Foundation
import RouteCompiler
import RouteTable
import RouteTools
import RoutecCore

/// `routec resolve`'s options for a push: its payload, the app's state, an action button.
struct PushOptions: ParsableArguments {
  @Option(help: "The payload as JSON text (a JSON object).")
  var payload: String?

  @Option(help: "A file holding the payload as JSON.")
  var payloadFile: String?

  @Option(help: "Where the app is when the push arrives (default: background).")
  var state: AppState?

  @Option(
    help: ArgumentHelp(
      "Resolve the tap of this action button of the payload's category instead of the push.",
      valueName: "ID"))
  var action: String?

  @Option(
    help: ArgumentHelp(
      "The notification's category when the payload has no `aps.category` (a local notification's categoryIdentifier).",
      valueName: "NAME"))
  var category: String?

  var givesPayload: Bool { payload != nil || payloadFile != nil }

  /// The payload `--payload` or `--payload-file` gives, with `--category` added.
  func read() throws -> Payload {
    try JSONInput.payload(text: payload, file: payloadFile, what: "payload").addingCategory(
      category)
  }
}

/// `routec resolve`'s options for the other doors: a quick action, a user activity or an App
/// Intent, and its userInfo.
struct DoorOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Resolve a Home Screen quick action of this type (`shortcuts`) instead of a push.",
      valueName: "TYPE"))
  var shortcut: String?

  @Option(
    help: ArgumentHelp(
      "Resolve a user activity of this type (`activities`) instead of a push.",
      valueName: "TYPE"))
  var activity: String?

  @Option(
    help: ArgumentHelp(
      "Resolve an App Intent of this key (`intents`) instead of a push; its parameters' values are the --user-info.",
      valueName: "KEY"))
  var intent: String?

  @Option(
    help: ArgumentHelp(
      "The quick action's, activity's or intent's userInfo as JSON text (default: none).",
      valueName: "JSON"))
  var userInfo: String?

  @Option(help: ArgumentHelp("A file holding the userInfo as JSON.", valueName: "FILE"))
  var userInfoFile: String?

  @Option(
    help: ArgumentHelp(
      "The activity's webpageURL, which `from: $webpage_url` reads (with --activity).",
      valueName: "URL"))
  var webpageURL: String?

  @Option(
    help: ArgumentHelp(
      "The activity's title, which `from: $title` reads (with --activity).", valueName: "TEXT"))
  var title: String?

  func validate() throws {
    if activity == nil, webpageURL != nil || title != nil {
      throw ValidationError(
        "\(webpageURL != nil ? "--webpage-url" : "--title") goes with --activity: only a user activity carries it"
      )
    }
    if let webpageURL, URL(string: webpageURL) == nil {
      throw ValidationError("--webpage-url `\(webpageURL)` is not a URL")
    }
  }

  /// The door `--shortcut`, `--activity` or `--intent` names, with its type or key.
  var door: (kind: DoorKind, type: String, option: String)? {
    if let shortcut { return (.shortcut, shortcut, "--shortcut") }
    if let activity { return (.activity, activity, "--activity") }
    return intent.map { (.intent, $0, "--intent") }
  }

  /// The options naming a door, as given.
  var given: [String] {
    [("--shortcut", shortcut), ("--activity", activity), ("--intent", intent)]
      .filter { $0.1 != nil }.map(\.0)
  }

  var givesUserInfo: Bool { userInfo != nil || userInfoFile != nil }

  /// The userInfo `--user-info` or `--user-info-file` gives (none: empty), with an activity's
  /// `--webpage-url` and `--title` added as the router adds them.
  func read() throws -> Payload {
    let payload = try JSONInput.payload(text: userInfo, file: userInfoFile, what: "userInfo")
    guard activity != nil else { return payload }
    return payload.addingActivityValues(
      webpageURL: webpageURL.flatMap { URL(string: $0) }, title: title)
  }
}

/// `routec resolve`'s options for what the app knows: the variant, the requirements it reports
/// satisfied, base URLs replaced.
struct AppContextOptions: ParsableArguments {
  @Option(help: "The variant to use, by name.")
  var variant: String?

  @Option(help: "A remote-config value that picks the variant (unknown: the default variant).")
  var remoteValue: String?

  @Option(
    help: ArgumentHelp(
      "Requirements the app reports as satisfied, comma-separated (repeatable); the others are printed as `unmet`.",
      valueName: "NAME,..."))
  var satisfied: [String] = []

  @Option(
    name: .customLong("base"),
    help: ArgumentHelp(
      "Replace a base URL, as NAME=URL (repeatable).", valueName: "NAME=URL"))
  var bases: [String] = []

  /// The usage problems of these options alone.
  func check() throws {
    if variant != nil && remoteValue != nil {
      throw ValidationError("give either --variant or --remote-value, not both")
    }
    for base in bases where NameValue.split(base) == nil {
      throw ValidationError("--base expects NAME=URL, got `\(ControlCharacters.escaped(base))`")
    }
  }

  /// `table` with `--base`'s URLs in place of the manifest's.
  func applyBases(to table: inout RouteTable) throws {
    for base in bases {
      guard let (name, url) = NameValue.split(base) else { continue }  // checked in check()
      do {
        try table.overrideBase(name, with: url)
      } catch {
        var message = error.description
        if case .unknownBase = error {
          message += "; it declares \(Self.list(table.baseNames))"
        }
        throw ToolError(message: message)
      }
    }
  }

  /// The variant `--remote-value` or `--variant` picks; the default variant without either.
  func variantIndex(in table: RouteTable) throws -> Int {
    if let remoteValue {
      return table.variant(remoteValue: remoteValue)
    }
    guard let variant else { return table.defaultVariant }
    guard let index = table.variant(named: variant) else {
      throw ToolError(
        message:
          "unknown variant `\(variant)`; the manifest declares \(Self.list(table.variantNames))")
    }
    return index
  }

  /// The positions of `--satisfied`'s names among the manifest's requirements.
  func satisfiedSet(_ requirements: [String]) throws -> RequirementSet {
    var set = RequirementSet()
    for name in satisfied.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
      let name = name.trimmingCharacters(in: .whitespaces)
      guard let position = requirements.firstIndex(of: name) else {
        throw ToolError(
          message: requirements.isEmpty
            ? "--satisfied names `\(name)`, but the manifest declares no requirements"
            : "--satisfied names `\(name)`, which the manifest's `requirements` does not declare"
              + (Suggestions().nearest(to: name, in: requirements).map { "; did you mean `\($0)`?" }
                ?? "; it declares \(Self.list(requirements))")
        )
      }
      set.insert(position: position)
    }
    return set
  }

  static func list(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.map { "`\($0)`" }.joined(separator: ", ")
  }
}

/// A JSON object given on the command line, as text or as a file: a push payload, a userInfo.
enum JSONInput {
  /// A payload file is read up to this size and no further (APNs payloads are at most 4 KB, 5 KB
  /// for VoIP): `/dev/zero` or a huge sparse file is an error, not an allocation failure.
  static let maximumFileSize = 1 << 20

  /// The JSON object `text` holds, or the file at `path` (one of them; neither is `{}`), read as
  /// `check-payloads` reads a line (`PayloadJSONParser`): RFC 8259 JSON, the same on every
  /// platform, and an error that says at which byte.
  static func payload(text: String?, file path: String?, what: String) throws -> Payload {
    let data: Data
    var origin = "the \(what)"
    if let path {
      do {
        data = Data(try FileIO.contents(of: path, atMost: maximumFileSize + 1))
      } catch {
        throw ToolError(message: "cannot read the \(what) file \(path): \(error.reason)")
      }
      guard data.count <= maximumFileSize else {
        throw ToolError(
          message:
            "the \(what) file \(path) is larger than 1 MiB, the limit for a \(what) file\(what == "payload" ? " (APNs delivers at most 4 KB)" : ""); is it the right file?"
        )
      }
      origin = path
    } else {
      data = Data((text ?? "{}").utf8)
    }
    func failure(_ message: String) -> ToolError {
      ToolError(message: path == nil ? message : "\(origin): \(message)")
    }
    let parsed = data.withUnsafeBytes { raw in
      Result { () throws(PayloadJSONParser.Problem) in
        try PayloadJSONParser.value(raw.bindMemory(to: UInt8.self))
      }
    }
    let value: PayloadValue
    switch parsed {
    case .success(let read): value = read
    case .failure(let problem): throw failure(describe(problem, what: what))
    }
    guard case .object(let members) = value else {
      throw failure("the \(what) must be a JSON object, found \(Payload.kind(value))")
    }
    return Payload(members)
  }

  /// The parser's problem for the JSON that `what` names ("the payload", "the userInfo"), with
  /// the byte it was found at (from 1) and its explanation cut to a line.
  static func describe(_ problem: PayloadJSONParser.Problem, what: String) -> String {
    let reason = problem.reason
    let shown = reason.count > 160 ? reason.prefix(160) + "…" : Substring(reason)
    return
      "the \(what) is not valid JSON at byte \(problem.offset + 1): \(ControlCharacters.escaped(String(shown)))"
  }
}
