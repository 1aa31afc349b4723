"""Italian Rails in a player's words: every sentence the game says about what happened is
made here, from typed values (the history's events, the outcome, a save's summary), as
whole format strings ready for the translation catalog.

Places come through :mod:`~rail_app.games.italian_rails.rules.places`: the history a player
reads names them as players do (a city, or "3 dots south-east of Bologna": ``Names``); the
engine's own record of a game writes grid keys (``Keys``). One sentence, two renderings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rail_app.core import i18n
from rail_app.core.i18n import N_, _, money_millions, ngettext, number, pgettext
from rail_app.games.italian_rails.rules import log as ev
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.deckmodel import Card
from rail_app.games.italian_rails.rules.eventkinds import EventKind, rule_of
from rail_app.games.italian_rails.rules.log import LogEntry, LogKind, LossCause, Settled
from rail_app.games.italian_rails.rules.places import Keys, Names, Places
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import GameState, Outcome

#: What taking back takes back, by the kind of action (as records name it).
TAKEN_BACK = {"place": N_("placing the train"), "move": N_("the move"),
              "board_ferry": N_("boarding the ferry"), "pickup": N_("the pickup"), "lock": N_("the lock"),
              "drop": N_("the drop")}


def place(board: Board, d: int) -> str:
    """A dot as players name it."""
    return board.place_name(d)


def refusal(board: Board, q: Quote, under: str = "") -> str:
    """Why an action is refused, as a player reads it: the first reason, with its places
    named, and its rule id ("Can't build here: crosses the Swiss border (B3)"). ``under``:
    the headline the screen shows above it ("Can't build here"), not said twice."""
    if not q.violations:
        return ""
    v = q.violations[0]
    words = v.words(Names(board))
    if under and words.startswith(under + ": "):
        words = words[len(under) + 2:]
    return f"{words} ({v.code})" if v.code else words


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


#: The words of the map's closed sets, looked up when they are shown (a map's own names, a
#: locomotive a map adds, stay as they are).
_LOCOMOTIVES: dict[str, Callable[[], str]] = {
    "Freight": lambda: pgettext("locomotive", "Freight"),
    "Fast Freight": lambda: pgettext("locomotive", "Fast Freight"),
    "Heavy Freight": lambda: pgettext("locomotive", "Heavy Freight"),
    "Super Freight": lambda: pgettext("locomotive", "Super Freight"),
}
_TERRAINS: dict[str, Callable[[], str]] = {
    "plain": lambda: pgettext("terrain", "Plain"),
    "mountain": lambda: pgettext("terrain", "Mountain"),
    "alpine": lambda: pgettext("terrain", "Alpine"),
}
_CITIES: dict[str, Callable[[], str]] = {
    "small": lambda: _("{name} (small city)"),
    "medium": lambda: _("{name} (medium city)"),
    "major": lambda: _("{name} (major city)"),
}
_CROSSINGS: dict[str, Callable[[], str]] = {
    "river": lambda: _("Crosses river {name} ({extra}, B2)"),
    "lake": lambda: _("Crosses lake {name} ({extra}, B2)"),
    "inlet": lambda: _("Crosses inlet {name} ({extra}, B2)"),
    "strait": lambda: _("Crosses strait {name} ({extra}, B2)"),
}


def storm_title(state: GameState, ferry: int) -> str:
    """E5: the title of the storm that closes ``ferry`` now ("" when it sails)."""
    from rail_app.games.italian_rails.rules.eventkinds import rule_of

    for force in state.events:
        rule = rule_of(force.kind)
        if rule is not None and rule.closes_ferries and ferry in force.ferries:
            card = state.deck.cards.get(force.card)
            return card_words(state.board, card)[0] if card is not None and card.title \
                else _("the storm")
    return ""


def locomotive(name: str) -> str:
    """A locomotive as a player reads it ("Fast Freight", "Tren rápido")."""
    words = _LOCOMOTIVES.get(name)
    return words() if words is not None else name


def terrain(kind: str) -> str:
    """A dot's terrain as a player reads it ("Mountain")."""
    words = _TERRAINS.get(kind)
    return words() if words is not None else kind.capitalize()


def city_words(name: str, size: str) -> str:
    """A city with its size ("Milano (major city)")."""
    words = _CITIES.get(size)
    return words().format(name=name) if words is not None else f"{name} ({size} city)"


def crossing_words(kind: str, name: str, extra: str) -> str:
    """What a segment crosses and what it adds ("Crosses river Po (+2M, B2)")."""
    words = _CROSSINGS.get(kind)
    if words is None:
        return f"Crosses {kind} {name} ({extra}, B2)"
    return words().format(name=name, extra=extra)


def demand_words(state: GameState, card: int, demand: int) -> str:
    """A demand of a card: "wine to Milano for 21M (card 12)"."""
    d = state.deck.card(card).demands[demand]
    return _("{commodity} to {city} for {payoff} (card {card})").format(commodity=pgettext("commodity", d.commodity), city=d.city, payoff=money_millions(d.payoff), card=card)


def _lost(state: GameState, lost: tuple[tuple[int, int], ...]) -> str:
    if not lost:
        return _("no track was lost")
    total = sum(n for _p, n in lost)
    parts = ", ".join(f"{state.players[p].name} {n}" for p, n in lost)
    return ngettext("{n} segment destroyed ({parts})", "{n} segments destroyed ({parts})",
                    total).format(n=total, parts=parts)


def _card_title(state: GameState, card: int, fallback: str = "") -> str:
    c = state.deck.cards.get(card)
    if c is None:
        return fallback
    title = card_words(state.board, c)[0]
    return title or fallback


def _listed(names: Sequence[str], last: str) -> str:
    """"Milano, Torino and Venezia" (``last``: the word before the last name, translated)."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {last} {names[-1]}"


def card_words(board: Board, card: Card, drawer: str | None = None) -> tuple[str, str]:
    """An event card's title and text as a player reads them. In English, the deck file's
    own words (the map author's); in any other language, words made from the card's kind
    and parameters through the catalog (E3-E9), since a deck file is written in English.

    ``drawer``: the name of the player who drew it, when the words tell of that draw to
    someone else (the history, another player's card shown): the card's "your next turn" is
    the drawer's (E2), so the text of a lasting event, made from the card's kind and
    parameters in every language, names them; the deck file's title stays."""
    source = i18n.language() == i18n.SOURCE
    own = card.title or (card.event or "").replace("_", " "), card.text
    rule = rule_of(card.event) if card.event is not None else None
    if card.event is None or (source and (drawer is None or rule is None or not rule.lasting)):
        return own
    until = (_("until the end of your next turn") if drawer is None
             else _("until the end of {name}'s next turn").format(name=drawer))
    made = _made_words(board, card, until)
    if made is None:
        return own
    return (own[0] if source else made[0]), made[1]


def _made_words(board: Board, card: Card, until: str) -> tuple[str, str] | None:
    """An event card's title and text made from its kind and parameters (None for a kind
    the game has no words for); ``until``: how long it lasts, in words."""
    p = card.params
    match card.event:
        case EventKind.TAX:
            table = board.rules.tax_table
            steps = ", ".join(f"{number(lo)}-{number(hi - 1)}: {number(t)}"
                              for (lo, t), (hi, _t) in zip(table, table[1:], strict=False))
            lo, top = table[-1]
            return (_("Excess Profits Tax"),
                    _("Each player pays by cash on hand: {steps}, {lowest}+: {top}. From now "
                      "on cash is public.").format(steps=steps, lowest=number(lo),
                                                   top=number(top)))
        case EventKind.FLOOD:
            names = [*p.get("systems", []), *p.get("rivers", [])]
            rivers = _listed(names, _("and"))
            if len(names) == 1:
                return (_("The {river} floods").format(river=rivers),
                        _("Every bridge over the {river} and its tributaries is washed out; no "
                          "building or moving across them {until}.").format(river=rivers,
                                                                            until=until))
            the = _listed([pgettext("river", "the {river}").format(river=n) for n in names],
                          _("and"))
            return (_("{rivers} flood").format(rivers=rivers),
                    _("Every bridge over {rivers} is washed out; no building or moving "
                      "across them {until}.").format(rivers=the, until=until))
        case EventKind.STORM:
            sea = p.get("sea")
            if not sea:
                return (_("Storms at sea"),
                        _("No ferry may be boarded or left {until}.").format(until=until))
            text = (_("No ferry may be boarded or left, and trains on the {sea} coast move at "
                      "half speed {until}.") if board.ferries else
                    _("Trains on the {sea} coast move at half speed {until}."))
            return _("Storm on the {sea}").format(sea=sea), text.format(sea=sea, until=until)
        case EventKind.VOLCANO:
            volcano, radius = str(p.get("volcano", "")), int(p.get("radius", 2))
            return (_("{volcano} erupts").format(volcano=volcano),
                    ngettext("Track within {n} dot of {volcano} is destroyed and nobody builds "
                             "there {until}; a train there loses its next turn.",
                             "Track within {n} dots of {volcano} is destroyed and nobody builds "
                             "there {until}; a train there loses its next turn.", radius
                             ).format(n=radius, volcano=volcano, until=until))
        case EventKind.DERAILMENT:
            cities, radius = list(p.get("cities", [])), int(p.get("radius", 3))
            return (_("Derailment near {cities}").format(cities=_listed(cities, _("and"))),
                    ngettext("A train within {n} dot of {cities} loses one load and its next "
                             "turn.",
                             "A train within {n} dots of {cities} loses one load and its next "
                             "turn.", radius).format(n=radius, cities=_listed(cities, _("or"))))
        case EventKind.BAD_WEATHER:
            cities, radius = list(p.get("cities", [])), int(p.get("radius", 3))
            where = _listed(cities, _("or")) if cities else _("the marked zone")
            return (_("Bad weather around {cities}").format(
                        cities=_listed(cities, _("and")) if cities else _("the marked zone")),
                    ngettext("Trains within {n} dot of {cities} move at half speed {until}.",
                             "Trains within {n} dots of {cities} move at half speed {until}.",
                             radius).format(n=radius, cities=where, until=until))
    return None


def sentence(state: GameState, entry: LogEntry, places: Places) -> str:
    """One event of the history as a sentence, its places rendered by ``places``."""
    e = entry.event
    name = state.players[entry.player].name if entry.player is not None else ""
    board = state.board
    match e:
        case ev.TurnBegins(turn=turn):
            return _("Turn {turn}: {name} begins").format(turn=turn, name=name)
        case ev.TurnSkipped(turn=turn):
            return _("Turn {turn}: {name} loses this turn").format(turn=turn, name=name)
        case ev.BuildingPaid(cost=cost):
            return _("{name} pays {cost} for this phase's building").format(name=name, cost=money_millions(cost))
        case ev.StartsBuilding():
            return _("{name} starts building").format(name=name)
        case ev.SegmentBuilt(a=a, b=b, cost=cost):
            return _("{name} builds {dot} to {dot2} ({cost})").format(name=name, dot=places.dot(a), dot2=places.dot(b), cost=money_millions(cost))
        case ev.FerryTaken(ferry=f, cost=cost):
            return _("{name} takes the ferry {name2} ({cost})").format(name=name, name2=board.ferries[f].name, cost=money_millions(cost))
        case ev.Erased(a=a, b=b, ferry=f):
            if f is not None:
                return _("{name} erases the ferry {name2}").format(name=name, name2=board.ferries[f].name)
            assert a is not None and b is not None
            return _("{name} erases {segment}").format(name=name, segment=places.segment(a, b))
        case ev.Upgraded(to=to, cost=cost):
            return _("{name} upgrades to {to} ({cost})").format(name=name, to=locomotive(to), cost=money_millions(cost))
        case ev.Borrowed(amount=amount, owed=owed):
            return _("{name} borrows {amount} and owes {owed}").format(name=name, amount=money_millions(amount), owed=money_millions(owed))
        case ev.Repaid(amount=amount):
            return _("{name} repays the loan ({amount})").format(name=name, amount=money_millions(amount))
        case ev.DeckReshuffled(cards=n):
            return _("The deck is empty: the discard pile ({n} cards) is shuffled into a new deck").format(n=n)
        case ev.PublicCards(cards=cards):
            listed = ", ".join(str(n) for n in cards)
            return (_("New public card: {listed} (C7)").format(listed=listed) if len(cards) == 1
                    else _("New public cards: {listed} (C7)").format(listed=listed))
        case ev.EventSetAside(card=card):
            return (_("{name} was dealt the event '{title}' (card {card}): it is set aside and replaced (C2)").format(name=name, title=_card_title(state, card), card=card))
        case ev.EventsShuffledBack(count=n):
            return ngettext("The event card set aside is shuffled back into the deck",
                            "The {n} event cards set aside are shuffled back into the deck",
                            n).format(n=n)
        case ev.CardsDealt(deal=deal, keep=keep):
            return _("Each player is dealt {deal} demand cards and keeps {keep} (C2)").format(deal=deal, keep=keep)
        case ev.CardsChosen(count=n):
            return _("{name} has chosen {n} private cards").format(name=name, n=n)
        case ev.CardsRevealed(private=private, pool=pool):
            shown = "; ".join(f"{p.name}: {', '.join(map(str, cards))}"
                              for p, cards in zip(state.players, private, strict=True))
            return _("Private cards revealed: {shown}. Public pool: {pool} (C2)").format(shown=shown, pool=', '.join(map(str, pool)))
        case ev.StartsFirst(card=card):
            return _("{name} holds the lowest card ({card}) and starts (T1)").format(name=name, card=card)
        case ev.PickedUp(commodity=c, city=city, card=card, demand=demand):
            where = _(" at {city}").format(city=city) if city else ""
            if card is not None and demand is not None:
                return _("{name} picks up {commodity}{where}, locked to {demand_words}").format(name=name, commodity=pgettext("commodity", c), where=where, demand_words=demand_words(state, card, demand))
            return _("{name} picks up {commodity}{where} (unlocked)").format(name=name, commodity=pgettext("commodity", c), where=where)
        case ev.Locked(card=card, demand=demand):
            return _("{name} locks {demand_words}").format(name=name, demand_words=demand_words(state, card, demand))
        case ev.Delivered(card=card, demand=demand, payoff=payoff):
            d = state.deck.card(card).demands[demand]
            return _("{name} delivers {commodity} to {city} and earns {payoff} (card {card}, C5)").format(name=name, commodity=pgettext("commodity", d.commodity), city=d.city, payoff=money_millions(payoff), card=card)
        case ev.CubeTakenBack(card=card, commodity=c):
            return (_("{name} takes back the cube from card {card}; the {commodity} stays on the train, unlocked (C5)").format(name=name, card=card, commodity=pgettext("commodity", c)))
        case ev.Dropped(commodity=c, city=city):
            return _("{name} drops {commodity} at {city}").format(name=name, commodity=pgettext("commodity", c), city=city) if city else _("{name} drops {commodity}").format(name=name, commodity=pgettext("commodity", c))
        case ev.Swapped(discarded=gone, drawn=drawn):
            return (_("{name} swaps demands: cards {gone} are discarded, {drawn} drawn (C6)").format(name=name, gone=', '.join(map(str, gone)), drawn=', '.join(map(str, drawn)) or _("nothing")))
        case ev.EndTriggered(cash=cash):
            return (_("{name} has {cash} and a network joining every major city: the game ends when both players have had the same number of turns (W1)").format(name=name, cash=money_millions(cash)))
        case ev.GameOver(winner=winner, cash=cash, segments=segments, settled=settled):
            reason = _settled(state, winner, cash, segments, settled)
            return _("Game over. {reason} (W2)").format(reason=reason)
        case ev.EventDrawn(card=card):
            title, text = card_words(board, state.deck.card(card), name or None)
            return (_("Event: {title} - {text}").format(title=title, text=text) if text
                    else _("Event: {title}").format(title=title))
        case ev.TaxPaid(taxes=taxes):
            paid = ", ".join(_("{name} pays {amount}").format(name=p.name, amount=money_millions(t))
                             for p, t in zip(state.players, taxes,
                                                                   strict=True))
            return _("Excess Profits Tax: {paid}; cash is public from now on").format(paid=paid)
        case ev.Flooded(rivers=rivers, systems=systems, lost=lost):
            what = ", ".join([*rivers, *(_("the {river} system").format(river=s)
                                         for s in systems)])
            return _("Flood ({what}): {lost}").format(what=what, lost=_lost(state, lost))
        case ev.StormAtSea(sea=sea):
            return (_("Storm at sea: no ferry sails; half speed on the {sea} coast").format(sea=sea) if sea
                    else _("Storm at sea: no ferry sails"))
        case ev.Erupted(volcano=volcano, lost=lost):
            return _("{volcano} erupts: {lost}").format(volcano=volcano, lost=_lost(state, lost))
        case ev.NoDerailment():
            return _("Derailment: no train is near enough")
        case ev.BadWeather(dots=n):
            return _("Bad weather: half speed in {n} dots").format(n=n)
        case ev.SlowedDown(moves_left=n):
            return _("{name}'s train slows to half speed: {n} moves left").format(name=name, n=n)
        case ev.TurnLost(cause=cause, now=now):
            if cause is LossCause.ERUPTION:
                if now:
                    return (_("{name}'s train is caught by the eruption: {name}'s turn ends now and the next one is lost").format(name=name))
                return _("{name}'s train is caught by the eruption: {name} loses the next turn").format(name=name)
            if now:
                return _("{name}'s train derails: {name}'s turn ends now and the next one is lost").format(name=name)
            return _("{name}'s train derails: {name} loses the next turn").format(name=name)
        case ev.LoadLost(commodity=c, released=card):
            if card is not None:
                return _("{name} loses the {commodity} and releases card {card} to the pool").format(name=name, commodity=pgettext("commodity", c), card=card)
            return _("{name} loses the {commodity}").format(name=name, commodity=pgettext("commodity", c))
        case ev.EventOver(card=card):
            return _("{title}: the event is over").format(title=_card_title(state, card))
        case ev.TrainPlaced(city=city):
            return _("{name} places the train at {city}").format(name=name, city=city)
        case ev.RentPaid(fee=fee, to=to):
            return (_("{name} pays {fee} rent to {name2} for using their track (M3)").format(name=name, fee=money_millions(fee), name2=state.players[to].name))
        case ev.Moved(start=start, stop=stop, steps=steps, moves_left=left):
            frm, to = (board.place_names(start, stop) if start is not None
                       else ("?", board.place_name(stop)))
            here = board.city_of_dot.get(stop)
            if start == stop or (here is not None and start is not None
                                 and board.city_of_dot.get(start) is here):
                # still in the one city: no "from Napoli to Napoli"
                to = board.place_name(stop)
                return ngettext("{name} moves {steps} segment and is still at {place} "
                                "({left} left)",
                                "{name} moves {steps} segments and is still at {place} "
                                "({left} left)", steps).format(
                                    name=name, steps=steps, place=to, left=left)
            return ngettext("{name} moves from {frm} to {to} ({steps} segment, {left} left)",
                            "{name} moves from {frm} to {to} ({steps} segments, {left} left)",
                            steps).format(name=name, frm=frm, to=to, steps=steps, left=left)
        case ev.BoardedFerry(ferry=f, lands=port):
            return (_("{name}'s train boards the {name2} ferry; it lands at {dot} next turn, at half speed (M5)").format(name=name, name2=board.ferries[f].name, dot=places.dot(port)))
        case ev.StaysAboard(ferry=f):
            return _("{name}'s train stays on the {name2} ferry: storm at sea (E5)").format(name=name, name2=board.ferries[f].name)
        case ev.Landed(ferry=f, port=port):
            return (_("{name}'s train lands at {place_name} from the {name2} ferry and moves at half speed this turn (M5)").format(name=name, place_name=board.place_name(port), name2=board.ferries[f].name))
        case ev.TookBack(undone=undone, refund=refund):
            what = _(TAKEN_BACK[undone]) if undone in TAKEN_BACK else _("the last action")
            if refund:
                return _("{name} takes back {what} ({refund} rent given back)").format(name=name, what=what, refund=money_millions(refund))
            return _("{name} takes back {what}").format(name=name, what=what)
    raise ValueError(f"no words for {e!r}")


def log_line(state: GameState, entry: LogEntry) -> str:
    """An event as the engine's record of a game writes it (places as grid keys)."""
    return sentence(state, entry, Keys(state.board))


def _settled(state: GameState, winner: int | None, cash: Sequence[int],
             segments: Sequence[int], settled: Settled) -> str:
    names_ = [p.name for p in state.players]
    best = max(cash)
    top = [i for i, c in enumerate(cash) if c == best]
    if settled is Settled.MOST_CASH and winner is not None:
        others = ", ".join(f"{names_[i]} {money_millions(cash[i])}" for i in range(len(cash)) if i != winner)
        return _("{name} has the most cash: {best} (against {others})").format(name=names_[winner], best=money_millions(best), others=others)
    fewest = min(segments[i] for i in top)
    if settled is Settled.FEWER_SEGMENTS and winner is not None:
        against = ", ".join(str(segments[i]) for i in top if i != winner)
        return (_("Equal cash ({best}): {name} drew fewer segments ({fewest} against {against})").format(best=money_millions(best), name=names_[winner], fewest=fewest, against=against))
    return _("Equal cash ({best}) and equal segments drawn ({fewest}): a draw").format(best=money_millions(best), fewest=fewest)


def outcome_sentence(state: GameState, outcome: Outcome | None = None) -> str:
    """Why the game ended and who won (W2), or "" while it goes on."""
    out = outcome or state.outcome
    if out is None:
        return ""
    return _settled(state, out.winner, out.cash, out.segments, out.settled)


# -- the history panel ------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryLine:
    """One line of the history panel."""

    turn: int
    player: int | None
    text: str
    kind: LogKind


def history_lines(state: GameState, player: int | None = None) -> list[HistoryLine]:
    """The game's history as a player reads it, oldest first: consecutive segments that a
    player drew one after the other in a turn (a stroke) make one line with the stroke's
    cost; erasures one line per run; places in words. ``player``: only that player's lines
    and the lines of no player."""
    board = state.board
    places = Names(board)
    out: list[HistoryLine] = []
    log = state.log
    i = 0
    while i < len(log):
        e = log[i]
        name = state.players[e.player].name if e.player is not None else ""
        built = e.event
        if isinstance(built, ev.SegmentBuilt):
            start, end, cost = built.a, built.b, built.cost
            n = 1
            j = i + 1
            while j < len(log):
                nxt = log[j].event
                if not isinstance(nxt, ev.SegmentBuilt) or log[j].player != e.player \
                        or log[j].turn != e.turn or nxt.a != end:
                    break
                end = nxt.b
                cost += nxt.cost
                n += 1
                j += 1
            frm, to = places.dots(start, end)
            text = (_("{name} builds a segment from {frm} to {to} ({cost})").format(name=name, frm=frm, to=to, cost=money_millions(cost)) if n == 1 else
                    _("{name} builds {n} segments from {frm} to {to} ({cost})").format(name=name, n=n, frm=frm, to=to, cost=money_millions(cost)))
            out.append(HistoryLine(e.turn, e.player, text, LogKind.BUILD))
            i = j
            continue
        if isinstance(built, ev.Erased):
            j = i + 1
            while j < len(log) and isinstance(log[j].event, ev.Erased) \
                    and log[j].player == e.player and log[j].turn == e.turn:
                j += 1
            text = (sentence(state, e, places) if j == i + 1
                    else _("{name} erases {n} segments").format(name=name, n=j - i))
            out.append(HistoryLine(e.turn, e.player, text, LogKind.BUILD))
            i = j
            continue
        out.append(HistoryLine(e.turn, e.player, sentence(state, e, places), e.kind))
        i += 1
    if player is not None:
        out = [h for h in out if h.player is None or h.player == player]
    return out


# -- the save screen ------------------------------------------------------------------------


def cash_words(summary: Mapping[str, Any], seat_names: Sequence[str],
               people: Sequence[int], over: bool) -> str:
    """Each player's cash as the game shows it (E3): a computer's cash is hidden from the
    people until it is public or the game is over, and with several people at the screen
    each one's cash is hidden from the others too; with only computers playing, all."""
    cash = summary.get("cash", [])
    if summary.get("cash_public") or over or not people:
        return " · ".join(f"{n} {money_millions(c)}" for n, c in zip(seat_names, cash, strict=False))
    if len(people) > 1:
        return _("cash hidden until it is public (E3)")
    return " · ".join(f"{n} {money_millions(c)}" if i in people else
                      _("{name} cash hidden (E3)").format(name=n)
                      for i, (n, c) in enumerate(zip(seat_names, cash, strict=False)))


def save_lines(summary: Mapping[str, Any], seat_names: Sequence[str], people: Sequence[int],
               over: bool) -> list[str]:
    """What the save screen says of a saved game beyond its seats, map and turn."""
    return [_("Cash: {cash_words}").format(cash_words=cash_words(summary, seat_names, people, over))]
