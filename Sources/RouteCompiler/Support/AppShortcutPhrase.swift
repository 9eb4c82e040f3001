/// The grammar of an App Shortcut phrase: text with `${app}` (the app's name, required: iOS
/// takes only phrases that name the app) and `${NAME}` for an intent parameter whose values can
/// be listed. Parsing is apart from reporting: the validator turns a `Problem` into its
/// diagnostic, located at the problem's offset in the phrase.
enum AppShortcutPhrase {
  /// Why a phrase is not one, and the offset (in Unicode scalars) where it was found; nil for
  /// the whole phrase.
  enum Problem: Error, Equatable {
    /// `${` with no `}` after it (or another `${` before it).
    case unclosed(offset: Int)
    /// `${NAME}` of a parameter without `choices`.
    case parameterWithoutChoices(String, offset: Int)
    /// `${NAME}` that is neither `${app}` nor a parameter of the intent.
    case unknownName(String, offset: Int)
    /// No `${app}` anywhere.
    case noApp
  }

  /// The parts of `phrase`, whose `${NAME}`s name `parameters` (by payload key) by position.
  static func parse(_ phrase: String, parameters: [ResolvedManifest.IntentParameter])
    -> Result<[ResolvedManifest.PhrasePart], Problem>
  {
    let scalars = Array(phrase.unicodeScalars)
    var parts: [ResolvedManifest.PhrasePart] = []
    var text = String.UnicodeScalarView()
    var index = 0
    var hasApp = false
    while index < scalars.count {
      guard scalars[index] == "$", index + 1 < scalars.count, scalars[index + 1] == "{" else {
        text.append(scalars[index])
        index += 1
        continue
      }
      guard let close = scalars[(index + 2)...].firstIndex(of: "}") else {
        return .failure(.unclosed(offset: index))
      }
      let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
      if name.contains("${") { return .failure(.unclosed(offset: index)) }
      if !text.isEmpty { parts.append(.text(String(text))) }
      text = String.UnicodeScalarView()
      if name == "app" {
        hasApp = true
        parts.append(.app)
      } else if let position = parameters.firstIndex(where: { $0.key == name }) {
        guard parameters[position].choices != nil else {
          return .failure(.parameterWithoutChoices(name, offset: index))
        }
        parts.append(.parameter(position))
      } else {
        return .failure(.unknownName(name, offset: index))
      }
      index = close + 1
    }
    if !text.isEmpty { parts.append(.text(String(text))) }
    return hasApp ? .success(parts) : .failure(.noApp)
  }
}
