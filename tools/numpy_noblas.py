"""Build the standalone game's numpy: the version requirements-build.txt pins for this Python,
from its source (the sdist, checked against the lock's hashes), without BLAS and LAPACK.

    python tools/numpy_noblas.py [--out build/wheels]     prints the wheel's path

numpy's wheels carry OpenBLAS (with libgfortran and libquadmath: 28.5 MB, a third of the
folder) for matrix products and linear algebra, which the game never does: its numpy serves
shapely's geometry, the map's rasters and the synthesized sounds. Built with
``-Dallow-noblas=true`` numpy uses its own small routines for those instead, and with
``-Dcpu-dispatch=none`` it compiles its kernels once, for the baseline the wheels require,
instead of once per CPU generation (AVX2, AVX-512, ...), which builds in a fraction of the
time and leaves ``_multiarray_umath`` smaller. Only the standalone game gets it (tools/
build-exe.sh installs it into its own build environment); the tests run on the locked wheel,
and the executable's self-tests on this build. The wheel is kept in ``--out`` and reused
while the pin and these options are the same. Needs a C and C++ compiler and Python's
headers, and PyPI for numpy's build tools (meson-python, Cython).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from packaging.markers import Marker
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements-build.txt"
#: numpy's build options (meson's setup arguments).
OPTIONS = ("-Dallow-noblas=true", "-Dblas=none", "-Dlapack=none", "-Dcpu-dispatch=none")
PIN = re.compile(r"^numpy==(?P<version>[^\s;\\]+)\s*(?:;\s*(?P<marker>[^\\]+?))?\s*\\?$")


def locked_numpy(lock_text: str, environment: dict[str, str] | None = None) -> tuple[str, str]:
    """The numpy pin of the lock that applies to this Python (or ``environment``): its
    version, and its lines (the pin and its hashes) as a requirements file."""
    lines = lock_text.splitlines()
    for i, line in enumerate(lines):
        m = PIN.match(line)
        if m is None:
            continue
        marker = m.group("marker")
        if marker is not None and not Marker(marker).evaluate(environment):
            continue
        block = [line]
        for following in lines[i + 1:]:
            if not following.strip().startswith("--hash="):
                break
            block.append(following)
        return m.group("version"), "\n".join(block).rstrip(" \\") + "\n"
    raise SystemExit(f"{LOCK.name} pins no numpy for Python {sys.version.split()[0]}")


def stamp(requirement: str) -> str:
    """What the wheel was made from: the pin with its hashes, the options, the Python."""
    made_from = json.dumps([requirement, OPTIONS, sys.version, sys.platform])
    return hashlib.sha256(made_from.encode()).hexdigest()[:16]


def build(out: Path) -> Path:
    version, requirement = locked_numpy(LOCK.read_text(encoding="utf-8"))
    out.mkdir(parents=True, exist_ok=True)
    mark = out / f"numpy-{version}.noblas-{stamp(requirement)}"
    kept = [w for w in out.glob("numpy-*.whl")
            if canonicalize_name(parse_wheel_filename(w.name)[0]) == "numpy"
            and str(parse_wheel_filename(w.name)[1]) == version]
    if mark.is_file() and len(kept) == 1:
        return kept[0]
    for wheel in kept:
        wheel.unlink()
    for old in out.glob("numpy-*.noblas-*"):
        old.unlink()
    with tempfile.TemporaryDirectory() as scratch:
        pinned = Path(scratch) / "numpy.txt"
        pinned.write_text(requirement, encoding="utf-8")
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-binary", "numpy",
                   "--no-cache-dir",
                   "--require-hashes", "-r", str(pinned), "-w", str(out)]
        command += [f"--config-settings=setup-args={option}" for option in OPTIONS]
        print(f"building numpy {version} without BLAS from its source (a few minutes)",
              file=sys.stderr)
        # pip's words go to standard error: standard output is the wheel's path alone
        subprocess.run(command, check=True, stdout=sys.stderr)
    built = [w for w in out.glob("numpy-*.whl") if str(parse_wheel_filename(w.name)[1]) == version]
    if len(built) != 1:
        raise SystemExit(f"expected one numpy {version} wheel in {out}, found {built}")
    mark.write_text(requirement, encoding="utf-8")
    return built[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "wheels",
                        help="the folder the wheel is kept in (default build/wheels)")
    args = parser.parse_args()
    print(build(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
