"""Building stations (T-E1-T-E3); what a station does at the end is final scoring's (T-E4-T-E7,
:mod:`rail_app.games.ttr.rules.network`).

A station goes on any city that has none, whoever's (T-E1); the first costs one card of
any colour, the second two cards of one colour, the third three (T-E2), locomotives
replacing any of them; three in a game, one a turn (T-E3). It uses no wagon.
"""

from __future__ import annotations

from rail_app.core.cache import BoundedCache
from rail_app.core.i18n import _, ngettext
from rail_app.games.ttr.rules import turns, words
from rail_app.games.ttr.rules.actions import BuildStation
from rail_app.games.ttr.rules.cards import Card, as_payment, spread, take, ways_to_pay
from rail_app.games.ttr.rules.claims import paid
from rail_app.games.ttr.rules.events import StationBuilt
from rail_app.games.ttr.rules.quotes import Quote, Violation
from rail_app.games.ttr.rules.state import GameState


def cost(state: GameState, seat: int) -> int:
    """T-E2: the cards the seat's next station costs (1, 2, 3)."""
    return state.players[seat].built + 1


def quote_station(state: GameState, action: BuildStation) -> Quote:
    board = state.board
    city = board.city_index.get(action.city)
    if city is None:
        return Quote(action, 0, (Violation("T-E1", _("There is no city {city} on this "
                                                     "map").format(city=action.city)),))
    seat = state.current
    player = state.players[seat]
    out: list[Violation] = []
    holder = state.station_of[city]
    if holder >= 0:
        who = _("you") if holder == seat else state.name(holder)
        out.append(Violation("T-E1", _("{city} already has a station, built by {who}: one "
                                       "station a city").format(
            city=words.city_name(board, city), who=who)))
    if player.stations == 0:
        out.append(Violation("T-E3", _("You have built your three stations")))
        return Quote(action, 0, tuple(out))
    n = player.built + 1
    pay = paid(action.cards)
    if pay.size != n:
        out.append(Violation("T-E2", ngettext(
            "Your next station costs {n} card, not {k}",
            "Your next station costs {n} cards of one colour, not {k}", n).format(
            n=n, k=pay.size)))
    if pay.mixed:
        out.append(Violation("T-E2", _("A station is paid with cards of one colour (and "
                                       "locomotives)")))
    short = pay.short_of(player.hand)
    if short:
        out.append(Violation("T-E2", _("You do not hold those cards: {missing}").format(
            missing=words.shortfall(pay.counts, player.hand, short))))
    return Quote(action, 0, tuple(out))


def check_station(state: GameState, action: BuildStation) -> bool:
    city = state.board.city_index.get(action.city)
    if city is None or state.station_of[city] >= 0:
        return False
    player = state.players[state.current]
    if player.stations == 0:
        return False
    pay = paid(action.cards)
    return pay.size == player.built + 1 and not pay.mixed and pay.held_by(player.hand)


def apply_station(state: GameState, action: BuildStation, quote: Quote) -> object:
    seat = state.current
    player = state.players[seat]
    city = state.board.city_index[action.city]
    pay = paid(action.cards)
    take(player.hand, pay.counts)
    state.discard.extend(spread(pay.counts))
    player.stations -= 1
    state.station_of[city] = seat
    state.log.append(StationBuilt(seat, city, action.cards))
    turns.end_turn(state)
    return None


#: The stations of one payment, by city name (kept: actions are values, and a hand's
#: payments are asked about again and again).
_STATIONS: BoundedCache[tuple[Card, ...], dict[str, BuildStation]] = BoundedCache(1000)


def station_action(city: str, cards: tuple[Card, ...]) -> BuildStation:
    """A station written the one way the legal actions write it (the same object for the
    same station)."""
    table = _STATIONS.peek(cards)
    if table is None:
        table = {}
        _STATIONS.put(cards, table)
    found = table.get(city)
    if found is None:
        found = table[city] = BuildStation(city, cards)
    return found


def station_candidates(state: GameState) -> list[BuildStation]:
    """Every station the current seat can build now, with every payment (the legal ones),
    payment by payment."""
    seat = state.current
    player = state.players[seat]
    if not player.stations:
        return []
    n = player.built + 1
    ways = ways_to_pay(player.hand, n, None)
    if not ways:
        return []
    free = [city.name for c, city in enumerate(state.board.cities) if state.station_of[c] < 0]
    out: list[BuildStation] = []
    for colour, locos in ways:
        cards = as_payment(colour, n - locos, locos)
        table = _STATIONS.peek(cards) or {}
        out.extend(table.get(name) or station_action(name, cards) for name in free)
    return out


def can_build_any(state: GameState, seat: int) -> bool:
    """Whether ``seat`` can build a station now (T-A3, D-26)."""
    player = state.players[seat]
    return (player.stations > 0 and min(state.station_of) < 0
            and bool(ways_to_pay(player.hand, player.built + 1, None)))
