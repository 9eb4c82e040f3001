/// Indented lines of generated source; a class so nested `indent` blocks can write to it.
final class GeneratedSource {
  let access: String
  private(set) var text = ""
  private var depth = 0

  init(access: String) {
    self.access = access
  }

  func line(_ line: String) {
    if line.isEmpty {
      text += "\n"
    } else {
      text += String(repeating: "  ", count: depth) + line + "\n"
    }
  }

  func indent(_ body: () -> Void) {
    depth += 1
    body()
    depth -= 1
  }
}
