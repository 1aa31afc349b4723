#!/usr/bin/env bash
# Build the standalone game (no Python needed to run it) into dist/ItalianRails/.
# Run from an activated virtual environment that has requirements.txt installed.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install -q "pyinstaller>=6.5,<7"
python -m PyInstaller --noconfirm --clean --log-level WARN ItalianRails.spec
echo "built: dist/ItalianRails/ItalianRails ($(du -sh dist/ItalianRails | cut -f1))"
