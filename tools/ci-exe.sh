#!/usr/bin/env bash
# CI step: build the standalone game, one folder and one file, and check that each runs
# without Python around it, within its size budget and its glibc floor. Called by .ci/run from
# the activated environment.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# The size budgets (docs/benchmarks.md, "Standalone game"): MB of 10^6 bytes, du -sb.
FOLDER_BUDGET=80000000
ONEFILE_BUDGET=32000000
# The oldest glibc the game runs on (README, "Without Python: the standalone game"; docs/standalone.md).
GLIBC_FLOOR=2.35
# The games on the table and the modules of theirs the bundle must hold, from the registry
# (rail_app/table/bundle.py): this script names no game.
TABLE=$(python -m rail_app.table.bundle)
GAMES=$(sed -n 's/^game //p' <<<"$TABLE")
MODULES=$(sed -n 's/^module //p' <<<"$TABLE")

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
  local game
  for game in $GAMES; do  # every game on the table with a screen (the executable refuses
    # a game it does not carry), in Spanish: the Spanish catalog is in the bundle
    LANGUAGE=es "$exe" --selftest --game "$game"
  done
}

contents() {  # contents EXE: the game's modules are inside, the development tools are not
  local exe=$1 listing
  listing=$(build/venv/bin/pyi-archive_viewer -r -b "$exe")
  local module
  for module in $MODULES; do
    if ! grep -qx " *${module//./\\.}" <<<"$listing"; then
      echo "$exe: $module is missing from the bundle" >&2
      exit 1
    fi
  done
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
