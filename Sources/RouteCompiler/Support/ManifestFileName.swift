/// How manifest files are named: `NAME.routes.yaml`, or `NAME.routes.yml` for teams whose YAML
/// files end in `.yml`. Folder searches, the plugins (which compile `ManifestHeader` too) and the
/// namespace a file name gives all use this one list.
package enum ManifestFileName {
  package static let suffixes = ManifestHeader.fileSuffixes

  /// `*.routes.yaml or *.routes.yml`, for messages.
  package static let patterns = suffixes.map { "*\($0)" }.joined(separator: " or ")

  package static func isManifest(_ fileName: String) -> Bool {
    suffixes.contains { fileName.hasSuffix($0) && fileName.count > $0.count }
  }

  /// The file name without its manifest suffix (or without `.yaml`/`.yml` for a file named
  /// otherwise): `shop.routes.yml` -> `shop`.
  static func stem(_ fileName: String) -> String {
    for suffix in suffixes + [".yaml", ".yml"] where fileName.hasSuffix(suffix) {
      return String(fileName.dropLast(suffix.count))
    }
    return fileName
  }
}
