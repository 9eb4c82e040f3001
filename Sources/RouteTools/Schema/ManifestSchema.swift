import RouteCompiler
import RouteTable

/// The JSON Schema (draft 2020-12) of the manifest language, for editors: `routec schema`
/// prints it and `schema/routes.schema.json` is a copy.
///
/// It mirrors `ManifestDecoder`: the same keys (unknown ones rejected), required keys, value
/// shapes, words and name patterns, plus the rules that involve only one mapping (`optional`
/// with `default`, `max_length` on a non-string, `variants` without `remote_config`). Rules
/// that need the whole manifest (references, uniqueness across the file, URL templates, each
/// variant's effective route) stay with the compiler. Every manifest the compiler accepts is
/// valid against it; `SchemaValidatorTests` checks that with a real validator.
package enum ManifestSchema {
  /// Stable across releases and never fetched. All `$ref`s are fragments (`#/$defs/...`), so
  /// they resolve inside the document however it was loaded.
  package static let id = "urn:routetable:manifest-schema:1"

  package static var document: JSONValue {
    .object([
      "$schema": .string(SchemaBuilder.dialect),
      "$id": .string(id),
      "title": .string("RouteTable route manifest, version 1"),
      "description": .string(
        "A route manifest (`NAME.routes.yaml`): for every push type a server sends, the screen to open, its typed parameters, tab and URL, per UI variant. `routec lint` checks it fully, including what this schema cannot: references between sections, uniqueness across the file, URL templates and each variant's effective route."
      ),
      "type": .string("object"),
      "additionalProperties": .bool(false),
      "required": SchemaBuilder.strings(["manifest"]),
      // An app manifest that composes features may leave every screen and route to them.
      "if": .object(["not": .object(["required": SchemaBuilder.strings(["compose"])])]),
      "then": .object(["required": SchemaBuilder.strings(["screens", "routes"])]),
      "properties": .object(topLevelProperties),
      // The top level's cross-key rules, as `ManifestValidator.checkVariants` reports them.
      "dependentRequired": .object([
        "variants": SchemaBuilder.strings(["remote_config"]),
        "remote_config": SchemaBuilder.strings(["variants"]),
      ]),
      "dependentSchemas": .object([
        "feature": SchemaBuilder.described(
          "A feature manifest leaves to the app manifest that composes it what belongs to the app.",
          [
            "properties": .object(
              Dictionary(
                uniqueKeysWithValues: ManifestDecoder.appOnlyKeys.map { ($0.key, .bool(false)) }))
          ]),
        "variants": SchemaBuilder.described(
          "With `variants`, each variant has its own `tabs`; a top-level `tabs` list is for manifests without variants.",
          ["not": .object(["required": SchemaBuilder.strings(["tabs"])])]),
      ]),
      "$defs": .object(
        scalarDefinitions.merging(sectionDefinitions) { first, _ in first }
          .merging(routeDefinitions) { first, _ in first }),
    ])
  }

  /// A custom scheme of `links.schemes`.
  private static var linkScheme: JSONValue {
    SchemaBuilder.described(
      "A lowercase custom scheme, like `academy`.",
      [
        "type": .string("string"), "pattern": .string(Patterns.linkScheme),
        "not": .object(["enum": SchemaBuilder.strings(["http", "https"])]),
      ])
  }

  private static var topLevelProperties: [String: JSONValue] {
    [
      "manifest": SchemaBuilder.described(
        "The manifest language version: the integer 1, unquoted.", ["const": .number("1")]),
      "namespace": SchemaBuilder.ref(
        "upperCamelName",
        description:
          "The Swift namespace: generated code goes in `enum <namespace>Routes`. Default: the file name before `.routes.yaml` in UpperCamelCase."
      ),
      "feature": SchemaBuilder.ref(
        "upperCamelName",
        description:
          "Marks a feature manifest and names it: its generated types go in `enum <feature>Routes`, and an app manifest's `compose` lists it by this name."
      ),
      "compose": SchemaBuilder.list(
        "In an app manifest: the feature manifests it composes into one table, by their `feature` names.",
        items: SchemaBuilder.ref("upperCamelName"), nonEmpty: true, unique: true),
      "payload": SchemaBuilder.closedObject(
        "Where the push payload holds the push type.",
        properties: [
          "type_keys": SchemaBuilder.list(
            "Key paths tried in order; the first that holds a non-empty string is the push type. Default: [type].",
            items: SchemaBuilder.ref("keyPath"), nonEmpty: true)
        ], nullable: true),
      "remote_config": SchemaBuilder.closedObject(
        "How the app picks a variant at launch; required with `variants`, not allowed without.",
        properties: [
          "variant_key": SchemaBuilder.described(
            "The remote-config parameter whose value picks the variant.",
            ["type": SchemaBuilder.types(Scalars.any), "minLength": SchemaBuilder.integer(1)]),
          "default_variant": SchemaBuilder.ref(
            "lowerSnakeName",
            description:
              "The variant used when the remote-config value is missing or matches no variant's `values`."
          ),
        ], required: ["variant_key", "default_variant"]),
      "variants": SchemaBuilder.map(
        "The UI variants the app ships, by name. Without `variants` there is one variant, `default`.",
        names: SchemaBuilder.ref("lowerSnakeName"), values: SchemaBuilder.ref("variant"),
        nonEmpty: true),
      "tabs": SchemaBuilder.list(
        "Only without `variants`: the tab bar of the single variant. Absent or empty: no tabs.",
        items: SchemaBuilder.ref("lowerSnakeName"), unique: true),
      "bases": SchemaBuilder.map(
        "URL bases by name; a route's `url` starts with `{name}`.",
        names: SchemaBuilder.ref("lowerSnakeName"),
        values: .object([
          "anyOf": .array([
            SchemaBuilder.described(
              "An absolute URL (`scheme://host[/path]`) without query, fragment or trailing `/`; `routec lint` checks it.",
              ["type": .string("string")]),
            SchemaBuilder.closedObject(
              "A base with options.",
              properties: [
                "url": SchemaBuilder.described(
                  "An absolute URL (`scheme://host[/path]`) without query, fragment or trailing `/`; `routec lint` checks it.",
                  ["type": .string("string")]),
                "allow_http": SchemaBuilder.described(
                  "`true` for a host that has no https: `routec lint` does not warn that this base uses plain http. Default `false`.",
                  ["type": .string("boolean")]),
              ], required: ["url"]),
          ])
        ]),
        nullable: true),
      "screens": SchemaBuilder.map(
        "The screens routes open, by name (UpperCamelCase; `LessonDetail` becomes the Swift case `lessonDetail`).",
        names: SchemaBuilder.ref("upperCamelName"), values: SchemaBuilder.ref("screen"),
        nonEmpty: true),
      "routes": SchemaBuilder.map(
        "The routes, by the push type servers send.", names: SchemaBuilder.ref("pushType"),
        values: SchemaBuilder.ref("route"), nonEmpty: true),
      "fallback": SchemaBuilder.ref(
        "pushType",
        description:
          "A push type or alias from `routes`, used when a payload's type is missing or unknown."),
      "categories": SchemaBuilder.map(
        "Notification categories by the `aps.category` value servers send, with their action buttons.",
        names: SchemaBuilder.ref("pushType"),
        values: SchemaBuilder.closedObject(
          "A notification category.",
          properties: [
            "actions": SchemaBuilder.map(
              "The category's action buttons by identifier, in the order iOS shows them.",
              names: SchemaBuilder.ref("pushType"),
              values: SchemaBuilder.closedObject(
                "An action button.",
                properties: [
                  "title": SchemaBuilder.described(
                    "The button's text.", ["type": .string("string"), "minLength": .number("1")]),
                  "route": SchemaBuilder.ref(
                    "pushType",
                    description:
                      "The route the button opens, by push type or alias, with the payload's parameters; without it the app handles the tap in the background."
                  ),
                  "destructive": SchemaBuilder.described(
                    "Shown as destructive. Default `false`.", ["type": .string("boolean")]),
                  "authentication_required": SchemaBuilder.described(
                    "Only on an unlocked device. Default `false`.", ["type": .string("boolean")]),
                ], required: ["title"]),
              nonEmpty: true),
            "route": SchemaBuilder.ref(
              "pushType",
              description:
                "The route a tap on a notification of this category opens when its payload names no declared push type and matches no `when_present` route, by push type or alias; it comes before `fallback`."
            ),
          ],
          rules: [
            .object([
              "anyOf": .array([
                .object(["required": SchemaBuilder.strings(["actions"])]),
                .object(["required": SchemaBuilder.strings(["route"])]),
              ])
            ])
          ])),
      "shortcuts": SchemaBuilder.map(
        "Home Screen quick actions by their `type` (`UIApplicationShortcutItem`), each opening a route; static ones are written to Info.plist.",
        names: SchemaBuilder.ref("pushType"),
        values: SchemaBuilder.closedObject(
          "A quick action.",
          properties: [
            "route": SchemaBuilder.ref(
              "pushType",
              description:
                "The route it opens, by push type or alias; its parameters are read from the item's `userInfo` as from a push payload."
            ),
            "dynamic": SchemaBuilder.described(
              "`true`: the app adds the item at run time (`shortcutItems`); otherwise it is static. Default `false`.",
              ["type": .string("boolean")]),
            "title": SchemaBuilder.described(
              "The text the Home Screen shows; required for a static item.",
              ["type": .string("string"), "minLength": .number("1")]),
            "subtitle": SchemaBuilder.described(
              "A second line of text.", ["type": .string("string"), "minLength": .number("1")]),
            "icon": SchemaBuilder.described(
              "A system icon (`UIApplicationShortcutIcon.IconType`): `search`, `compose`, `share`, `favorite`, ...",
              ["type": .string("string")]),
            "symbol": SchemaBuilder.described(
              "An SF Symbol name (instead of `icon`).", ["type": .string("string")]),
            "icon_file": SchemaBuilder.described(
              "An image of the app's asset catalog, by name (`UIApplicationShortcutItemIconFile`; instead of `icon` and `symbol`).",
              ["type": .string("string"), "minLength": .number("1")]),
          ], required: ["route"]),
        nonEmpty: true),
      "intents": intents,
      "app_files": SchemaBuilder.closedObject(
        "What the app's Info.plist keeps for other code, which `routec check-app` does not report as unrouted.",
        properties: [
          "other_schemes": SchemaBuilder.described(
            "URL schemes of `CFBundleURLTypes` that other code handles (a sign-in SDK's callback, say).",
            [
              "type": .string("array"), "minItems": .number("1"),
              "items": .object(["type": .string("string"), "minLength": .number("1")]),
            ]),
          "other_activity_types": SchemaBuilder.described(
            "Activity types of `NSUserActivityTypes` that other code handles.",
            [
              "type": .string("array"), "minItems": .number("1"),
              "items": SchemaBuilder.ref("pushType"),
            ]),
        ], required: []),
      "activities": SchemaBuilder.map(
        "User activity types (Handoff, Siri suggestions, state restoration), each opening a route: `TYPE: ROUTE` or `TYPE: { route: ROUTE }`.",
        names: SchemaBuilder.ref("pushType"),
        values: .object([
          "oneOf": .array([
            SchemaBuilder.ref("pushType", description: "The route, by push type or alias."),
            SchemaBuilder.closedObject(
              "An activity type.",
              properties: [
                "route": SchemaBuilder.ref(
                  "pushType",
                  description:
                    "The route it opens; its parameters are read from the activity's `userInfo` as from a push payload."
                )
              ], required: ["route"]),
          ])
        ]),
        nonEmpty: true),
      "requirements": SchemaBuilder.map(
        "Conditions routes can require before their screen is shown (signed in, onboarded), by name; each becomes a case of the generated `Requirement`.",
        names: SchemaBuilder.ref("lowerSnakeName"),
        values: SchemaBuilder.closedObject(
          "A requirement; `{}` when the app shows whatever satisfies it.",
          properties: [
            "route": SchemaBuilder.ref(
              "pushType",
              description:
                "The route shown while the requirement does not hold (a sign-in screen), by push type or alias; it must exist in every variant and not need this requirement."
            )
          ], nullable: true),
        nullable: true),
      "links": SchemaBuilder.closedObject(
        "Where URLs that open routes come from; every route's link patterns apply to every host and scheme listed here, unless a pattern names its own.",
        properties: [
          "hosts": SchemaBuilder.list(
            "Hosts whose https URLs (universal links) open routes: lowercase DNS names without scheme, port or path. A wildcard `*.example.org` covers every host below `example.org` (not `example.org` itself); a URL whose host several entries cover is matched by the host's own entry first, then the longest wildcard.",
            items: SchemaBuilder.described(
              "A lowercase DNS name, like `academy.example`, or a wildcard over a domain of two labels or more, like `*.academy.example`.",
              ["type": .string("string"), "pattern": .string(Patterns.linkHostEntry)]),
            nonEmpty: true, unique: true),
          "schemes": SchemaBuilder.list(
            "The app's own URL schemes whose URLs open routes; never http or https.",
            items: .object([
              "oneOf": .array([
                linkScheme,
                SchemaBuilder.closedObject(
                  "A scheme whose URLs carry one of `links.hosts` as their authority, like `ksr://www.example.com/projects/1`.",
                  properties: [
                    "name": linkScheme,
                    "authority": SchemaBuilder.described(
                      "`host`: the authority is one of `links.hosts`, not the first path segment.",
                      ["enum": SchemaBuilder.strings(["host"])]),
                  ], required: ["name"]),
              ])
            ]),
            nonEmpty: true),
        ], nullable: true),
    ]
  }
}
