#!/usr/bin/env bash
# CI step: build the standalone game, one folder and one file, and check that each runs
# without Python around it, within its size budget and its glibc floor. Called by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# The size budgets (docs/benchmarks.md, "Standalone game"): MB of 10^6 bytes, du -sb.
FOLDER_BUDGET=80000000
ONEFILE_BUDGET=32000000
# The oldest glibc the game runs on (README, "Without Python: the standalone game"; docs/standalone.md).
GLIBC_FLOOR=2.35

selftest() {  # selftest EXE: the version, the self-test, and the self-test on a map of the player's
  local exe=$1 scratch
  "$exe" --version
  "$exe" --help | grep -q "usage: $(basename "$exe")"  # the help names the executable
  scratch=$(mktemp -d)  # a map of the player's own, in a folder of theirs (never the bundle)
  cp maps/test/mini.yaml maps/test/mini-deck.yaml "$scratch/"
  # The pseudo-locale's template stays out of the bundle: asked for, the game speaks English.
  LANGUAGE=qps "$exe" --map "$scratch/mini.yaml" --selftest
  rm -rf "$scratch"
  "$exe" --selftest
  LANGUAGE=es "$exe" --selftest --game steam  # the Spanish catalog is in the bundle
}

contents() {  # contents EXE: the game's modules are inside, the development tools are not
  local exe=$1 listing
  listing=$(build/venv/bin/pyi-archive_viewer -r -b "$exe")
  if ! grep -qx ' *rail_app.games.italian_rails.ui.selftest' <<<"$listing" \
      || ! grep -qx ' *rail_app.games.steam.ui.selftest' <<<"$listing"; then
    echo "$exe: the game's modules are missing from the bundle" >&2
    exit 1
  fi
  if grep -q '^ *rail_app\.\(.*\.\)\?devtools\b' <<<"$listing"; then
    echo "$exe carries development tools: $(grep '^ *rail_app\.\(.*\.\)\?devtools\b' <<<"$listing" | head -3)" >&2
    exit 1
  fi
}

budget() {  # budget PATH BYTES: fail when PATH is larger
  local size
  size=$(du -sb "$1" | cut -f1)
  if (( size > $2 )); then
    echo "$1 is $size bytes, over the budget of $2 (see docs/benchmarks.md)" >&2
    exit 1
  fi
  echo "$1: $size bytes, within $2"
}

bash tools/build-exe.sh
budget dist/ItalianRails "$FOLDER_BUDGET"
build/venv/bin/python tools/glibc_floor.py dist/ItalianRails --most "$GLIBC_FLOOR"
contents dist/ItalianRails/ItalianRails
selftest dist/ItalianRails/ItalianRails

bash tools/build-exe.sh --onefile
budget dist/ItalianRails-onefile "$ONEFILE_BUDGET"
contents dist/ItalianRails-onefile
selftest dist/ItalianRails-onefile
