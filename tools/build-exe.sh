#!/usr/bin/env bash
# Build the standalone game (no Python needed to run it):
#   bash tools/build-exe.sh            one folder: dist/ItalianRails/ItalianRails
#   bash tools/build-exe.sh --onefile  one file:   dist/ItalianRails-onefile
# It makes its own environment, build/venv, from the python it is started with (an activated
# environment's, or python3), and installs requirements-build.txt there (the game's locked
# dependencies and PyInstaller): the environment it is started from is never changed. On
# Linux the game's numpy is the locked version built from its source without BLAS
# (tools/numpy_noblas.py: OpenBLAS is a third of the folder and the game does no linear
# algebra); it needs a C and C++ compiler and Python's headers, and binutils (strip,
# readelf). What the spec leaves out, and why: docs/benchmarks.md, "Standalone game"; what
# each system's build holds: docs/standalone.md.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "") spec_args=(); out=dist/ItalianRails; work=build ;;
  --onefile) spec_args=(-- --onefile); out=dist/ItalianRails-onefile; work=build/onefile ;;
  *) echo "usage: bash tools/build-exe.sh [--onefile]" >&2; exit 2 ;;
esac
python=$(command -v python || command -v python3)
venv=build/venv
if [[ ! -x $venv/bin/python ]] || ! "$venv/bin/python" -c 'import sys; sys.exit(0)'; then
  "$python" -m venv --clear "$venv"
fi
"$venv/bin/python" -m pip install -q -r requirements-build.txt
if [[ $(uname -s) == Linux ]]; then
  wheel=$("$venv/bin/python" tools/numpy_noblas.py --out build/wheels)
  "$venv/bin/python" -m pip install -q --no-deps --force-reinstall "$wheel"
fi
"$venv/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN --workpath "$work" \
  ItalianRails.spec "${spec_args[@]}"
echo "built: $out ($(du -sb "$out" | cut -f1) bytes, $(du -sh "$out" | cut -f1)iB)"
