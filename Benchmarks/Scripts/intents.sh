#!/usr/bin/env bash
# The App Intents benchmark: an intent's resolution against a push's for the same route, in a
# table of 1,000 routes that each have a push type and an intent, timed in the same run.
#
#   Benchmarks/Scripts/intents.sh [--batches N]
#
# Builds routec (release) in .build-bench, writes the manifest, generates the table, compiles it
# with RouteTable's sources and ResolveBench's Measure.swift (-O, whole module), and prints one
# JSON line per benchmark, then the medians and the ratio. Needs Swift, cc and python3; about 2
# minutes on 2 cores.
set -euo pipefail
benchmarks=$(cd "$(dirname "$0")/.." && pwd)
root=$(dirname "$benchmarks")
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scratch=${BENCH_SCRATCH:-$root/.build-bench}
swift build -c release --product routec --scratch-path "$scratch" >/dev/null
routec=$(swift build -c release --scratch-path "$scratch" --show-bin-path)/routec

python3 - > "$work/intents.routes.yaml" <<'PY'
out = print
out("manifest: 1\nnamespace: Intents\nscreens:\n  Episode:\n    params:\n      id: int")
out("routes:")
for r in range(1000):
    out(f"  episode_{r}:\n    screen: Episode\n    params: {{ id: {{ from: episode_id }} }}")
out("intents:")
for r in range(1000):
    out(f"  open_{r}:\n    route: episode_{r}\n    title: Open {r}")
    out("    parameters: { episode_id: { title: Episode } }")
PY
"$routec" generate "$work/intents.routes.yaml" --output "$work/IntentsRoutes.swift"
# shellcheck source=Benchmarks/Scripts/build-resolve-bench.sh
source "$benchmarks/Scripts/build-resolve-bench.sh"
build_resolve_bench "$benchmarks/Scripts/IntentsBench/main.swift" "$work/IntentsRoutes.swift" \
  "$work/IntentsBench"
"$work/IntentsBench" "$@" | tee "$work/results.jsonl"
python3 - "$work/results.jsonl" <<'PY'
import json, sys
rows = {r["name"]: r for r in map(json.loads, open(sys.argv[1]))}
push, intent = rows["intents.push"]["ns_median"], rows["intents.intent"]["ns_median"]
print()
print("| benchmark | median ns | ratio | target |")
print("|---|---:|---:|---|")
print(f"| `intents.push` | {push:.0f} | | |")
print(f"| `intents.intent` | {intent:.0f} | {intent / push:.2f}x | within 1.2x of the push |")
PY
