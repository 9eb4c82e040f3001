#!/usr/bin/env bash
# Type-checks the build tool plugin's Xcode path (`#if canImport(XcodeProjectPlugin)`), which
# SwiftPM never compiles: `XcodeProjectPlugin` ships only with Xcode. The plugin's sources are
# checked, with warnings as errors, against the toolchain's own PackagePlugin module and a
# stand-in for XcodeProjectPlugin written from its documentation (scripts/apple/
# XcodeProjectPlugin.swift). Then a copy with one misspelt Xcode-only member must fail, so the
# check is known to reach that code. On a machine where `swiftc` has no PackagePlugin module (no
# SwiftPM toolchain layout) it says it skipped.
#
#   scripts/check-xcode-plugin.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swiftc=$(command -v swiftc)
plugin_api="$(dirname "$swiftc")/../lib/swift/pm/PluginAPI"
if [ ! -e "$plugin_api/PackagePlugin.swiftmodule" ]; then
  echo "check-xcode-plugin: skipped (no PackagePlugin module beside $swiftc)"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-swift-version 6 -parse-as-library -package-description-version 6.1 -I "$plugin_api")

swiftc "${flags[@]}" -emit-module -module-name XcodeProjectPlugin \
  -emit-module-path "$work/XcodeProjectPlugin.swiftmodule" scripts/apple/XcodeProjectPlugin.swift
swiftc "${flags[@]}" -typecheck -warnings-as-errors -I "$work" -module-name RouteTablePlugin \
  Plugins/RouteTablePlugin/*.swift
echo "check-xcode-plugin: Plugins/RouteTablePlugin type-checks with its Xcode path"

# The check's own test: the Xcode path misspelt must fail, by name.
mkdir -p "$work/broken"
sed 's/context\.xcodeProject\.targets/context.xcodeProject.targetz/' \
  Plugins/RouteTablePlugin/Plugin.swift > "$work/broken/Plugin.swift"
cp Plugins/Shared/ManifestHeader.swift "$work/broken/"
if swiftc "${flags[@]}" -typecheck -I "$work" -module-name RouteTablePlugin \
  "$work"/broken/*.swift > "$work/broken.log" 2>&1; then
  echo "error: a misspelt member in the Xcode path type-checked: the check does not reach it" >&2
  exit 1
fi
grep -q "has no member 'targetz'" "$work/broken.log" || {
  cat "$work/broken.log" >&2
  echo "error: the misspelt Xcode path failed for another reason" >&2
  exit 1
}
echo "check-xcode-plugin: a misspelt member in the Xcode path fails, as it must"
