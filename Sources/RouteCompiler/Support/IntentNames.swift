/// The Swift names the generated App Intents take. The generator writes exactly these names and
/// the validator checks them, so every name lint accepts is a visible ASCII identifier that
/// redeclares nothing the generated code or App Intents declares.
package enum IntentNames {
  /// The members of a generated `AppIntent`, and what App Intents requires of one, that a
  /// parameter's property must not be named.
  package static let intentMembers = [
    "perform": "the method App Intents runs",
    "intentDoor": "where the intent hands its payload",
    "title": "the action's name, an `AppIntent` requirement",
    "description": "the action's description, an `AppIntent` requirement",
    "openAppWhenRun": "an `AppIntent` requirement",
    "parameterSummary": "an `AppIntent` requirement",
    "authenticationPolicy": "an `AppIntent` requirement",
    "isDiscoverable": "an `AppIntent` requirement",
    "persistentIdentifier": "an `AppIntent` requirement",
    "supportedModes": "an `AppIntent` requirement",
  ]

  /// The members of an `AppEnum` (its requirements and those of `RawRepresentable`,
  /// `CaseIterable` and `Hashable`) that a choice's case must not be named: a choice that would
  /// be one takes its position, as a repeated name does.
  package static let enumMembers: Set<String> = [
    "typeDisplayRepresentation", "caseDisplayRepresentations", "displayRepresentation",
    "localizedStringResource", "defaultResolverSpecification", "allCases", "rawValue",
    "hashValue", "hash", "init",
  ]

  /// The types the generated intents name, and those App Intents declares that an intent's
  /// type could be mistaken for: a generated type of one of these names would shadow it.
  package static let frameworkTypes: Set<String> = [
    "AppIntent", "AppEnum", "AppEntity", "AppShortcutsProvider", "AppShortcut",
    "AppShortcutPhrase", "AppDependencyManager", "IntentResult", "IntentDescription",
    "IntentParameter", "LocalizedStringResource", "TypeDisplayRepresentation",
    "DisplayRepresentation", "IntentDoor", "Payload", "PayloadValue", "Parameter", "Dependency",
    "OpenIntent", "DeleteIntent", "AudioPlaybackIntent", "AudioRecordingIntent",
    "ForegroundContinuableIntent", "LiveActivityIntent", "ProgressReportingIntent",
    "SetValueIntent", "URLRepresentableIntent", "CameraCaptureIntent", "PlayVideoIntent",
    "SystemIntent", "WidgetConfigurationIntent", "ShowInAppSearchResultsIntent",
    "PredictableIntent", "SnippetIntent", "UndoableIntent", "SetFocusFilterIntent",
    "ControlConfigurationIntent", "OpenURLIntent", "ShortcutsIntent",
  ]

  /// A parameter's `@Parameter` property: the key's ASCII letters and digits in lowerCamelCase
  /// (`episode_id` -> `episodeId`, `a+b` -> `aB`, `$x` -> `x`), an underscore before a leading
  /// digit, and an underscore after a Swift keyword (`default` -> `default_`), since a key path
  /// to a wrapper (`\.$name`) takes no backticks. Nil for a key without an ASCII letter or
  /// digit: nothing of it can be a name. Invisible and bidirectional characters are never part
  /// of it.
  package static func property(_ key: String) -> String? {
    guard key.unicodeScalars.contains(where: SwiftName.isASCIIAlphanumeric) else { return nil }
    let name = SwiftName.lowerCamel(key)
    return SwiftName.keywords.contains(name) ? name + "_" : name
  }

  /// An intent's `AppIntent`: the key in UpperCamelCase plus `Intent`.
  package static func typeName(_ intent: String) -> String {
    SwiftName.upperCamel(intent) + "Intent"
  }

  /// The `AppEnum` of a parameter with choices: its intent's type plus the key in
  /// UpperCamelCase.
  package static func enumName(intent: String, parameter: String) -> String {
    typeName(intent) + SwiftName.upperCamel(parameter)
  }

  /// The cases of a parameter's `AppEnum`, as `SwiftName.caseNames` writes them, none an
  /// `AppEnum` member.
  package static func caseNames(_ choices: [String]) -> [String] {
    SwiftName.caseNames(choices, taken: enumMembers)
  }

  /// Whether `name` is what the generator may write for a name: an ASCII identifier that is not
  /// a keyword, or a keyword in backticks. The property test and the manifest fuzzer check every
  /// generated intent name with it.
  package static func isValid(_ name: String) -> Bool {
    if name.hasPrefix("`"), name.hasSuffix("`"), name.count > 2 {
      return SwiftName.keywords.contains(String(name.dropFirst().dropLast()))
    }
    return SwiftName.isIdentifier(name)
  }
}
