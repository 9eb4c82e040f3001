#!/usr/bin/env bash
# Links of the newer pattern kinds (fragments, literal text around a placeholder, a string
# prefix, wildcard hosts and `hosts: ["*"]`, bare query keys, links that ignore letter case)
# against plain patterns, in the same run: URL resolution in two tables of 1,000 patterns with
# the same routes, and `routec lint` of 2,500, 5,000 and 10,000 patterns of each.
#
#   Benchmarks/Scripts/permalinks.sh [--batches N] [--rounds N] [--runs N]
#
# Builds routec (release) in .build-bench (BENCH_SCRATCH overrides), writes both manifests with
# `scripts/make-large-manifest.py 1000 100` (plainly and with `--permalinks`), checks that they
# lint cleanly, generates both tables and compiles them with RouteTable's sources and
# ResolveBench's Measure.swift (-O, whole module) into one program, which resolves each case's URL
# through both tables, one after the other, in each of `--rounds` runs (3 by default; `--batches`
# per benchmark, 15 by default). Then times lint with Benchmarks/Scripts/permalinks_lint.py
# (`--runs`, 5 by default). Prints two Markdown tables. Needs Swift, cc and python3; about 6
# minutes on 2 cores once routec is built.
set -euo pipefail
benchmarks=$(cd "$(dirname "$0")/.." && pwd)
root=$(dirname "$benchmarks")
cd "$root"
batches=15 rounds=3 runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --batches) batches=$2; shift ;;
    --rounds) rounds=$2; shift ;;
    --runs) runs=$2; shift ;;
    *) echo "usage: Benchmarks/Scripts/permalinks.sh [--batches N] [--rounds N] [--runs N]" >&2; exit 2 ;;
  esac
  shift
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scratch=${BENCH_SCRATCH:-$root/.build-bench}
swift build -c release --product routec --scratch-path "$scratch" >/dev/null
routec=$(swift build -c release --scratch-path "$scratch" --show-bin-path)/routec

python3 scripts/make-large-manifest.py 1000 100 Plain > "$work/plain.routes.yaml"
python3 scripts/make-large-manifest.py 1000 100 Permalinks --permalinks > "$work/permalinks.routes.yaml"
for kind in plain permalinks; do
  "$routec" lint "$work/$kind.routes.yaml"  # fails on a tie or any other problem
  "$routec" generate "$work/$kind.routes.yaml" --output "$work/$kind.swift"
done
# shellcheck source=Benchmarks/Scripts/build-resolve-bench.sh
source "$benchmarks/Scripts/build-resolve-bench.sh"
build_resolve_bench "$benchmarks/Scripts/PermalinksBench/main.swift" "$work/plain.swift" \
  "$work/PermalinksBench" "$work/permalinks.swift"
for round in $(seq "$rounds"); do
  echo "== round $round of $rounds" >&2
  "$work/PermalinksBench" --batches "$batches" | tee -a "$work/results.jsonl"
done
python3 - "$work/results.jsonl" <<'PY'
import json, statistics, sys
rounds = {}
for row in map(json.loads, open(sys.argv[1])):
    rounds.setdefault(row["name"], []).append(row)
def fastest(name):
    return min(r["ns_min"] for r in rounds[name])
def median(name):
    return statistics.median(r["ns_median"] for r in rounds[name])
print()
print("1,000 link patterns; fastest batch of all rounds (median of the rounds' median batches)")
print()
print("| case | URL segments | plain | new kinds | new / plain | new / plain, medians | heap allocations, plain / new |")
print("|---|---:|---:|---:|---:|---:|---:|")
worst_time = worst_ratio = 0
for name in (n[len("new."):] for n in rounds if n.startswith("new.")):
    kind, param, segments = name.split(".")
    plain, new = f"plain.{name}", f"new.{name}"
    ratio = fastest(new) / fastest(plain)
    worst_time, worst_ratio = max(worst_time, fastest(new)), max(worst_ratio, ratio)
    allocations = f"{rounds[plain][-1]['allocations']:g} / {rounds[new][-1]['allocations']:g}"
    print(f"| `{kind}`, {param} | {segments} | {fastest(plain):.0f} ns ({median(plain):.0f}) | "
          f"{fastest(new):.0f} ns ({median(new):.0f}) | {ratio:.2f}× | "
          f"{median(new) / median(plain):.2f}× | {allocations} |")
print()
print(f"slowest new-kind URL {worst_time:.0f} ns (target < 1,000 ns: "
      f"{'met' if worst_time < 1000 else 'missed'}); largest ratio {worst_ratio:.2f}× "
      f"(target ≤ 1.10×: {'met' if worst_ratio <= 1.1 else 'missed'})")
PY
echo
python3 "$benchmarks/Scripts/permalinks_lint.py" "$routec" --runs "$runs"
