import Foundation

/// The examples of a rule table in `docs/`: its section `## Examples` has, for every rule in the
/// order of the table, a subsection `### \`rule-id\`` with its input in code blocks, the line the
/// tool prints for it in a `text` block, and a `Fix:` line. RouteCompilerTests runs those of
/// `docs/rules.md` through the compiler; RouteToolsTests those of `docs/remote-config.md`
/// through the template check.
public enum RuleExamples {
  /// Marks a subsection whose input cannot be written in Markdown; it has prose, no `yaml` block.
  public static let notCheckedMarker = "<!-- example: not checked -->"

  public struct CodeBlock: Sendable {
    /// What follows the opening fence: `yaml`, `json`, `text`.
    public var info: String
    public var lines: [String]
  }

  /// One `### ` subsection of `## Examples`.
  public struct Example: Sendable {
    public var heading: String
    /// The lines outside code blocks that are not blank, in order.
    public var prose: [String] = []
    public var blocks: [CodeBlock] = []

    /// The rule id of a heading written as `### \`rule-id\``, or the heading as written.
    public var id: String {
      let title = heading.dropFirst("### ".count)
      guard title.count > 2, title.hasPrefix("`"), title.hasSuffix("`") else {
        return String(title)
      }
      return String(title.dropFirst().dropLast())
    }

    /// Whether the marker comes right after the heading.
    public var isChecked: Bool { prose.first != RuleExamples.notCheckedMarker }

    public func blocks(_ info: String) -> [CodeBlock] { blocks.filter { $0.info == info } }

    public var fixLines: [String] { prose.filter { $0.hasPrefix("Fix: ") } }
  }

  public struct UnclosedBlock: Error, CustomStringConvertible {
    public var description: String { "a code block in the examples is never closed" }
  }

  /// The repository's root.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The subsections of `## Examples` in `file` (below the repository's root), in order.
  public static func all(in file: String = "docs/rules.md") throws -> [Example] {
    try parse(String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
  }

  /// The subsections of `## Examples` in `text`, in order.
  public static func parse(_ text: String) throws -> [Example] {
    var examples: [Example] = []
    var inExamples = false
    var openBlock: CodeBlock?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if var block = openBlock {
        if line == "```" {
          examples[examples.count - 1].blocks.append(block)
          openBlock = nil
        } else {
          block.lines.append(line)
          openBlock = block
        }
      } else if line.hasPrefix("## ") {
        inExamples = line == "## Examples"
      } else if !inExamples {
        continue
      } else if line.hasPrefix("### ") {
        examples.append(Example(heading: line))
      } else if examples.isEmpty {
        continue
      } else if line.hasPrefix("```") {
        openBlock = CodeBlock(info: String(line.dropFirst(3)), lines: [])
      } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
        examples[examples.count - 1].prose.append(line)
      }
    }
    if openBlock != nil { throw UnclosedBlock() }
    return examples
  }
}
