"""``python -m rail_app fuzz folder``: the game started on a hostile data folder.

Each case makes a data folder holding one good save, then spoils it at random: broken
entries among the saves (a dangling link, a link loop, a pipe, a folder, a link to
/dev/zero, a file past the size limit, bytes that are not JSON, JSON nested 100,000 deep,
a save cut short), hostile lesson files (a pipe, deep nesting, another game's save), a
hostile career file (a pipe, a link loop, a folder, a link to /dev/zero, JSON nested
100,000 deep), a hostile settings file, a file where the saves, worlds or lesson folder should be, or the
data folder itself a file; the disk made read-only or full (the file operations fail with
EROFS or ENOSPC, as a read-only mount or a full disk makes them); and at times a second
process that writes and deletes saves in the same folder all along. Then the game starts,
draws the menu, continues if it offers to, opens the Load screen and the Career page,
exports the good save to a strange name and imports a strange file (a pipe, a link loop, a
folder, JSON nested 100,000 deep, a name of 300 characters or holding a NUL) and a good
save, starts a new game and autosaves it. A failure is any exception, the good save
missing from the list or not loading (when its folder is whole), an export or import
failing otherwise than by a refusal in words, a good save not imported on a disk that
takes files, or a failed autosave not said."""

from __future__ import annotations

import contextlib
import errno
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rail_app.core.paths import DATA_DIR_ENV, resource_path, scratch_data_dir
from rail_app.table import registry
from rail_app.table.seats import Level, Seat, SeatKind
from rail_app.ui import screens
from rail_app.ui.app import App
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.palette import INKS
from rail_app.ui.savelist import read_entries
from rail_app.ui.scenes import open_saved_game
from rail_app.ui.session import GameSetup, Session

SHORT_COUNT = 8
LONG_COUNT = 300

SPOILS = ("dangling", "loop", "fifo", "folder", "zero", "huge", "garbage", "deep", "cut",
          "lesson-fifo", "lesson-deep", "lesson-other", "settings", "saves-file",
          "worlds-file", "lesson-file", "data-file", "career-fifo", "career-loop",
          "career-folder", "career-zero", "career-deep")
#: What Export… writes to and Import… reads from, besides a good save: names no file can
#: have, and files that are no save.
EXPORTS = ("x" * 300, "nul\0name", "fine-name")
IMPORTS = ("fifo", "loop", "folder", "deep", "long", "nul", "good")

_WRITER = """
import sys, time, os
folder, data = sys.argv[1], open(sys.argv[2], 'rb').read()
n = 0
while True:
    p = os.path.join(folder, 'autosave-0ther%d-%04d.json' % (n % 5, n))
    tmp = p + '.part'
    with open(tmp, 'wb') as f:
        f.write(data)
    os.replace(tmp, p)
    if n >= 3:
        try:
            os.unlink(os.path.join(folder, 'autosave-0ther%d-%04d.json' % ((n - 3) % 5, n - 3)))
        except OSError:
            pass
    n += 1
    time.sleep(0.002)
"""


@contextlib.contextmanager
def failing_disk(under: Path, code: int) -> Iterator[None]:
    """New files and folders under ``under`` fail with ``code`` (EROFS also refuses
    renames and deletes there), as a read-only or full disk makes them."""
    real_mkstemp, real_mkdir = tempfile.mkstemp, Path.mkdir
    real_replace, real_unlink = os.replace, os.unlink

    def inside(path: object) -> bool:
        return str(path).startswith(str(under))

    def fail(path: object) -> OSError:
        return OSError(code, os.strerror(code), str(path))

    def mkstemp(*args: Any, **kwargs: Any) -> Any:
        if inside(kwargs.get("dir", "")):
            raise fail(kwargs.get("dir"))
        return real_mkstemp(*args, **kwargs)

    def mkdir(self: Path, mode: int = 0o777, parents: bool = False,
              exist_ok: bool = False) -> None:
        if inside(self) and not (exist_ok and self.is_dir()):
            raise fail(self)
        real_mkdir(self, mode, parents, exist_ok)

    def replace(src: Any, dst: Any, *a: Any, **k: Any) -> None:
        if inside(dst):
            raise fail(dst)
        real_replace(src, dst, *a, **k)

    def unlink(path: Any, *a: Any, **k: Any) -> None:
        if inside(path):
            raise fail(path)
        real_unlink(path, *a, **k)

    setattr(tempfile, "mkstemp", mkstemp)  # noqa: B010
    setattr(Path, "mkdir", mkdir)  # noqa: B010
    if code == errno.EROFS:
        for name, fn in (("replace", replace), ("unlink", unlink), ("remove", unlink)):
            setattr(os, name, fn)
    try:
        yield
    finally:
        setattr(tempfile, "mkstemp", real_mkstemp)  # noqa: B010
        setattr(Path, "mkdir", real_mkdir)  # noqa: B010
        os.replace, os.unlink, os.remove = real_replace, real_unlink, real_unlink


def spoil(data: Path, what: str, good: bytes) -> None:
    saves, lesson = data / "saves", data / "lesson"
    if lesson.is_file() and what.startswith("lesson-"):
        return  # the lesson's folder is already a file
    if not lesson.exists():
        lesson.mkdir()
    if what.startswith("lesson-"):  # a spoil of the lesson replaces an earlier one
        for name in ("game.json", "progress.json"):
            (lesson / name).unlink(missing_ok=True)
    if what == "dangling":
        (saves / "dangling.json").symlink_to(saves / "nowhere.json")
    elif what == "loop":
        (saves / "loop-a.json").symlink_to(saves / "loop-b.json")
        (saves / "loop-b.json").symlink_to(saves / "loop-a.json")
    elif what == "fifo":
        os.mkfifo(saves / "pipe.json")
    elif what == "folder":
        (saves / "folder.json").mkdir()
    elif what == "zero":
        (saves / "zero.json").symlink_to("/dev/zero")
    elif what == "huge":
        with open(saves / "huge.json", "wb") as f:
            f.truncate(17 * 1024 * 1024)
    elif what == "garbage":
        (saves / "garbage.json").write_bytes(bytes(random.Random(3).randrange(256)
                                                   for _ in range(5000)))
    elif what == "deep":
        (saves / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif what == "cut":
        (saves / "cut.json").write_bytes(good[: len(good) // 2])
    elif what == "lesson-fifo":
        (lesson / "game.json").write_text("{}", encoding="utf-8")
        os.mkfifo(lesson / "progress.json")
    elif what == "lesson-deep":
        (lesson / "game.json").write_text("{}", encoding="utf-8")
        (lesson / "progress.json").write_text("[" * 100_000, encoding="utf-8")
    elif what == "lesson-other":
        (lesson / "game.json").write_bytes(good)
        (lesson / "progress.json").write_text('{"step": 3}', encoding="utf-8")
    elif what == "settings":
        (data / "settings.json").write_text("{" * 50_000, encoding="utf-8")
    elif what == "worlds-file":
        import shutil

        shutil.rmtree(data / "worlds", ignore_errors=True)
        (data / "worlds").write_text("not a folder", encoding="utf-8")
    elif what.startswith("career-"):
        target = data / "career.json"
        if target.is_dir():
            os.rmdir(target)
        else:
            target.unlink(missing_ok=True)
        kind = what.removeprefix("career-")
        if kind == "fifo":
            os.mkfifo(target)
        elif kind == "loop":
            target.symlink_to(data / "career-b.json")
            (data / "career-b.json").unlink(missing_ok=True)
            (data / "career-b.json").symlink_to(target)
        elif kind == "folder":
            target.mkdir()
        elif kind == "zero":
            target.symlink_to("/dev/zero")
        else:
            target.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif what == "lesson-file":
        import shutil

        shutil.rmtree(lesson, ignore_errors=True)
        lesson.write_text("not a folder", encoding="utf-8")


def one_case(root: Path, rng: random.Random, good: bytes, game: str | None) -> list[str]:
    data = Path(tempfile.mkdtemp(dir=root))
    (data / "saves").mkdir()
    good_path = data / "saves" / "game-20250101-120000.json"
    good_path.write_bytes(good)
    spoils = rng.sample(SPOILS, rng.randint(1, 4))
    whole = not {"saves-file", "data-file"} & set(spoils)
    for what in spoils:
        if what not in ("saves-file", "data-file"):
            spoil(data, what, good)
    home = data
    if "saves-file" in spoils:
        import shutil

        shutil.rmtree(data / "saves")
        (data / "saves").write_text("not a folder", encoding="utf-8")
    if "data-file" in spoils:
        home = data / "a-file"
        home.write_text("not a folder", encoding="utf-8")
    os.environ["ITALIAN_RAILS_DATA_DIR"] = str(home)
    fault = rng.choice([None, None, errno.EROFS, errno.ENOSPC])
    writer = None
    if whole and rng.random() < 0.3:
        writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(data / "saves"),
                                   str(good_path)])
    faults: list[str] = []
    label = f"{'+'.join(spoils)}{'' if fault is None else ' ' + errno.errorcode[fault]}" \
        f"{' +writer' if writer else ''}"
    try:
        with failing_disk(data, fault) if fault else contextlib.nullcontext():
            app = App(size=(1280, 720), fullscreen=False, settings=None)
            for _ in range(2):
                app.step(0.016)
            if whole and good_path not in [e.path for e in read_entries()]:
                faults.append("the good save is not listed")
            if whole:
                try:
                    Session.load(good_path)
                except Exception as exc:  # a fault of this case, reported
                    faults.append(f"the good save does not load: {exc}")
            menu: Any = app.scene
            if "continue" in getattr(menu, "buttons", {}).values() and \
                    menu.resumable is not None:
                open_saved_game(app, menu.resumable)
                app.step(0.016)
            app.reset(screens.menu(app))
            app.push(screens.saves(app))
            for _ in range(2):
                app.step(0.016)
            app.reset(screens.career(app))  # a hostile career file is never waited on
            for _ in range(2):
                app.step(0.016)
            if whole:
                faults += share(root, data, good_path, rng, fault is None)
            app.reset(screens.menu(app))
            form: Any = app.push(screens.new_game(app, game))
            app.step(0.016)
            if form.start():
                session = getattr(app.scene, "session")  # noqa: B009
                app.step(0.016)
                if session.autosave() is None and not session.autosave_problem:
                    faults.append("an autosave failed and said nothing")
                if fault is not None and not app.data_problem:
                    faults.append("a disk that takes no file was not said at start")
            app.close()
    except Exception as exc:  # a crash of this case, reported
        faults.append(f"{type(exc).__name__}: {exc}")
    finally:
        if writer is not None:
            writer.kill()
            writer.wait()
    return [f"{label}: {f}" for f in faults]


def _strange_import(root: Path, kind: str, good_path: Path) -> Path:
    """A file to import, made under ``root`` (outside the data folder)."""
    where = Path(tempfile.mkdtemp(dir=root))
    if kind == "fifo":
        os.mkfifo(where / "pipe.json")
        return where / "pipe.json"
    if kind == "loop":
        (where / "a.json").symlink_to(where / "b.json")
        (where / "b.json").symlink_to(where / "a.json")
        return where / "a.json"
    if kind == "folder":
        (where / "folder.json").mkdir()
        return where / "folder.json"
    if kind == "deep":
        (where / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
        return where / "deep.json"
    if kind == "long":
        return where / ("y" * 300 + ".json")
    if kind == "nul":
        return where / "nul\0name.json"
    copy = where / "shared.json"
    copy.write_bytes(good_path.read_bytes())
    return copy


def share(root: Path, data: Path, good_path: Path, rng: random.Random,
          writable: bool) -> list[str]:
    """Export… of the good save to a strange name, Import… of a strange file and of a good
    save, as the save screen calls them: each done, or refused with a ShareError."""
    from rail_app.ui.session import new_save_path, saves_dir
    from rail_app.ui.sharing import ShareError, export_save, import_save

    faults: list[str] = []
    out = Path(tempfile.mkdtemp(dir=root))
    name = rng.choice(EXPORTS)
    try:
        export_save(good_path, out / name)
    except ShareError:
        if name == "fine-name":
            faults.append("the good save was not exported")
    except Exception as exc:  # a fault of this case, reported
        faults.append(f"export to {name[:12]!r}: {type(exc).__name__}: {exc}")
    for kind in (rng.choice(IMPORTS), "good"):
        try:
            src = _strange_import(root, kind, good_path)
            import_save(src, saves_dir(), new_save_path())
        except ShareError:
            if kind == "good" and writable:
                faults.append("a good save was not imported")
        except Exception as exc:  # a fault of this case, reported
            faults.append(f"import of a {kind} file: {type(exc).__name__}: {exc}")
    return faults


def run(seed: int = 1, count: int = SHORT_COUNT, progress: Callable[[str], None] | None = None,
        game: str | None = None) -> dict[str, Any]:
    use_dummy_drivers()
    rng = random.Random(seed)
    failures: list[str] = []
    t0 = time.perf_counter()
    with scratch_data_dir("rail-fuzz-folder-") as root:
        rules = registry.game(game)
        seats = [Seat(f"P{i + 1}", SeatKind.HUMAN, Level.NORMAL, ink)
                 for i, ink in enumerate(list(INKS)[:rules.seats.default])]

        session = Session.new(GameSetup(str(resource_path(rules.small_map)), seats, 3, {},
                                        rules.id))
        session.save(root / "good.json")
        good = (root / "good.json").read_bytes()
        for i in range(count):
            failures += one_case(root, rng, good, game)
            os.environ[DATA_DIR_ENV] = str(root)
            if progress is not None and (i + 1) % 10 == 0:
                progress(f"folder: {i + 1}/{count} cases, {len(failures)} faults")
    return {"cases": count, "failed": len(failures), "failures": failures[:50],
            "seconds": round(time.perf_counter() - t0, 1)}


def passed(summary: dict[str, Any]) -> bool:
    return bool(summary["failed"] == 0)
