#!/usr/bin/env python3
"""Writes the manifest of the real-routes benchmark (Benchmarks/Scripts/real-routes.sh).

Usage: Benchmarks/Scripts/real_routes_manifest.py PATTERNS > real.routes.yaml

Two hosts; PATTERNS link patterns of 4 segments (`/r<r>/p1/p2/{id}`), every other one restricted
to the second host (written `{ path, hosts }`); ten `when_present` routes keyed `k0` .. `k9`
(each also a typed push type), so a payload holding only `k9` is tried against all ten; and a
route with `reroute` (`/go?to={to}`) whose URL is resolved again.
"""
import sys


def main() -> None:
    patterns = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    out = sys.stdout.write
    out("manifest: 1\nnamespace: Real\n")
    out("links:\n  hosts: [m.example.com, clicks.example.com]\n")
    out("screens:\n  Item:\n    params:\n      id: int\n")
    out("routes:\n")
    for k in range(10):
        out(f"  present_{k}:\n    screen: Item\n    when_present: [k{k}.id]\n")
        out(f"    params:\n      id: k{k}.id\n")
    out("  redirect:\n    reroute: to\n    links:\n      - \"/go?to={to}\"\n")
    for r in range(patterns):
        path = f"/r{r}/p1/p2/{{id}}"
        out(f"  route_{r}:\n    screen: Item\n    links:\n")
        if r % 2:
            out(f'      - {{ path: "{path}", hosts: [clicks.example.com] }}\n')
        else:
            out(f'      - "{path}"\n')


main()
