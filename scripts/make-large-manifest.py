#!/usr/bin/env python3
"""Writes a large, valid, deterministic route manifest for timing routec.

Usage: scripts/make-large-manifest.py ROUTES SCREENS > big.routes.yaml

Two variants, four tabs each, one base; screens with up to three typed parameters; every route
has a tab, most a URL template, every tenth an alias and every fifth a v1 override.
"""
import sys


def main() -> None:
    routes = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    screens = int(sys.argv[2]) if len(sys.argv) > 2 else 500
    out = sys.stdout.write
    out("manifest: 1\nnamespace: Large\n")
    out("remote_config:\n  variant_key: version\n  default_variant: v2\n")
    out("variants:\n")
    out("  v1:\n    values: [\"1\"]\n    tabs: [home, shop, courses, profile]\n")
    out("  v2:\n    values: [\"2\"]\n    tabs: [home, courses, profile, more]\n")
    out("bases:\n  web: https://m.example.com\n")
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
        if r % 10 == 0:
            out(f"    aliases: [alias_{r}]\n")
        if r % 5 == 0:
            out("    variants:\n      v1: { tab: shop }\n")
    out("fallback: route_0\n")


if __name__ == "__main__":
    main()
