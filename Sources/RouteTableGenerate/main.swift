import Foundation
import RouteCompiler
import RoutecCore

// The build tool plugin's generator: `routec generate`'s arguments and work (`Generation`), with
// none of routec's other commands, so a package that uses the plugin builds the pipeline alone.
// The plugin writes the arguments; a person runs `routec generate`.
//
//   RouteTableGenerate MANIFEST --output FILE [--access public|internal] [--feature PATH]...
//                      [--import MODULE]... [--build-plugin package|xcode]
//
// Exit status as routec's: 0 written (or unchanged), 1 the manifest has errors, 2 a usage or file
// problem.

/// The arguments, or the usage problem in them.
struct Arguments {
  var manifest: String?
  var output: String?
  var access = SwiftGenerator.Access.public
  var features: [String] = []
  var imports: [String] = []
  var buildPlugin: Generation.BuildPlugin?

  init(_ words: ArraySlice<String>) throws {
    var words = words
    func value(_ option: String) throws -> String {
      guard let next = words.popFirst() else {
        throw ToolError(message: "\(option) needs a value")
      }
      return next
    }
    while let word = words.popFirst() {
      switch word {
      case "--output", "-o": output = try value(word)
      case "--access":
        let text = try value(word)
        guard let parsed = SwiftGenerator.Access(rawValue: text) else {
          throw ToolError(message: "--access is public or internal, not `\(text)`")
        }
        access = parsed
      case "--feature": features.append(try value(word))
      case "--import":
        let module = try value(word)
        if let message = Generation.invalidImport(module) { throw ToolError(message: message) }
        imports.append(module)
      case "--build-plugin":
        let text = try value(word)
        guard let parsed = Generation.BuildPlugin(rawValue: text) else {
          throw ToolError(message: "--build-plugin is package or xcode, not `\(text)`")
        }
        buildPlugin = parsed
      case _ where word.hasPrefix("-") && word != "-":
        throw ToolError(message: "unknown option `\(ControlCharacters.escaped(word))`")
      default:
        guard manifest == nil else {
          throw ToolError(
            message: "one manifest only; `\(ControlCharacters.escaped(word))` is a second")
        }
        manifest = word
      }
    }
  }
}

do {
  let arguments = try Arguments(CommandLine.arguments.dropFirst())
  guard let manifest = arguments.manifest, let output = arguments.output else {
    throw ToolError(
      message:
        "usage: RouteTableGenerate MANIFEST --output FILE [--access public|internal] [--feature PATH]... [--import MODULE]... [--build-plugin package|xcode]"
    )
  }
  try Generation.run(
    manifest: manifest, output: output, access: arguments.access,
    featurePaths: arguments.features, imports: arguments.imports,
    buildPlugin: arguments.buildPlugin)
} catch {
  exit(Output.exitStatus(for: error) ?? Output.exitStatus(for: ToolError(message: "\(error)")) ?? 2)
}
