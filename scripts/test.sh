#!/usr/bin/env bash
# Runs the test suite by tier, each tier in a test process of its own:
#
#   scripts/test.sh              every tier, unit first (what CI runs last)
#   scripts/test.sh unit         the in-process suites: the fast tier, while editing
#   scripts/test.sh end-to-end   the suites that run routec, swiftc and package builds
#
# A tier is a list of test targets. Every test target of Package.swift is in exactly one tier,
# checked before anything runs, so a new target cannot join a tier silently.
#
# Why separate processes: the end-to-end suites wait for child processes for minutes. On Linux
# the Swift concurrency pool and dispatch's global queues share a few worker threads, so in one
# process those waits starve the unit tier's stress tests into their time limits.
set -euo pipefail
cd "$(dirname "$0")/.."

unit=(RouteTableTests RouteTableNavigationTests RouteCompilerTests RouteToolsTests RoutecCoreTests
  ReferenceConsumerTests)
end_to_end=(CompiledAPITests routecTests PluginBuildTests)

swift package describe --type json | python3 -c '
import json, sys
declared = sorted(t["name"] for t in json.load(sys.stdin)["targets"] if t["type"] == "test")
tiers = sys.argv[1:]
listed = sorted(tiers)
if declared != listed:
    missing = sorted(set(declared) - set(listed))
    stale = sorted(set(listed) - set(declared))
    print("error: scripts/test.sh: the tiers must list every test target exactly once", file=sys.stderr)
    if missing: print("  not in a tier: " + ", ".join(missing), file=sys.stderr)
    if stale: print("  not a test target: " + ", ".join(stale), file=sys.stderr)
    sys.exit(1)
' "${unit[@]}" "${end_to_end[@]}"

# `swift test --filter` matches "Target.Suite/test"; a tier is its targets' names.
run_tier() {
  local name=$1
  shift
  local pattern
  pattern="^($(IFS='|'; echo "$*"))\\."
  echo "== scripts/test.sh: the $name tier ($*)"
  swift test --skip-build --filter "$pattern"
}

case "${1:-all}" in
  unit | end-to-end | all) ;;
  *)
    echo "usage: scripts/test.sh [unit|end-to-end]" >&2
    exit 2
    ;;
esac

swift build --build-tests
case "${1:-all}" in
  unit) run_tier unit "${unit[@]}" ;;
  end-to-end) run_tier end-to-end "${end_to_end[@]}" ;;
  all)
    run_tier unit "${unit[@]}"
    run_tier end-to-end "${end_to_end[@]}"
    ;;
esac
