#!/usr/bin/env bash
# The real-routes benchmark: a `when_present` push against a typed push, a link restricted to one
# host against one of every host, and a URL carried by a redirect (`reroute`) against the same
# URL direct, in a table of 1,000 patterns, timed in the same run.
#
#   Benchmarks/Scripts/real-routes.sh [--batches N]
#
# Builds routec (release) in .build-bench, generates the table from
# Benchmarks/Scripts/real_routes_manifest.py, compiles it with RouteTable's sources and
# ResolveBench's Measure.swift (-O, whole module), and prints one JSON line per benchmark, then a
# table of the medians and ratios. Needs Swift, cc and python3; about 3 minutes on 2 cores.
set -euo pipefail
benchmarks=$(cd "$(dirname "$0")/.." && pwd)
root=$(dirname "$benchmarks")
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scratch=${BENCH_SCRATCH:-$root/.build-bench}
swift build -c release --product routec --scratch-path "$scratch" >/dev/null
routec=$(swift build -c release --scratch-path "$scratch" --show-bin-path)/routec

python3 "$benchmarks/Scripts/real_routes_manifest.py" 1000 > "$work/real.routes.yaml"
"$routec" generate "$work/real.routes.yaml" --output "$work/RealRoutes.swift"
# shellcheck source=Benchmarks/Scripts/build-resolve-bench.sh
source "$benchmarks/Scripts/build-resolve-bench.sh"
build_resolve_bench "$benchmarks/Scripts/RealRoutesBench/main.swift" "$work/RealRoutes.swift" \
  "$work/RealRoutesBench"
"$work/RealRoutesBench" "$@" | tee "$work/results.jsonl"
python3 - "$work/results.jsonl" <<'PY'
import json, sys
rows = {r["name"]: r for r in map(json.loads, open(sys.argv[1]))}
def ratio(a, b):
    return rows[a]["ns_median"] / rows[b]["ns_median"]
print()
print("| benchmark | median ns | ratio | target |")
print("|---|---:|---:|---|")
for name, base, target in [
    ("real.push.typed", None, ""),
    ("real.push.when_present", "real.push.typed", "within 1.2x of a typed push"),
    ("real.link.every_host", None, "under 1 µs at 1,000 patterns"),
    ("real.link.one_host", "real.link.every_host", "under 1 µs at 1,000 patterns"),
    ("real.link.rerouted", "real.link.every_host", "within 2.2x of a direct link"),
]:
    r = rows[name]
    shown = f"{ratio(name, base):.2f}x" if base else ""
    print(f"| `{name}` | {r['ns_median']:.0f} | {shown} | {target} |")
PY
