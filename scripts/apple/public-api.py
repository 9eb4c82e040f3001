#!/usr/bin/env python3
"""Lists the public symbols of the symbol graph files in a folder as `kind path` lines, sorted,
the format of Tests/*/PublicAPI.txt (see Tests/TestSupport/PublicAPIExtraction.swift):
`python3 public-api.py SYMBOL-GRAPH-DIR MODULE SOURCE-FOLDER`. The module's own file and its
extension files (`MODULE@Other.symbols.json`, for extensions of other modules' types) are read;
only symbols declared in SOURCE-FOLDER count, which leaves out what the module re-exports
(RouteTableNavigation's `@_exported import RouteTable`)."""
import glob
import json
import os
import sys

folder, module, sources = sys.argv[1], sys.argv[2], sys.argv[3].rstrip("/") + "/"
lines = set()
paths = [os.path.join(folder, f"{module}.symbols.json")]
paths += sorted(glob.glob(os.path.join(folder, f"{module}@*.symbols.json")))
for path in paths:
    with open(path, encoding="utf-8") as handle:
        graph = json.load(handle)
    for symbol in graph["symbols"]:
        uri = symbol.get("location", {}).get("uri", "")
        if sources not in uri:
            continue
        kind = symbol["kind"]["identifier"]
        if kind.startswith("swift."):
            kind = kind[len("swift."):]
        lines.add(f"{kind} {'.'.join(symbol['pathComponents'])}")
print("\n".join(sorted(lines)))
