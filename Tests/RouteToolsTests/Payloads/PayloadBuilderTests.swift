import CompilerTestSupport
import Foundation
import RouteCompiler
import RouteTable
import RouteTools
import Testing

/// `PayloadBuilder`: the payload `routec payload` writes for values given as text, and the
/// message of each error.
@Suite("PayloadBuilder")
struct PayloadBuilderTests {
  /// A parameter of every type, a constant, an alias, a category, two variants and a route in
  /// one only, two parameters at one key path, an app action and a route that reroutes.
  static let manifest = """
    manifest: 1
    payload:
      type_keys: [type, aps.type]
    remote_config: { variant_key: ui, default_variant: new }
    variants:
      old: { values: ["1"], tabs: [home] }
      new: { values: ["2"], tabs: [home] }
    links:
      hosts: [shop.example]
    screens:
      Home: {}
      Item:
        params:
          id: int
          shown: { type: bool, default: false }
          ratio: { type: double, optional: true }
          label: { type: string, max_length: 5, optional: true }
          genre: { type: string, choices: [drama, comedy], optional: true }
          extra: { type: query, optional: true }
          source: string
      Card:
        params:
          card: int
          note: string
      Pair:
        params:
          a: int
          b: int
      Text:
        params:
          t1: string
          t2: string
          t3: string
          t4: string
    categories:
      item_alerts:
        actions:
          open: { title: Open, route: item }
    routes:
      home:
        screen: Home
      item:
        screen: Item
        aliases: [item_v0]
        category: item_alerts
        params:
          source: { value: push }
      card:
        screen: Card
        only: [new]
        params:
          card: data.card
      pair:
        screen: Pair
        params: { a: x, b: x }
      text:
        screen: Text
      sync:
        app_action: sync_inbox
      redirect:
        reroute: to
        links: ["/go?to={to}"]

    """

  static func builder(_ yaml: String = manifest) throws -> PayloadBuilder {
    let output = lint(yaml)
    #expect(output.diagnostics.filter { $0.severity == .error }.isEmpty, "\(output.diagnostics)")
    return PayloadBuilder(
      manifest: try #require(output.manifest), table: try #require(output.table).runtimeTable)
  }

  /// The payload's JSON text, as `routec payload` prints it.
  static func text(
    _ route: String, _ values: [(name: String, text: String)] = [], example: Bool = false,
    variant: String? = nil, fcm: Bool = false
  ) throws -> String {
    let built = try builder().build(
      route: route, values: values, example: example, variant: variant, fcm: fcm)
    return JSONWriter.text(built.json)
  }

  /// The message `build` throws.
  static func message(
    _ route: String, _ values: [(name: String, text: String)] = [], example: Bool = false,
    variant: String? = nil, fcm: Bool = false, in yaml: String = manifest
  ) throws -> String? {
    let builder = try builder(yaml)
    do throws(PayloadBuildError) {
      _ = try builder.build(
        route: route, values: values, example: example, variant: variant, fcm: fcm)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func valuesAreTypedAsTheScreenDeclares() throws {
    let text = try Self.text(
      "item",
      [
        ("id", "007"), ("shown", "1"), ("ratio", "2"), ("label", "42"), ("genre", "drama"),
        ("extra", #"{"a":1,"b":true,"c":null}"#),
      ])
    #expect(
      text == """
        {
          "aps": {
            "category": "item_alerts"
          },
          "extra": {
            "a": "1",
            "b": "true"
          },
          "genre": "drama",
          "id": 7,
          "label": "42",
          "ratio": 2.0,
          "shown": true,
          "type": "item"
        }
        """)
  }

  @Test func optionalParametersNotGivenAreLeftOut() throws {
    let built = try Self.builder().build(route: "item", values: [("id", "-3")])
    #expect(
      built.payload
        == Payload([
          "type": "item", "id": -3, "aps": ["category": "item_alerts"],
        ]))
    #expect(built.screen.values == [.int(-3), .bool(false), nil, nil, nil, nil, .string("push")])
  }

  @Test func anAliasIsWrittenAsThePushType() throws {
    let built = try Self.builder().build(route: "item_v0", values: [("id", "1")])
    #expect(built.route == "item")
    #expect(built.payload.object["type"] == "item_v0")
  }

  @Test func exampleFillsEveryParameterAndGivenValuesWin() throws {
    let text = try Self.text("card", [("note", "hi")], example: true)
    #expect(
      text == """
        {
          "data": {
            "card": 1
          },
          "note": "hi",
          "type": "card"
        }
        """)
  }

  @Test func theFCMRequestHoldsApsInItsPayloadAndTheRestAsStrings() throws {
    let text = try Self.text("item", [("id", "7"), ("shown", "false")], fcm: true)
    #expect(
      text == """
        {
          "message": {
            "apns": {
              "payload": {
                "aps": {
                  "category": "item_alerts"
                }
              }
            },
            "data": {
              "id": "7",
              "shown": "false",
              "type": "item"
            }
          }
        }
        """)
  }

  @Test func theVariantIsChosenByName() throws {
    let built = try Self.builder().build(route: "home", values: [], variant: "old")
    #expect(built.variant == 0)
    #expect(built.payload == Payload(["type": "home"]))
  }

  @Test(arguments: [
    (
      "detail",
      "the manifest has no route `detail`; its routes are `home`, `item`, `card`, `pair`, `text`, `sync` and `redirect`"
    ),
    (
      "itme",
      "the manifest has no route `itme`; did you mean `item`? Its routes are `home`, `item`, `card`, `pair`, `text`, `sync` and `redirect`"
    ),
    (
      "sync",
      #"route `sync` opens no screen: it is the app command `sync_inbox`, which a push of its type runs (`routec resolve MANIFEST --payload '{"type":"sync"}'` gives `app_action`); write a payload for a route with a `screen`"#
    ),
    (
      "redirect",
      "route `redirect` opens no screen of its own: it routes the URL in `to` again as a link; links reach it (`/go?to={to}`); write a payload for the route that URL opens (`routec resolve MANIFEST --url URL` names it)"
    ),
  ])
  func routesNoPushOpens(route: String, message: String) throws {
    #expect(try Self.message(route, [("id", "1")]) == message)
  }

  @Test func aLongRouteListIsNotWrittenOut() throws {
    let routes = (1...11).map { "  route\($0):\n    screen: Home\n" }.joined()
    let yaml = "manifest: 1\nscreens:\n  Home: {}\nroutes:\n" + routes
    #expect(
      try Self.message("route12", in: yaml)
        == "the manifest has no route `route12`; did you mean `route1`?")
    #expect(
      try Self.message("other", in: yaml)
        == "the manifest has no route `other`; give a key of its `routes` or an alias")
  }

  @Test func aRouteOutsideTheVariant() throws {
    #expect(
      try Self.message("card", example: true, variant: "old")
        == "route `card` does not exist in variant `old` (its `only` leaves it out); give --variant `new`"
    )
  }

  @Test func anUnknownVariant() throws {
    #expect(
      try Self.message("card", example: true, variant: "beta")
        == "unknown variant `beta`; the manifest declares `old`, `new`")
  }

  @Test func missingParameters() throws {
    #expect(
      try Self.message("item", [("shown", "true")])
        == "route `item` needs `id` (int); give it with --param id=VALUE, or --example for example values"
    )
    #expect(
      try Self.message("card")
        == "route `card` needs `card` (int) and `note` (string); give each with --param NAME=VALUE, or --example for example values"
    )
  }

  @Test(arguments: [
    ("item", "idd", "route `item` has no parameter `idd`; did you mean `id`?"),
    (
      "card", "zzz",
      "route `card` has no parameter `zzz`; its parameters are `card` and `note`"
    ),
    ("home", "id", "route `home` has no parameter `id`; its screen `Home` has no parameters"),
  ])
  func unknownParameters(route: String, name: String, message: String) throws {
    #expect(try Self.message(route, [(name, "1")], example: true) == message)
  }

  @Test func aConstantParameter() throws {
    #expect(
      try Self.message("item", [("id", "1"), ("source", "mail")])
        == "route `item` sets parameter `source` to the constant `push`, which no payload carries; leave out --param source"
    )
  }

  @Test(arguments: [
    (
      "id", "4.5",
      "--param id: `4.5` is not an int; write digits with an optional leading `-`, like `42`"
    ),
    (
      "id", "+4",
      "--param id: `+4` is not an int; write digits with an optional leading `-`, like `42`"
    ),
    ("shown", "yes", "--param shown: `yes` is not a bool; write `true`, `false`, `1` or `0`"),
    (
      "ratio", ".5",
      "--param ratio: `.5` is not a double; write a decimal number, like `2.5`, `-1` or `1e3`"
    ),
    (
      "label", "example",
      "--param label: the value has 7 characters, more than the parameter's `max_length`, 5; shorten it"
    ),
    (
      "extra", "a=1",
      #"--param extra: `a=1` is not a query; write a JSON object of strings, numbers and booleans, like `{"utm_source":"mail"}`"#
    ),
    (
      "extra", #"{"a":[1]}"#,
      #"--param extra: `{"a":[1]}` is not a query; write a JSON object of strings, numbers and booleans, like `{"utm_source":"mail"}`"#
    ),
    (
      "genre", "news",
      "--param genre: `news` is not one of the parameter's choices; write `drama` or `comedy`"
    ),
  ])
  func invalidValues(name: String, value: String, message: String) throws {
    #expect(try Self.message("item", [("id", "1"), (name, value)]) == message)
  }

  @Test func aLongValueIsCutInTheMessage() throws {
    let value = String(repeating: "x", count: 50)
    #expect(
      try Self.message("item", [("id", value)])
        == "--param id: `\(String(repeating: "x", count: 40))…` is not an int; write digits with an optional leading `-`, like `42`"
    )
  }

  /// What the route reads inside a top-level object, and a `query` object, travel in
  /// `apns.payload`, which iOS receives as it is; scalars in `data`, as strings.
  @Test func objectsTravelInTheAPNsPayloadOfAnFCMRequest() throws {
    let built = try Self.builder().build(
      route: "item", values: [("id", "1"), ("extra", #"{"a":"b"}"#)], fcm: true)
    #expect(
      JSONWriter.compactText(built.json)
        == #"{"message":{"apns":{"payload":{"aps":{"category":"item_alerts"},"extra":{"a":"b"}}},"data":{"id":"1","type":"item"}}}"#
    )
    let card = try Self.builder().build(route: "card", values: [], example: true, fcm: true)
    guard case .object(let request) = card.json.payloadValue else {
      Issue.record("not an object")
      return
    }
    #expect(try FCMMessage.receivedPayload(request) == card.payload)
  }

  @Test func valuesThatDisagreeAtOneKeyPath() throws {
    #expect(
      try Self.message("pair", [("a", "1"), ("b", "2")])
        == "the payload for route `pair` does not open it with the values given: it gives `b` the value `1`, not `2`; the route reads a parameter where the payload holds the push type or another parameter's value, so give values that agree there, or leave one out"
    )
    let built = try Self.builder().build(route: "pair", values: [("a", "5"), ("b", "5")])
    #expect(built.payload == Payload(["type": "pair", "x": 5]))
  }

  @Test func aPayloadLargerThanAPNsDelivers() throws {
    let long = String(repeating: "é", count: 1000)
    let values = ["t1", "t2", "t3"].map { ($0, long) } + [("t4", "x")]
    // Compact JSON: three values of 2000 bytes, and the keys, quotes and push type.
    #expect(
      try Self.message("text", values)
        == "the payload would be 6048 bytes, more than the 4096 APNs delivers; give shorter --param values"
    )
    #expect(try Self.message("text", ["t1", "t2", "t3", "t4"].map { ($0, "x") }) == nil)
  }

  /// A route whose required parameter comes from what only a user activity carries opens from
  /// no push: no payload is written, and the payload schema has no `$` key.
  @Test func aParameterOnlyAnActivityGivesIsNoPayloadKey() throws {
    let yaml = """
      manifest: 1
      screens:
        Search:
          params:
            query: string
      routes:
        reading:
          screen: Search
          params:
            query: { from: $title }
      activities:
        com.shop.reading: reading

      """
    #expect(
      try Self.message("reading", example: true, in: yaml)
        == "route `reading` reads its required parameter `query` from `$title`, which only a user activity carries, so no push opens it; resolve the activity with `routec resolve MANIFEST --activity TYPE`"
    )
    let schema = JSONWriter.text(PayloadSchema.document(try #require(lint(yaml).manifest)))
    #expect(!schema.contains("$title"))
  }
}
