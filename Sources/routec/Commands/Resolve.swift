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

  @OptionGroup var push: PushOptions

  @Option(
    help: ArgumentHelp(
      "Resolve this URL by the manifest's link patterns instead of a payload (any text; one that is not a link of a declared host or scheme is `unknown_link`).",
      valueName: "URL"))
  var url: String?

  @OptionGroup var context: AppContextOptions

  @OptionGroup var doors: DoorOptions

  @OptionGroup var features: FeatureOptions

  func validate() throws {
    let named = doors.given
    if named.count == 2 {
      throw ValidationError("give either \(named[0]) or \(named[1]), not both")
    } else if named.count > 2 {
      throw ValidationError("give one of --shortcut, --activity and --intent, not all three")
    }
    if doors.userInfo != nil, doors.userInfoFile != nil {
      throw ValidationError("give either --user-info or --user-info-file, not both")
    }
    if let door = doors.door {
      try validate(door: door.option)
    } else {
      try validatePushOrURL()
    }
    try context.check()
  }

  /// A quick action, activity or intent takes no push's options and no URL.
  private func validate(door option: String) throws {
    if push.givesPayload || url != nil {
      throw ValidationError(
        "\(option) resolves a door of its own; give its userInfo with --user-info or --user-info-file, not a payload or a URL"
      )
    }
    if push.action != nil || push.state != nil || push.category != nil {
      throw ValidationError(
        "--action, --state and --category apply to pushes; \(option) is opened by the user and always navigates"
      )
    }
    if let activity = doors.activity, SystemActivityTypes.doors[activity] != nil {
      throw ValidationError(
        "the router routes an activity of type `\(activity)` as a link (a universal link's `webpageURL`, or a Spotlight result's `kCSSearchableItemActivityIdentifier`); resolve that link with --url"
      )
    }
  }

  /// A push takes one payload; a URL none, and no push's options.
  private func validatePushOrURL() throws {
    if doors.givesUserInfo {
      throw ValidationError(
        "--user-info and --user-info-file go with --shortcut, --activity or --intent")
    }
    if url != nil {
      if push.givesPayload {
        throw ValidationError(
          "give either --url or a payload (--payload, --payload-file), not both")
      }
      if push.action != nil || push.category != nil {
        throw ValidationError(
          "\(push.action != nil ? "--action" : "--category") goes with a payload; a --url has none")
      }
      if push.state != nil {
        throw ValidationError(
          "--state applies to pushes; a link is opened by the user and always navigates")
      }
    } else if push.payload != nil && push.payloadFile != nil {
      throw ValidationError("give either --payload or --payload-file, not both")
    }
    if url == nil && !push.givesPayload {
      throw ValidationError(
        "give the payload with --payload JSON or --payload-file FILE, or a link with --url URL")
    }
  }

  func run() throws {
    let door = doors.door
    let payload =
      if door != nil { try doors.read() } else if url == nil { try push.read() } else {
        Payload([:])
      }
    let file = try ManifestFile.single(manifest, command: .resolve)
    var table = try ManifestCompilation.compile(
      file, features: try features.files(), command: .resolve
    ).table.runtimeTable
    let variant = try context.variantIndex(in: table)
    try context.applyBases(to: &table)
    let resolution =
      if let door {
        table.resolve(door.kind, type: door.type, payload, variant: variant)
      } else if let url {
        table.resolve(url: url, variant: variant)
      } else if let action = push.action {
        table.resolve(action: action, payload, variant: variant)
      } else {
        table.resolve(payload, variant: variant, state: push.state ?? .background)
      }
    let requirements = table.requirementNames
    Output.print(
      JSONWriter.text(
        ResolutionJSON.value(
          resolution, requirementNames: requirements,
          satisfied: try context.satisfiedSet(requirements))))
  }
}
