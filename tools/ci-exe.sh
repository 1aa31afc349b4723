#!/usr/bin/env bash
# CI step: build the standalone game, one folder and one file, and check that each runs
# without Python around it. Called by .ci/run from the activated test environment.
set -euo pipefail
cd "$(dirname "$0")/.."
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# The one-folder bundle stays within 90 MB (docs/benchmarks.md, "Standalone game").
BUDGET=90000000
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
  "$exe" --map "$scratch/mini.yaml" --selftest
  rm -rf "$scratch"
  "$exe" --selftest
  local game
  for game in $GAMES; do  # every game on the table with a screen (the executable refuses
    "$exe" --selftest --game "$game"  # a game it does not carry)
  done
}

contents() {  # contents EXE: the game's modules are inside, the development tools are not
  local exe=$1 listing
  listing=$(pyi-archive_viewer -r -b "$exe")
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

bash tools/build-exe.sh
size=$(du -sb dist/ItalianRails | cut -f1)
if (( size > BUDGET )); then
  echo "dist/ItalianRails is $size bytes, over the budget of $BUDGET (see docs/benchmarks.md)" >&2
  exit 1
fi
contents dist/ItalianRails/ItalianRails
selftest dist/ItalianRails/ItalianRails

bash tools/build-exe.sh --onefile
contents dist/ItalianRails-onefile
selftest dist/ItalianRails-onefile
