#!/usr/bin/env bash
# Rewrites the generator's reference outputs in Tests/RoutecEndToEndTests/Reference: one `routec generate`
# per line of its commands.txt. ReferenceOutputTests fails when routec writes anything else, so a
# change to the generator comes with the diff of these files, to review and commit with it.
#
#   scripts/update-reference.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product routec >/dev/null
routec="$(swift build --show-bin-path 2>/dev/null)/routec"
reference=Tests/RoutecEndToEndTests/Reference
while read -r output arguments; do
  case "$output" in '' | '#'*) continue ;; esac
  # shellcheck disable=SC2086 # the arguments are words, as in commands.txt
  "$routec" generate $arguments --output "$reference/$output" 2>/dev/null
  echo "$reference/$output"
done <"$reference/commands.txt"
