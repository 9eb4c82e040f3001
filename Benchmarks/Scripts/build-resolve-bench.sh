#!/usr/bin/env bash
# Builds a resolution benchmark the way a release app builds: RouteTable's sources and the
# generated table compiled -O with whole-module optimization, timed by ResolveBench's
# Measure.swift, with the allocation counter linked in. Sourced by real-routes.sh, intents.sh
# and permalinks.sh, after they set `root`, `benchmarks` and `work`:
#
#   build_resolve_bench MAIN.swift GENERATED.swift OUTPUT [MORE_GENERATED.swift...]
build_resolve_bench() {
  local main=$1 generated=$2 output=$3
  shift 3
  local counter="$benchmarks/Sources/AllocationCounter"
  cc -O2 -c -I "$counter/include" -o "$work/AllocationCounter.o" "$counter/AllocationCounter.c"
  printf 'module AllocationCounter {\n  header "%s"\n  export *\n}\n' \
    "$counter/include/AllocationCounter.h" > "$work/module.modulemap"
  # Whole-module, as SwiftPM builds a release module.
  swiftc -swift-version 6 -O -wmo -parse-as-library -emit-module -package-name RouteTable \
    -module-name RouteTable -emit-module-path "$work/RouteTable.swiftmodule" \
    -emit-library -static -o "$work/libRouteTable.a" \
    $(find "$root/Sources/RouteTable" -name '*.swift' | sort)
  swiftc -swift-version 6 -O -wmo -I "$work" -Xcc "-fmodule-map-file=$work/module.modulemap" \
    "$main" "$benchmarks/Sources/ResolveBench/Measure.swift" "$generated" "$@" \
    "$work/AllocationCounter.o" -L "$work" -lRouteTable -o "$output"
}
