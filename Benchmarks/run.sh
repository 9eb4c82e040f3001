#!/usr/bin/env bash
# Runs RouteTable's benchmark suite and writes its results page.
#
#   Benchmarks/run.sh            full sizes (100, 1,000 and 10,000 routes; 10, 1,000 and 10,000
#                                link patterns), about 8 minutes on 2 cores once routec is built;
#                                writes Benchmarks/RESULTS.md
#   Benchmarks/run.sh --quick    100 and 1,000 routes, 10 and 1,000 link patterns, fewer
#                                repetitions: a smoke check of about 3 minutes; writes
#                                Benchmarks/RESULTS-quick.md
#   Benchmarks/run.sh --output FILE    write the page somewhere else
#
# Builds routec (release and debug) in .build-bench (BENCH_SCRATCH overrides), generates the
# benchmark package's route tables with it, builds the Benchmarks package in release, compiles
# the libyaml floor and, when ../shared/peers/URLNavigator is there, the URLMatcher peer of the
# link benchmark (without it the peer is skipped and the page says so), then measures with
# Benchmarks/Scripts/bench.py. Needs Swift, cc, python3 with PyYAML built against libyaml;
# valgrind is optional. libyaml itself comes with the package (Yams' copy).
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
  link_sizes="10:10 1000:100"
  [ -n "$output" ] || output="$benchmarks/RESULTS-quick.md"
else
  large_routes=10000 large_screens=500 large_type=route_7778
  link_sizes="10:10 1000:100 10000:500"
  [ -n "$output" ] || output="$benchmarks/RESULTS.md"
fi
command="Benchmarks/run.sh${quick:+ $quick}"

for tool in swift swiftc cc python3; do
  command -v "$tool" >/dev/null || { echo "error: $tool is required" >&2; exit 1; }
done
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
# The runtime's `package` declarations need a package name; generated files use only its public
# API and its `@_spi(Generated)` hooks.
swiftc -swift-version 6 -O -parse-as-library -emit-module -package-name RouteTable \
  -module-name RouteTable -emit-module-path "$work/RouteTable.swiftmodule" $(find Sources/RouteTable -name '*.swift' | sort)

echo "== the libyaml floor (the copy routec compiles: Yams' C sources)"
yaml_sources=$(scripts/libyaml-sources.sh "$scratch")
cc -O2 -DYAML_DECLARE_STATIC -I "$yaml_sources/include" -o "$work/yaml-events" \
  "$benchmarks/Scripts/yaml-events.c" "$yaml_sources"/src/*.c

echo "== generating the benchmark tables ($large_routes routes and routes/shop.routes.yaml)"
mkdir -p "$benchmarks/Sources/ShopTable" "$benchmarks/Sources/LargeTable"
python3 scripts/make-large-manifest.py "$large_routes" "$large_screens" > "$work/table.routes.yaml"
"$routec_release" generate "$work/table.routes.yaml" --output "$benchmarks/Sources/LargeTable/LargeRoutes.swift"
# The same routes with 1,000 quick actions and activity types: what the doors add to a launch.
mkdir -p "$benchmarks/Sources/LargeDoorsTable"
{
  python3 scripts/make-large-manifest.py "$large_routes" "$large_screens" LargeDoors
  echo "shortcuts:"
  for n in $(seq 0 499); do echo "  shortcut_$n: { route: route_$n, dynamic: true }"; done
  echo "activities:"
  for n in $(seq 0 499); do echo "  com.example.activity_$n: route_$n"; done
} > "$work/doors.routes.yaml"
"$routec_release" generate "$work/doors.routes.yaml" --output "$benchmarks/Sources/LargeDoorsTable/LargeDoorsRoutes.swift"
"$routec_release" generate routes/shop.routes.yaml --output "$benchmarks/Sources/ShopTable/ShopRoutes.swift"
mkdir -p "$benchmarks/Sources/NavigationTable"
"$routec_release" generate "$benchmarks/Manifests/navigation.routes.yaml" --output "$benchmarks/Sources/NavigationTable/NavigationRoutes.swift"

echo "== generating the link tables (PATTERNS:SCREENS: $link_sizes)"
# One pattern per route; ResolveBench/LinkTables.swift lists the tables for the benchmark.
rm -rf "$benchmarks/Sources/LinkTables"
mkdir -p "$benchmarks/Sources/LinkTables"
registry="$benchmarks/Sources/ResolveBench/LinkTables.swift"
{
  echo "// Written by Benchmarks/run.sh: the link tables of this run."
  echo "import LinkTables"
  echo ""
  echo "let linkTables: [LinkBenchTable] = ["
} > "$registry"
link_counts=""
for size in $link_sizes; do
  patterns=${size%%:*}
  screens=${size##*:}
  python3 scripts/make-large-manifest.py "$patterns" "$screens" "Links$patterns" > "$work/links-$patterns.routes.yaml"
  python3 scripts/make-large-manifest.py "$patterns" "$screens" --urlmatcher-patterns > "$work/links-$patterns.patterns"
  "$routec_release" generate "$work/links-$patterns.routes.yaml" --output "$benchmarks/Sources/LinkTables/Links$patterns.swift"
  {
    echo "  LinkBenchTable("
    echo "    patterns: $patterns,"
    echo "    check: { Links${patterns}Routes.resolve(url: \$0, variant: .v2).map { _ in () } }"
    echo "  ) {"
    echo "    blackHole(Links${patterns}Routes.resolve(url: \$0, variant: .v2))"
    echo "  },"
  } >> "$registry"
  link_counts="$link_counts $patterns"
done
echo "]" >> "$registry"

echo "== building the Benchmarks package (release)"
swift build --package-path "$benchmarks" -c release >/dev/null
bin=$(swift build --package-path "$benchmarks" -c release --show-bin-path)

# The peer is built from its folder as it is, never copied: its sources in Swift 5 mode (they
# predate strict concurrency) as one module, the driver with ResolveBench's measuring code.
peer_sources="$root/../shared/peers/URLNavigator/Sources/URLMatcher"
urlmatcher=""
if [ -d "$peer_sources" ]; then
  echo "== the URLMatcher peer (from $peer_sources)"
  peer="$work/peer"
  mkdir -p "$peer"
  swiftc -swift-version 5 -O -wmo -parse-as-library -suppress-warnings -module-name URLMatcher \
    -emit-module -emit-module-path "$peer/URLMatcher.swiftmodule" -c -o "$peer/URLMatcher.o" \
    "$peer_sources"/*.swift
  counter="$benchmarks/Sources/AllocationCounter"
  cc -O2 -c -I "$counter/include" -o "$peer/AllocationCounter.o" "$counter/AllocationCounter.c"
  printf 'module AllocationCounter {\n  header "%s"\n  export *\n}\n' \
    "$counter/include/AllocationCounter.h" > "$peer/module.modulemap"
  swiftc -swift-version 6 -O -I "$peer" -Xcc "-fmodule-map-file=$peer/module.modulemap" \
    "$benchmarks/Peers/URLMatcherBench/main.swift" "$benchmarks/Sources/ResolveBench/Measure.swift" \
    "$peer/URLMatcher.o" "$peer/AllocationCounter.o" -o "$peer/URLMatcherBench"
  urlmatcher="$peer/URLMatcherBench"
else
  echo "note: $peer_sources is missing; the link benchmark runs without its URLMatcher peer" >&2
fi

python3 "$benchmarks/Scripts/bench.py" $quick --root "$root" --work "$work" \
  --routec-release "$routec_release" --routec-debug "$routec_debug" \
  --yaml-events "$work/yaml-events" --bin "$bin" \
  --large-routes "$large_routes" --large-type "$large_type" \
  --link-patterns $link_counts --urlmatcher "$urlmatcher" \
  --output "$output" --command "$command"

echo "== commands on large manifests (lint, a typo in every route, diff, schema --payloads)"
python3 "$benchmarks/Scripts/commands.py" $quick --routec "$routec_release" >> "$output"

echo "== routec check-payloads on a day of traffic, against Python's json.loads"
python3 "$benchmarks/Scripts/check_payloads.py" $quick "$routec_release" >> "$output"

echo "== feature modules (which files an edit rewrites, compile cost per module)"
python3 "$benchmarks/Scripts/feature-modules.py" $quick --routec "$routec_release" \
  --runtime "$work" >> "$output"
