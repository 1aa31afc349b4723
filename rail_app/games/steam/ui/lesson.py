"""Steam's guided first game ("Learn to play", from the main menu): a real Basic game on
Steam: Italia against two Easy computer players, with a card over the map that walks the
player through the first turn step by step: the auction for turn order, an action tile,
building track from a city, completing a link, moving a goods cube and taking its points,
and the income that ends the turn. Each step is done when the game shows it done (the
player bid or passed, took a tile, laid track...), and the card moves on by itself; the
first and the last wait for Next.

Leaving the lesson keeps it: the game (``lesson/steam-game.json``, written as every game
autosaves) and the step reached (``lesson/steam-progress.json``), in the user data folder
apart from the saved games; "Learn to play" resumes it at that step.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rail_app.core import guarded
from rail_app.core.files import write_atomic
from rail_app.core.i18n import N_, _
from rail_app.core.paths import resource_path, user_data_dir
from rail_app.games.steam.rules.state import Phase
from rail_app.table.seats import Level

if TYPE_CHECKING:  # the rules are imported when a lesson begins, not by the main menu
    from rail_app.games.steam.rules.state import GameState
    from rail_app.ui.session import Session

SEED = 11
MAP = ("maps", "steam-italia.yaml")
PLAYER, OTHERS = "Anna", ("Bruno", "Carla")
ME = 0  # the player's seat


@dataclass(frozen=True)
class LessonStep:
    """One step of the lesson: what the card says, and when the game shows it done (None:
    when the player presses Next)."""
    text: str
    done: Callable[[GameState], bool] | None = None


def _played(state: GameState, kinds: tuple[str, ...]) -> bool:
    """The player made an action of one of these kinds in this turn (or the game is past
    the first turn)."""
    if state.turn > 1:
        return True
    return any(seat == ME and act.kind in kinds for seat, act in state.history)


def _auction_over(state: GameState) -> bool:
    return state.turn >= 1


def _took_tile(state: GameState) -> bool:
    return ME in state.tile_of or state.turn > 1


def _laid_track(state: GameState) -> bool:
    return any(link.owner == ME for link in state.links().links) or _past_build(state)


def _past_build(state: GameState) -> bool:

    return state.turn > 1 or (state.turn == 1 and state.phase not in (
        Phase.FIRST_AUCTION, Phase.SELECT, Phase.BUILD))


def _moved(state: GameState) -> bool:
    return _played(state, ("points", "pass_move", "upgrade_loco"))


def _next_turn(state: GameState) -> bool:
    return state.turn >= 2


STEPS: tuple[LessonStep, ...] = (
    LessonStep(N_("Welcome to Steam. You run a railway across Italy against two computer "
                  "players: link cities with track, then carry goods cubes over your links. "
                  "Each link a cube runs over gives its owner 1 point. This card walks you "
                  "through your first turn; the panel on the right shows everyone's cash, "
                  "income and VP.")),
    LessonStep(N_("First the auction for turn order: bid with the buttons below, or pass. "
                  "The highest bidder picks first, but a bid costs money you start without "
                  "(it is borrowed: each $5 moves your income back 1)."), _auction_over),
    LessonStep(N_("Take an action tile: click one of the cards. Each does something this "
                  "turn (First Build: you build first; Engineer: four tile actions instead "
                  "of three) and its number sets the order of the next turn."), _took_tile),
    LessonStep(N_("Build: drag from a city across the hexes to lay track. The price shows "
                  "by the pen; money you lack is borrowed. A hex you cannot build on is "
                  "marked, and the reason said."), _laid_track),
    LessonStep(N_("Reach another city or a town to complete the link: only complete links "
                  "carry goods. Up to three tiles a turn; then press End build."),
               _past_build),
    LessonStep(N_("Move goods: click a city with cubes. The list shows where each cube can "
                  "go and who earns on each link; click one to deliver it, then take its "
                  "points as income (paid every turn) or as VP (kept to the end). Or "
                  "upgrade your locomotive to carry goods farther."), _moved),
    LessonStep(N_("The others move, then the turn ends: each player receives their income "
                  "(or pays it, when it is negative). Play on to the next turn."),
               _next_turn),
    LessonStep(N_("That was a whole turn. Play the game to its end: F1 shows the rules, S "
                  "suggests a move, T shows the tracks and the score. Good luck!")),
)


def reached(state: GameState, step: int) -> int:
    """The step the lesson is at: ``step``, or a later one if the game has done what the
    steps from ``step`` asked for (a step waiting for Next stays)."""
    while step < len(STEPS):
        done = STEPS[step].done
        if done is None or not done(state):
            break
        step += 1
    return step


def text(step: int) -> str:
    return _(STEPS[step].text)


def heading(step: int) -> str:
    return _("Learn to play · {k} of {n}").format(k=step + 1, n=len(STEPS))


def waits_for_next(step: int) -> bool:
    return 0 <= step < len(STEPS) and STEPS[step].done is None


# -- the lesson on disk ------------------------------------------------------------------------


def lesson_dir() -> Path:
    """The lesson's folder, made when the disk allows (else writing into it says why)."""
    p = user_data_dir() / "lesson"
    with contextlib.suppress(OSError):
        p.mkdir(parents=True, exist_ok=True)
    return p


def game_path() -> Path:
    return lesson_dir() / "steam-game.json"


def progress_path() -> Path:
    return lesson_dir() / "steam-progress.json"


def saved_step() -> int | None:
    """The step a lesson left unfinished reached (None: no lesson to resume)."""
    p = progress_path()
    if not p.exists() or not game_path().exists():
        return None
    try:  # the guarded reader: a folder, a pipe, a device or a hostile file is no lesson
        data = guarded.read_json(p, guarded.SETTINGS)
    except guarded.GuardError:
        return None
    step = data.get("step") if isinstance(data, dict) else None
    return step if isinstance(step, int) and not isinstance(step, bool) \
        and 0 <= step < len(STEPS) else None


def write_progress(step: int) -> None:
    write_atomic(progress_path(), json.dumps({"step": step}))


def forget() -> None:
    """The lesson is finished or started over: nothing to resume."""
    for p in (progress_path(), game_path()):
        with contextlib.suppress(OSError):  # a read-only disk: the next start asks again
            p.unlink(missing_ok=True)


def map_path() -> str:
    return str(resource_path(*MAP))


def new_session() -> Session[GameState]:
    """A new lesson: the Basic game, the player and two Easy computer players."""
    from rail_app.ui.session import COMPUTER, HUMAN, GameSetup, Seat, Session

    seats = [Seat(PLAYER, HUMAN, Level.NORMAL, "blue"),
             Seat(OTHERS[0], COMPUTER, Level.EASY, "orange"),
             Seat(OTHERS[1], COMPUTER, Level.EASY, "vermillion")]
    session: Session[GameState] = Session.new(GameSetup(map_path(), seats, SEED, {}, "steam"))
    session.name = _("Learn to play")
    session.autosave_file = game_path()
    return session


def resumed_session() -> Session[GameState] | None:
    """The lesson left unfinished, as it was saved (None: none, or it cannot be loaded)."""
    from rail_app.ui.session import LoadError, Session

    if saved_step() is None:
        return None
    try:
        session: Session[GameState] = Session.load(game_path())
    except LoadError:
        return None
    if (session.setup.game != "steam" or session.setup.seed != SEED
            or [s.name for s in session.setup.seats] != [PLAYER, *OTHERS]
            or Path(session.setup.map_path).name != MAP[-1]):
        return None  # another game's file where the lesson's should be: a new lesson
    session.autosave_file = game_path()
    return session


def start() -> tuple[Session[GameState], int]:
    """Learn to play: the lesson resumed where it was left, or a new one."""
    step = saved_step()
    session = resumed_session() if step is not None else None
    if session is None or step is None:
        forget()
        return new_session(), 0
    return session, step
