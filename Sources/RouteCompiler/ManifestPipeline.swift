/// The compiler as named stages, each a type of its own with its own input and output:
///
///     1. bytes              --YAMLReader-->          YAMLNode (located nodes)
///     2. YAMLNode           --ManifestDecoder-->     ManifestDeclaration
///     3. app + features     --ManifestComposition--> ManifestDeclaration (one, features folded in)
///     4. ManifestDeclaration --ManifestValidator-->  ResolvedManifest, or diagnostics
///     5. ResolvedManifest   --RouteTableEncoder-->   EncodedTable (the packed table)
///     6. ResolvedManifest + EncodedTable --SwiftGenerator--> Swift source
///
/// `run` takes a manifest through stages 1 to 5 and returns what every consumer needs
/// (`Output`): the resolved manifest and its table, encoded once, for `SwiftGenerator` and
/// `routec resolve`; the declaration and its locations for `routec diff`; the diagnostics. An app
/// manifest that composes features has each feature's bytes taken through stages 1 and 2 too;
/// a feature manifest alone is composed into an `AppStandIn`.
///
/// One `Diagnostics` collector is passed through, so a run reports every problem every stage
/// could see; it also carries the run's did-you-mean budget and, in a composition, the paths
/// messages name other files by. A stage that cannot go on (no tree after a syntax error) ends
/// the run early.
package enum ManifestPipeline {
  package struct Output: Sendable {
    /// Nil when any error was found.
    package var manifest: ResolvedManifest?
    /// The manifest's packed table, encoded once here for every consumer (`SwiftGenerator`,
    /// `routec resolve`); nil exactly when `manifest` is.
    package var table: EncodedTable?
    /// What the manifest declares, with source locations; nil when the YAML could not be read
    /// as a manifest. `routec diff` locates changes with it.
    package var declaration: ManifestDeclaration?
    /// Every diagnostic, sorted by position.
    package var diagnostics: [Diagnostic]
    /// Where each top-level key (`routes`, `variants`, ...) is written, the first of a
    /// duplicate; empty when the YAML is not a mapping. `routec diff` points removals at them.
    package var topLevelKeys: [String: SourceLocation] = [:]
    /// The feature's name when the manifest is a feature manifest, checked alone: `manifest`
    /// and `declaration` are then those of the app it was checked against, not code to generate.
    package var feature: String?
    /// The feature manifests given with an app manifest, by the name each declares, with their
    /// file number and top-level keys: `routec diff` points what a feature lost at its file.
    package var features: [String: FeatureFile] = [:]

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
  }

  /// A feature manifest of a composition: which file it is, and where its top-level keys are.
  package struct FeatureFile: Sendable {
    package var file: Int
    package var topLevelKeys: [String: SourceLocation]
  }

  /// Larger manifests are rejected with `file-too-large`; readers need not read past it.
  package static let maximumFileSize = InputChecks.maximumSize

  /// A manifest file of a composition.
  package struct Input: Sendable {
    package var bytes: [UInt8]
    /// The last path component: it names the namespace when the manifest does not.
    package var fileName: String
    /// How messages that point into this file from another name it.
    package var path: String

    package init(bytes: [UInt8], fileName: String, path: String) {
      self.bytes = bytes
      self.fileName = fileName
      self.path = path
    }
  }

  /// Runs the front end on a manifest's bytes. `fileName` (the last path component) names the
  /// namespace when the manifest does not.
  ///
  /// A feature manifest (`feature:`) is checked for everything that does not need the app that
  /// composes it; an app manifest's `compose` finds no features here, so each item is an
  /// `unknown-feature` error: `run(app:features:)` checks a composition.
  package static func run(bytes: [UInt8], fileName: String) -> Output {
    run(app: Input(bytes: bytes, fileName: fileName, path: fileName), features: [])
  }

  /// Runs the front end on an app manifest and feature manifests, checked as one manifest: the
  /// features its `compose` names are folded in (`ManifestComposition`), the others ignored. Each
  /// diagnostic's `location.file` says where it is: 0 the app manifest, `k` `features[k - 1]`.
  /// When `app` is itself a feature manifest, it is checked alone and `features` are ignored.
  /// `source` says where `features` come from, for the fix of a feature that is not among them.
  package static func run(
    app: Input, features: [Input], source: FeatureSource = .commandLine
  ) -> Output {
    let size = features.reduce(app.bytes.count) { $0 + $1.bytes.count }
    var diagnostics = Diagnostics(suggestions: Suggestions(budgetForBytes: size))
    let root = YAMLReader.read(app.bytes, diagnostics: &diagnostics)
    let declaration = ManifestDecoder.decode(root, diagnostics: &diagnostics)
    let topLevelKeys = Self.topLevelKeys(root)
    var featureFiles: [String: FeatureFile] = [:]
    // Features given whose manifests could not be read: their errors are reported.
    var unreadableFeatures: Set<String> = []
    guard var composed = declaration else {
      return Output(
        manifest: nil, declaration: nil, diagnostics: diagnostics.sorted,
        topLevelKeys: topLevelKeys)
    }
    var paths = [0: app.path]
    if composed.feature != nil {
      // Alone: against an app that declares just what the feature names (and its namespace).
      composed = ManifestComposition.compose(
        app: AppStandIn.app(for: composed, suggestions: diagnostics.suggestions),
        features: [composed], diagnostics: &diagnostics)
    } else if composed.compose != nil {
      var decoded: [ManifestDeclaration] = []
      for (index, feature) in features.enumerated() {
        let file = index + 1
        paths[file] = feature.path
        let root = YAMLReader.read(feature.bytes, file: file, diagnostics: &diagnostics)
        if let declaration = ManifestDecoder.decode(root, file: file, diagnostics: &diagnostics) {
          decoded.append(declaration)
          if let name = declaration.feature?.value, featureFiles[name] == nil {
            featureFiles[name] = FeatureFile(file: file, topLevelKeys: Self.topLevelKeys(root))
          }
        } else if let name = ManifestRole.featureName(inText: feature.bytes) {
          unreadableFeatures.insert(name)
        }
      }
      diagnostics.paths = paths
      composed = ManifestComposition.compose(
        app: composed, features: decoded, unreadable: unreadableFeatures, source: source,
        diagnostics: &diagnostics)
    }
    let checked = composed
    diagnostics.paths = features.isEmpty ? [:] : paths
    var manifest = ManifestValidator.validate(
      checked, fileName: app.fileName, diagnostics: &diagnostics)
    let table = manifest.flatMap { encodeTable($0, checked, diagnostics: &diagnostics) }
    if table == nil { manifest = nil }
    // A requirement that only a missing or unreadable feature's routes require is not unused:
    // the feature is the one mistake.
    let missesFeatures =
      diagnostics.all.contains { $0.rule == .unknownFeature } || !unreadableFeatures.isEmpty
    let located = CompositionDiagnostics.reported(
      diagnostics, hasManifest: manifest != nil, missesFeatures: missesFeatures,
      featureKey: declaration?.feature?.location)
    return Output(
      manifest: manifest, table: table, declaration: checked, diagnostics: located,
      topLevelKeys: topLevelKeys, feature: declaration?.feature?.value, features: featureFiles)
  }

  /// Where each top-level key of `root` is written, the first of a duplicate; empty when it is
  /// not a mapping.
  private static func topLevelKeys(_ root: YAMLNode?) -> [String: SourceLocation] {
    var keys: [String: SourceLocation] = [:]
    if case .mapping(let mapping) = root {
      for entry in mapping.entries where keys[entry.key.value] == nil {
        keys[entry.key.value] = entry.key.location
      }
    }
    return keys
  }

  /// Stage 5, `RouteTableEncoder`: packs the table, once: a manifest that lints is one whose table fits. Nil, with a
  /// `table-too-large` diagnostic, when it does not.
  private static func encodeTable(
    _ manifest: ResolvedManifest, _ declaration: ManifestDeclaration,
    diagnostics: inout Diagnostics
  ) -> EncodedTable? {
    do {
      return try RouteTableEncoder.encode(manifest)
    } catch {
      var location = declaration.rootLocation
      if case .maxLength(let screen, let param, _) = error,
        let declared = declaration.screens.first(where: { $0.name.value == screen })?.params
          .first(where: { $0.name.value == param })?.maxLength
      {
        location = declared.location
      }
      diagnostics.report(.tableTooLarge, at: location, error.description)
      return nil
    }
  }
}
