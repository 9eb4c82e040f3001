import Foundation

/// What a module's sources import, for the tests that keep each runtime module to its
/// dependencies: an Apple framework only inside a `#if canImport(ThatFramework)` block, which
/// never builds where the framework is missing (Linux).
public enum SourceImports {
  /// The modules `text` imports outside the `#if canImport` blocks that guard them, other than
  /// the `allowed` ones.
  public static func misplaced(in text: String, allowed everywhere: Set<String>) -> [String] {
    var conditions: [String] = []
    var misplaced: [String] = []
    for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("#if") {
        conditions.append(line)
      } else if line.hasPrefix("#else") || line.hasPrefix("#elseif") {
        // The other branch of a `canImport` test runs where the framework is missing.
        if !conditions.isEmpty { conditions[conditions.count - 1] = line }
      } else if line.hasPrefix("#endif") {
        _ = conditions.popLast()
      } else if line.hasPrefix("import ") || line.hasPrefix("@preconcurrency import ") {
        let module = line.split(separator: " ").last.map(String.init) ?? ""
        let guarded = conditions.contains {
          $0.contains("canImport(\(module))") && !$0.contains("!canImport(\(module))")
        }
        if !everywhere.contains(module) && !guarded { misplaced.append(module) }
      }
    }
    return misplaced
  }

  /// Every `.swift` file under `Sources/MODULE`, by its path there, with its text.
  public static func files(of module: String) throws -> [(path: String, text: String)] {
    let folder = PublicAPIExtraction.packageRoot.appendingPathComponent("Sources/\(module)")
    let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [])
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    return try paths.map {
      ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
    }
  }
}
