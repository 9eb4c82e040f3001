import RouteCompiler

/// Which JSON values a field must allow.
///
/// The compiler types a scalar by the field it is in: a string field takes `1`, `no`, `~` or
/// `true` as the text written. Editors (yaml-language-server) first turn the YAML into JSON
/// with the YAML 1.2 core schema, where plain `1` and `1.5` are numbers, `true`/`True`/`TRUE`
/// and `false`/`False`/`FALSE` are booleans and `null`/`Null`/`NULL`/`~`/nothing are null. So a
/// field allows every JSON type that some scalar the compiler accepts there resolves to; its
/// `pattern` then checks only the strings. The schema may accept a little more than the
/// compiler (`+1` where an integer goes), never less.
extension ManifestSchema {
  enum Scalars {
    /// Any scalar: fields that take text as written (`values`, `description`, constants).
    static let any = ["string", "number", "boolean", "null"]

    /// Names that start with a letter: plain `true`, `false`, `null` (and `True`, `NULL`... for
    /// UpperCamelCase names) are names too, but no number is.
    static let name = ["string", "boolean", "null"]
  }

  /// The regular expressions of the name rules in `NamePatterns`, in the ECMA-262 syntax JSON
  /// Schema uses (Python's `re` reads them the same way). Written without `\s` or `\d`, whose
  /// meaning differs between regex dialects.
  enum Patterns {
    static let lowerSnake = "^[a-z][a-z0-9_]*$"
    static let upperCamel = "^[A-Z][A-Za-z0-9]*$"
    /// A screen of this manifest, or `Feature.Screen` of a composed feature's.
    static let screenReference = "^[A-Z][A-Za-z0-9]*([.][A-Z][A-Za-z0-9]*)?$"
    static let pushType = "^[A-Za-z0-9_.:-]{1,\(NamePatterns.pushTypeMaximumLength)}$"

    /// One segment of a key path: anything but `.`, control characters and Unicode white space
    /// (the `White_Space` property, as `NamePatterns.isKeyPath` checks it).
    static let keyPathSegment =
      "[^.\\u0000-\\u0020\\u007f\\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]+"
    static let keyPath = "^\(keyPathSegment)(\\.\(keyPathSegment))*$"
    /// Label lengths and the schemes that run code are left to `routec lint`.
    private static let hostLabel = "[a-z0-9]([a-z0-9-]*[a-z0-9])?"
    /// An entry of `links.hosts`: a host, or a wildcard over a domain of two labels or more
    /// (`*.example.org`).
    static let linkHostEntry =
      "^(\\*\\.\(hostLabel)\\.\(hostLabel)|\(hostLabel))(\\.\(hostLabel))*$"
    /// An entry of a link's `hosts`: the same, or `*`, any https host.
    static let linkPatternHost =
      "^(\\*|(\\*\\.\(hostLabel)\\.\(hostLabel)|\(hostLabel))(\\.\(hostLabel))*)$"
    static let linkScheme = "^[a-z][a-z0-9+.-]*$"
  }

  /// Definitions for scalars: names, push types, key paths and free text.
  static var scalarDefinitions: [String: JSONValue] {
    [
      "scalar": SchemaBuilder.described(
        "A single value (not a list or mapping), read as the text written.",
        ["type": SchemaBuilder.types(Scalars.any)]),
      "lowerSnakeName": SchemaBuilder.described(
        "A name matching [a-z][a-z0-9_]*, like `home_feed`; it becomes lowerCamelCase in Swift.",
        ["type": SchemaBuilder.types(Scalars.name), "pattern": .string(Patterns.lowerSnake)]),
      "upperCamelName": SchemaBuilder.described(
        "A name matching [A-Z][A-Za-z0-9]*, like `LessonDetail`.",
        ["type": SchemaBuilder.types(Scalars.name), "pattern": .string(Patterns.upperCamel)]),
      "screenReference": SchemaBuilder.described(
        "A screen: its name, or `Feature.Screen` for a screen of a composed feature manifest.",
        ["type": SchemaBuilder.types(Scalars.name), "pattern": .string(Patterns.screenReference)]),
      "pushType": SchemaBuilder.described(
        "A push type: 1 to \(NamePatterns.pushTypeMaximumLength) characters from A-Z a-z 0-9 _ . : -.",
        ["type": SchemaBuilder.types(Scalars.any), "pattern": .string(Patterns.pushType)]),
      "keyPath": SchemaBuilder.described(
        "A key path into the push payload: dot-separated, non-empty keys without white space, like `aps.data.id`.",
        ["type": SchemaBuilder.types(Scalars.any), "pattern": .string(Patterns.keyPath)]),
      "tabReference": SchemaBuilder.described(
        "A tab: its name, or its 0-based index in the variant's `tabs` written as an unquoted integer (a quoted number is a name).",
        [
          "type": SchemaBuilder.types(Scalars.name + ["integer"]),
          "pattern": .string(Patterns.lowerSnake),
          "minimum": SchemaBuilder.integer(0),
        ]),
    ]
  }
}
