import Foundation
import RoutecTestSupport
import Testing

/// `routec graph`: the picture of a manifest, as Mermaid and DOT.
@Suite("routec graph")
struct GraphCommandTests {
  static let manifest = """
    manifest: 1
    namespace: Tiny
    remote_config:
      variant_key: ui
      default_variant: new
    variants:
      old: { values: ["1"], tabs: [home, shop] }
      new: { values: ["2"], tabs: [home] }
    screens:
      Home: {}
      Item:
        params:
          id: string
    routes:
      home:
        screen: Home
        tab: home
      item:
        screen: Item
        aliases: [item_v1]
        presentation: modal
        tab: { old: shop, new: home }
      sale:
        screen: Item
        only: [old]
        deprecated: use item
        params:
          id: { value: "sale" }
    fallback: home

    """

  static func run(_ arguments: [String]) throws -> RoutecResult {
    let folder = try TemporaryFolder()
    try folder.write("tiny.routes.yaml", manifest)
    return try RoutecRunner.run(["graph", "tiny.routes.yaml"] + arguments, in: folder.url)
  }

  @Test func mermaidDrawsEveryVariant() throws {
    let result = try Self.run([])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        flowchart LR
          subgraph variant0["variant old"]
            direction LR
            v0_t0(["tab home"])
            v0_t1(["tab shop"])
            v0_s0["Home"]
            v0_s1["Item"]
            v0_r0>"home<br>(fallback)"]
            v0_r1>"item<br>item_v1"]
            v0_r2>"sale<br>(deprecated)"]
            v0_r0 --> v0_s0
            v0_s0 -.-> v0_t0
            v0_r1 -->|"modal"| v0_s1
            v0_s1 -.-> v0_t1
            v0_r2 --> v0_s1
          end
          subgraph variant1["variant new"]
            direction LR
            v1_t0(["tab home"])
            v1_s0["Home"]
            v1_s1["Item"]
            v1_r0>"home<br>(fallback)"]
            v1_r1>"item<br>item_v1"]
            v1_r0 --> v1_s0
            v1_s0 -.-> v1_t0
            v1_r1 -->|"modal"| v1_s1
            v1_s1 -.-> v1_t0
          end

        """)
    #expect(result.stderr == "")
  }

  @Test func dotDrawsOneVariant() throws {
    let result = try Self.run(["--format", "dot", "--variant", "new"])
    #expect(result.status == 0, "\(result)")
    #expect(
      result.stdout == """
        digraph "Tiny" {
          rankdir=LR;
          node [fontname="Helvetica"];
          subgraph cluster_0 {
            label="variant new";
            v1_t0 [label="tab home", shape=tab];
            v1_s0 [label="Home", shape=box];
            v1_s1 [label="Item", shape=box];
            v1_r0 [label="home\\n(fallback)", shape=cds];
            v1_r1 [label="item\\nitem_v1", shape=cds];
            v1_r0 -> v1_s0;
            v1_s0 -> v1_t0 [style=dashed];
            v1_r1 -> v1_s1 [label="modal"];
            v1_s1 -> v1_t0 [style=dashed];
          }
        }

        """)
  }

  /// Quick actions and activity types as subroutine boxes with an arrow to the route each
  /// opens; a dynamic quick action says the app adds it.
  @Test func mermaidDrawsQuickActionsAndActivityTypes() throws {
    let manifest = RoutecRunner.packageRoot.appendingPathComponent(
      "Tests/RouteCompilerTests/Fixtures/valid/doors.routes.yaml"
    ).path
    let result = try RoutecRunner.run(["graph", manifest])
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    for line in [
      "    v0_d0[[\"quick action: search\"]]",
      "    v0_d2[[\"quick action: reorder<br>(added by the app)\"]]",
      "    v0_d3[[\"activity: com.example.shop.order\"]]",
      "    v0_d2 --> v0_r2", "    v0_d3 --> v0_r2", "    v0_d4 --> v0_r0",
    ] {
      #expect(lines.contains(line), "missing: \(line)")
    }
    let dot = try RoutecRunner.run(["graph", manifest, "--format", "dot"])
    #expect(
      dot.stdout.contains(
        "    v0_d1 [label=\"quick action: orders\", shape=component];"), "\(dot)")
  }

  /// Intents as subroutine boxes with an arrow to the route each opens; an App Shortcut says so.
  @Test func mermaidDrawsIntents() throws {
    let manifest = RoutecRunner.packageRoot.appendingPathComponent(
      "Tests/RouteCompilerTests/Fixtures/valid/intents.routes.yaml"
    ).path
    let result = try RoutecRunner.run(["graph", manifest])
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    for line in [
      "    v0_d0[[\"intent: open_episode\"]]",
      "    v0_d1[[\"intent: browse<br>(App Shortcut)\"]]",
      "    v0_d0 --> v0_r2", "    v0_d1 --> v0_r3", "    v0_d3 --> v0_r1",
    ] {
      #expect(lines.contains(line), "missing: \(line)")
    }
  }

  @Test func anUnknownVariantIsAUsageError() throws {
    let result = try Self.run(["--variant", "newest"])
    #expect(result.status == 2, "\(result)")
    #expect(
      result.stderrLines == [
        "routec: error: unknown variant `newest`; the manifest declares `old`, `new`"
      ])
    #expect(result.stdout == "")
  }

  @Test func aManifestWithErrorsDrawsNothing() throws {
    let result = try RoutecRunner.run(["graph", "errors.routes.yaml"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines.last
        == "routec graph: errors.routes.yaml has 3 errors, 0 warnings; nothing drawn")
  }

  @Test func aFolderOrAMissingFileIsAUsageError() throws {
    let folder = try RoutecRunner.run(["graph", "."])
    #expect(folder.status == 2, "\(folder)")
    #expect(folder.stderrLines == ["routec: error: . is a folder; graph takes one manifest file"])
    let missing = try RoutecRunner.run(["graph", "nope.routes.yaml"])
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.stderrLines == ["routec: error: no such file: nope.routes.yaml"])
  }

  @Test func actionButtonsOpenTheirRoutesInTheVariantsTheyExistIn() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "c.routes.yaml",
      """
      manifest: 1
      remote_config: { variant_key: version, default_variant: v1 }
      variants:
        v1: { values: ["1"], tabs: [home] }
        v2: { values: ["2"], tabs: [home] }
      screens:
        Home: {}
      routes:
        home: { screen: Home }
        shelf: { screen: Home, only: [v2] }
      categories:
        books:
          actions:
            open: { title: Open, route: shelf }
            later: { title: Later }

      """)
    let mermaid = try RoutecRunner.run(["graph", "c.routes.yaml"], in: folder.url)
    #expect(mermaid.status == 0, "\(mermaid)")
    // v1 has no `shelf`, so its `open` button is not drawn; `later` is the app's, in both.
    #expect(!mermaid.stdoutLines.contains { $0.hasPrefix("    v0_a0_0") })
    #expect(mermaid.stdoutLines.contains(#"    v0_a0_1("books: later<br>(handled by the app)")"#))
    #expect(mermaid.stdoutLines.contains(#"    v1_a0_0("books: open")"#))
    #expect(mermaid.stdoutLines.contains("    v1_a0_0 ==> v1_r1"))
    let dot = try RoutecRunner.run(["graph", "c.routes.yaml", "--format", "dot"], in: folder.url)
    #expect(
      dot.stdoutLines.contains(#"    v1_a0_0 [label="books: open", shape=box, style=rounded];"#))
    #expect(dot.stdoutLines.contains("    v1_a0_0 -> v1_r1 [style=bold];"))
  }

  /// Each pattern points at its route in the variants the route exists in; `&` in a query is an
  /// entity in Mermaid, whose labels are HTML.
  @Test func linkPatternsOpenTheirRoutesInTheVariantsTheyExistIn() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "l.routes.yaml",
      """
      manifest: 1
      namespace: Linked
      remote_config: { variant_key: version, default_variant: v1 }
      variants:
        v1: { values: ["1"], tabs: [home] }
        v2: { values: ["2"], tabs: [home] }
      links:
        hosts: [shop.example]
      screens:
        Home: {}
        Item:
          params:
            id: string
      routes:
        home:
          screen: Home
          tab: home
          links:
            - /
        item:
          screen: Item
          only: [v2]
          links:
            - /items/{id}
            - "/search?q={id}&sort=new"

      """)
    let mermaid = try RoutecRunner.run(["graph", "l.routes.yaml"], in: folder.url)
    #expect(mermaid.status == 0, "\(mermaid)")
    #expect(
      mermaid.stdout == """
        flowchart LR
          subgraph variant0["variant v1"]
            direction LR
            v0_t0(["tab home"])
            v0_s0["Home"]
            v0_r0>"home"]
            v0_l0_0[/"/"/]
            v0_r0 --> v0_s0
            v0_s0 -.-> v0_t0
            v0_l0_0 --> v0_r0
          end
          subgraph variant1["variant v2"]
            direction LR
            v1_t0(["tab home"])
            v1_s0["Home"]
            v1_s1["Item"]
            v1_r0>"home"]
            v1_r1>"item"]
            v1_l0_0[/"/"/]
            v1_l1_0[/"/items/{id}"/]
            v1_l1_1[/"/search?q={id}#amp;sort=new"/]
            v1_r0 --> v1_s0
            v1_s0 -.-> v1_t0
            v1_r1 --> v1_s1
            v1_l0_0 --> v1_r0
            v1_l1_0 --> v1_r1
            v1_l1_1 --> v1_r1
          end

        """)
    let dot = try RoutecRunner.run(
      ["graph", "l.routes.yaml", "--format", "dot", "--variant", "v2"], in: folder.url)
    #expect(dot.status == 0, "\(dot)")
    #expect(
      dot.stdout == """
        digraph "Linked" {
          rankdir=LR;
          node [fontname="Helvetica"];
          subgraph cluster_0 {
            label="variant v2";
            v1_t0 [label="tab home", shape=tab];
            v1_s0 [label="Home", shape=box];
            v1_s1 [label="Item", shape=box];
            v1_r0 [label="home", shape=cds];
            v1_r1 [label="item", shape=cds];
            v1_l0_0 [label="/", shape=parallelogram];
            v1_l1_0 [label="/items/{id}", shape=parallelogram];
            v1_l1_1 [label="/search?q={id}&sort=new", shape=parallelogram];
            v1_r0 -> v1_s0;
            v1_s0 -> v1_t0 [style=dashed];
            v1_r1 -> v1_s1;
            v1_l0_0 -> v1_r0;
            v1_l1_0 -> v1_r1;
            v1_l1_1 -> v1_r1;
          }
        }

        """)
  }

  /// Each route points at the requirements it needs, each requirement at the route shown until
  /// it is met, and each screen of a back stack at the one above it, per variant.
  @Test func requirementsAndBackStacksAreDrawnPerVariant() throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "n.routes.yaml",
      """
      manifest: 1
      namespace: Orders
      remote_config: { variant_key: version, default_variant: v1 }
      variants:
        v1: { values: ["1"], tabs: [orders] }
        v2: { values: ["2"], tabs: [orders] }
      requirements:
        signed_in: { route: sign_in }
        onboarded: {}
      screens:
        SignIn: {}
        OrderList: {}
        OrderDetail:
          params:
            order_id: int
      routes:
        sign_in:
          screen: SignIn
          presentation: modal
        order_detail:
          screen: OrderDetail
          tab: orders
          requires: [onboarded, signed_in]
          stack: [OrderList]
          variants:
            v2: { stack: [] }

      """)
    let mermaid = try RoutecRunner.run(["graph", "n.routes.yaml"], in: folder.url)
    #expect(mermaid.status == 0, "\(mermaid)")
    #expect(
      mermaid.stdout == """
        flowchart LR
          subgraph variant0["variant v1"]
            direction LR
            v0_t0(["tab orders"])
            v0_s0["SignIn"]
            v0_s1["OrderList"]
            v0_s2["OrderDetail"]
            v0_r0>"sign_in"]
            v0_r1>"order_detail"]
            v0_q0{{"requires signed_in"}}
            v0_q1{{"requires onboarded"}}
            v0_r0 -->|"modal"| v0_s0
            v0_r1 --> v0_s2
            v0_s2 -.-> v0_t0
            v0_r1 -.-> v0_q0
            v0_r1 -.-> v0_q1
            v0_s1 --o|"beneath"| v0_s2
            v0_q0 -.->|"until met"| v0_r0
          end
          subgraph variant1["variant v2"]
            direction LR
            v1_t0(["tab orders"])
            v1_s0["SignIn"]
            v1_s2["OrderDetail"]
            v1_r0>"sign_in"]
            v1_r1>"order_detail"]
            v1_q0{{"requires signed_in"}}
            v1_q1{{"requires onboarded"}}
            v1_r0 -->|"modal"| v1_s0
            v1_r1 --> v1_s2
            v1_s2 -.-> v1_t0
            v1_r1 -.-> v1_q0
            v1_r1 -.-> v1_q1
            v1_q0 -.->|"until met"| v1_r0
          end

        """)
    let dot = try RoutecRunner.run(
      ["graph", "n.routes.yaml", "--format", "dot", "--variant", "v1"], in: folder.url)
    #expect(dot.status == 0, "\(dot)")
    #expect(
      dot.stdout == """
        digraph "Orders" {
          rankdir=LR;
          node [fontname="Helvetica"];
          subgraph cluster_0 {
            label="variant v1";
            v0_t0 [label="tab orders", shape=tab];
            v0_s0 [label="SignIn", shape=box];
            v0_s1 [label="OrderList", shape=box];
            v0_s2 [label="OrderDetail", shape=box];
            v0_r0 [label="sign_in", shape=cds];
            v0_r1 [label="order_detail", shape=cds];
            v0_q0 [label="requires signed_in", shape=hexagon];
            v0_q1 [label="requires onboarded", shape=hexagon];
            v0_r0 -> v0_s0 [label="modal"];
            v0_r1 -> v0_s2;
            v0_s2 -> v0_t0 [style=dashed];
            v0_r1 -> v0_q0 [style=dashed];
            v0_r1 -> v0_q1 [style=dashed];
            v0_s1 -> v0_s2 [arrowhead=odot, label="beneath"];
            v0_q0 -> v0_r0 [style=dashed, label="until met"];
          }
        }

        """)
  }

  /// docs/commands.md shows a rendered graph of the example manifest; it must be what routec
  /// draws.
  @Test func theDocumentedGraphIsCurrent() throws {
    let commands = try String(
      contentsOf: RoutecRunner.packageRoot.appendingPathComponent("docs/commands.md"),
      encoding: .utf8)
    let start = try #require(commands.range(of: "```mermaid\n"))
    let end = try #require(
      commands.range(of: "\n```", range: start.upperBound..<commands.endIndex))
    let result = try RoutecRunner.run(
      ["graph", "routes/shop.routes.yaml", "--variant", "v2"], in: RoutecRunner.packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(String(commands[start.upperBound..<end.lowerBound]) + "\n" == result.stdout)
  }
}
