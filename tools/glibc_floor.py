"""The oldest glibc a built game runs on: the highest ``GLIBC_`` symbol version any of its
programs and libraries asks for (``objdump -T``, binutils).

    python tools/glibc_floor.py dist/ItalianRails            the floor and who sets it
    python tools/glibc_floor.py dist/ItalianRails --most 2.35   exit 1 if above 2.35

A library asks the system's C library for each function at a version (``stat@GLIBC_2.33``);
the dynamic loader refuses to load it on a system whose glibc is older than any of them.
So the floor of the whole game is the highest version over every ELF file in the bundle.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

VERSION = re.compile(r"\bGLIBC_(\d+)\.(\d+)(?:\.(\d+))?\b")
ELF_MAGIC = b"\x7fELF"

Version = tuple[int, ...]


def versions(objdump_output: str) -> set[Version]:
    """The ``GLIBC_x.y`` versions named in ``objdump -T``'s output."""
    return {tuple(int(part) for part in m.groups() if part is not None)
            for m in VERSION.finditer(objdump_output)}


def elf_files(root: Path) -> Iterable[Path]:
    """Every ELF file under ``root`` (or ``root`` itself), links not followed."""
    paths = [root] if root.is_file() else sorted(root.rglob("*"))
    for path in paths:
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as f:
                if f.read(4) == ELF_MAGIC:
                    yield path


def floor(root: Path) -> tuple[Version, list[Path]]:
    """The highest glibc version any ELF file under ``root`` needs, and the files that need
    it ((0,), [] when none does)."""
    most: Version = (0,)
    who: list[Path] = []
    for path in elf_files(root):
        out = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True,
                             check=False).stdout
        found = versions(out)
        if not found:
            continue
        top = max(found)
        if top > most:
            most, who = top, [path]
        elif top == most:
            who.append(path)
    return most, who


def text(version: Version) -> str:
    return ".".join(str(part) for part in version)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("path", type=Path, help="the built game's folder or file")
    parser.add_argument("--most", help="fail (exit 1) when the floor is above this version")
    args = parser.parse_args(argv)
    if not args.path.exists():
        print(f"glibc_floor: no such file or folder: {args.path}", file=sys.stderr)
        return 2
    most, who = floor(args.path)
    names = ", ".join(str(p.relative_to(args.path) if args.path.is_dir() else p) for p in who)
    print(f"glibc {text(most)} or newer (asked for by {names or 'nothing'})")
    if args.most is not None:
        limit = tuple(int(part) for part in args.most.split("."))
        if most > limit:
            print(f"glibc_floor: {args.path} needs glibc {text(most)}, above {args.most}",
                  file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
