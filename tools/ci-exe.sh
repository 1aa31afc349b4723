#!/usr/bin/env bash
# CI step: build the standalone game, one folder and one file, and check that each runs
# without Python around it. Called by .ci/run from the activated test environment.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# The one-folder bundle stays within 90 MB (docs/benchmarks.md, "Standalone game").
BUDGET=90000000

selftest() {  # selftest EXE: the version, the self-test, and the self-test on a map copied next to it
  local exe=$1 dir
  dir=$(dirname "$exe")
  "$exe" --version
  cp maps/test/mini.yaml maps/test/mini-deck.yaml "$dir/"
  "$exe" --map "$dir/mini.yaml" --selftest
  "$exe" --selftest
}

bash tools/build-exe.sh
size=$(du -sb dist/ItalianRails | cut -f1)
if (( size > BUDGET )); then
  echo "dist/ItalianRails is $size bytes, over the budget of $BUDGET (see docs/benchmarks.md)" >&2
  exit 1
fi
selftest dist/ItalianRails/ItalianRails

bash tools/build-exe.sh --onefile
selftest dist/ItalianRails-onefile
