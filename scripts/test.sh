#!/usr/bin/env bash
# Runs the test suite by tier, each tier in a test process of its own:
#
#   scripts/test.sh              every tier, unit first (what CI runs last)
#   scripts/test.sh unit         the in-process suites: the fast tier, while editing
#   scripts/test.sh end-to-end   the suites that run routec, swiftc and package builds
#
# A tier is named by its targets: a test target whose name ends in `EndToEndTests` runs built
# binaries (routec, swiftc, package builds) and is in the end-to-end tier; every other test
# target tests one module in process and is in the unit tier. The tiers are read from
# Package.swift, so a new target joins the tier its name says, and the run fails when either
# tier has no target.
#
# Why separate processes: the end-to-end suites wait for child processes for minutes. On Linux
# the Swift concurrency pool and dispatch's global queues share a few worker threads, so in one
# process those waits starve the unit tier's stress tests into their time limits.
set -euo pipefail
cd "$(dirname "$0")/.."

tiers=$(swift package describe --type json | python3 -c '
import json, sys
names = sorted(t["name"] for t in json.load(sys.stdin)["targets"] if t["type"] == "test")
end_to_end = [n for n in names if n.endswith("EndToEndTests")]
unit = [n for n in names if not n.endswith("EndToEndTests")]
if not unit or not end_to_end:
    print("error: scripts/test.sh: a tier has no test target", file=sys.stderr)
    sys.exit(1)
print(" ".join(unit))
print(" ".join(end_to_end))
')
read -r -a unit <<<"$(sed -n 1p <<<"$tiers")"
read -r -a end_to_end <<<"$(sed -n 2p <<<"$tiers")"

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
