import RouteCompiler
import RouteTable

/// A Firebase Remote Config template, as the REST API returns it, read for one parameter: every
/// value the template can serve for it, each located in the template's text.
///
/// The template is JSON, which is YAML 1.2's flow syntax, so it goes through the manifest's own
/// YAML front end and every finding points at a line and column. What this reader accepts is
/// JSON with duplicate keys rejected (JSON parsers keep the last silently; the console never
/// writes one), plus what YAML allows inside JSON: `#` comments and tabs between tokens. Keys and
/// strings must be double-quoted and the root an object, so a YAML file is not taken for a
/// template.
package struct RemoteConfigTemplate: Sendable {
  /// One value the template can serve for the parameter.
  package struct ServedValue: Sendable, Hashable {
    package enum Origin: Sendable, Hashable {
      /// `defaultValue`.
      case defaultValue
      /// `conditionalValues.NAME`.
      case condition(String)
    }

    package enum Content: Sendable, Hashable {
      /// `value`, or `rolloutValue.value` (with the rollout's id).
      case value(String, rollout: String?)
      /// `useInAppDefault: true`: the app's own default is served.
      case inAppDefault
      /// A value computed when the app fetches (`personalizationValue`, say), named by its key.
      case unchecked(String)
    }

    package var origin: Origin
    package var content: Content
    package var location: SourceLocation
    /// The parameter group the parameter is in, or nil for top-level `parameters`.
    package var group: String?
  }

  /// Whether the template declares the parameter at all (top-level or in a group).
  package var hasParameter: Bool
  package var values: [ServedValue]

  /// The values `template` can serve for `key`, or nil when it is not a template; `diagnostics`
  /// gets every problem, with `remote-config-shape` for a shape the REST API never returns.
  package static func read(_ bytes: [UInt8], key: String, diagnostics: inout Diagnostics)
    -> RemoteConfigTemplate?
  {
    guard
      let root = YAMLReader.read(bytes, kind: .remoteConfigTemplate, diagnostics: &diagnostics)
    else {
      if !diagnostics.hasErrors {
        diagnostics.report(
          category: RemoteConfigRule.shape, at: .start,
          "the template is empty; expected a JSON object")
      }
      return nil
    }
    guard startsWithBrace(bytes) else {
      diagnostics.report(
        category: RemoteConfigRule.shape, at: root.location,
        "the template is not JSON: a Remote Config template is one JSON object, `{ \"parameters\": … }`"
      )
      return nil
    }
    var reader = TemplateReader(key: key, diagnostics: diagnostics)
    reader.checkJSON(root)
    let template = reader.template(root)
    diagnostics = reader.diagnostics
    return diagnostics.hasErrors ? nil : template
  }

  /// Whether the first byte after white space and a byte order mark is `{`.
  private static func startsWithBrace(_ bytes: [UInt8]) -> Bool {
    let text = bytes.starts(with: InputChecks.byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
    let first = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    return first == UInt8(ascii: "{")
  }
}

/// One reading of a template's tree.
private struct TemplateReader {
  let key: String
  var diagnostics: Diagnostics

  /// Double-quoted keys and strings, and JSON's literals for plain scalars: what JSON allows and
  /// YAML's flow syntax would take as well (`'single'`, `bare words`).
  mutating func checkJSON(_ node: YAMLNode) {
    var stack = [node]
    while let node = stack.popLast() {
      switch node {
      case .scalar(let scalar):
        if scalar.style == .doubleQuoted { continue }
        if scalar.style == .plain, Self.isJSONLiteral(scalar.value) { continue }
        diagnostics.report(
          category: RemoteConfigRule.shape, at: scalar.location,
          "the template is not JSON: `\(scalar.value)` must be a double-quoted string, a number, `true`, `false` or `null`"
        )
      case .sequence(let sequence):
        stack.append(contentsOf: sequence.items.reversed())
      case .mapping(let mapping):
        for entry in mapping.entries.reversed() {
          stack.append(entry.value)
          if entry.key.style != .doubleQuoted {
            diagnostics.report(
              category: RemoteConfigRule.shape, at: entry.key.location,
              "the template is not JSON: the key `\(entry.key.value)` must be a double-quoted string"
            )
          }
        }
      }
    }
  }

  private static func isJSONLiteral(_ text: String) -> Bool {
    ["true", "false", "null"].contains(text) || NumberSyntax.isDecimalNumber(text)
  }

  mutating func template(_ root: YAMLNode) -> RemoteConfigTemplate? {
    guard let root = object(root, "the template") else { return nil }
    if let conditions = root["conditions"]?.value {
      if case .sequence = conditions {} else { mismatch(conditions, "an array", "`conditions`") }
    }
    var template = RemoteConfigTemplate(hasParameter: false, values: [])
    if let node = root["parameters"]?.value, let parameters = object(node, "`parameters`") {
      read(parameters, group: nil, into: &template)
    }
    if let node = root["parameterGroups"]?.value, let groups = object(node, "`parameterGroups`") {
      for group in groups.entries {
        let what = "parameter group `\(group.key.value)`"
        guard let body = object(group.value, what) else { continue }
        if let node = body["parameters"]?.value,
          let parameters = object(node, "`parameters` of \(what)")
        {
          read(parameters, group: group.key.value, into: &template)
        }
      }
    }
    return template
  }

  /// Checks every parameter's shape, and collects the values of `key`.
  private mutating func read(
    _ parameters: YAMLMapping, group: String?, into template: inout RemoteConfigTemplate
  ) {
    for parameter in parameters.entries {
      let what = "parameter `\(parameter.key.value)`"
      guard let body = object(parameter.value, what) else { continue }
      let isKey = parameter.key.value == key
      if isKey { template.hasParameter = true }
      if let node = body["defaultValue"]?.value,
        let content = value(node, "`defaultValue` of \(what)", isKey: isKey), isKey
      {
        template.values.append(
          .init(origin: .defaultValue, content: content.0, location: content.1, group: group))
      }
      if let node = body["conditionalValues"]?.value,
        let conditions = object(node, "`conditionalValues` of \(what)")
      {
        for condition in conditions.entries {
          let conditionWhat = "the `\(condition.key.value)` value of \(what)"
          if let content = value(condition.value, conditionWhat, isKey: isKey), isKey {
            template.values.append(
              .init(
                origin: .condition(condition.key.value), content: content.0,
                location: content.1, group: group))
          }
        }
      }
    }
  }

  /// A `RemoteConfigParameterValue`: what it serves and where, or nil when it serves nothing the
  /// check needs (a parameter other than the key) or has the wrong shape.
  private mutating func value(_ node: YAMLNode, _ what: String, isKey: Bool)
    -> (RemoteConfigTemplate.ServedValue.Content, SourceLocation)?
  {
    guard let body = object(node, what) else { return nil }
    if let entry = body["value"] {
      guard case .scalar(let scalar) = entry.value, scalar.style == .doubleQuoted else {
        mismatch(entry.value, "a string", "`value` of \(what)")
        return nil
      }
      return (.value(scalar.value, rollout: nil), scalar.location)
    }
    if let entry = body["useInAppDefault"] {
      guard case .scalar(let scalar) = entry.value, scalar.style == .plain,
        let flag = ["true": true, "false": false][scalar.value]
      else {
        mismatch(entry.value, "`true` or `false`", "`useInAppDefault` of \(what)")
        return nil
      }
      return flag ? (.inAppDefault, scalar.location) : nil
    }
    if let entry = body["rolloutValue"] {
      guard let rollout = object(entry.value, "`rolloutValue` of \(what)") else { return nil }
      let id = rollout["rolloutId"].flatMap { entry -> String? in
        if case .scalar(let scalar) = entry.value { scalar.value } else { nil }
      }
      guard let valueEntry = rollout["value"], case .scalar(let scalar) = valueEntry.value,
        scalar.style == .doubleQuoted
      else {
        mismatch(entry.value, "an object with a string `value`", "`rolloutValue` of \(what)")
        return nil
      }
      return (.value(scalar.value, rollout: id), scalar.location)
    }
    // `personalizationValue`, and kinds of value newer than this reader: computed at fetch time.
    guard isKey, let first = body.entries.first else {
      if body.entries.isEmpty {
        diagnostics.report(
          category: RemoteConfigRule.shape, at: body.location,
          "\(what) is empty; a parameter value has `value`, `useInAppDefault`, `rolloutValue` or `personalizationValue`"
        )
      }
      return nil
    }
    return (.unchecked(first.key.value), first.key.location)
  }

  private mutating func object(_ node: YAMLNode, _ what: String) -> YAMLMapping? {
    if case .mapping(let mapping) = node { return mapping }
    mismatch(node, "an object", what)
    return nil
  }

  private mutating func mismatch(_ node: YAMLNode, _ expected: String, _ what: String) {
    let found =
      switch node {
      case .mapping: "an object"
      case .sequence: "an array"
      case .scalar(let scalar) where scalar.style == .doubleQuoted: "the string \"\(scalar.value)\""
      case .scalar(let scalar): "`\(scalar.value)`"
      }
    diagnostics.report(
      category: RemoteConfigRule.shape, at: node.location,
      "\(what) must be \(expected), found \(found)")
  }
}
