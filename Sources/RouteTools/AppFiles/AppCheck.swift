import RouteCompiler

/// `routec check-app`: the app's own Info.plist and entitlements against what the manifest
/// routes. Each disagreement is one finding, located at the element it concerns in an XML file
/// (the key's line and column, or the value's), or at 1:1 for a key that is absent (the message
/// names the key to add) and in a binary file.
///
/// The files are read as iOS reads them: of two entries with the same key the last counts (the
/// first is a warning), and a device-specific key (`CFBundleURLTypes~ipad`) is checked like
/// the plain one, since it replaces it on that device. A value holding a build setting
/// (`$(PRODUCT_BUNDLE_IDENTIFIER).search`) stands only for what its literal parts allow: what
/// it may be is a warning that names it, and every other value is still checked.
///
/// The work is linear in the files and the manifest: values are compared through sets, and
/// did-you-mean suggestions and build-setting matching each have a budget.
package enum AppCheck {
  /// Which of the app's files a finding is in: its location's `file`.
  package enum AppFile: Int, Sendable, Hashable {
    case infoPlist = 0, entitlements

    /// The file of a finding of `findings(_:infoPlist:entitlements:strings:suggestions:)`.
    package init?(_ finding: Diagnostic) {
      self.init(rawValue: finding.location.file)
    }
  }

  /// The device suffixes a key may carry: `KEY~ipad` replaces `KEY` on an iPad, `KEY~iphone`
  /// on an iPhone.
  package static let deviceSuffixes = ["~ipad", "~iphone"]

  /// The modes an `applinks:` domain may name after `?mode=`; none of them covers a host on
  /// customers' devices (developer mode only on devices set up for development, managed only
  /// on devices whose management approves the domain).
  package static let appLinksModes = ["developer", "managed", "developer+managed"]

  /// Every finding, Info.plist's first, each file's by position; a finding's location's `file`
  /// is its `AppFile`, and its rule an `AppCheckRule`. With no `entitlements`, link
  /// hosts are not checked. `suggestions` bounds the did-you-mean work (one budget for the run).
  /// The files' values are as the build writes them: the build settings that were given
  /// already expanded (`PropertyListNode.expandingBuildSettings`).
  package static func findings(
    _ manifest: ResolvedManifest, infoPlist: PropertyListNode, entitlements: PropertyListNode?,
    strings: LocalizedStrings? = nil, suggestions: Suggestions = Suggestions()
  ) -> [Diagnostic] {
    var check = AppFileChecker(manifest: manifest, suggestions: suggestions, strings: strings)
    check.reportRepeatedKeys(infoPlist, in: .infoPlist)
    check.urlSchemes(infoPlist)
    check.shortcuts(infoPlist)
    check.activityTypes(infoPlist)
    if let entitlements {
      check.reportRepeatedKeys(entitlements, in: .entitlements)
      check.linkHosts(entitlements)
    }
    // Each file top to bottom, as lint orders a manifest's diagnostics.
    return check.findings.enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
  }

  /// Whether `text` holds a build setting, which only Xcode expands.
  package static func holdsBuildSetting(_ text: String) -> Bool {
    BuildSettingPattern(text) != nil
  }
}

/// The checks, each appending its findings; one file per subject (`AppFileChecker+*.swift`).
struct AppFileChecker {
  let manifest: ResolvedManifest
  let suggestions: Suggestions
  /// The app's `InfoPlist.strings` (or catalog), when given: a title that is one of its keys
  /// is compared through it.
  let strings: LocalizedStrings?
  var findings: [Diagnostic] = []
  /// How many more comparisons of a build-setting value with a manifest value may be made.
  /// Once spent, a value not found otherwise is taken as one a build setting may stand for (and
  /// the warning says the check stopped), so a file of 100,000 settings stays linear.
  var matchBudget = 4_000_000

  typealias Keys = AppPropertyLists
  typealias ShortcutKey = AppPropertyLists.ShortcutKey
  typealias Value = (text: String, node: PropertyListNode)

  init(manifest: ResolvedManifest, suggestions: Suggestions, strings: LocalizedStrings?) {
    self.manifest = manifest
    self.suggestions = suggestions
    self.strings = strings
  }

  /// The device-specific key being checked (`CFBundleURLTypes~ipad`), if any: its findings say
  /// so, since in a binary file they are located like the plain key's.
  var deviceKey: String?

  mutating func report(
    _ rule: AppCheckRule, _ file: AppCheck.AppFile, _ location: SourceLocation?,
    _ message: String
  ) {
    var message = message
    if let deviceKey, let device = Self.device(of: deviceKey), !message.contains(deviceKey) {
      message += " (in `\(deviceKey)`, which \(device) reads)"
    }
    var location = location ?? .start
    location.file = file.rawValue
    findings.append(Diagnostic(rule.severity, category: rule, at: location, message))
  }

  /// ` on an iPad` for a `~ipad` key: where the finding holds.
  static func onDevice(_ key: String) -> String {
    device(of: key).map { " on \($0)" } ?? ""
  }

  /// The device a device-specific key (`KEY~ipad`) is read on; nil for a plain key.
  static func device(of key: String) -> String? {
    if key.hasSuffix("~ipad") { return "an iPad" }
    if key.hasSuffix("~iphone") { return "an iPhone" }
    return nil
  }
}
