#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Fuzz/ and runs them.
#
#   scripts/fuzz.sh NAME SECONDS      NAME: manifest | payload | gate | link | plist | all
#
# manifest  arbitrary bytes -> ManifestPipeline -> RouteTableEncoder, SwiftGenerator
# payload   arbitrary JSON payloads resolved against routes/*.routes.yaml, and URL expansion
# gate      ArrivalGate under operation sequences (re-entrant ones included) from the input,
#           and RouteTableRouter under pushes, action taps, opened links, root and requirement changes
# link      arbitrary bytes as URLs for a fixed link table and for random ones the input builds,
#           checked against a reference matcher (Fuzz/Link/LinkReference.swift over
#           Tests/CompilerTestSupport/ReferenceLinkMatcher.swift)
# plist     arbitrary bytes as an Info.plist or entitlements file, XML or binary, through
#           PropertyListDocument.read (the reader's six files in Sources/RouteTools/PropertyList
#           are compiled into the fuzzer)
#
# Each fuzzer runs for SECONDS (all: SECONDS each, one after another). New corpus entries go to
# .fuzz/NAME/corpus and findings (crash-*, leak-*, timeout-*, oom-*) to .fuzz/NAME/findings;
# .fuzz/ is git-ignored. The test fixtures are read as extra seed corpora in place, never copied.
# Exits 1 when any fuzzer reports a finding, 2 on a usage error.
#
# Environment: FUZZ_NICE (default 10) is the nice level; FUZZ_ARGS adds libFuzzer flags, for
# example FUZZ_ARGS="-jobs=2 -workers=2". Reproduce a finding with
#   .fuzz/build/NAME-fuzzer .fuzz/NAME/findings/crash-...
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: scripts/fuzz.sh manifest|payload|gate|link|plist|all SECONDS" >&2
  exit 2
}
[ $# -eq 2 ] || usage
name=$1
seconds=$2
case "$name" in manifest | payload | gate | link | plist | all) ;; *) usage ;; esac
[[ "$seconds" =~ ^[1-9][0-9]*$ ]] || usage

root=.fuzz
# The Swift runtime's own crash handler would fight ASan and libFuzzer over the signal.
export SWIFT_BACKTRACE=enable=no
build=$root/build
mkdir -p "$build"
# -O keeps executions fast; -g gives ASan and libFuzzer symbolized stacks. The libraries get the
# fuzzer's coverage instrumentation too, which is what guides it through the code under test.
# One -package-name for every module: the compiler and the fuzzers use the runtime's `package`
# declarations (the table layout, the URL template parser), as they do inside the package.
flags=(-swift-version 6 -O -g -sanitize=fuzzer,address -parse-as-library -warnings-as-errors
  -package-name RouteTable)
# libyaml is the copy routec compiles (Yams' C sources), built here once, without coverage
# instrumentation (the fuzzers explore our reader, not libyaml) but with ASan.
yaml_sources=$(scripts/libyaml-sources.sh)
cc_flags=(-Xcc -DYAML_DECLARE_STATIC -I "$yaml_sources/include")
# gold warns about every ASan symbol it cannot export; the toolchain's lld links quietly.
link_flags=()
if command -v ld.lld >/dev/null 2>&1; then link_flags+=(-use-ld=lld); fi

# Rebuilds $1 from the remaining arguments' sources when any of them is newer.
stale() {
  local target=$1
  shift
  [ -e "$target" ] || return 0
  [ -n "$(find "$@" -newer "$target" -print -quit)" ]
}

build_module() {
  local module=$1
  shift
  if stale "$build/$module.o" "$@"; then
    echo "== building $module (instrumented)"
    swiftc "${flags[@]}" "${cc_flags[@]}" -wmo -c -module-name "$module" -I "$build" \
      -emit-module -emit-module-path "$build/$module.swiftmodule" -o "$build/$module.o" "$@"
  fi
}

build_libyaml() {
  if stale "$build/libyaml.a" "$yaml_sources/src"; then
    echo "== building libyaml (Yams' copy)"
    rm -rf "$build/libyaml" && mkdir -p "$build/libyaml"
    for source in "$yaml_sources"/src/*.c; do
      clang -O1 -g -fsanitize=address -DYAML_DECLARE_STATIC -I "$yaml_sources/include" \
        -c "$source" -o "$build/libyaml/$(basename "$source" .c).o"
    done
    rm -f "$build/libyaml.a"
    ar rcs "$build/libyaml.a" "$build"/libyaml/*.o
  fi
}

build_fuzzer() {
  local fuzzer=$1
  build_module RouteTable $(find Sources/RouteTable -name '*.swift' | sort)
  local objects=("$build/RouteTable.o")
  if [ "$fuzzer" = gate ]; then
    build_module RouteTableNavigation $(find Sources/RouteTableNavigation -name '*.swift' | sort)
    objects+=("$build/RouteTableNavigation.o")
  else
    build_libyaml
    build_module RouteCompiler $(find Sources/RouteCompiler -name '*.swift' | sort)
    objects+=("$build/RouteCompiler.o" "$build/libyaml.a")
    if [ "$fuzzer" != plist ]; then
      build_module TestSupport $(find Tests/TestSupport -name '*.swift' | sort)
      objects+=("$build/TestSupport.o")
    fi
  fi
  local dir
  case $fuzzer in
    manifest) dir=Fuzz/Manifest ;;
    payload) dir=Fuzz/Payload ;;
    gate) dir=Fuzz/Gate ;;
    link) dir=Fuzz/Link ;;
    plist) dir=Fuzz/Plist ;;
  esac
  local sources=("$dir"/*.swift Fuzz/Shared/*.swift)
  case $fuzzer in
    link) sources+=(Tests/CompilerTestSupport/ReferenceLinkMatcher.swift) ;;
    # Templates of every shape that could put a value behind the host, from the input's bytes;
    # check-payloads' JSON parser, which imports only RouteTable, compared with Foundation's.
    payload)
      sources+=(Tests/CompilerTestSupport/URLTemplateShapes.swift
        Sources/RouteTools/Payloads/PayloadJSONParser.swift)
      ;;
    # The snippets routec draws under each diagnostic: the renderer is RoutecCore's, and imports
    # only RouteCompiler, so its file joins the fuzzer's module.
    manifest) sources+=(Sources/RoutecCore/DiagnosticRenderer.swift) ;;
    # The reader imports only RouteCompiler, so its files join the fuzzer's module (its
    # internal types too) rather than bringing all of RouteTools.
    plist)
      sources+=(Sources/RouteTools/PropertyList/{PropertyListDocument,PropertyListNode,PropertyListScalar,FileSizeLimit}.swift
        Sources/RouteTools/PropertyList/{XML,Binary}PropertyListReader.swift)
      ;;
  esac
  if stale "$build/$fuzzer-fuzzer" "${sources[@]}" "${objects[@]}"; then
    echo "== building $fuzzer-fuzzer"
    swiftc "${flags[@]}" "${cc_flags[@]}" "${link_flags[@]}" -module-name "${fuzzer^}Fuzzer" \
      -I "$build" "${sources[@]}" "${objects[@]}" \
      -o "$build/$fuzzer-fuzzer"
  fi
}

seeds() {
  case $1 in
    manifest)
      echo Fuzz/seeds/manifest Tests/RouteCompilerTests/Fixtures/valid \
        Tests/RouteCompilerTests/Fixtures/rules Tests/RoutecEndToEndTests/Fixtures routes
      [ ! -d ../shared/conformance/yaml-test-suite ] || echo ../shared/conformance/yaml-test-suite
      ;;
    payload) echo Fuzz/seeds/payload ;;
    gate) echo Fuzz/seeds/gate ;;
    link) echo Fuzz/seeds/link ;;
    plist) echo Fuzz/seeds/plist ;;
  esac
}

options() {
  case $1 in
    manifest) echo -dict=Fuzz/yaml.dict -max_len=16384 -timeout=20 ;;
    payload) echo -dict=Fuzz/json.dict -max_len=4096 -timeout=20 ;;
    gate) echo -max_len=2048 -timeout=20 ;;
    link) echo -dict=Fuzz/link.dict -max_len=1024 -timeout=20 ;;
    plist) echo -dict=Fuzz/plist.dict -max_len=8192 -timeout=20 ;;
  esac
}

run_fuzzer() {
  local fuzzer=$1
  local corpus=$root/$fuzzer/corpus
  local findings=$root/$fuzzer/findings
  mkdir -p "$corpus" "$findings"
  echo "== fuzzing $fuzzer for ${seconds}s (corpus $corpus, findings $findings)"
  # With -fork, libFuzzer may write a finding (a seed that fails, say) and still exit 0: a new
  # file in findings fails the run too.
  local before
  before=$(find "$findings" -type f | wc -l)
  local status=0
  # shellcheck disable=SC2046,SC2086
  nice -n "${FUZZ_NICE:-10}" "$build/$fuzzer-fuzzer" "$corpus" $(seeds "$fuzzer") \
    $(options "$fuzzer") -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix="$findings/" ${FUZZ_ARGS:-} || status=$?
  if [ "$status" -ne 0 ]; then
    echo "error: $fuzzer-fuzzer exited with status $status; findings are in $findings" >&2
    return 1
  fi
  if [ "$(find "$findings" -type f | wc -l)" -gt "$before" ]; then
    echo "error: $fuzzer-fuzzer wrote a finding in $findings" >&2
    return 1
  fi
}

fuzzers=("$name")
[ "$name" != all ] || fuzzers=(manifest payload gate link plist)
for fuzzer in "${fuzzers[@]}"; do build_fuzzer "$fuzzer"; done
failed=0
for fuzzer in "${fuzzers[@]}"; do run_fuzzer "$fuzzer" || failed=1; done
exit "$failed"
