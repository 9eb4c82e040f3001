#!/usr/bin/env python3
"""Writes a large, valid, deterministic route manifest for timing routec.

Usage: scripts/make-large-manifest.py ROUTES SCREENS [NAMESPACE] > big.routes.yaml
       scripts/make-large-manifest.py ROUTES SCREENS --urlmatcher-patterns > patterns.txt

Two variants, four tabs each, one base; screens with up to three typed parameters; every route
has a tab and one link pattern, most a URL template, every tenth an alias and every fifth a v1
override. Link patterns are 2, 4 or 8 segments long (route r: `(r // 3) % 3` picks the length),
start with the route's own literal `r<r>`, pad with literals `p1`, `p2`, ... and end with
`{item_id}` when the screen has that parameter; screens of the third kind also bind
`?page={page}`. So with at least 10 screens, routes 1, 4 and 7 are `int` screens with patterns
of 2, 4 and 8 segments at every size: `/r1/{item_id}`, `/r4/p1/p2/{item_id}`, ...

`--urlmatcher-patterns` prints the same link patterns for https://m.example.com in the syntax
of URLNavigator's URLMatcher (`<int:item_id>`; it has no query conditions), one per line, for
the benchmarks' peer.
"""
import sys

HOST = "m.example.com"


def link_segments(route, kind):
    """The path segments of the route's link pattern, in RouteTable's syntax."""
    length = (2, 4, 8)[(route // 3) % 3]
    placeholder = kind != 0
    pads = [f"p{i}" for i in range(1, length - (2 if placeholder else 1) + 1)]
    return [f"r{route}"] + pads + (["{item_id}"] if placeholder else [])


def link_pattern(route, kind):
    return "/" + "/".join(link_segments(route, kind)) + ("?page={page}" if kind == 2 else "")


def urlmatcher_pattern(route, kind):
    typed = {1: "<int:item_id>", 2: "<item_id>"}
    segments = [typed.get(kind, s) if s == "{item_id}" else s for s in link_segments(route, kind)]
    return f"https://{HOST}/" + "/".join(segments)


def main() -> None:
    routes = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    screens = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    out = sys.stdout.write
    if len(sys.argv) > 3 and sys.argv[3] == "--urlmatcher-patterns":
        for r in range(routes):
            out(urlmatcher_pattern(r, (r % screens) % 3) + "\n")
        return
    namespace = sys.argv[3] if len(sys.argv) > 3 else "Large"
    out(f"manifest: 1\nnamespace: {namespace}\n")
    out("remote_config:\n  variant_key: version\n  default_variant: v2\n")
    out("variants:\n")
    out("  v1:\n    values: [\"1\"]\n    tabs: [home, shop, courses, profile]\n")
    out("  v2:\n    values: [\"2\"]\n    tabs: [home, courses, profile, more]\n")
    out("bases:\n  web: https://m.example.com\n")
    out(f"links:\n  hosts: [{HOST}]\n  schemes: [large]\n")
    out("screens:\n")
    for s in range(screens):
        kind = s % 3
        if kind == 0:
            out(f"  Screen{s}: {{}}\n")
        elif kind == 1:
            out(f"  Screen{s}:\n    params:\n      item_id: int\n")
        else:
            out(f"  Screen{s}:\n    params:\n      item_id: string\n"
                f"      page: {{ type: int, default: 1 }}\n"
                f"      ref: {{ type: string, optional: true }}\n")
    out("routes:\n")
    for r in range(routes):
        s = r % screens
        kind = s % 3
        out(f"  route_{r}:\n    screen: Screen{s}\n    tab: {r % 3}\n")
        if kind == 1:
            out(f"    params:\n      item_id: {{ from: id }}\n")
            out(f"    url: \"{{web}}/items/{{item_id}}\"\n")
        elif kind == 2:
            out(f"    url: \"{{web}}/s{s}/{{item_id}}?p={{page}}{{&ref}}\"\n")
        out(f"    links:\n      - \"{link_pattern(r, kind)}\"\n")
        if r % 10 == 0:
            out(f"    aliases: [alias_{r}]\n")
        if r % 5 == 0:
            out("    variants:\n      v1: { tab: shop }\n")
    out("fallback: route_0\n")


if __name__ == "__main__":
    main()
