import RouteCompiler
import RouteTable

/// Definitions for routes, their per-variant overrides and parameter sources.
extension ManifestSchema {
  static var routeDefinitions: [String: JSONValue] {
    [
      "route": SchemaBuilder.closedObject(
        "A route: the screen a push type opens, and how; or an app action (`app_action`), or a URL routed again (`reroute`).",
        properties: routeProperties.merging(bodyProperties(tab: routeTab)) { first, _ in first },
        rules: [
          .object([
            "oneOf": .array(
              ["screen", "app_action", "reroute"].map {
                .object(["required": SchemaBuilder.strings([$0])])
              })
          ])
        ]),
      // `v1:` with nothing after it overrides nothing.
      "routeOverride": SchemaBuilder.closedObject(
        "Per-variant overrides; each replaces the route's field as a whole (an overridden `params` is not merged).",
        properties: bodyProperties(
          tab: SchemaBuilder.ref(
            "tabReference",
            description:
              "The tab in this variant: a name or a 0-based index (not a per-variant map).")),
        nullable: true),
      "stackEntry": SchemaBuilder.described(
        "A screen name (each parameter bound from the route's parameter of the same name), or `{ screen: NAME, params: {...} }`.",
        [
          "anyOf": .array([
            SchemaBuilder.ref("screenReference"),
            SchemaBuilder.closedObject(
              "A stack screen and its parameters.",
              properties: [
                "screen": SchemaBuilder.ref("screenReference", description: "The screen."),
                "params": SchemaBuilder.map(
                  "Each parameter's value: `{ param: NAME }` (a parameter of the route's screen) or `{ value: CONSTANT }`. An unlisted one takes its default, or nil when optional.",
                  names: SchemaBuilder.ref("lowerSnakeName"),
                  values: SchemaBuilder.closedObject(
                    "`{ param: NAME }` or `{ value: V }`, exactly one of the two.",
                    properties: [
                      "param": SchemaBuilder.ref(
                        "lowerSnakeName",
                        description: "A parameter of the route's screen, of the same type."),
                      "value": SchemaBuilder.ref(
                        "scalar", description: "A constant of the parameter's type."),
                    ],
                    rules: [
                      .object([
                        "oneOf": .array([
                          .object(["required": SchemaBuilder.strings(["param"])]),
                          .object(["required": SchemaBuilder.strings(["value"])]),
                        ])
                      ])
                    ]),
                  nullable: true),
              ], required: ["screen"]),
          ])
        ]),
      "routeParams": SchemaBuilder.map(
        "Where each screen parameter comes from. A parameter not listed is read from the payload key of its own name.",
        names: SchemaBuilder.ref("lowerSnakeName"), values: SchemaBuilder.ref("paramSource"),
        nullable: true),
      "paramSource": SchemaBuilder.described(
        "A payload key path (`id`, `aps.data.id`), `{ from: key.path }` or a constant `{ value: V }`.",
        [
          "anyOf": .array([
            SchemaBuilder.ref("keyPath"),
            SchemaBuilder.closedObject(
              "`{ from: key.path }` or `{ value: V }`, exactly one of the two.",
              properties: [
                "from": SchemaBuilder.ref(
                  "keyPath", description: "The payload key path the value is read from."),
                "value": SchemaBuilder.ref(
                  "scalar",
                  description:
                    "A constant, a valid value of the parameter's type; the payload is not read."),
              ],
              rules: [
                .object([
                  "oneOf": .array([
                    .object(["required": SchemaBuilder.strings(["from"])]),
                    .object(["required": SchemaBuilder.strings(["value"])]),
                  ])
                ])
              ]),
          ])
        ]),
    ]
  }

  /// A route's own `tab`: one tab for every variant, or a map from variant to tab.
  private static var routeTab: JSONValue {
    SchemaBuilder.described(
      "The tab the screen is shown in: a name or 0-based index checked against every variant the route exists in, or a map from variant name to name or index covering each of those variants.",
      [
        "anyOf": .array([
          SchemaBuilder.ref("tabReference"),
          SchemaBuilder.map(
            "The tab per variant.", names: SchemaBuilder.ref("lowerSnakeName"),
            values: SchemaBuilder.ref("tabReference"), nonEmpty: true),
        ])
      ])
  }

  /// The keys only a route has (`ManifestDecoder.routeKeys` minus `overrideKeys`).
  private static var routeProperties: [String: JSONValue] {
    [
      "foreground": SchemaBuilder.described(
        "What to do when the push arrives with the app in the foreground (default: banner: show it, navigate only when tapped).",
        ["enum": SchemaBuilder.strings(ForegroundPolicy.allCases.map(\.rawValue))]),
      "only": SchemaBuilder.list(
        "The variants the route exists in; in the others it resolves as `unavailable`.",
        items: SchemaBuilder.ref("lowerSnakeName"), nonEmpty: true, unique: true),
      "variants": SchemaBuilder.map(
        "Overrides of `screen`, `params`, `tab`, `url`, `presentation` and `stack` by variant name.",
        names: SchemaBuilder.ref("lowerSnakeName"), values: SchemaBuilder.ref("routeOverride"),
        nullable: true),
      // Not `uniqueItems`: `[1, 1.0]` are two push types, equal as JSON numbers.
      "aliases": SchemaBuilder.list(
        "More push types that resolve to this route; push types and aliases are unique across the manifest.",
        items: SchemaBuilder.ref("pushType")),
      // Plain `true`/`false` are flags; any other scalar is a message (`yes` and the other
      // YAML 1.1 booleans are errors, but the core schema reads them as strings too).
      "deprecated": SchemaBuilder.described(
        "true, false or a message. A deprecated route gives a warning; `routec diff` treats its removal as non-breaking.",
        ["type": SchemaBuilder.types(Scalars.any)]),
      "description": SchemaBuilder.ref("scalar", description: "Free text for documentation."),
      "app_action": SchemaBuilder.ref(
        "pushType",
        description:
          "Makes the route an app action instead of a screen: a push of its type, or a URL its `links` match (patterns without placeholders), resolves to status `app_action` with this name, which the router hands to `onAppAction`, never to `navigate`. No `screen`, `params`, `tab`, `url`, `presentation`, `stack`, `requires` or `variants`."
      ),
      "reroute": SchemaBuilder.ref(
        "lowerSnakeName",
        description:
          "Makes the route carry a URL instead of opening a screen: its one string parameter, named here (read with `params` from a payload, or bound by its `links`), is resolved again as a link, at most twice in a chain. No `screen`, `tab`, `url`, `presentation`, `stack`, `requires` or `variants`."
      ),
      "when_present": SchemaBuilder.list(
        "Key paths a push payload must all hold to open the route when it names no declared push type: routes with `when_present` are tried in manifest order (an app's, then its features' in `compose` order) and the first whose key paths are all present wins. Resolution reports `\"matched_by\": \"present\"`.",
        items: SchemaBuilder.ref("keyPath"), nonEmpty: true, unique: true),
      "category": SchemaBuilder.ref(
        "pushType",
        description:
          "The notification category the route's pushes carry in `aps.category`: each of its action buttons must be able to read its route's values from these pushes."
      ),
      "requires": SchemaBuilder.list(
        "Requirements from `requirements` that must hold before the route's screen is shown, in every variant and from every door; the router holds the navigation until the app reports them satisfied.",
        items: SchemaBuilder.ref("lowerSnakeName"), nonEmpty: true, unique: true),
      "links": SchemaBuilder.list(
        "Link patterns that open the route from a URL of a `links` host or scheme: a path of literal segments, `{param}`, `{_}` (any segment, bound to nothing), `PREFIX{param}SUFFIX` (literal text around the value), and a last `{param*}` or `{_*}`, then optionally a query of `key=literal` conditions, bare `key` (the item is present), `!key` (the item is absent) and `key={param}` items, then optionally `#` and a fragment pattern, a path and query read from the URL's fragment. A link written as a mapping names the hosts and schemes it applies to, and may ignore letter case. `routec lint` checks the patterns, their parameters and that no two tie.",
        items: .object([
          "oneOf": .array([
            SchemaBuilder.described(
              "A link pattern, like `/courses/{id}` or `/search?q={query}`.",
              ["type": .string("string"), "pattern": .string("^/")]),
            SchemaBuilder.closedObject(
              "A link pattern restricted to some of `links.hosts` and `links.schemes`: a list left out means all of that kind, an empty list none.",
              properties: [
                "path": SchemaBuilder.described(
                  "The link pattern, like `/{_*}`.",
                  ["type": .string("string"), "pattern": .string("^/")]),
                "hosts": SchemaBuilder.list(
                  "The hosts of `links.hosts` the pattern applies to (https, and the authority of a scheme that takes a host), a wildcard as declared there; or `[\"*\"]` alone: any https host, declared or not, for URLs that reach the app from inside it (never a universal link).",
                  items: .object([
                    "type": .string("string"), "pattern": .string(Patterns.linkPatternHost),
                  ]), unique: true),
                "schemes": SchemaBuilder.list(
                  "The schemes of `links.schemes` the pattern applies to.",
                  items: .object(["type": .string("string")]), unique: true),
                "case_sensitive": SchemaBuilder.described(
                  "`false`: the literal segments (path and fragment), the `key=literal` values and the `choices` of the string parameters the pattern binds compare with ASCII letters folded; query keys still compare exactly. Default `true`.",
                  ["type": .string("boolean")]),
              ], required: ["path"]),
          ])
        ]),
        nonEmpty: true),
    ]
  }

  /// The keys a route and its overrides share (`ManifestDecoder.overrideKeys`).
  private static func bodyProperties(tab: JSONValue) -> [String: JSONValue] {
    [
      "screen": SchemaBuilder.ref("upperCamelName", description: "The screen to open."),
      "params": SchemaBuilder.ref("routeParams"),
      "tab": tab,
      "url": SchemaBuilder.described(
        "A URL template (RFC 6570 subset): starts with a base `{web}` or an absolute URL; `{name}` expands a screen parameter, `{?a,b}` and `{&a,b}` a query.",
        ["type": .string("string")]),
      "presentation": SchemaBuilder.described(
        "How the screen is shown (default: push).",
        ["enum": SchemaBuilder.strings(Presentation.allCases.map(\.rawValue))]),
      "stack": SchemaBuilder.described(
        "The screens beneath the route's screen, bottom first, that opening it builds (at most 8; not the route's own screen).",
        [
          "type": .string("array"), "maxItems": SchemaBuilder.integer(8),
          "items": SchemaBuilder.ref("stackEntry"),
        ]),
    ]
  }
}
