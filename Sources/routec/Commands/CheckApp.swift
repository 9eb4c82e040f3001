import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

/// `routec check-app`: the app's Info.plist and entitlements against the manifest.
struct CheckApp: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check-app",
    abstract: "Check the app's Info.plist and entitlements against what the manifest routes.",
    discussion: """
      Reads the app's Info.plist and, with --entitlements, its entitlements (XML or binary \
      property lists) and reports each disagreement with the manifest: a scheme of \
      `links.schemes` in no `CFBundleURLSchemes`, a host of `links.hosts` without \
      `applinks:HOST` (`applinks:*.DOMAIN` covers its subdomains), a static quick action \
      missing from `UIApplicationShortcutItems` or different there, and an activity type \
      missing from `NSUserActivityTypes`, and a quick action the manifest marks dynamic but \
      Info.plist declares static are errors; a URL scheme or quick action type the manifest \
      does not route, a key written twice in one dictionary (the last counts, as on iOS), and a \
      value holding a build setting (`$(...)`, which only Xcode expands) that may stand for a \
      value the manifest expects, are warnings. A build setting stands only for what its \
      literal parts allow; `KEY~ipad` and `KEY~iphone` are checked like `KEY`; an `applinks:` \
      domain with a `?mode=` covers no customer's device. Findings are located at the element's LINE:COLUMN in an XML file, \
      and at 1:1 for a key that is absent (the message names it) and in a binary file. Without \
      --entitlements, link hosts are not checked.

      --format works as for `routec lint`: text on standard error, or github, json or sarif on \
      standard output.

      Exit status: 0 when nothing disagrees (warnings alone pass unless --strict), 1 when \
      something does or the manifest has errors, 2 when a file is missing, unreadable, not a \
      property list or not a dictionary, or on another usage problem.
      """
  )

  @Argument(help: "The app manifest.")
  var manifest: String

  @OptionGroup var features: FeatureOptions

  @Option(help: ArgumentHelp("The app's Info.plist.", valueName: "PATH"))
  var infoPlist: String

  @Option(help: ArgumentHelp("The app's entitlements (.entitlements).", valueName: "PATH"))
  var entitlements: String?

  @Option(
    name: .customLong("setting"),
    help: ArgumentHelp(
      "A build setting's value, expanded where the files write $(NAME) or ${NAME} (repeatable).",
      valueName: "NAME=VALUE"))
  var settings: [String] = []

  @Option(
    name: .customLong("xcconfig"),
    help: ArgumentHelp(
      "An xcconfig file of build settings (NAME = VALUE, #include, $(inherited)); --setting values win (repeatable).",
      valueName: "FILE"))
  var xcconfigs: [String] = []

  @Option(
    name: .customLong("strings"),
    help: ArgumentHelp(
      "The app's InfoPlist.strings (UTF-8 or UTF-16) or InfoPlist.xcstrings, in its development language: a quick action title that is one of its keys is compared through it (repeatable).",
      valueName: "FILE"))
  var stringsFiles: [String] = []

  @OptionGroup var report: ReportOptions

  func run() throws {
    let file = try ManifestFile.single(manifest, command: .checkApp)
    let resolved = try ManifestCompilation.compile(
      file, features: try features.files(), command: .checkApp
    ).manifest
    let reader = AppFileReader(
      settings: settings, xcconfigs: xcconfigs, stringsFiles: stringsFiles)
    let buildSettings = try reader.buildSettings()
    let plist = try AppFileReader.read(infoPlist, expanding: buildSettings)
    let entitlementsFile = try entitlements.map {
      try AppFileReader.read($0, expanding: buildSettings)
    }

    // Did-you-mean work grows with the files, as lint's does with the manifest.
    let findings = AppCheck.findings(
      resolved, infoPlist: plist.root, entitlements: entitlementsFile?.root,
      strings: try reader.strings(),
      suggestions: Suggestions(
        budgetForBytes: plist.bytes.count + (entitlementsFile?.bytes.count ?? 0)))
    let files: [AppCheck.AppFile: AppFileReader.Read] = [
      .infoPlist: plist, .entitlements: entitlementsFile,
    ].compactMapValues { $0 }
    let tail = ReportTail(format: report.format)
    let findingsReport = Report.diagnostics(
      [AppCheck.AppFile.infoPlist, .entitlements].compactMap { file in
        files[file].map {
          (ManifestFile.reportPath(of: $0.path), findings.filter { AppCheck.AppFile($0) == file })
        }
      }, rules: AppCheckRule.allCases)
    if !tail.printDocument(findingsReport) {
      AppFileReader.printFindings(findings, in: files)
    }
    let errors = findings.filter { $0.severity == .error }.count
    let warnings = findings.count - errors
    let checked = entitlementsFile == nil ? "Info.plist" : "Info.plist and entitlements"
    try ReportTail.finish(
      "routec check-app: \(checked) checked, "
        + ReportTail.problems(errors: errors, warnings: warnings)
        + (entitlementsFile == nil && !resolved.linkHosts.isEmpty
          ? " (link hosts not checked: give --entitlements)" : ""),
      errors: errors, warnings: warnings, strict: report.strict)
  }
}
