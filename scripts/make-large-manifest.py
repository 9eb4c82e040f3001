#!/usr/bin/env python3
"""Writes a large, valid, deterministic route manifest for timing routec.

Usage: scripts/make-large-manifest.py ROUTES SCREENS [NAMESPACE] [--permalinks] > big.routes.yaml
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

`--permalinks` writes the same routes, screens and URL templates with link patterns of the
newer kinds (Benchmarks/Scripts/permalinks.sh compares the two). The links' only host is the
wildcard `*.m.example.com`; the third kind's `item_id` is a string with `prefix: "!"`. Each
pattern keeps its route's segments (its first literal `r<r>`, as many segments in all) in one of
three styles, by `(r // 9) % 3`: 0, the segments after the first in the fragment
(`/r1#/{item_id}`, `/r2#/{item_id}?page={page}`); 1, the last segment with the literal prefix
`Talk:` (`/r10/Talk:{item_id}`, `Talk:{_}` where the screen has no parameter); 2, with the
literal suffix `.pdf`. Route r with `r % 50 == 31` ignores letter case, with `r % 50 == 49`
applies to any host (`hosts: ["*"]`), and with `r % 50 == 44` (a third-kind screen) also
needs the bare query key `full`. So routes 1, 4, 7 (fragments), 10, 13, 16 (`Talk:`) and 19,
22, 25 (`.pdf`) are `int` screens with 2, 4 and 8 segments, and the routes after each of them
(2, 5, 8, ...) prefixed-string ones.
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


def permalink(route, kind):
    """The route's pattern in the newer kinds (`--permalinks`), as a YAML flow item."""
    segments = link_segments(route, kind)
    style = (route // 9) % 3
    query = ("?page={page}" + ("&full" if route % 50 == 44 else "")) if kind == 2 else ""
    if style == 0:
        path = f"/{segments[0]}#/" + "/".join(segments[1:]) + query
    else:
        last = segments[-1] if kind != 0 else "{_}"
        segments[-1] = "Talk:" + last if style == 1 else last + ".pdf"
        path = "/" + "/".join(segments) + query
    if route % 50 == 31:
        return f'{{ path: "{path}", case_sensitive: false }}'
    if route % 50 == 49:
        return f'{{ path: "{path}", hosts: ["*"] }}'
    return f'"{path}"'


def urlmatcher_pattern(route, kind):
    typed = {1: "<int:item_id>", 2: "<item_id>"}
    segments = [typed.get(kind, s) if s == "{item_id}" else s for s in link_segments(route, kind)]
    return f"https://{HOST}/" + "/".join(segments)


def main() -> None:
    routes = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    screens = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    out = sys.stdout.write
    permalinks = "--permalinks" in sys.argv
    if permalinks:
        sys.argv.remove("--permalinks")
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
    hosts = f'["*.{HOST}"]' if permalinks else f"[{HOST}]"
    out(f"links:\n  hosts: {hosts}\n  schemes: [large]\n")
    out("screens:\n")
    for s in range(screens):
        kind = s % 3
        if kind == 0:
            out(f"  Screen{s}: {{}}\n")
        elif kind == 1:
            out(f"  Screen{s}:\n    params:\n      item_id: int\n")
        else:
            item_id = '{ type: string, prefix: "!" }' if permalinks else "string"
            out(f"  Screen{s}:\n    params:\n      item_id: {item_id}\n"
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
        link = permalink(r, kind) if permalinks else f'"{link_pattern(r, kind)}"'
        out(f"    links:\n      - {link}\n")
        if r % 10 == 0:
            out(f"    aliases: [alias_{r}]\n")
        if r % 5 == 0:
            out("    variants:\n      v1: { tab: shop }\n")
    out("fallback: route_0\n")


if __name__ == "__main__":
    main()
