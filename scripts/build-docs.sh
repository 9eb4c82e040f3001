#!/usr/bin/env bash
# Builds the DocC documentation of the two runtime modules from their catalogs,
# Sources/RouteTable/RouteTable.docc and Sources/RouteTableNavigation/RouteTableNavigation.docc,
# with the toolchain's own tools (no package plugin): SwiftPM extracts each module's public
# symbol graph, and `docc convert` builds .build/docs/<Module>.doccarchive from the catalog and
# that module's symbol graph files only. Any warning fails it: a symbol link or an article link
# that does not resolve, a directive or a heading DocC does not understand.
#
#   scripts/build-docs.sh    one line per catalog; exits non-zero on any warning
#
# RouteTableNavigation's pages link to RouteTable's (``/RouteTable/Resolution``, which it
# re-exports): RouteTable is converted first with the link metadata other archives resolve
# against, and RouteTableNavigation against it (`--dependency`). The symbol graphs are the
# Linux build's, which has no UIKit, SwiftUI or UserNotifications code: the catalogs name those
# types in code spans, not symbol links. `docc` is the one beside `swift` (`xcrun docc` with
# Xcode), or DOCC.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -n "${DOCC:-}" ]; then
  docc=("$DOCC")
elif command -v docc >/dev/null 2>&1; then
  docc=(docc)
elif command -v xcrun >/dev/null 2>&1 && xcrun --find docc >/dev/null 2>&1; then
  docc=(xcrun docc)
else
  echo "build-docs: no docc (it ships with Swift toolchains; or set DOCC)" >&2
  exit 1
fi

started=$SECONDS
out=.build/docs
rm -rf "$out"
mkdir -p "$out/symbol-graphs"
log="$out/build-docs.log"

# Every module's public symbol graph (the package is built first, incrementally), into one
# folder that SwiftPM names on its last line.
if ! swift package dump-symbol-graph --minimum-access-level public \
  --emit-extension-block-symbols >"$log" 2>&1; then
  cat "$log" >&2
  echo "build-docs: swift package dump-symbol-graph failed" >&2
  exit 1
fi
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
  cat "$log" >&2
  echo "build-docs: swift package dump-symbol-graph did not say where it wrote the symbol graphs" >&2
  exit 1
fi

# Converts the catalog of module $1 into $out/$1.doccarchive, with the docc options after it.
convert() {
  local module=$1
  shift
  local catalog="Sources/$module/$module.docc"
  local symbols="$out/symbol-graphs/$module"
  mkdir -p "$symbols"
  # The module's own graph and its extensions of other modules' types (Module@Other), never
  # another module's.
  local file found=0
  for file in "$graphs/$module.symbols.json" "$graphs/$module@"*.symbols.json; do
    [ -f "$file" ] || continue
    cp "$file" "$symbols/"
    found=$((found + 1))
  done
  if [ "$found" -eq 0 ]; then
    echo "build-docs: no symbol graph for $module in $graphs" >&2
    exit 1
  fi
  local convert_log="$out/$module.log" status=0
  "${docc[@]}" convert "$catalog" \
    --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --output-path "$out/$module.doccarchive" \
    --warnings-as-errors "$@" >"$convert_log" 2>&1 || status=$?
  # `--warnings-as-errors` makes every warning an error; the log is read too, so a warning that
  # docc prints without failing fails here.
  if [ "$status" -ne 0 ] || grep -Eq '(^|[^a-z])(warning|error):' "$convert_log"; then
    cat "$convert_log" >&2
    echo "build-docs: $catalog has warnings or errors (docc exited $status)" >&2
    exit 1
  fi
  local articles
  articles=$(find "$catalog" -name '*.md' | wc -l | tr -d ' ')
  echo "build-docs: $catalog ($articles pages, $found symbol graph files) -> $out/$module.doccarchive, no warnings ($((SECONDS - started)) s)"
}

convert RouteTable --enable-experimental-external-link-support
convert RouteTableNavigation --enable-experimental-external-link-support \
  --dependency "$out/RouteTable.doccarchive"
