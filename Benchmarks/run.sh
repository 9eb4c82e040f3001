#!/usr/bin/env bash
# Runs RouteTable's benchmark suite and writes its results page.
#
#   Benchmarks/run.sh            full sizes (100, 1,000 and 10,000 routes), about 5 minutes on 2
#                                cores once routec is built; writes Benchmarks/RESULTS.md
#   Benchmarks/run.sh --quick    100 and 1,000 routes, fewer repetitions: a smoke check of about
#                                2 minutes; writes Benchmarks/RESULTS-quick.md
#   Benchmarks/run.sh --output FILE    write the page somewhere else
#
# Builds routec (release and debug) in .build-bench (BENCH_SCRATCH overrides), generates the
# benchmark package's route tables with it, builds the Benchmarks package in release, compiles
# the libyaml floor, then measures with Benchmarks/Scripts/bench.py. Needs Swift, libyaml with
# pkg-config, cc, python3 with PyYAML built against libyaml; valgrind is optional.
set -euo pipefail
benchmarks=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$benchmarks")
cd "$root"

quick=""
output=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick="--quick" ;;
    --output) output="$2"; shift ;;
    -h | --help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "usage: Benchmarks/run.sh [--quick] [--output FILE]" >&2; exit 2 ;;
  esac
  shift
done
if [ -n "$quick" ]; then
  large_routes=1000 large_screens=100 large_type=route_777
  [ -n "$output" ] || output="$benchmarks/RESULTS-quick.md"
else
  large_routes=10000 large_screens=500 large_type=route_7778
  [ -n "$output" ] || output="$benchmarks/RESULTS.md"
fi
command="Benchmarks/run.sh${quick:+ $quick}"

for tool in swift swiftc cc python3 pkg-config; do
  command -v "$tool" >/dev/null || { echo "error: $tool is required" >&2; exit 1; }
done
pkg-config --exists yaml-0.1 || { echo "error: libyaml (pkg-config yaml-0.1) is required" >&2; exit 1; }
python3 -c 'import yaml; yaml.CSafeLoader' 2>/dev/null || {
  echo "error: python3 needs PyYAML with libyaml (yaml.CSafeLoader)" >&2
  exit 1
}
command -v valgrind >/dev/null || echo "note: valgrind not found; launch instruction counts are left out" >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

scratch=${BENCH_SCRATCH:-$root/.build-bench}
echo "== building routec (release and debug) in $scratch"
swift build -c release --product routec --scratch-path "$scratch" >/dev/null
swift build -c debug --product routec --scratch-path "$scratch" >/dev/null
routec_release=$(swift build -c release --scratch-path "$scratch" --show-bin-path)/routec
routec_debug=$(swift build -c debug --scratch-path "$scratch" --show-bin-path)/routec

echo "== the RouteTable module, for compiling generated files alone"
# The runtime's `package` declarations need a package name; generated files use only public API.
swiftc -swift-version 6 -O -parse-as-library -emit-module -package-name RouteTable \
  -module-name RouteTable -emit-module-path "$work/RouteTable.swiftmodule" $(find Sources/RouteTable -name '*.swift' | sort)

echo "== the libyaml floor"
# shellcheck disable=SC2046  # pkg-config prints several flags
cc -O2 -o "$work/yaml-events" "$benchmarks/Scripts/yaml-events.c" $(pkg-config --cflags --libs yaml-0.1)

echo "== generating the benchmark tables ($large_routes routes and routes/shop.routes.yaml)"
mkdir -p "$benchmarks/Sources/ShopTable" "$benchmarks/Sources/LargeTable"
python3 scripts/make-large-manifest.py "$large_routes" "$large_screens" > "$work/table.routes.yaml"
"$routec_release" generate "$work/table.routes.yaml" --output "$benchmarks/Sources/LargeTable/LargeRoutes.swift"
"$routec_release" generate routes/shop.routes.yaml --output "$benchmarks/Sources/ShopTable/ShopRoutes.swift"

echo "== building the Benchmarks package (release)"
swift build --package-path "$benchmarks" -c release >/dev/null
bin=$(swift build --package-path "$benchmarks" -c release --show-bin-path)

python3 "$benchmarks/Scripts/bench.py" $quick --root "$root" --work "$work" \
  --routec-release "$routec_release" --routec-debug "$routec_debug" \
  --yaml-events "$work/yaml-events" --bin "$bin" \
  --large-routes "$large_routes" --large-type "$large_type" \
  --output "$output" --command "$command"
