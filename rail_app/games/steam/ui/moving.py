"""Moving goods on Steam's screen: a city clicked in the move phase lists its deliveries
(S-G3), one clicked is delivered along its route: the controller's moving part. A city none
of whose cubes can go says why (no cubes; a locomotive too short, S-L1; no way over complete
links, S-G3)."""

from __future__ import annotations

from rail_app.core.i18n import _, ngettext, number
from rail_app.games.steam.rules import goods
from rail_app.games.steam.rules.state import MAX_LOCO
from rail_app.games.steam.ui.core import Core


class Moving:
    def __init__(self, core: Core) -> None:
        self.core = core

    def pick_city(self, h: int) -> None:
        t = self.core.table
        st = self.core.state
        me = self.core.session.actor
        if st.colour_of(h) is None:
            t.picked, t.routes = None, []
            return
        t.picked = h
        t.routes = goods.routes_from(st, h, me)
        if t.routes:
            return
        t.picked = None
        city = st.board.name_of(h)
        cubes = st.cubes.get(h)
        if cubes is None or not sum(cubes):
            self.core.say(_("{city} has no cubes").format(city=city), t.pointer, bad=False)
        elif longer := goods.routes_from(st, h, me, max_len=MAX_LOCO):
            loco = st.players[me].loco
            need = min(len(r.stops) for r in longer)
            self.core.say(ngettext(
                "Your locomotive (level {loco}) carries a cube over at most {loco} link; "
                "the nearest delivery from {city} needs {need}: upgrade the locomotive "
                "(S-L1)",
                "Your locomotive (level {loco}) carries a cube over at most {loco} links; "
                "the nearest delivery from {city} needs {need}: upgrade the locomotive "
                "(S-L1)", loco).format(loco=number(loco), need=number(need), city=city),
                t.pointer)
        else:
            self.core.say(_("No cube of {city} can be delivered now: a cube travels over "
                            "complete links, at least one of them yours, to the first city of "
                            "its colour (S-G3)").format(city=city), t.pointer)

    def deliver(self, index: int) -> None:
        t = self.core.table
        if 0 <= index < len(t.routes):
            q = self.core.do(t.routes[index].action(self.core.state))
            if q.ok:
                self.core.host.sounds.play("coins")
        t.picked, t.routes, t.hover_route = None, [], None

    def close(self) -> None:
        t = self.core.table
        t.picked, t.routes = None, []
