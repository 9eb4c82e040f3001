import ArgumentParser
import Foundation
import RouteCompiler
import RouteTools
import RoutecCore

/// `routec remote-config`: keeps the Firebase Remote Config template, the app's in-app defaults
/// and the manifest's variants in step.
struct RemoteConfig: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remote-config",
    abstract: "Check a Remote Config template against a manifest, or print the in-app defaults.",
    subcommands: [Defaults.self, Check.self]
  )

  struct Defaults: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the in-app default of the manifest's variant key.",
      discussion: """
        The default is the first value of the manifest's `default_variant`, as an XML property \
        list for setDefaults(fromPlist:) or as a JSON object, on standard output.

        Exit status: 0 when printed, 1 when the manifest has errors or declares no variants, 2 \
        on a usage or file problem.
        """
    )

    @Argument(help: "The manifest.")
    var manifest: String

    @Option(help: "plist or json.")
    var format: RemoteConfigDefaults.Format = .plist

    @OptionGroup var features: FeatureOptions

    func run() throws {
      let file = try ManifestFile.single(manifest, command: .remoteConfigDefaults)
      let resolved = try ManifestCompilation.compile(
        file, features: try features.files(), command: .remoteConfigDefaults
      )
      .manifest
      do {
        FileHandle.standardOutput.write(
          Data(try RemoteConfigDefaults.text(resolved, format: format).utf8))
      } catch {
        Output.error("routec remote-config defaults: \(file.displayPath): \(error)")
        throw ExitCode(1)
      }
    }
  }

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check that every value a Remote Config template serves picks a variant.",
      discussion: """
        Reads TEMPLATE, a Remote Config template as the REST API returns it, and checks every \
        value it can serve for the manifest's variant key: the default value, each conditional \
        value and each rollout value, in `parameters` and in every parameter group. A value that \
        picks no variant is a warning at its line and column in TEMPLATE (its users see the \
        default variant), as are a template without the key and a value computed at fetch time \
        (personalization), which cannot be checked. A template that is not JSON of that shape is \
        an error.

        Exit status: 0 when there is no error (warnings alone pass unless --strict), 1 when \
        there is one or the manifest has errors or declares no variants, 2 on a usage or file \
        problem.
        """
    )

    @Argument(help: "The manifest.")
    var manifest: String

    @Option(help: "The Remote Config template (JSON).")
    var template: String

    @OptionGroup var report: ReportOptions

    @OptionGroup var features: FeatureOptions

    func run() throws {
      let command = CommandName.remoteConfigCheck
      let file = try ManifestFile.single(manifest, command: command)
      let templateFile = try ManifestFile.single(template, command: command)
      let resolved = try ManifestCompilation.compile(
        file, features: try features.files(), command: command
      ).manifest
      guard let (key, _) = resolved.inAppVariantDefault else {
        Output.error(
          "routec \(command.rawValue): \(file.displayPath) declares no variants, so there is no remote-config value to check"
        )
        throw ExitCode(1)
      }
      let bytes = try templateFile.read()
      let (count, diagnostics) = RemoteConfigCheck.check(template: bytes, against: resolved)
      if !ReportTail(format: report.format).printDocument(
        Report.diagnostics(
          [(templateFile.reportPath, diagnostics)],
          rules: RuleID.allCases + RemoteConfigRule.allCases))
      {
        DiagnosticPrinter.standardError().print(
          diagnostics, path: templateFile.displayPath, bytes: bytes)
      }
      let errors = diagnostics.filter { $0.severity == .error }.count
      let warnings = diagnostics.count - errors
      try ReportTail.finish(
        "routec \(command.rawValue): \(counted(count, "value")) of `\(key)` checked, "
          + ReportTail.problems(errors: errors, warnings: warnings),
        errors: errors, warnings: warnings, strict: report.strict)
    }
  }
}

extension RemoteConfigDefaults.Format: ExpressibleByArgument {}
