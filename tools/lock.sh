#!/usr/bin/env bash
# Make the lock files again from the version ranges in pyproject.toml:
#   requirements.txt        the game
#   requirements-dev.txt    the game with its tests and checks
#   requirements-build.txt  the game with PyInstaller, for the standalone executable
# Each pins exact versions with the hashes of every file PyPI has for them, resolved for
# every platform and Python version the game supports (uv's universal resolution), so that
# `pip install -r FILE` installs exactly these on any machine. The game's pins are the same
# in all three: the tests check what ships. tests/table/test_locks.py fails when a lock file no
# longer matches the ranges. Needs python3 with venv and the network to PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9
tool=$(mktemp -d)
trap 'rm -rf "$tool"' EXIT
python3 -m venv "$tool/venv"
"$tool/venv/bin/pip" install -q "uv==$UV_VERSION"
compile() {
  "$tool/venv/bin/uv" pip compile pyproject.toml --universal --generate-hashes \
    --index-url https://pypi.org/simple --custom-compile-command "bash tools/lock.sh" \
    --quiet "$@"
}
compile --extra dev -o requirements-dev.txt
compile --constraints requirements-dev.txt -o requirements.txt
compile --extra build --constraints requirements.txt -o requirements-build.txt
echo "wrote requirements.txt, requirements-dev.txt, requirements-build.txt"
