#!/usr/bin/env bash
# The translation catalogs (docs/i18n.md), from an environment with the development
# requirements (Babel):
#   bash tools/i18n.sh extract      the code's messages -> locale/rail_app.pot
#   bash tools/i18n.sh update       extract, then merge the template into every catalog
#   bash tools/i18n.sh init CODE    a new catalog, locale/CODE/LC_MESSAGES/rail_app.po
#   bash tools/i18n.sh check        exit 1 on a missing, untranslated, fuzzy or copied message
#   bash tools/i18n.sh bench        what compiling a catalog at start costs
set -euo pipefail
cd "$(dirname "$0")/.."
exec "${PYTHON:-python}" tools/i18n.py "$@"
