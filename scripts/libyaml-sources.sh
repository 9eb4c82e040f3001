#!/usr/bin/env bash
# Prints the folder of the libyaml C sources that routec compiles: Yams' `CYaml` target, as
# SwiftPM checked it out (resolving the package first when it has not). Its `include/` holds
# yaml.h and the module map of `CYaml`, its `src/` the C files. For the scripts that compile
# libyaml outside SwiftPM: the fuzzers and the benchmark's libyaml floor.
#
#   scripts/libyaml-sources.sh [SCRATCH_PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=()
[ $# -eq 0 ] || scratch=(--scratch-path "$1")
path=$(swift package "${scratch[@]}" show-dependencies --format json 2>/dev/null \
  | python3 -c 'import json, sys
def walk(node):
    for dependency in node.get("dependencies", []):
        if dependency["identity"] == "yams":
            print(dependency["path"])
            sys.exit(0)
        walk(dependency)
walk(json.load(sys.stdin))
sys.exit(1)') || { echo "error: cannot find the Yams package (swift package resolve)" >&2; exit 1; }
echo "$path/Sources/CYaml"
