"""The benchmarks' inputs: synthetic manifests, and the shapes of generated code section 1
compiles, each made from what `routec generate` writes for a manifest.

The shapes, in the order the page lists them:
  floor      the generated table's data as one string literal, and the same `Destination`
  generated  what `routec generate` writes
  unhashed   the generated file without `Destination: Hashable` and what it needs
  untyped    that, with no typed `Destination` built from a resolved screen
  bare       that, without the namespace's conformances to the runtime's protocols
  naive      the same routes as an array literal of struct initializers
"""
import json
import re
import subprocess
import sys

import yaml

SHAPES = ["floor", "generated", "unhashed", "untyped", "bare", "naive"]


def large_manifests(settings, root, work):
    """Writes scripts/make-large-manifest.py's manifest for each of settings' sizes into work;
    returns their paths by route count."""
    manifests = {}
    for routes, screens in settings["sizes"]:
        path = work / f"large-{routes}.routes.yaml"
        with open(path, "w") as file:
            subprocess.run([sys.executable, str(root / "scripts/make-large-manifest.py"), str(routes),
                            str(screens)], stdout=file, check=True)
        manifests[routes] = path
    return manifests


def write_shapes(routec, manifest, folder):
    """Generates `manifest` with routec into folder, writes the other shapes beside it; returns
    each shape's source file by shape."""
    generated_path = folder / "Generated.swift"
    subprocess.run([routec, "generate", str(manifest), "--output", str(generated_path)], check=True)
    generated = generated_path.read_text()
    sources = {
        "generated": generated_path,
        "floor": folder / "Floor.swift",
        "unhashed": folder / "Unhashed.swift",
        "untyped": folder / "Untyped.swift",
        "bare": folder / "Bare.swift",
        "naive": folder / "Naive.swift",
    }
    sources["floor"].write_text(floor_source(generated))
    sources["unhashed"].write_text(unhashed_source(generated))
    sources["untyped"].write_text(untyped_source(generated))
    sources["bare"].write_text(bare_source(generated))
    sources["naive"].write_text(naive_source(generated, manifest))
    return sources


def destination_enum(generated):
    """The generated `Destination` enum's cases, one line each, without indentation."""
    lines = generated.splitlines()
    start = next(i for i, line in enumerate(lines) if "enum Destination:" in line)
    cases = []
    for line in lines[start + 1:]:
        if not line.strip():
            break
        cases.append(line.strip())
    return cases


def literal_contents(generated, label):
    """What is between the quotes of the generated table's literal argument `label`."""
    match = re.search(rf'^\s*{label}: "(.*)"\)*,?$', generated, re.MULTILINE)
    return match.group(1)


def floor_source(generated):
    """The floor: the generated table's bytes as one string literal, and the same Destination."""
    cases = "\n".join("    " + case for case in destination_enum(generated))
    data = literal_contents(generated, "words") + literal_contents(generated, "text")
    return (
        "// Floor: the generated table's data as one string literal, and the same Destination.\n"
        "import RouteTable\n\n"
        "public enum FloorRoutes {\n"
        "  public enum Destination: Sendable {\n"
        f"{cases}\n"
        "  }\n\n"
        f'  public static let data: StaticString = "{data}"\n'
        "}\n")


def unhashed_source(generated):
    """The generated file without `Destination: Hashable`: its `==`, `hash(into:)`, the
    `screenKey` switch behind them, and `link(for:variant:)` and the quick action and activity
    builders, which compare through it, left out.
    It shows what `Hashable` (which `NavigationStack` paths and sets of destinations need) costs."""
    text = generated.replace("enum Destination: Hashable, Sendable {", "enum Destination: Sendable {")
    for start, end in [
        ("    public static func == (lhs: Destination", "    }\n  }\n"),
        ("  /// A URL that opens `destination`", "  }\n  }\n"),
        ("  static func screenKey(", "    }\n  }\n"),
    ]:
        first = text.index(start)
        if start.startswith("    public static func =="):
            # `==` and `hash(into:)` end the enum: keep its closing brace.
            last = text.index("hasher.combine", first)
            last = text.index("    }\n", last) + len("    }\n")
        else:
            last = text.index(end, first) + len(end)
        text = text[:first] + text[last:]
    # The quick action and activity builders compare through `screenKey` too.
    builders = "  /// A Home Screen quick action that opens"
    if builders in text:
        first = text.index(builders)
        last = text.index("    }\n  }\n", text.index("UserActivity(activityType", first)) + len("    }\n  }\n")
        text = text[:first] + text[last:]
    return text


def untyped_source(generated):
    """`unhashed_source` with `_destination` answering nil: no typed `Destination` is built from
    a resolved screen. Beside the unhashed row it shows what typed destinations cost, so the two
    rows split what the generated file adds over the floor into the parts apps need and the rest."""
    text = unhashed_source(generated)
    start = text.index("  public static func _destination(")
    body = text.index("    switch screen.index {", start)
    end = text.index("    }\n  }\n", body) + len("    }\n")
    return text[:body] + "    nil\n" + text[end:]


def bare_source(generated):
    """`untyped_source` without the namespace's conformances to the runtime's protocols, which
    give the app the typed `resolve` functions: beside the row above it shows what they cost,
    a fixed amount per file."""
    text = untyped_source(generated)
    for protocol in ["RouteNamespace", "RouteVariant", "RouteTab", "RouteRequirement",
                     "RoutePushType"]:
        text = text.replace(f", {protocol} {{", " {").replace(f": {protocol} {{", " {")
    return text


def swift_string(text):
    """text quoted as JSON writes it, which Swift reads as the same string for the manifests'
    names and URLs."""
    return json.dumps(text, ensure_ascii=False).replace("\\/", "/")


def naive_source(generated, manifest_path):
    """The naive shape: the same routes as an array literal of struct initializers."""
    with open(manifest_path, "rb") as file:
        manifest = yaml.load(file.read(), Loader=yaml.CSafeLoader)
    screens = list(manifest["screens"])
    tabs = {name: variant["tabs"] for name, variant in manifest["variants"].items()}
    cases = "\n".join("    " + case for case in destination_enum(generated))
    out = [
        "// Naive: the same routes as an array literal of struct initializers.",
        "import RouteTable",
        "",
        "public enum NaiveRoutes {",
        "  public enum Destination: Sendable {",
        cases,
        "  }",
        "",
        "  public struct Route: Sendable {",
        "    public let pushType: String",
        "    public let aliases: [String]",
        "    public let screen: Int",
        "    public let tabs: [Int]",
        "    public let url: String?",
        "    public let params: [String: String]",
        "  }",
        "",
        "  public static let routes: [Route] = [",
    ]
    for name, route in manifest["routes"].items():
        route_tabs = []
        for variant, names in tabs.items():
            tab = route.get("variants", {}).get(variant, {}).get("tab", route.get("tab", 0))
            route_tabs.append(str(names.index(tab) if isinstance(tab, str) else tab))
        params = route.get("params", {})
        params_literal = (
            "[" + ", ".join(f"{swift_string(k)}: {swift_string(v['from'])}" for k, v in params.items()) + "]"
            if params else "[:]")
        aliases = ", ".join(swift_string(alias) for alias in route.get("aliases", []))
        url = swift_string(route["url"]) if "url" in route else "nil"
        out.append(
            f"    Route(pushType: {swift_string(name)}, aliases: [{aliases}], "
            f"screen: {screens.index(route['screen'])}, tabs: [{', '.join(route_tabs)}], "
            f"url: {url}, params: {params_literal}),")
    out += ["  ]", "}", ""]
    return "\n".join(out)
