/// What a manifest file is to a composition, read from its top-level keys before it is checked:
/// `routec lint` uses it to tell app manifests and feature manifests apart among the files it is
/// given.
package enum ManifestRole: Equatable, Sendable {
  /// Neither `feature` nor `compose`: a manifest of its own.
  case standalone
  /// `compose`: an app manifest, with the feature names it lists.
  case app(composes: [String])
  /// `feature`: a feature manifest, with its name.
  case feature(String)

  /// Whether the file is a feature manifest.
  package var isFeature: Bool { featureName != nil }

  /// The feature's name, for a feature manifest.
  package var featureName: String? {
    if case .feature(let name) = self { name } else { nil }
  }

  /// The role the bytes declare; `standalone` when they are not a readable mapping (checking
  /// them reports why), unless a `feature: Name` line says what the file was meant to be: a
  /// feature manifest with a syntax error is still checked as the feature its app composes.
  ///
  /// Most manifests are neither, and `routec lint` asks for every file before checking it, so
  /// the file is parsed only when a line starts with a `feature` or `compose` key.
  package init(bytes: [UInt8]) {
    guard ManifestHeader(bytes: bytes).declaresRole else {
      self = .standalone
      return
    }
    var ignored = Diagnostics()
    guard case .mapping(let mapping)? = YAMLReader.read(bytes, diagnostics: &ignored) else {
      self = Self.featureName(inText: bytes).map(Self.feature) ?? .standalone
      return
    }
    if case .scalar(let name)? = mapping["feature"]?.value {
      self = .feature(name.value)
    } else if let compose = mapping["compose"]?.value {
      guard case .sequence(let list) = compose else {
        self = .app(composes: [])
        return
      }
      self = .app(
        composes: list.items.compactMap {
          if case .scalar(let name) = $0 { name.value } else { nil }
        })
    } else {
      self = .standalone
    }
  }

  /// The name a `feature: Name` line gives, read from the text alone: for a feature manifest
  /// that cannot be parsed, whose own errors are the one mistake (not its absence from the
  /// composition).
  package static func featureName(inText bytes: [UInt8]) -> String? {
    ManifestHeader(bytes: bytes).feature.flatMap { $0.isEmpty ? nil : $0 }
  }
}
