import CYAML

/// Composes libyaml's event stream into a `YAMLNode` tree and enforces the manifest's YAML
/// rules on the way.
///
/// The tree is built with an explicit stack, never recursion, and the depth limit is checked on
/// every collection start, so hostile nesting stops early with a diagnostic. Problems that leave
/// the tree meaningful (a tag, an alias, a duplicate key) are reported and composition goes on, so
/// one run shows them all; problems that do not (a syntax error, too deep) end it.
public enum YAMLComposer {
  public static let maximumDepth = 64

  /// The root node of the single document, or nil when there is none or it could not be read.
  public static func compose(_ bytes: [UInt8], diagnostics: inout Diagnostics) -> YAMLNode? {
    if let problem = InputChecks.firstProblem(in: bytes) {
      diagnostics.append(problem)
      return nil
    }
    if bytes.isEmpty {
      return nil
    }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else {
      diagnostics.report(.yamlSyntax, at: .start, "libyaml could not start (out of memory)")
      return nil
    }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

    return bytes.withUnsafeBufferPointer { buffer -> YAMLNode? in
      guard let base = buffer.baseAddress else { return nil }
      yaml_parser_set_input_string(&parser, base, buffer.count)
      var builder = TreeBuilder()
      var event = yaml_event_t()
      while true {
        guard yaml_parser_parse(&parser, &event) == 1 else {
          diagnostics.append(syntaxError(parser))
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

  private static func syntaxError(_ parser: yaml_parser_t) -> Diagnostic {
    let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
    var message = "YAML syntax error: \(problem)"
    if let context = parser.context {
      let mark = parser.context_mark
      message += " (\(String(cString: context)) at line \(mark.line + 1), column \(mark.column + 1))"
    }
    let location = SourceLocation(
      line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
    return Diagnostic(.error, .yamlSyntax, at: location, message)
  }
}

/// The composer's state between events.
private struct TreeBuilder {
  enum Step { case `continue`, finished, abandoned }

  private enum PendingKey {
    case none
    case key(YAMLScalar)
    /// A complex or duplicate key: its value is read and dropped.
    case discarded
  }

  private enum Frame {
    case sequence(location: SourceLocation, items: [YAMLNode])
    case mapping(
      location: SourceLocation, entries: [YAMLMapping.Entry], pending: PendingKey,
      firstSeen: [String: SourceLocation])
  }

  private var stack: [Frame] = []
  private var documents = 0
  private(set) var root: YAMLNode?

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
      attach(.scalar(YAMLScalar(value: "", style: .plain, location: start, isVerbatim: false)), &diagnostics)
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
      attach(.scalar(YAMLScalar(value: value, style: style, location: start, isVerbatim: verbatim)), &diagnostics)
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
      guard stack.count < YAMLComposer.maximumDepth else {
        diagnostics.report(
          .tooDeep, at: start,
          "collections are nested more than \(YAMLComposer.maximumDepth) levels deep")
        return .abandoned
      }
      stack.append(
        isSequence
          ? .sequence(location: start, items: [])
          : .mapping(location: start, entries: [], pending: .none, firstSeen: [:]))
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      switch stack.popLast() {
      case .sequence(let location, let items):
        attach(.sequence(YAMLSequence(items: items, location: location)), &diagnostics)
      case .mapping(let location, let entries, _, _):
        attach(.mapping(YAMLMapping(entries: entries, location: location)), &diagnostics)
      case nil:
        return .abandoned
      }
    default:
      break
    }
    return .continue
  }

  private mutating func attach(_ node: YAMLNode, _ diagnostics: inout Diagnostics) {
    guard let top = stack.popLast() else {
      root = node
      return
    }
    switch top {
    case .sequence(let location, var items):
      items.append(node)
      stack.append(.sequence(location: location, items: items))
    case .mapping(let location, var entries, let pending, var firstSeen):
      var next = PendingKey.none
      switch pending {
      case .key(let key):
        entries.append(YAMLMapping.Entry(key: key, value: node))
      case .discarded:
        break
      case .none:
        next = .discarded
        if case .scalar(let key) = node {
          if let first = firstSeen[key.value] {
            diagnostics.report(
              .duplicateKey, at: key.location,
              "duplicate key `\(key.value)`; it was first defined at line \(first.line)")
          } else {
            firstSeen[key.value] = key.location
            next = .key(key)
          }
        } else {
          diagnostics.report(
            .complexKey, at: node.location,
            "mapping keys must be plain values, not \(node.kindDescription)")
        }
      }
      stack.append(.mapping(location: location, entries: entries, pending: next, firstSeen: firstSeen))
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
    SourceLocation(line: mark.line + 1, column: mark.column + 1)
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
