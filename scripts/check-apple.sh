#!/usr/bin/env bash
# Type-checks the runtime for iOS at the package's minimum deployment target, with warnings as
# errors: the core module, the integration module (its UIKit, SwiftUI and UserNotifications code
# included) and the generated Swift of routes/shop.routes.yaml against the iOS core module.
#
# The SDK: `xcrun --sdk iphoneos --show-sdk-path` on macOS; elsewhere `APPLE_SWIFTC_FLAGS` and
# friends from the environment file that ../shared/tools/apple-sdk/prepare writes
# (`${TMPDIR:-/tmp}/apple-sdk/env`), sourced here when present. Exits 0 with one line saying so
# when no SDK is available.
set -euo pipefail
cd "$(dirname "$0")/.."

target=arm64-apple-ios16.0
if [ -z "${APPLE_SWIFTC_FLAGS:-}" ] && [ -f "${TMPDIR:-/tmp}/apple-sdk/env" ]; then
  # shellcheck disable=SC1091
  source "${TMPDIR:-/tmp}/apple-sdk/env"
fi
if [ -n "${APPLE_SWIFTC_FLAGS:-}" ]; then
  swiftc=(../shared/tools/apple-sdk/swiftc-apple -target "$target")
elif command -v xcrun >/dev/null 2>&1 && sdk=$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null); then
  swiftc=(xcrun swiftc -target "$target" -sdk "$sdk")
else
  echo "check-apple: skipped (no iOS SDK: run ../shared/tools/apple-sdk/prepare, or use Xcode)"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-swift-version 6 -warnings-as-errors -package-name routetable -I "$work")

echo "== RouteTable (iOS)"
"${swiftc[@]}" "${flags[@]}" -emit-module -module-name RouteTable \
  -emit-module-path "$work/RouteTable.swiftmodule" \
  -Xfrontend -experimental-skip-non-inlinable-function-bodies \
  $(find Sources/RouteTable -name '*.swift' | sort)
"${swiftc[@]}" "${flags[@]}" -typecheck -module-name RouteTable \
  $(find Sources/RouteTable -name '*.swift' | sort)

echo "== RouteTableNavigation (iOS)"
"${swiftc[@]}" "${flags[@]}" -typecheck -module-name RouteTableNavigation \
  $(find Sources/RouteTableNavigation -name '*.swift' | sort)

echo "== generated Swift of routes/shop.routes.yaml (iOS)"
swift run -q routec generate routes/shop.routes.yaml --output "$work/ShopRoutes.swift"
"${swiftc[@]}" "${flags[@]}" -typecheck -parse-as-library -module-name ShopApp \
  "$work/ShopRoutes.swift"
echo "check-apple: passed"
