import ArgumentParser
import Foundation
import RouteCompiler
import RouteTable
import RouteTools
import RoutecCore

struct Resolve: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Show what a push payload, a tap of one of its action buttons, a link URL, a quick action, a user activity or an App Intent resolves to.",
    discussion: """
      Compiles MANIFEST, resolves the payload with the same resolver apps use (with --action, \
      the tap of that action button of the payload's `aps.category`, which --category gives \
      for a payload without one, as a local notification's categoryIdentifier; with --url, a universal \
      link or custom-scheme URL by the manifest's link patterns; with --shortcut, --activity or \
      --intent, a Home Screen quick action, a user activity or an App Intent and its \
      --user-info, an intent's being its parameters' values by payload key), and prints one \
      JSON object (its members are listed in docs/commands.md, `routec resolve`) on standard output: keys sorted, two-space \
      indentation, a newline at the end.

      Exit status: 0 when a resolution is printed, whatever its status; 1 when the manifest has \
      errors (they are written to standard error as `routec lint` writes them); 2 on a usage or \
      file problem.
      """
  )

  @Argument(help: "The manifest to resolve against.")
  var manifest: String

  @Option(help: "The payload as JSON text (a JSON object).")
  var payload: String?

  @Option(help: "A file holding the payload as JSON.")
  var payloadFile: String?

  @Option(
    help: ArgumentHelp(
      "Resolve this URL by the manifest's link patterns instead of a payload (any text; one that is not a link of a declared host or scheme is `unknown_link`).",
      valueName: "URL"))
  var url: String?

  @Option(help: "The variant to use, by name.")
  var variant: String?

  @Option(help: "A remote-config value that picks the variant (unknown: the default variant).")
  var remoteValue: String?

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
      "Requirements the app reports as satisfied, comma-separated (repeatable); the others are printed as `unmet`.",
      valueName: "NAME,..."))
  var satisfied: [String] = []

  @Option(
    name: .customLong("base"),
    help: ArgumentHelp(
      "Replace a base URL, as NAME=URL (repeatable).", valueName: "NAME=URL"))
  var bases: [String] = []

  @OptionGroup var features: FeatureOptions

  /// The door `--shortcut`, `--activity` or `--intent` names, with its type or key.
  private var door: (kind: DoorKind, type: String, option: String)? {
    if let shortcut { return (.shortcut, shortcut, "--shortcut") }
    if let activity { return (.activity, activity, "--activity") }
    return intent.map { (.intent, $0, "--intent") }
  }

  func validate() throws {
    let doors = [("--shortcut", shortcut), ("--activity", activity), ("--intent", intent)]
      .filter { $0.1 != nil }.map(\.0)
    if doors.count == 2 {
      throw ValidationError("give either \(doors[0]) or \(doors[1]), not both")
    } else if doors.count > 2 {
      throw ValidationError("give one of --shortcut, --activity and --intent, not all three")
    }
    if userInfo != nil, userInfoFile != nil {
      throw ValidationError("give either --user-info or --user-info-file, not both")
    }
    if let door {
      let option = door.option
      if payload != nil || payloadFile != nil || url != nil {
        throw ValidationError(
          "\(option) resolves a door of its own; give its userInfo with --user-info or --user-info-file, not a payload or a URL"
        )
      }
      if action != nil || state != nil || category != nil {
        throw ValidationError(
          "--action, --state and --category apply to pushes; \(option) is opened by the user and always navigates"
        )
      }
      if let activity, SystemActivityTypes.doors[activity] != nil {
        throw ValidationError(
          "the router routes an activity of type `\(activity)` as a link (a universal link's `webpageURL`, or a Spotlight result's `kCSSearchableItemActivityIdentifier`); resolve that link with --url"
        )
      }
      try validateVariantAndBases()
      return
    }
    if userInfo != nil || userInfoFile != nil {
      throw ValidationError(
        "--user-info and --user-info-file go with --shortcut, --activity or --intent")
    }
    if url != nil {
      if payload != nil || payloadFile != nil {
        throw ValidationError(
          "give either --url or a payload (--payload, --payload-file), not both")
      }
      if action != nil || category != nil {
        throw ValidationError(
          "\(action != nil ? "--action" : "--category") goes with a payload; a --url has none")
      }
      if state != nil {
        throw ValidationError(
          "--state applies to pushes; a link is opened by the user and always navigates")
      }
    } else if payload != nil && payloadFile != nil {
      throw ValidationError("give either --payload or --payload-file, not both")
    }
    if url == nil && payload == nil && payloadFile == nil {
      throw ValidationError(
        "give the payload with --payload JSON or --payload-file FILE, or a link with --url URL")
    }
    try validateVariantAndBases()
  }

  private func validateVariantAndBases() throws {
    if variant != nil && remoteValue != nil {
      throw ValidationError("give either --variant or --remote-value, not both")
    }
    for base in bases where NameValue.split(base) == nil {
      throw ValidationError("--base expects NAME=URL, got `\(ControlCharacters.escaped(base))`")
    }
  }

  func run() throws {
    let payload =
      if door != nil {
        try readJSON(text: userInfo, file: userInfoFile, what: "userInfo")
      } else if url == nil {
        try readJSON(text: payload, file: payloadFile, what: "payload").addingCategory(category)
      } else {
        Payload([:])
      }
    let file = try ManifestFile.single(manifest, command: .resolve)
    var table = try ManifestCompilation.compile(
      file, features: try features.files(), command: .resolve
    ).table.runtimeTable
    let variantIndex = try pickVariant(table)
    for base in bases {
      guard let (name, url) = NameValue.split(base) else { continue }  // checked in validate()
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
    let resolution =
      if let door {
        table.resolve(door.kind, type: door.type, payload, variant: variantIndex)
      } else if let url {
        table.resolve(url: url, variant: variantIndex)
      } else if let action {
        table.resolve(action: action, payload, variant: variantIndex)
      } else {
        table.resolve(payload, variant: variantIndex, state: state ?? .background)
      }
    let requirements = table.requirementNames
    Output.print(
      JSONWriter.text(
        ResolutionJSON.value(
          resolution, requirementNames: requirements,
          satisfied: try satisfiedSet(requirements))))
  }

  /// The positions of `--satisfied`'s names among the manifest's requirements.
  private func satisfiedSet(_ requirements: [String]) throws -> RequirementSet {
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

  /// A payload file is read up to this size and no further (APNs payloads are at most 4 KB, 5 KB
  /// for VoIP): `/dev/zero` or a huge sparse file is an error, not an allocation failure.
  static let maximumPayloadFileSize = 1 << 20

  /// The JSON object `text` holds, or the file at `path` (one of them; neither is `{}`).
  private func readJSON(text: String?, file path: String?, what: String) throws -> Payload {
    let data: Data
    var origin = "the \(what)"
    if let path {
      do {
        data = Data(try FileIO.contents(of: path, atMost: Self.maximumPayloadFileSize + 1))
      } catch {
        throw ToolError(message: "cannot read the \(what) file \(path): \(error.reason)")
      }
      guard data.count <= Self.maximumPayloadFileSize else {
        throw ToolError(
          message:
            "the \(what) file \(path) is larger than 1 MiB, the limit for a \(what) file\(what == "payload" ? " (APNs delivers at most 4 KB)" : ""); is it the right file?"
        )
      }
      origin = path
    } else {
      data = Data((text ?? "{}").utf8)
    }
    do {
      return try Payload(jsonData: data)
    } catch {
      let message = Self.describe(error, what: what)
      throw ToolError(message: path == nil ? message : "\(origin): \(message)")
    }
  }

  /// `PayloadError`'s description for the JSON that `what` names ("the payload", "the
  /// userInfo"), with the parser's explanation cut to a line: it may quote the input, and a
  /// number of 5,000 digits is no message.
  static func describe(_ error: PayloadError, what: String) -> String {
    switch error {
    case .invalidJSON(let reason?):
      let shown = reason.count > 160 ? reason.prefix(160) + "…" : Substring(reason)
      return "the \(what) is not valid JSON: \(ControlCharacters.escaped(String(shown)))"
    case .invalidJSON(nil): return "the \(what) is not valid JSON"
    case .notAnObject(let found): return "the \(what) must be a JSON object, found \(found)"
    case .nestingTooDeep(let limit):
      return "the \(what) nests arrays and objects more than \(limit) levels deep"
    }
  }

  private func pickVariant(_ table: RouteTable) throws -> Int {
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

  static func list(_ names: [String]) -> String {
    names.isEmpty ? "none" : names.map { "`\($0)`" }.joined(separator: ", ")
  }
}
