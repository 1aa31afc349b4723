"""``python -m rail_app fuzz names``: names from every Unicode category typed into every
text field, then saved, loaded and continued.

Each case types, one character at a time and sometimes as one piece (what an input method
hands over), a name of 1 to 30 characters drawn from the categories a player's keyboard or
clipboard can give: letters of many scripts (Latin, Greek, Cyrillic, CJK, Arabic and Hebrew
written right to left), combining marks, format characters (soft hyphen, the zero-width
space, joiner and non-joiner, direction marks, the byte-order mark, tag characters), lone
surrogates, control characters and NUL, unusual spaces, private-use and unassigned code
points, non-characters, symbols and emoji sequences (families joined by the zero-width
joiner, flags, skin tones, variation selectors). Into New game's player names and seed,
then the game is started and autosaved, saved under a typed name from the save screen,
renamed from the Load screen; then every save in the folder must be listed without a
fault, load, and Continue must resume the game; every name must be the one the rule of
names makes of what was typed (:mod:`rail_app.core.names`). A failure is any exception or
any of those not holding."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from rail_app.core import names
from rail_app.core.paths import resource_path, scratch_data_dir
from rail_app.table import registry
from rail_app.ui import screens
from rail_app.ui.app import App
from rail_app.ui.headless import use_dummy_drivers
from rail_app.ui.savelist import latest_game_path, read_entries
from rail_app.ui.session import Session
from rail_app.ui.settings import Settings

SHORT_COUNT = 20
LONG_COUNT = 1000

#: (category, characters) the names are drawn from.
POOLS: tuple[tuple[str, str], ...] = (
    ("latin", "AaBbÇçÉéÑñÖößÆøŁł"),
    ("greek-cyrillic", "ΑβΓδΩωЖжЩщЯя"),
    ("cjk", "東京大阪漢字かなカナ한국어"),
    ("rtl", "אבגדהשלוםمرحباسلامفارسی"),
    ("combining", "\u0301\u0300\u0308\u0327\u20dd\u0489"),
    ("format", "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\u2066\u2069\u202e\ufeff"
               "\U000e0067\U000e007f"),
    ("surrogate", "\ud800\udbff\udc00\udfff"),
    ("control", "\x00\x01\x07\x1b\x7f\x85\t\n\r"),
    ("space", " \u00a0\u2003\u3000\u2028\u2029\u180e"),
    ("private", "\ue000\uf8ff\U000f0000"),
    ("unassigned", "\u0378\U0003fffd\ufdd0\uffff\U0010ffff"),
    ("symbol", "€$©®™♠♥★✓∞≠"),
)
EMOJI = ("👨\u200d👩\u200d👧", "👩\u200d⚕️", "🇮🇹", "👍🏽", "❤️", "🏳️\u200d🌈",
         "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f")


def fuzz_name(rng: random.Random) -> str:
    out: list[str] = []
    for _ in range(rng.randint(1, 30)):
        if rng.random() < 0.1:
            out.append(rng.choice(EMOJI))
        else:
            out.append(rng.choice(rng.choice(POOLS)[1]))
    return "".join(out)


def _type(app: Any, entry: Any, text: str, rng: random.Random) -> None:
    """Focus ``entry``, select what it holds and type ``text`` over it."""
    import pygame

    entry.ui_manager.set_focus_set(entry)
    entry.select_range = [0, len(entry.get_text())]
    pieces = [text] if rng.random() < 0.3 else list(text)
    for piece in pieces:  # each handled as the window hands it over, a frame at the end
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=piece))
    app.step(0.016)


def one_case(app: Any, rng: random.Random, game: str | None) -> list[str]:
    """One name case through New game, the save screen and the Load screen; the faults."""
    faults: list[str] = []
    before = {e.path for e in read_entries()}
    app.reset(screens.menu(app))
    app.step(0.016)
    form = app.push(screens.new_game(app, game))
    app.step(0.016)
    typed = [fuzz_name(rng) for _ in form.seat_widgets]
    for (entry, _, _), name in zip(form.seat_widgets, typed, strict=True):
        _type(app, entry, name, rng)
    held = [entry.get_text() for entry, _, _ in form.seat_widgets]
    _type(app, form.seed_entry, "".join(rng.choice("0123456789٣²x-") for _ in range(
        rng.choice([1, 5, 18, 41]))), rng)
    if not form.start():
        return [f"New game did not start: {form.message.text!r}"]
    scene = app.scene
    session = scene.session
    # the field keeps what a name may hold of what was typed; the name is the rule's
    expected = [names.player_name(t, i) for i, t in enumerate(held)]
    expected_unique = [s.name for s in session.setup.seats]
    if [n.split(" ")[0] for n in expected_unique] != [n.split(" ")[0] for n in expected]:
        faults.append(f"player names {expected_unique!r} are not the rule's {expected!r}")
    if session.autosave() is None:
        faults.append(f"autosave failed: {session.autosave_problem}")
    saving = app.push(screens.saves(app, session))
    app.step(0.016)
    save_name = fuzz_name(rng)
    _type(app, saving.name_entry, save_name, rng)
    saving.save_now()
    app.step(0.016)
    loading = app.push(screens.saves(app))
    app.step(0.016)
    if loading.entries:
        loading.select(0)
        rename_to = fuzz_name(rng)
        _type(app, loading.name_entry, rename_to, rng)
        loading.rename_selected()
        app.step(0.016)
    for e in read_entries():
        if e.path in before:
            continue  # an earlier case's save, checked then
        if e.problem:
            faults.append(f"{e.path.name} cannot be loaded: {e.problem}")
            continue
        try:
            Session.load(e.path)
        except Exception as exc:  # a fault of this case, reported
            faults.append(f"{e.path.name}: {type(exc).__name__}: {exc}")
    cont = latest_game_path()
    if cont is None:
        faults.append("Continue offers nothing")
    else:
        try:
            Session.load(cont)
        except Exception as exc:  # a fault of this case, reported
            faults.append(f"Continue: {type(exc).__name__}: {exc}")
    return faults


def run(seed: int = 1, count: int = SHORT_COUNT, progress: Callable[[str], None] | None = None,
        game: str | None = None) -> dict[str, Any]:
    """``count`` cases in a scratch data folder (a new one every 50 cases)."""
    use_dummy_drivers()
    rng = random.Random(seed)
    failures: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    done = 0
    while done < count:
        with scratch_data_dir("rail-fuzz-names-"):
            # the game's small map: the names are what is tried, not the map
            small = str(resource_path(registry.game(game).small_map))
            app = App(map_path=small, size=(1280, 720), fullscreen=False,
                      settings=Settings())
            for _ in range(min(50, count - done)):
                try:
                    faults = one_case(app, rng, game)
                except Exception as exc:  # a crash of this case, reported
                    faults = [f"{type(exc).__name__}: {exc}"]
                if faults:
                    failures.append({"case": done, "faults": faults[:5]})
                done += 1
            app.close()
        if progress is not None:
            progress(f"names: {done}/{count} cases, {len(failures)} failed")
    return {"cases": done, "failed": len(failures), "failures": failures,
            "seconds": round(time.perf_counter() - t0, 1)}


def passed(summary: dict[str, Any]) -> bool:
    return bool(summary["failed"] == 0)
