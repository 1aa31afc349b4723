#!/usr/bin/env bash
# Build the standalone game (no Python needed to run it):
#   bash tools/build-exe.sh            one folder: dist/ItalianRails/ItalianRails
#   bash tools/build-exe.sh --onefile  one file:   dist/ItalianRails-onefile
# Run from an activated virtual environment; it installs requirements-build.txt (the game's
# locked dependencies and PyInstaller). Needs binutils (strip, readelf). What the spec leaves
# out, and why: docs/benchmarks.md, "Standalone game".
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "") spec_args=(); out=dist/ItalianRails; work=build ;;
  --onefile) spec_args=(-- --onefile); out=dist/ItalianRails-onefile; work=build/onefile ;;
  *) echo "usage: bash tools/build-exe.sh [--onefile]" >&2; exit 2 ;;
esac
python -m pip install -q -r requirements-build.txt
python -m PyInstaller --noconfirm --clean --log-level WARN --workpath "$work" \
  ItalianRails.spec "${spec_args[@]}"
echo "built: $out ($(du -sb "$out" | cut -f1) bytes, $(du -sh "$out" | cut -f1)iB)"
