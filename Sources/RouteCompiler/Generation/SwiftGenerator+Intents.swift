import RouteTable

/// The App Intents of a manifest's `intents`, after its namespace: inside
/// `#if canImport(AppIntents) && !ROUTETABLE_NO_INTENTS`, so Linux and SDKs without the
/// framework compile the file unchanged, and an app extension that needs the routes and links
/// (a widget) compiles it without a second copy of the intents. Titles, descriptions and phrases are literals, because Xcode reads them from the
/// app's sources when it builds the app; each intent's `perform()` only builds a payload from its
/// parameters and hands it to the app's `IntentDoor` (its router's), which resolves it like every
/// door.
extension SwiftGenerator {
  /// The availability of everything App Intents declares.
  static let intentsAvailability = "@available(iOS 16.0, macOS 13.0, watchOS 9.0, tvOS 16.0, *)"
  /// The SF Symbol an App Shortcut without `symbol` shows: the iOS 17 initializer needs one.
  package static let defaultAppShortcutSymbol = "arrow.up.forward.app"

  static func appIntents(_ manifest: ResolvedManifest, namespace: String, _ out: GeneratedSource) {
    guard !manifest.intents.isEmpty else { return }
    out.line("")
    out.line("// The App Intents of the manifest's `intents`. Xcode reads their titles, parameters")
    out.line("// and phrases from the app target's sources, so this file must be compiled into the")
    out.line("// app target. The app registers where they go once, at launch:")
    out.line("//   AppDependencyManager.shared.add(dependency: router.intentDoor)")
    out.line("// An app extension that compiles this file for its routes and links (a widget)")
    out.line("// defines ROUTETABLE_NO_INTENTS, so the intents are the app's alone.")
    out.line("#if canImport(AppIntents) && !ROUTETABLE_NO_INTENTS")
    out.line("import AppIntents")
    for intent in manifest.intents {
      out.line("")
      intentStruct(intent, manifest, namespace: namespace, out)
      for parameter in intent.parameters {
        guard let choices = parameter.choices else { continue }
        out.line("")
        appEnum(parameter.enumName(in: intent.key), title: parameter.title, choices, out)
      }
    }
    let appShortcuts = manifest.intents.filter { $0.appShortcut != nil }
    if !appShortcuts.isEmpty {
      out.line("")
      appShortcutsProvider(appShortcuts, manifest, out)
    }
    out.line("#endif")
  }

  private static func intentStruct(
    _ intent: ResolvedManifest.Intent, _ manifest: ResolvedManifest, namespace: String,
    _ out: GeneratedSource
  ) {
    let route = manifest.routes[intent.route].key
    out.line(
      "/// The intent `\(intent.key)`: opens route `\(route)` with a payload of its parameters.")
    out.line(intentsAvailability)
    out.line("\(out.access) struct \(intent.typeName): AppIntent {")
    out.indent {
      out.line(
        "\(out.access) static var title: LocalizedStringResource { \(literal(intent.title)) }")
      if let description = intent.description {
        out.line(
          "\(out.access) static var description: IntentDescription? { IntentDescription(\(literal(description))) }"
        )
      }
      out.line("\(out.access) static var openAppWhenRun: Bool { true }")
      for parameter in intent.parameters {
        out.line("")
        let description = parameter.description.map { ", description: \(literal($0))" } ?? ""
        out.line("@Parameter(title: \(literal(parameter.title))\(description))")
        let type =
          parameter.choices == nil ? swiftType(parameter.type) : parameter.enumName(in: intent.key)
        out.line(
          "\(out.access) var \(parameter.propertyName): \(type)\(parameter.isOptional ? "?" : "")"
        )
      }
      out.line("")
      out.line("@Dependency private var intentDoor: IntentDoor")
      out.line("")
      out.line("\(out.access) init() {}")
      out.line("")
      out.line("\(out.access) func perform() async throws -> some IntentResult {")
      out.indent {
        guard !intent.parameters.isEmpty else {
          out.line(
            "intentDoor.open(intent: \(literal(intent.key)), parameters: Payload([:]))")
          out.line("return .result()")
          return
        }
        // `_payload`: no parameter's property begins with an underscore and a letter.
        out.line("var _payload: [String: PayloadValue] = [:]")
        for parameter in intent.parameters {
          let name = parameter.propertyName
          let value = parameter.isOptional ? "$0" : name
          let converted: String
          if parameter.choices != nil {
            converted = ".string(\(value).rawValue)"
          } else {
            switch parameter.type {
            case .int: converted = ".integer(\(value))"
            case .double: converted = ".number(\(value))"
            case .bool: converted = ".bool(\(value))"
            case .string, .query: converted = ".string(\(value))"
            }
          }
          out.line(
            "_payload[\(literal(parameter.key))] = \(parameter.isOptional ? "\(name).map { \(converted) }" : converted)"
          )
        }
        out.line(
          "intentDoor.open(intent: \(literal(intent.key)), parameters: Payload(_payload))"
        )
        out.line("return .result()")
      }
      out.line("}")
    }
    out.line("}")
  }

  private static func appEnum(
    _ name: String, title: String, _ choices: [String], _ out: GeneratedSource
  ) {
    let cases = IntentNames.caseNames(choices)
    out.line("/// The choices of a parameter, as Siri and the Shortcuts app offer them.")
    out.line(intentsAvailability)
    out.line("\(out.access) enum \(name): String, AppEnum {")
    out.indent {
      for (name, choice) in zip(cases, choices) {
        out.line("case \(name) = \(literal(choice))")
      }
      out.line("")
      out.line(
        "\(out.access) static var typeDisplayRepresentation: TypeDisplayRepresentation { \(literal(title)) }"
      )
      out.line(
        "\(out.access) static var caseDisplayRepresentations: [\(name): DisplayRepresentation] {")
      out.indent {
        out.line("[")
        out.indent {
          for (name, choice) in zip(cases, choices) {
            out.line(".\(name): \(literal(choice)),")
          }
        }
        out.line("]")
      }
      out.line("}")
    }
    out.line("}")
  }

  private static func appShortcutsProvider(
    _ intents: [ResolvedManifest.Intent], _ manifest: ResolvedManifest, _ out: GeneratedSource
  ) {
    out.line("/// The App Shortcuts: Siri phrases, Spotlight and the Action button.")
    out.line(intentsAvailability)
    out.line("\(out.access) struct \(manifest.namespace)AppShortcuts: AppShortcutsProvider {")
    out.indent {
      out.line("\(out.access) static var appShortcuts: [AppShortcut] {")
      out.indent {
        for intent in intents {
          guard let appShortcut = intent.appShortcut else { continue }
          out.line("AppShortcut(")
          out.indent {
            out.line("intent: \(intent.typeName)(),")
            out.line("phrases: [")
            out.indent {
              for phrase in appShortcut.phrases {
                out.line(phraseLiteral(phrase, intent.parameters) + ",")
              }
            }
            out.line("],")
            out.line("shortTitle: \(literal(appShortcut.shortTitle)),")
            out.line(
              "systemImageName: \(literal(appShortcut.symbol ?? defaultAppShortcutSymbol))")
          }
          out.line(")")
        }
      }
      out.line("}")
    }
    out.line("}")
  }

  /// A phrase as an `AppShortcutPhrase` literal: its text escaped as in `literal(_:)`, `${app}`
  /// as `\(.applicationName)` and `${NAME}` as the parameter's key path.
  private static func phraseLiteral(
    _ parts: [ResolvedManifest.PhrasePart], _ parameters: [ResolvedManifest.IntentParameter]
  ) -> String {
    var result = "\""
    for part in parts {
      switch part {
      case .text(let text): result += literal(text).dropFirst().dropLast()
      case .app: result += "\\(.applicationName)"
      case .parameter(let index):
        result += "\\(\\.$\(parameters[index].propertyName))"
      }
    }
    return result + "\""
  }
}
