"""Suggest on Steam's screen: the Hard computer player's choice for the person to act
(:func:`rail_app.games.steam.ai.advisor.suggest`), worked out in a thread of its own on a
copy of the game, then shown until the game moves on: the tiles it would lay as ghosts with
their prices, the delivery it would make lit on the map, and one sentence saying what it
does (the action tile, the bid, the capital, the points): the controller's suggesting part.
"""

from __future__ import annotations

import threading

from rail_app.core.i18n import _
from rail_app.games.steam.ai.advisor import Advice, suggest
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.state import GameState
from rail_app.games.steam.ui.core import Core
from rail_app.games.steam.ui.table import Suggestion


def route_links(state: GameState, advice: Advice) -> frozenset[int]:
    """The links of the delivery the advice makes (none when it makes none)."""
    r = advice.route
    if r is None:
        return frozenset()
    h = state.board.hex_index(r.source)
    if h is None:
        return frozenset()
    for route in goods.routes_from(state, h, advice.seat):
        if str(route.colour) == r.colour and tuple(state.key(s) for s in route.stops) \
                == r.stops:
            return frozenset(route.links)
    return frozenset()


def thinking_words() -> str:
    return _("The Hard computer player is thinking...")


class Suggesting:
    def __init__(self, core: Core) -> None:
        self.core = core
        self._lock = threading.Lock()
        self._done: Suggestion | None = None
        self._asked = -1  # the version asked about (-1: nothing asked)

    @property
    def thinking(self) -> bool:
        return self._asked == self.core.session.version

    def ask(self) -> None:
        """Suggest for the person to act (the answer comes in :meth:`tick`)."""
        core = self.core
        if not core.person_to_act() or self.thinking:
            return
        version = core.session.version
        if core.table.suggestion is not None and core.table.suggestion.version == version:
            core.table.suggestion = None  # a second press hides it
            return
        self._asked = version
        core.say(thinking_words(), bad=False)
        state = core.state.copy()
        seat = core.session.actor

        def work() -> None:
            advice = suggest(state, seat)
            found = Suggestion(version, advice, route_links(state, advice))
            with self._lock:
                self._done = found

        threading.Thread(target=work, name="steam-suggest", daemon=True).start()

    def tick(self) -> None:
        """The answer, when it has come and the game is still where it was asked; an old
        suggestion goes when the game moves on."""
        t = self.core.table
        version = self.core.session.version
        with self._lock:
            done, self._done = self._done, None
        if done is not None:
            self._asked = -1
            said = thinking_words()
            t.notices = [n for n in t.notices if n.headline != said]
            if done.version == version:
                t.suggestion = done
        if t.suggestion is not None and t.suggestion.version != version:
            t.suggestion = None
