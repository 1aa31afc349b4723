"""Run ``ItalianRails.spec`` as PyInstaller runs it, on any system, with stand-ins for
PyInstaller's build steps that record what the spec asks of them: the programs (their names,
console or windowed, icons), the folder, the macOS application, the data files and the
libraries. The spec's own choices are checked so for Windows, macOS and Linux on one machine,
without PyInstaller (which the test environment does not install) and without building."""

from __future__ import annotations

import sys
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "ItalianRails.spec"

TOC = list[tuple[str, str, str]]


@dataclass
class Built:
    """What one run of the spec asked for."""

    analysis: dict[str, Any] = field(default_factory=dict)
    programs: list[dict[str, Any]] = field(default_factory=list)
    folder: dict[str, Any] | None = None
    folder_tocs: list[Any] = field(default_factory=list)
    app: dict[str, Any] | None = None
    binaries: TOC = field(default_factory=list)

    def program(self, name: str) -> dict[str, Any]:
        return next(p for p in self.programs if p["name"] == name)

    @property
    def names(self) -> list[str]:
        return [p["name"] for p in self.programs]


def run_spec(platform: str, *, onefile: bool = False, binaries: TOC | None = None,
             workpath: Path, monkeypatch: Any) -> Built:
    """Execute the spec as if on ``platform`` (``"win32"``, ``"darwin"``, ``"linux"``);
    ``binaries`` are what the analysis found (default: none)."""
    built = Built()

    class Analysis:
        def __init__(self, scripts: list[str], **kw: Any) -> None:
            built.analysis = {"scripts": scripts, **kw}
            self.binaries: TOC = list(binaries or [])
            self.datas: TOC = []
            self.pure: TOC = []
            self.scripts: TOC = []

    class PYZ:
        def __init__(self, pure: TOC) -> None:
            self.dependencies: TOC = []

    class EXE:
        def __init__(self, *tocs: Any, **kw: Any) -> None:
            built.programs.append(kw)
            self.name = kw["name"]

    def collect(*tocs: Any, **kw: Any) -> Any:
        built.folder = kw
        built.folder_tocs = list(tocs)
        return types.SimpleNamespace(name=kw["name"])

    def bundle(*tocs: Any, **kw: Any) -> Any:
        built.app = kw
        return types.SimpleNamespace(name=kw["name"])

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda package, **kw: []  # type: ignore[attr-defined]
    hooks.collect_submodules = lambda package, **kw: []  # type: ignore[attr-defined]
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "argv", [str(SPEC)] + (["--onefile"] if onefile else []))
    namespace: dict[str, Any] = {
        "__name__": "__main__", "__file__": str(SPEC), "SPECPATH": str(ROOT),
        "workpath": str(workpath), "Analysis": Analysis, "PYZ": PYZ, "EXE": EXE,
        "COLLECT": collect, "BUNDLE": bundle,
    }
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    built.binaries = [entry for toc in built.folder_tocs if isinstance(toc, list)
                      for entry in toc]
    if onefile:
        built.binaries = namespace["a"].binaries
    return built
