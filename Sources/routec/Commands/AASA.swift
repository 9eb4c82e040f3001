import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

/// `routec aasa`: the apple-app-site-association file that lets the app open the manifest's
/// https links as universal links.
struct AASA: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "aasa",
    abstract: "Print the apple-app-site-association file for the manifest's link hosts.",
    discussion: """
      Prints the `applinks` section (iOS 13+ `components`) that claims, for the apps given with \
      --app-id, every https URL of `links.hosts` that one of the manifest's link patterns \
      matches, and no URL whose first path segment is a literal that no pattern starts with. \
      Where Apple's wildcards cannot say exactly what a pattern says (a placeholder is `?*`, any \
      one or more characters), the file claims more, and the app resolves those URLs as \
      `unknown_link`. Serve the file on every host, at \
      https://HOST/.well-known/apple-app-site-association, as application/json, without \
      redirects; for a wildcard (`*.example.org`), on each subdomain it covers that the links \
      use (`www.example.org`), as the system asks each one for it. When a link pattern lists \
      `hosts`, each host serves its own file: give --host for each (the file then claims only \
      the patterns that apply to that host or to a wildcard that covers it). Patterns with \
      `hosts: ["*"]` (any host) are never claimed: they are for URLs that reach the app from \
      inside it. The JSON is byte-stable: keys sorted, two-space indentation, a newline at the \
      end.

      Exit status: 0 when the file is printed; 1 when the manifest has errors (they are written \
      to standard error as `routec lint` writes them); 2 when the manifest declares no \
      `links.hosts`, an app id is malformed, --host is missing where patterns name hosts or \
      names a host that `links.hosts` neither declares nor covers with a wildcard, or on \
      another usage or file problem.
      """
  )

  @Argument(help: "The manifest.")
  var manifest: String

  @Option(
    name: .customLong("app-id"),
    help: ArgumentHelp(
      "An app that opens the links, as TEAMID.BUNDLE_ID (repeatable).",
      valueName: "TEAMID.BUNDLE_ID"))
  var appIDs: [String]

  @Option(
    help: ArgumentHelp(
      "The host that serves the file, a subdomain for a wildcard: only the patterns that apply to it are claimed.",
      valueName: "HOST"))
  var host: String?

  @Option(name: .shortAndLong, help: "Write the file here instead of standard output.")
  var output: String?

  @OptionGroup var features: FeatureOptions

  func validate() throws {
    for id in appIDs {
      if let problem = AppSiteAssociation.appIDProblem(id) {
        throw ValidationError(
          AppSiteAssociation.Failure.malformedAppID(id, problem: problem).description)
      }
    }
  }

  func run() throws {
    let file = try ManifestFile.single(manifest, command: .aasa)
    let resolved = try ManifestCompilation.compile(
      file, features: try features.files(), command: .aasa
    ).manifest
    let text: String
    do {
      text = try AppSiteAssociation.text(resolved, appIDs: appIDs, host: host)
    } catch {
      throw ToolError(message: "\(file.displayPath): \(error)")
    }
    if let output {
      try Generation.write(text, to: output)
    } else {
      FileHandle.standardOutput.write(Data(text.utf8))
    }
  }
}
