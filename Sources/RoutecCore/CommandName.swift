/// A subcommand as routec's messages name it (`routec check-app: ...`), with what it did not do
/// when a manifest has errors (`...; nothing written`).
package enum CommandName: String {
  case aasa, diff, entitlements, examples, generate, graph, payload, plist, resolve, schema
  case checkApp = "check-app"
  case checkPayloads = "check-payloads"
  case remoteConfigDefaults = "remote-config defaults"
  case remoteConfigCheck = "remote-config check"

  /// The past participle of the command's work: "nothing written", "nothing checked".
  package var undone: String {
    switch self {
    case .aasa, .entitlements, .examples, .generate, .payload, .plist, .schema,
      .remoteConfigDefaults:
      "written"
    case .checkApp, .checkPayloads, .remoteConfigCheck: "checked"
    case .diff: "compared"
    case .graph: "drawn"
    case .resolve: "resolved"
    }
  }
}
