#!/usr/bin/env bash
# CI step: build the standalone game and check it runs without Python around it.
# Called by .ci/run from the activated test environment.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/build-exe.sh
exe=dist/ItalianRails/ItalianRails
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
"$exe" --version
# A map copied next to the executable opens with --map.
cp maps/test/mini.yaml maps/test/mini-deck.yaml dist/ItalianRails/
"$exe" --map dist/ItalianRails/mini.yaml --selftest
"$exe" --selftest
