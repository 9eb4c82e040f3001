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
# against, and RouteTableNavigation against it (`--dependency`).
#
# The symbol graphs are iOS's when an iOS SDK is there (Xcode, or the environment file that
# ../shared/tools/apple-sdk/prepare writes, as scripts/check-apple.sh finds it): both modules are
# emitted for iOS 16 and their graphs extracted, so the UIKit, SwiftUI and UserNotifications
# types (`TabNavigator`, `RoutedNavigationView`, ...) have pages and their symbol links resolve.
# Without one they are the Linux build's, which has none of that code: the links to those types
# (the classes and structs of Tests/RouteTableNavigationTests/PublicAPI-iOS.txt) are then the
# only ones allowed not to resolve, and the run says so. `docc` is the one beside `swift`
# (`xcrun docc` with Xcode), or DOCC.
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

# iOS's symbol graphs, when an SDK is there.
if [ -z "${APPLE_SWIFTC_FLAGS:-}" ] && [ -f "${TMPDIR:-/tmp}/apple-sdk/env" ]; then
  # shellcheck disable=SC1091
  source "${TMPDIR:-/tmp}/apple-sdk/env"
fi
platform=linux
if [ -n "${APPLE_SWIFTC_FLAGS:-}" ]; then
  swiftc=(../shared/tools/apple-sdk/swiftc-apple)
  # shellcheck disable=SC2206
  sdk_flags=($APPLE_SWIFTC_FLAGS)
  platform=ios
elif command -v xcrun >/dev/null 2>&1 && sdk=$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null); then
  swiftc=(xcrun swiftc -sdk "$sdk")
  sdk_flags=(-sdk "$sdk")
  platform=ios
fi
if [ "$platform" = ios ]; then
  ios="$out/ios"
  mkdir -p "$ios/modules" "$ios/graphs"
  for module in RouteTable RouteTableNavigation; do
    if ! "${swiftc[@]}" -target arm64-apple-ios16.0 -swift-version 6 -parse-as-library \
      -package-name routetable -I "$ios/modules" -emit-module -module-name "$module" \
      -emit-module-path "$ios/modules/$module.swiftmodule" \
      -Xfrontend -experimental-skip-non-inlinable-function-bodies \
      $(find "Sources/$module" -name '*.swift' | sort) >>"$log" 2>&1 ||
      ! swift-symbolgraph-extract -module-name "$module" -target arm64-apple-ios16.0 \
        "${sdk_flags[@]}" -I "$ios/modules" -output-dir "$ios/graphs" \
        -minimum-access-level public -emit-extension-block-symbols >>"$log" 2>&1; then
      cat "$log" >&2
      echo "build-docs: the iOS symbol graph of $module failed" >&2
      exit 1
    fi
  done
  # RouteTableNavigation's extensions of RouteTable's types would put a `RouteTable` page under
  # it, which hides RouteTable's own articles from its links; the Linux graphs have none either.
  rm -f "$ios/graphs/RouteTableNavigation@RouteTable.symbols.json"
  graphs="$ios/graphs"
fi
# The Apple-only types, whose links only iOS's graphs resolve.
apple_only=$(sed -n 's/^\(class\|struct\|enum\|protocol\) //p' \
  Tests/RouteTableNavigationTests/PublicAPI-iOS.txt | tr '\n' '|' | sed 's/|$//')

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
  local convert_log="$out/$module.log" status=0 strict=(--warnings-as-errors) problems
  # Without iOS's graphs, the links to Apple-only types are reported and passed over below.
  [ "$platform" = ios ] || strict=()
  "${docc[@]}" convert "$catalog" \
    --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --output-path "$out/$module.doccarchive" \
    "${strict[@]}" "$@" >"$convert_log" 2>&1 || status=$?
  # `--warnings-as-errors` makes every warning an error; the log is read too, so a warning that
  # docc prints without failing fails here.
  problems=$(grep -E '(^|[^a-z])(warning|error):' "$convert_log" || true)
  if [ "$platform" != ios ] && [ -n "$apple_only" ]; then
    problems=$(printf '%s\n' "$problems" |
      grep -Ev "(warning|error): '($apple_only)' doesn't exist at" | grep -v '^$' || true)
  fi
  if [ "$status" -ne 0 ] || [ -n "$problems" ]; then
    cat "$convert_log" >&2
    echo "build-docs: $catalog has warnings or errors (docc exited $status)" >&2
    exit 1
  fi
  local articles
  articles=$(find "$catalog" -name '*.md' | wc -l | tr -d ' ')
  echo "build-docs: $catalog ($articles pages, $found $platform symbol graph files) -> $out/$module.doccarchive, no warnings ($((SECONDS - started)) s)"
}

convert RouteTable --enable-experimental-external-link-support
convert RouteTableNavigation --enable-experimental-external-link-support \
  --dependency "$out/RouteTable.doccarchive"
if [ "$platform" != ios ]; then
  echo "build-docs: no iOS SDK, so Linux symbol graphs: the pages of ${apple_only//|/, } are left out and links to them unchecked (../shared/tools/apple-sdk/prepare, or Xcode, builds them)"
fi
