import CYaml

/// Stage 1 of the pipeline: reads a file's bytes through libyaml's event stream into a `YAMLNode`
/// tree (what the YAML spec calls composing; here "compose" means folding features into an app),
/// enforcing the manifest's YAML rules on the way.
///
/// The tree is built with an explicit stack, never recursion, and the depth limit is checked on
/// every collection start, so hostile nesting stops early with a diagnostic. Problems that leave
/// the tree meaningful (a tag, an alias, a duplicate key) are reported and reading goes on, so
/// one run shows them all; problems that do not (a syntax error, too deep) end it.
package enum YAMLReader {
  package static let maximumDepth = 64

  /// libyaml's own nesting limit (1,000 levels in the copy Yams compiles), lifted once per
  /// process, before the first parse: it counts levels the scanner reads ahead, so a deeper flow
  /// collection would fail at its start (1:1) in libyaml's words before this reader reports
  /// `too-deep` where the nesting passes `maximumDepth`, the limit that stops nesting here.
  private static let libyamlNestingLimitLifted: Void = { yaml_set_max_nest_level(.max) }()

  /// The root node of the single document, or nil when there is none or it could not be read.
  /// `kind` names the file in messages and picks the syntax errors' fixes; every location in the
  /// tree and in the diagnostics is in file `file` of a composition.
  package static func read(
    _ bytes: [UInt8], kind: SourceKind = .manifest, file: Int = 0,
    diagnostics: inout Diagnostics
  ) -> YAMLNode? {
    if var problem = InputChecks.firstProblem(in: bytes, kind: kind) {
      problem.location.file = file
      diagnostics.append(problem)
      return nil
    }
    // A UTF-8 byte order mark is allowed but is not text: libyaml, told the encoding, would count
    // it as a column of line 1 and misread that line's indentation.
    let mark = InputChecks.byteOrderMark
    let text = bytes.starts(with: mark) ? bytes.dropFirst(mark.count) : bytes[...]
    if text.isEmpty {
      return nil
    }
    libyamlNestingLimitLifted
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      diagnostics.report(
        .yamlSyntax, at: .start(of: file), "libyaml could not start (out of memory)")
      return nil
    }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

    return text.withUnsafeBufferPointer { buffer -> YAMLNode? in
      guard let base = buffer.baseAddress else { return nil }
      yaml_parser_set_input_string(&parser, base, buffer.count)
      var end = endLocation(of: buffer)
      end.file = file
      var builder = TreeBuilder(end: end)
      var event = yaml_event_t()
      while true {
        guard yaml_parser_parse(&parser, &event) == 1 else {
          diagnostics.append(syntaxError(parser, end: end, text: buffer, kind: kind))
          return nil
        }
        defer { yaml_event_delete(&event) }
        switch builder.consume(event, diagnostics: &diagnostics) {
        case .continue: continue
        case .finished: return builder.root
        case .abandoned: return nil
        }
      }
    }
  }

  private static func syntaxError(
    _ parser: yaml_parser_t, end: SourceLocation, text: UnsafeBufferPointer<UInt8>,
    kind: SourceKind
  ) -> Diagnostic {
    let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
    var message = "\(kind.syntax) syntax error: \(problem)"
    if let context = parser.context {
      let mark = parser.context_mark
      message +=
        " (\(String(cString: context)) at line \(mark.line + 1), column \(mark.column + 1))"
    }
    let location = min(
      SourceLocation(
        line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1,
        file: end.file),
      end)
    if let fix = kind.syntaxFix {
      message += "; " + fix(location >= end)
    } else {
      let above = (1..<location.line).reversed().lazy.map { line($0, of: text) }
        .first { YAMLSyntaxHint.isContent($0) }
      if let hint = YAMLSyntaxHint.hint(
        problem: problem, line: line(location.line, of: text), above: above)
      {
        message += "; \(hint)"
      }
    }
    return Diagnostic(.error, .yamlSyntax, at: location, message)
  }

  /// The text of 1-based line `number`, without its line break.
  private static func line(_ number: Int, of text: UnsafeBufferPointer<UInt8>) -> Substring {
    var line = 1
    var start = 0
    var index = 0
    while index < text.count {
      let breakLength = LineBreak.length(in: text, at: index)
      guard breakLength > 0 else {
        index += 1
        continue
      }
      if line == number { break }
      line += 1
      index += breakLength
      start = index
    }
    return Substring(
      String(decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self))
  }

  /// Where a caret goes after the last character of `text`. libyaml ends a stream that has no
  /// final line break with a line break of its own, so a mark at the end of such a file (a
  /// syntax error, or the empty root of `--- `) is on a line the file does not have; such marks
  /// point here instead (found by fuzzing, see docs/hardening.md).
  fileprivate static func endLocation(of text: UnsafeBufferPointer<UInt8>) -> SourceLocation {
    // Columns count scalars, so continuation bytes do not add one (the bytes are valid UTF-8 by
    // now: InputChecks ran).
    var line = 1
    var column = 1
    var index = 0
    while index < text.count {
      let breakLength = LineBreak.length(in: text, at: index)
      if breakLength > 0 {
        line += 1
        column = 1
        index += breakLength
      } else {
        if text[index] & 0xC0 != 0x80 { column += 1 }
        index += 1
      }
    }
    return SourceLocation(line: line, column: column)
  }
}

/// The reader's state between events.
private struct TreeBuilder {
  enum Step { case `continue`, finished, abandoned }

  private enum PendingKey {
    case none
    case key(YAMLScalar)
    /// A complex or duplicate key: its value is read and dropped.
    case discarded
  }

  /// An open collection. Frames are mutated in place on the stack (never taken out and put
  /// back), so appending to a 10,000-entry mapping does not copy it.
  private struct Frame {
    var isSequence: Bool
    var location: SourceLocation
    var items: [YAMLNode] = []
    var entries: [YAMLMapping.Entry] = []
    var pending = PendingKey.none
    var firstSeen: [String: SourceLocation] = [:]
  }

  private var stack: [Frame] = []
  private var documents = 0
  private(set) var root: YAMLNode?
  /// Just after the last character; no mark is placed past it.
  private let end: SourceLocation

  init(end: SourceLocation) {
    self.end = end
  }

  mutating func consume(_ event: yaml_event_t, diagnostics: inout Diagnostics) -> Step {
    let start = location(event.start_mark)
    switch event.type {
    case YAML_DOCUMENT_START_EVENT:
      documents += 1
      if documents > 1 {
        diagnostics.report(
          .multipleDocuments, at: start,
          "a manifest is one YAML document; remove this `---` and everything after it, or move it to its own file"
        )
        return .finished
      }
    case YAML_STREAM_END_EVENT:
      return .finished
    case YAML_ALIAS_EVENT:
      let name = string(event.data.alias.anchor) ?? ""
      diagnostics.report(
        .yamlAlias, at: start, "YAML aliases are not allowed (`*\(name)`); write the value out")
      attach(
        .scalar(YAMLScalar(value: "", style: .alias, location: start, isVerbatim: false)),
        &diagnostics)
    case YAML_SCALAR_EVENT:
      let data = event.data.scalar
      checkAnchorAndTag(anchor: data.anchor, tag: data.tag, at: start, &diagnostics)
      let value = string(data.value, length: data.length) ?? ""
      let style = scalarStyle(data.style)
      let end = location(event.end_mark)
      let quotes = (style == .singleQuoted || style == .doubleQuoted) ? 2 : 0
      let verbatim =
        (style == .plain || quotes == 2) && end.line == start.line
        && end.column - start.column == value.unicodeScalars.count + quotes
      attach(
        .scalar(YAMLScalar(value: value, style: style, location: start, isVerbatim: verbatim)),
        &diagnostics)
    case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
      let isSequence = event.type == YAML_SEQUENCE_START_EVENT
      if isSequence {
        checkAnchorAndTag(
          anchor: event.data.sequence_start.anchor, tag: event.data.sequence_start.tag, at: start,
          &diagnostics)
      } else {
        checkAnchorAndTag(
          anchor: event.data.mapping_start.anchor, tag: event.data.mapping_start.tag, at: start,
          &diagnostics)
      }
      guard stack.count < YAMLReader.maximumDepth else {
        diagnostics.report(
          .tooDeep, at: start,
          "collections are nested more than \(YAMLReader.maximumDepth) levels deep")
        return .abandoned
      }
      stack.append(Frame(isSequence: isSequence, location: start))
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      guard let frame = stack.popLast() else { return .abandoned }
      attach(
        frame.isSequence
          ? .sequence(YAMLSequence(items: frame.items, location: frame.location))
          : .mapping(YAMLMapping(entries: frame.entries, location: frame.location)),
        &diagnostics)
    default:
      break
    }
    return .continue
  }

  private mutating func attach(_ node: YAMLNode, _ diagnostics: inout Diagnostics) {
    let top = stack.count - 1
    guard top >= 0 else {
      root = node
      return
    }
    if stack[top].isSequence {
      stack[top].items.append(node)
      return
    }
    switch stack[top].pending {
    case .key(let key):
      stack[top].entries.append(YAMLMapping.Entry(key: key, value: node))
      stack[top].pending = .none
    case .discarded:
      stack[top].pending = .none
    case .none:
      stack[top].pending = .discarded
      guard case .scalar(let key) = node else {
        diagnostics.report(
          .complexKey, at: node.location,
          "mapping keys must be plain values, not \(node.kindDescription)")
        return
      }
      if let first = stack[top].firstSeen[key.value] {
        diagnostics.report(
          .duplicateKey, at: key.location,
          "duplicate key `\(key.value)`; it was first defined at line \(first.line)")
      } else {
        stack[top].firstSeen[key.value] = key.location
        stack[top].pending = .key(key)
      }
    }
  }

  private func checkAnchorAndTag(
    anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?,
    at location: SourceLocation, _ diagnostics: inout Diagnostics
  ) {
    if let name = string(anchor) {
      diagnostics.report(
        .yamlAnchor, at: location, "YAML anchors are not allowed (`&\(name)`); write values out")
    }
    if let tag = string(tag) {
      diagnostics.report(
        .yamlTag, at: location,
        "YAML tags are not allowed (`\(tag)`); the manifest gives every value its type")
    }
  }

  private func location(_ mark: yaml_mark_t) -> SourceLocation {
    min(SourceLocation(line: mark.line + 1, column: mark.column + 1, file: end.file), end)
  }

  private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String? {
    pointer.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) }
  }

  private func scalarStyle(_ style: yaml_scalar_style_t) -> YAMLScalar.Style {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: .literal
    case YAML_FOLDED_SCALAR_STYLE: .folded
    default: .plain
    }
  }
}
