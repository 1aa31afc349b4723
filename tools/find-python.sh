#!/usr/bin/env bash
# Find a Python interpreter of one version for the tests:
#   bash tools/find-python.sh 3.12      prints its path, or exits 1 saying where it looked
# It must make virtual environments with pip (the venv and ensurepip modules: Debian's
# python3.X needs python3.X-venv). Looked for, in order: pythonX.Y on PATH, /usr/local/bin,
# /usr/bin, and pyenv's versions (newest first; pyenv's shims answer only for the versions
# pyenv has selected). Where none is found and the machine's Debian packages have one
# (apt-cache policy, with the package lists the machine already has), it installs
# pythonX.Y and pythonX.Y-venv with apt-get when allowed (FIND_PYTHON_INSTALL=1, as CI
# sets it) and looks again. python.org's and uv's prebuilt interpreters are downloads from
# outside the package registries, which this project does not use.
set -euo pipefail
version=${1:?usage: bash tools/find-python.sh X.Y}
if [[ ! $version =~ ^3\.[0-9]+$ ]]; then
  echo "find-python: $version is not a Python version like 3.12" >&2
  exit 2
fi

candidates() {
  echo "python$version"
  echo "/usr/local/bin/python$version"
  echo "/usr/bin/python$version"
  local root=${PYENV_ROOT:-$HOME/.pyenv} dir
  if [[ -d $root/versions ]]; then
    for dir in $(find "$root/versions" -mindepth 1 -maxdepth 1 -name "$version.*" | sort -V -r); do
      echo "$dir/bin/python$version"
    done
  fi
}

search() {
  local candidate found
  while read -r candidate; do
    found=$("$candidate" -c 'import sys, venv, ensurepip
print("%d.%d" % sys.version_info[:2])' 2>/dev/null) || continue
    if [[ $found == "$version" ]]; then
      command -v "$candidate"
      return 0
    fi
  done < <(candidates)
  return 1
}

search && exit 0
if [[ ${FIND_PYTHON_INSTALL:-0} == 1 ]] && command -v apt-get >/dev/null \
    && apt-cache policy "python$version" 2>/dev/null | grep -q 'Candidate: [0-9]'; then
  echo "find-python: installing python$version from the Debian packages" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "python$version" \
    "python$version-venv" >&2 && search && exit 0
fi
echo "find-python: no Python $version with venv here (looked for python$version on PATH," \
  "in /usr/local/bin, /usr/bin and ${PYENV_ROOT:-$HOME/.pyenv}/versions, and in the Debian" \
  "packages when FIND_PYTHON_INSTALL=1)" >&2
exit 1
