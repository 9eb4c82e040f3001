import RouteCompiler

/// The schema of `intents`: App Intents, their parameters and App Shortcuts.
extension ManifestSchema {
  static var intents: JSONValue {
    // Text Siri and Shortcuts show, written into the generated Swift as a literal.
    func text(_ description: String) -> JSONValue {
      SchemaBuilder.described(
        description, ["type": .string("string"), "minLength": .number("1")])
    }
    return SchemaBuilder.map(
      "App Intents (Siri, Shortcuts, Spotlight, the Action button), each opening a route; the key becomes the Swift type `<Key>Intent`.",
      names: SchemaBuilder.ref("lowerSnakeName"),
      values: SchemaBuilder.closedObject(
        "An intent.",
        properties: [
          "route": SchemaBuilder.ref(
            "pushType",
            description:
              "The route it opens, by push type or alias; the intent's parameters are its payload."
          ),
          "title": text("The action's name in Shortcuts."),
          "description": text("What the action does, as Shortcuts shows it."),
          "parameters": SchemaBuilder.map(
            "Values the intent asks for, by the payload key its route reads a screen parameter from; that parameter's type (string, int, double, bool, or a string with `choices`, an `AppEnum`) is theirs.",
            names: SchemaBuilder.described(
              "A top-level payload key (no key path).",
              ["type": .string("string"), "pattern": .string("^[^.]+$")]),
            values: SchemaBuilder.closedObject(
              "An intent parameter.",
              properties: [
                "title": text("What Shortcuts asks for."),
                "description": text("A longer explanation."),
              ], required: ["title"]),
            nonEmpty: true),
          "shortcut": SchemaBuilder.closedObject(
            "Makes the intent an App Shortcut (at most 10 app-wide).",
            properties: [
              "phrases": SchemaBuilder.list(
                "What the user says: each holds `${app}` and may hold `${NAME}` for a parameter with `choices`.",
                items: SchemaBuilder.described(
                  "A phrase.",
                  [
                    "type": .string("string"), "minLength": .number("1"),
                    "pattern": .string("\\$\\{app\\}"),
                  ]),
                nonEmpty: true, unique: true),
              "short_title": text("The App Shortcut's name in Spotlight and on the Action button."),
              "symbol": SchemaBuilder.described(
                "An SF Symbol name.", ["type": .string("string"), "minLength": .number("1")]),
            ], required: ["phrases", "short_title"]),
        ], required: ["route", "title"]),
      nonEmpty: true)
  }
}
