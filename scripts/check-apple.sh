#!/usr/bin/env bash
# Type-checks, for iOS at the package's minimum deployment target (16.0) and with warnings as
# errors, everything of this repository that only an Apple SDK can check:
#
#   1. the runtime modules, RouteTable and RouteTableNavigation (its UIKit, SwiftUI and
#      UserNotifications code included), emitted as iOS modules for the steps below;
#   2. the @objc optional requirements the glue implements, by name
#      (scripts/apple/OptionalRequirements.swift);
#   3. RouteTableNavigation's public API on iOS: what exists only on Apple platforms must be
#      exactly Tests/RouteTableNavigationTests/PublicAPI-iOS.txt;
#   4. the generated Swift of every valid manifest (`routec lint` exits 0) in routes/,
#      Examples/ and the test fixtures, each against the iOS modules;
#   4b. feature modules: each feature's generated code (with its sources, in the modular
#      example) emitted as an iOS module, and the generated app code that composes and imports
#      them (with the app's sources), for the test compositions and Examples/ModularShop;
#   5. the example iOS app, Examples/ShopiOSApp: its UIKit flavour (iOS 16) and its SwiftUI
#      flavour (iOS 16 and iOS 17), with the app's own optional-requirement file;
#   6. every ```swift block of README.md, docs/*.md and the DocC catalogs' articles
#      (Sources/*/*.docc/*.md) that is app code, each on its own, for iOS 16, so an error names
#      the Markdown file and line (scripts/apple/doc-blocks.py says which blocks are skipped and
#      why: package manifests, blocks importing a module with no stub, and marked fragments;
#      FirebaseRemoteConfig has one, scripts/apple/stubs);
#   7. the blocks that are test code (`@Test`), for the host with swift-testing, since tests run
#      there (skipped when the host's swiftc cannot import Testing).
#
#   scripts/check-apple.sh              the check; ends with `check-apple: passed`
#   scripts/check-apple.sh --self-test  shows that a PushNotificationService whose delegate
#                                       method has one argument label changed fails the check,
#                                       naming the method
#
# The SDK: `xcrun --sdk iphoneos --show-sdk-path` on macOS; elsewhere `APPLE_SWIFTC_FLAGS` and
# friends from the environment file that ../shared/tools/apple-sdk/prepare writes
# (`${TMPDIR:-/tmp}/apple-sdk/env`), sourced here when present. Exits 0 with one line saying so
# when no SDK is available. `routec` is built with SwiftPM unless ROUTEC names one.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C  # `sort` and `comm` in byte order, as the API lists are sorted

mode=check
case "${1:-}" in
  "") ;;
  --self-test) mode=self-test ;;
  *) echo "usage: scripts/check-apple.sh [--self-test]" >&2; exit 2 ;;
esac

if [ -z "${APPLE_SWIFTC_FLAGS:-}" ] && [ -f "${TMPDIR:-/tmp}/apple-sdk/env" ]; then
  # shellcheck disable=SC1091
  source "${TMPDIR:-/tmp}/apple-sdk/env"
fi
if [ -n "${APPLE_SWIFTC_FLAGS:-}" ]; then
  swiftc=(../shared/tools/apple-sdk/swiftc-apple)
elif command -v xcrun >/dev/null 2>&1 && sdk=$(xcrun --sdk iphoneos --show-sdk-path 2>/dev/null); then
  swiftc=(xcrun swiftc -sdk "$sdk")
else
  echo "check-apple: skipped (no iOS SDK: run ../shared/tools/apple-sdk/prepare, or use Xcode)"
  exit 0
fi

started=$SECONDS
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/modules" "$work/symbols" "$work/generated" "$work/docs"
# (Written for the bash 3.2 of macOS too: no mapfile, no GNU-only sed or grep.)
ios16=(-target arm64-apple-ios16.0)
ios17=(-target arm64-apple-ios17.0)
# Sets the array named $1 to the lines of standard input.
read_lines() {
  local line
  eval "$1=()"
  while IFS= read -r line; do eval "$1+=(\"\$line\")"; done
}
# Puts line $2 in front of file $1.
prepend() {
  { printf '%s\n' "$2"; cat "$1"; } >"$1.new" && mv "$1.new" "$1"
}
common=(-swift-version 6 -warnings-as-errors)
# The runtime as SwiftPM builds it: one package, so `package` declarations are shared.
runtime=("${common[@]}" -package-name routetable -I "$work/modules")
# App code as an app builds it: another package, importing the runtime modules.
app=("${common[@]}" -parse-as-library -I "$work/modules")

# The SDK's swiftc with these arguments; its diagnostics go to standard error.
compile() {
  local log="$work/swiftc.log"
  if ! "${swiftc[@]}" "$@" >"$log" 2>&1; then
    cat "$log" >&2
    return 1
  fi
  if [ -s "$log" ]; then cat "$log" >&2; fi
}

# Emits and type-checks the iOS modules of RouteTable and of RouteTableNavigation, the latter
# from the folder $1 (Sources/RouteTableNavigation, or a modified copy in the self-test), into
# $work/modules, with RouteTableNavigation's symbol graph in $work/symbols.
build_runtime() {
  local navigation=$1
  compile "${ios16[@]}" "${runtime[@]}" -emit-module -module-name RouteTable \
    -emit-module-path "$work/modules/RouteTable.swiftmodule" \
    -Xfrontend -experimental-skip-non-inlinable-function-bodies \
    $(find Sources/RouteTable -name '*.swift' | sort)
  compile "${ios16[@]}" "${runtime[@]}" -typecheck -module-name RouteTable \
    $(find Sources/RouteTable -name '*.swift' | sort)
  compile "${ios16[@]}" "${runtime[@]}" -emit-module -module-name RouteTableNavigation \
    -emit-module-path "$work/modules/RouteTableNavigation.swiftmodule" \
    -Xfrontend -experimental-skip-non-inlinable-function-bodies \
    -emit-symbol-graph -emit-symbol-graph-dir "$work/symbols" \
    -symbol-graph-minimum-access-level public -symbol-graph-skip-synthesized-members \
    $(find "$navigation" -name '*.swift' | sort)
  compile "${ios16[@]}" "${runtime[@]}" -typecheck -module-name RouteTableNavigation \
    $(find "$navigation" -name '*.swift' | sort)
}

# The glue's @objc optional requirements, checked by name against the modules just built.
check_optional_requirements() {
  compile "${ios16[@]}" "${app[@]}" -typecheck -module-name OptionalRequirements \
    scripts/apple/OptionalRequirements.swift
}

if [ "$mode" = self-test ]; then
  # A copy of the runtime whose PushNotificationService has one argument label of
  # userNotificationCenter(_:didReceive:withCompletionHandler:) changed (`withCompletionHandler`
  # to `completion`), twice: in place, and moved to an extension of its own (the compiler's
  # fix-it for silencing its "nearly matches optional requirement" warning). Both compile as
  # Swift, and the first draws no warning either (the label is too far from the requirement's for
  # "nearly matches"): each must fail the check, naming the method.
  service=UIKit/PushNotificationService.swift
  wanted="userNotificationCenter(_:didReceive:withCompletionHandler:)"
  failures=0
  for variant in in-place moved; do
    rm -rf "$work/mutated" "$work/modules"/* "$work/symbols"/*
    cp -R Sources/RouteTableNavigation "$work/mutated"
    perl -0pi -e \
      's/didReceive response: UNNotificationResponse,\n(\s*)withCompletionHandler completionHandler/didReceive response: UNNotificationResponse,\n$1completion completionHandler/' \
      "$work/mutated/$service"
    if [ "$variant" = moved ]; then
      # Close the conforming extension before the changed method and reopen a plain one.
      perl -0pi -e \
        's/(\n\s*public nonisolated func userNotificationCenter\(\n\s*_ center: UNUserNotificationCenter,\n\s*didReceive )/\n  }\n\n  extension PushNotificationService {$1/' \
        "$work/mutated/$service"
    fi
    if ! grep -q "completion completionHandler" "$work/mutated/$service"; then
      echo "check-apple --self-test: could not change the label in $service" >&2
      exit 1
    fi
    echo "== self-test ($variant): PushNotificationService.userNotificationCenter(_:didReceive:completion:)"
    if (build_runtime "$work/mutated" && check_optional_requirements) >"$work/out.log" 2>&1; then
      echo "   FAIL: the check passed"
      failures=$((failures + 1))
    elif grep -E "error: .*$(printf '%s' "$wanted" | sed 's/[()]/\\&/g')" "$work/out.log" \
      | head -n 1 | sed 's/^/   failed as expected: /'; then
      :
    else
      echo "   FAIL: the check failed without naming $wanted:"
      cat "$work/out.log"
      failures=$((failures + 1))
    fi
  done
  if [ "$failures" -ne 0 ]; then
    echo "check-apple --self-test: failed"
    exit 1
  fi
  echo "check-apple --self-test: passed ($((SECONDS - started)) s)"
  exit 0
fi

if [ -n "${ROUTEC:-}" ]; then
  routec=$ROUTEC
else
  swift build -q --product routec
  routec="$(swift build --show-bin-path)/routec"
fi

echo "== 1. runtime modules (iOS 16): RouteTable, RouteTableNavigation"
build_runtime Sources/RouteTableNavigation
echo "   Sources/RouteTable: $(find Sources/RouteTable -name '*.swift' | wc -l) files"
echo "   Sources/RouteTableNavigation: $(find Sources/RouteTableNavigation -name '*.swift' | wc -l) files"

echo "== 2. @objc optional requirements, by name"
check_optional_requirements
sed -n 's/^ *\/\/ *checks: //p' scripts/apple/OptionalRequirements.swift | sed 's/^/   /'

echo "== 3. public API only on Apple platforms (Tests/RouteTableNavigationTests/PublicAPI-iOS.txt)"
pinned() { grep -v -e '^#' -e '^$' "$1"; }
python3 scripts/apple/public-api.py "$work/symbols" RouteTableNavigation \
  Sources/RouteTableNavigation >"$work/ios-api.txt"
pinned Tests/RouteTableNavigationTests/PublicAPI.txt | sort >"$work/linux-api.txt"
# On iOS, with every Linux symbol (a Linux symbol missing on iOS is an error too).
comm -23 "$work/linux-api.txt" "$work/ios-api.txt" >"$work/missing-on-ios.txt"
if [ -s "$work/missing-on-ios.txt" ]; then
  echo "error: public on Linux (PublicAPI.txt) but not on iOS:" >&2
  cat "$work/missing-on-ios.txt" >&2
  exit 1
fi
comm -13 "$work/linux-api.txt" "$work/ios-api.txt" >"$work/ios-only.txt"
if ! diff -u --label PublicAPI-iOS.txt --label "extracted for iOS" \
  <(pinned Tests/RouteTableNavigationTests/PublicAPI-iOS.txt) "$work/ios-only.txt" >&2; then
  echo "error: RouteTableNavigation's Apple-only public API differs from Tests/RouteTableNavigationTests/PublicAPI-iOS.txt (- listed, + extracted)" >&2
  exit 1
fi
echo "   $(wc -l <"$work/ios-only.txt") Apple-only symbols, as listed"

echo "== 4. generated Swift of every valid manifest (iOS 16; routec: $routec)"
read_lines manifests < <(
  find routes Examples Tests \( -name '.*' -prune \) -o \
    \( -name '*.routes.yaml' -o -name '*.routes.yml' \) -type f -print | sort)
valid=0
invalid=0
features=0
# Two type-checks at a time (the machines have 2 cores), reported in the order started.
checking=()
finish_oldest() {
  local entry=${checking[0]}
  checking=("${checking[@]:1}")
  local pid=${entry%%:*} rest=${entry#*:}
  local number=${rest%%:*} manifest=${rest#*:}
  local log="$work/generated/$number.log"
  if ! wait "$pid"; then
    cat "$log" >&2
    echo "error: the generated Swift of $manifest does not type-check for iOS" \
      "(written by $routec, which must be this checkout's)" >&2
    exit 1
  fi
  if [ -s "$log" ]; then cat "$log" >&2; fi
  echo "   $manifest"
}
for manifest in "${manifests[@]}"; do
  # Feature manifests and the app manifests that compose them: step 4b.
  if grep -Eq '^(feature|compose):' "$manifest"; then
    features=$((features + 1))
    continue
  fi
  if ! "$routec" lint "$manifest" >/dev/null 2>&1; then
    invalid=$((invalid + 1))
    continue
  fi
  valid=$((valid + 1))
  generated="$work/generated/$valid.swift"
  "$routec" generate "$manifest" --output "$generated" 2>/dev/null
  "${swiftc[@]}" "${ios16[@]}" "${app[@]}" -typecheck -module-name "Generated$valid" \
    "$generated" >"$work/generated/$valid.log" 2>&1 &
  checking+=("$!:$valid:$manifest")
  if [ "${#checking[@]}" -ge 2 ]; then finish_oldest; fi
done
while [ "${#checking[@]}" -gt 0 ]; do finish_oldest; done
echo "   $valid valid manifests checked; $invalid with errors skipped (routec lint exits non-zero);" \
  "$features feature and app manifests of compositions left to step 4b"

# An app extension compiles the generated file with ROUTETABLE_NO_INTENTS and gets no intents:
# a file that declares a type of each intent's name type-checks beside it only then.
echo "== 4a. ROUTETABLE_NO_INTENTS leaves the intents out (Tests/RouteCompilerTests/Fixtures/valid/intents.routes.yaml)"
"$routec" generate Tests/RouteCompilerTests/Fixtures/valid/intents.routes.yaml \
  --output "$work/generated/intents.swift" 2>/dev/null
grep -Eo 'struct [A-Za-z0-9_]+: AppIntent\b' "$work/generated/intents.swift" | sed 's/: AppIntent$/ {}/' \
  >"$work/generated/intent-names.swift"
[ -s "$work/generated/intent-names.swift" ] || { echo "error: no intent found in the intents fixture's file" >&2; exit 1; }
if "${swiftc[@]}" "${ios16[@]}" "${app[@]}" -typecheck -module-name NoIntents \
  "$work/generated/intents.swift" "$work/generated/intent-names.swift" >/dev/null 2>&1; then
  echo "error: the intent names were declared twice without a complaint; the probe checks nothing" >&2
  exit 1
fi
"${swiftc[@]}" "${ios16[@]}" "${app[@]}" -typecheck -module-name NoIntents -D ROUTETABLE_NO_INTENTS \
  "$work/generated/intents.swift" "$work/generated/intent-names.swift"
echo "   $(wc -l <"$work/generated/intent-names.swift") intents left out"

echo "== 4b. feature modules (iOS 16): each feature a module, the app's code against them"
# Emits into the folder $1 the iOS module $2: the generated code of the feature manifest $3 and
# the Swift files after it (the feature's screens).
feature_module() {
  local folder=$1 module=$2 manifest=$3
  shift 3
  "$routec" generate "$manifest" --output "$folder/${module}Routes.swift"
  compile "${ios16[@]}" "${app[@]}" -emit-module -module-name "$module" \
    -emit-module-path "$folder/$module.swiftmodule" "$folder/${module}Routes.swift" "$@"
}
# Type-checks the app manifest $2's generated code, composed with the feature manifests under
# $3 and importing the modules in folder $1 (named by the --import arguments in $4...), with
# the Swift files after `--`.
composed_app() {
  local folder=$1 manifest=$2 features=$3
  shift 3
  local arguments=()
  while [ "$#" -gt 0 ] && [ "$1" != -- ]; do arguments+=("$1"); shift; done
  [ "$#" -gt 0 ] && shift
  "$routec" generate "$manifest" --feature "$features" "${arguments[@]}" \
    --output "$folder/AppRoutes.swift"
  compile "${ios16[@]}" "${app[@]}" -I "$folder" -typecheck -module-name ComposedApp \
    "$folder/AppRoutes.swift" "$@"
}
compositions=0
for fixture in Tests/RouteCompilerTests/Fixtures/composition/clean \
  Tests/RoutecEndToEndTests/Fixtures/composition/app; do
  compositions=$((compositions + 1))
  folder="$work/composition$compositions"
  mkdir -p "$folder"
  imports=()
  read_lines fixture_features < <(grep -l '^feature:' "$fixture"/*.routes.yaml)
  for feature in "${fixture_features[@]}"; do
    module=$(sed -n 's/^feature: *\([A-Za-z0-9]*\).*/\1/p' "$feature")
    feature_module "$folder" "$module" "$feature"
    imports+=(--import "$module")
  done
  composed_app "$folder" "$(grep -l '^compose:' "$fixture"/*.routes.yaml)" "$fixture" \
    "${imports[@]}"
  echo "   $fixture: ${#fixture_features[@]} feature modules and the app"
done
modular=Examples/ModularShop
folder="$work/modular"
mkdir -p "$folder"
imports=()
for package in "$modular"/Features/*; do
  module=$(basename "$package")
  read_lines module_sources < <(find "$package/Sources/$module" -name '*.swift' | sort)
  feature_module "$folder" "$module" "$package/Sources/$module/"*.routes.yaml \
    "${module_sources[@]}"
  imports+=(--import "$module")
  printf '   %s\n' "${module_sources[@]}"
done
read_lines modular_app < <(find "$modular/App/Sources/ShopRouting" -name '*.swift' | sort)
composed_app "$folder" "$modular/App/Sources/ShopRouting/shop.routes.yaml" "$modular/Features" \
  "${imports[@]}" -- "${modular_app[@]}"
printf '   %s\n' "${modular_app[@]}"
echo "   $modular: $((${#imports[@]} / 2)) feature modules and the app, with their sources"

echo "== 5. Examples/ShopiOSApp"
app_dir=Examples/ShopiOSApp
"$routec" generate routes/shop.routes.yaml --output "$work/ShopRoutes.swift" --access internal
read_lines shared < <(find "$app_dir/Shared" -name '*.swift' | sort)
read_lines uikit < <(find "$app_dir/UIKitApp" -name '*.swift' | sort)
read_lines swiftui < <(find "$app_dir/SwiftUIApp" -name '*.swift' | sort)
compile "${ios16[@]}" "${app[@]}" -typecheck -module-name ShopiOSApp \
  "$work/ShopRoutes.swift" "${shared[@]}" "${uikit[@]}" scripts/apple/AppOptionalRequirements.swift
echo "   UIKit flavour (iOS 16), with the generated ShopRoutes of routes/shop.routes.yaml:"
printf '     %s\n' "${shared[@]}" "${uikit[@]}" scripts/apple/AppOptionalRequirements.swift
sed -n 's/^ *\/\/ *checks: /       optional requirements: /p' scripts/apple/AppOptionalRequirements.swift
# The SwiftUI flavour at the package's minimum and at the first iOS with Observation, so
# neither needs an `#available`.
for target in ios16 ios17; do
  eval 'flags=("${'"$target"'[@]}")'
  compile "${flags[@]}" "${app[@]}" -typecheck -module-name ShopSwiftUIApp \
    "$work/ShopRoutes.swift" "${shared[@]}" "${swiftui[@]}"
done
echo "   SwiftUI flavour (iOS 16 and iOS 17), with the same generated ShopRoutes:"
printf '     %s\n' "${shared[@]}" "${swiftui[@]}"

echo "== 6. Swift blocks of README.md, docs/*.md and Sources/*/*.docc/*.md"
# The docs' app code is compiled as code of the example app would be: in a module of its own
# that imports (@testable) the example app's sources, both flavours, without their `@main` (a
# module has one), and the generated ShopRoutes. So the names the docs call "the app's"
# (Screens, MainTabBarController, AppActions, logger, ...) are the example app's, and a block's
# own declarations shadow them.
# Every block is checked for iOS 16, the package's minimum, SwiftUI ones included. Blocks that
# import FirebaseRemoteConfig compile against the stub in scripts/apple/stubs.
mkdir -p "$work/doc-support" "$work/doc16"
for source in "${shared[@]}" "${uikit[@]}" "${swiftui[@]}"; do
  perl -pe 's/^\@main\b *//' "$source" >"$work/doc-support/$(basename "$source")"
done
doc_support=("$work/ShopRoutes.swift")
for source in "${shared[@]}" "${uikit[@]}" "${swiftui[@]}"; do
  doc_support+=("$work/doc-support/$(basename "$source")")
done
compile "${ios16[@]}" "${app[@]}" -emit-module -module-name ShopDocSupport -enable-testing \
  -emit-module-path "$work/doc16/ShopDocSupport.swiftmodule" \
  -Xfrontend -experimental-skip-non-inlinable-function-bodies "${doc_support[@]}"
compile "${ios16[@]}" "${common[@]}" -parse-as-library -emit-module \
  -module-name FirebaseRemoteConfig -emit-module-path "$work/doc16/FirebaseRemoteConfig.swiftmodule" \
  scripts/apple/stubs/FirebaseRemoteConfig.swift
read_lines docs < <(ls README.md docs/*.md; ls Sources/*/*.docc/*.md)
python3 scripts/apple/doc-blocks.py "$work/docs" "${docs[@]}" >"$work/blocks.tsv"
checked=0
while IFS=$'\t' read -r kind where file; do
  case "$kind" in
    app)
      prepend "$file" '@testable import ShopDocSupport'
      version=16 target=("${ios16[@]}" -I "$work/doc16")
      if ! compile "${target[@]}" "${app[@]}" -typecheck -module-name DocBlock "$file"; then
        echo "error: the Swift block at $where does not type-check for iOS $version" >&2
        exit 1
      fi
      checked=$((checked + 1))
      echo "   $where (iOS $version)"
      ;;
    test) ;;  # step 7
    *) echo "   $where: skipped ($kind)" ;;
  esac
done <"$work/blocks.tsv"
echo "   $checked blocks checked"

echo "== 7. test blocks of README.md, docs/*.md and Sources/*/*.docc/*.md (the host, with swift-testing)"
# Test code runs on the developer's machine, not on iOS: it is type-checked for the host, with
# the host's swiftc, against host builds of the runtime and of Examples/ShopApp's ShopRouting
# module (the generated ShopRoutes and its `screenName(for:)`), which app tests import.
mkdir -p "$work/host"
host=(swiftc -swift-version 6 -warnings-as-errors -parse-as-library -I "$work/host")
printf 'import Testing\n@Test func probe() {}\n' >"$work/probe.swift"
if ! "${host[@]}" -typecheck "$work/probe.swift" >/dev/null 2>&1; then
  echo "   skipped: the host's swiftc cannot import Testing"
else
  for module in RouteTable RouteTableNavigation; do
    compile_host=("${host[@]}" -package-name routetable -emit-module -module-name "$module"
      -emit-module-path "$work/host/$module.swiftmodule"
      -Xfrontend -experimental-skip-non-inlinable-function-bodies)
    "${compile_host[@]}" $(find "Sources/$module" -name '*.swift' | sort) >"$work/swiftc.log" 2>&1 \
      || { cat "$work/swiftc.log" >&2; exit 1; }
  done
  "$routec" generate routes/shop.routes.yaml --output "$work/host-ShopRoutes.swift"
  "${host[@]}" -emit-module -module-name ShopRouting \
    -emit-module-path "$work/host/ShopRouting.swiftmodule" \
    -Xfrontend -experimental-skip-non-inlinable-function-bodies \
    "$work/host-ShopRoutes.swift" Examples/ShopApp/Sources/ShopRouting/Screens.swift \
    >"$work/swiftc.log" 2>&1 || { cat "$work/swiftc.log" >&2; exit 1; }
  tests=0
  while IFS=$'\t' read -r kind where file; do
    [ "$kind" = test ] || continue
    prepend "$file" 'import ShopRouting'
    if ! "${host[@]}" -typecheck -module-name DocTests "$file" >"$work/swiftc.log" 2>&1; then
      cat "$work/swiftc.log" >&2
      echo "error: the test block at $where does not type-check" >&2
      exit 1
    fi
    tests=$((tests + 1))
    echo "   $where"
  done <"$work/blocks.tsv"
  echo "   $tests test blocks checked"
fi

echo "check-apple: passed ($((SECONDS - started)) s)"
