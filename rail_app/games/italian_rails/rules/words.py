"""Italian Rails in a player's words: every sentence the game says about what happened is
made here, from typed values (the history's events, the outcome, a save's summary), as
whole format strings ready for the translation catalog.

Places come through :mod:`~rail_app.games.italian_rails.rules.places`: the history a player
reads names them as players do (a city, or "3 dots south-east of Bologna": ``Names``); the
engine's own record of a game writes grid keys (``Keys``). One sentence, two renderings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rail_app.core.i18n import _, ngettext
from rail_app.games.italian_rails.rules import log as ev
from rail_app.games.italian_rails.rules.board import Board
from rail_app.games.italian_rails.rules.log import LogEntry, LogKind, LossCause, Settled
from rail_app.games.italian_rails.rules.places import Keys, Names, Places
from rail_app.games.italian_rails.rules.quotes import Quote
from rail_app.games.italian_rails.rules.state import GameState, Outcome

#: What taking back takes back, by the kind of action (as records name it).
TAKEN_BACK = {"place": "placing the train", "move": "the move",
              "board_ferry": "boarding the ferry", "pickup": "the pickup", "lock": "the lock",
              "drop": "the drop"}


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


def demand_words(state: GameState, card: int, demand: int) -> str:
    """A demand of a card: "wine to Milano for 21M (card 12)"."""
    d = state.deck.card(card).demands[demand]
    return f"{d.commodity} to {d.city} for {d.payoff}M (card {card})"


def _lost(state: GameState, lost: tuple[tuple[int, int], ...]) -> str:
    if not lost:
        return "no track was lost"
    total = sum(n for _, n in lost)
    parts = ", ".join(f"{state.players[p].name} {n}" for p, n in lost)
    return f"{total} {_plural(total, 'segment', 'segments')} destroyed ({parts})"


def _card_title(state: GameState, card: int, fallback: str = "") -> str:
    c = state.deck.cards.get(card)
    return c.title if c is not None and c.title else (fallback or (c.event or "" if c else ""))


def sentence(state: GameState, entry: LogEntry, places: Places) -> str:
    """One event of the history as a sentence, its places rendered by ``places``."""
    e = entry.event
    name = state.players[entry.player].name if entry.player is not None else ""
    board = state.board
    match e:
        case ev.TurnBegins(turn=turn):
            return f"Turn {turn}: {name} begins"
        case ev.TurnSkipped(turn=turn):
            return f"Turn {turn}: {name} loses this turn"
        case ev.BuildingPaid(cost=cost):
            return f"{name} pays {cost}M for this phase's building"
        case ev.StartsBuilding():
            return f"{name} starts building"
        case ev.SegmentBuilt(a=a, b=b, cost=cost):
            return f"{name} builds {places.dot(a)} to {places.dot(b)} ({cost}M)"
        case ev.FerryTaken(ferry=f, cost=cost):
            return f"{name} takes the ferry {board.ferries[f].name} ({cost}M)"
        case ev.Erased(a=a, b=b, ferry=f):
            if f is not None:
                return f"{name} erases the ferry {board.ferries[f].name}"
            assert a is not None and b is not None
            return f"{name} erases {places.segment(a, b)}"
        case ev.Upgraded(to=to, cost=cost):
            return f"{name} upgrades to {to} ({cost}M)"
        case ev.Borrowed(amount=amount, owed=owed):
            return f"{name} borrows {amount}M and owes {owed}M"
        case ev.Repaid(amount=amount):
            return f"{name} repays the loan ({amount}M)"
        case ev.DeckReshuffled(cards=n):
            return f"The deck is empty: the discard pile ({n} cards) is shuffled into a new deck"
        case ev.PublicCards(cards=cards):
            listed = ", ".join(str(n) for n in cards)
            return (f"New public card: {listed} (C7)" if len(cards) == 1
                    else f"New public cards: {listed} (C7)")
        case ev.EventSetAside(card=card):
            return (f"{name} was dealt the event '{state.deck.card(card).title}' (card "
                    f"{card}): it is set aside and replaced (C2)")
        case ev.EventsShuffledBack(count=n):
            return f"The {n} event card(s) set aside are shuffled back into the deck"
        case ev.CardsDealt(deal=deal, keep=keep):
            return f"Each player is dealt {deal} demand cards and keeps {keep} (C2)"
        case ev.CardsChosen(count=n):
            return f"{name} has chosen {n} private cards"
        case ev.CardsRevealed(private=private, pool=pool):
            shown = "; ".join(f"{p.name}: {', '.join(map(str, cards))}"
                              for p, cards in zip(state.players, private, strict=True))
            return f"Private cards revealed: {shown}. Public pool: {', '.join(map(str, pool))} (C2)"
        case ev.StartsFirst(card=card):
            return f"{name} holds the lowest card ({card}) and starts (T1)"
        case ev.PickedUp(commodity=c, city=city, card=card, demand=demand):
            where = f" at {city}" if city else ""
            if card is not None and demand is not None:
                return f"{name} picks up {c}{where}, locked to {demand_words(state, card, demand)}"
            return f"{name} picks up {c}{where} (unlocked)"
        case ev.Locked(card=card, demand=demand):
            return f"{name} locks {demand_words(state, card, demand)}"
        case ev.Delivered(card=card, demand=demand, payoff=payoff):
            d = state.deck.card(card).demands[demand]
            return f"{name} delivers {d.commodity} to {d.city} and earns {payoff}M (card {card}, C5)"
        case ev.CubeTakenBack(card=card, commodity=c):
            return (f"{name} takes back the cube from card {card}; the {c} stays on the train, "
                    "unlocked (C5)")
        case ev.Dropped(commodity=c, city=city):
            return f"{name} drops {c} at {city}" if city else f"{name} drops {c}"
        case ev.Swapped(discarded=gone, drawn=drawn):
            return (f"{name} swaps demands: cards {', '.join(map(str, gone))} are discarded, "
                    f"{', '.join(map(str, drawn)) or 'nothing'} drawn (C6)")
        case ev.EndTriggered(cash=cash):
            return (f"{name} has {cash}M and a network joining every major city: the game ends "
                    "when both players have had the same number of turns (W1)")
        case ev.GameOver(winner=winner, cash=cash, segments=segments, settled=settled):
            reason = _settled(state, winner, cash, segments, settled)
            return f"Game over. {reason} (W2)"
        case ev.EventDrawn(card=card):
            event_card = state.deck.card(card)
            title = event_card.title or event_card.event or ""
            return (f"Event: {title} - {event_card.text}" if event_card.text
                    else f"Event: {title}")
        case ev.TaxPaid(taxes=taxes):
            paid = ", ".join(f"{p.name} pays {t}M" for p, t in zip(state.players, taxes,
                                                                   strict=True))
            return f"Excess Profits Tax: {paid}; cash is public from now on"
        case ev.Flooded(rivers=rivers, systems=systems, lost=lost):
            what = ", ".join([*rivers, *(f"the {s} system" for s in systems)])
            return f"Flood ({what}): {_lost(state, lost)}"
        case ev.StormAtSea(sea=sea):
            return (f"Storm at sea: no ferry sails; half speed on the {sea} coast" if sea
                    else "Storm at sea: no ferry sails")
        case ev.Erupted(volcano=volcano, lost=lost):
            return f"{volcano} erupts: {_lost(state, lost)}"
        case ev.NoDerailment():
            return "Derailment: no train is near enough"
        case ev.BadWeather(dots=n):
            return f"Bad weather: half speed in {n} dots"
        case ev.SlowedDown(moves_left=n):
            return f"{name}'s train slows to half speed: {n} moves left"
        case ev.TurnLost(cause=cause, now=now):
            if cause is LossCause.ERUPTION:
                if now:
                    return (f"{name}'s train is caught by the eruption: {name}'s turn ends now "
                            "and the next one is lost")
                return f"{name}'s train is caught by the eruption: {name} loses the next turn"
            if now:
                return f"{name}'s train derails: {name}'s turn ends now and the next one is lost"
            return f"{name}'s train derails: {name} loses the next turn"
        case ev.LoadLost(commodity=c, released=card):
            if card is not None:
                return f"{name} loses the {c} and releases card {card} to the pool"
            return f"{name} loses the {c}"
        case ev.EventOver(card=card):
            return f"{_card_title(state, card)}: the event is over"
        case ev.TrainPlaced(city=city):
            return f"{name} places the train at {city}"
        case ev.RentPaid(fee=fee, to=to):
            return (f"{name} pays {fee}M rent to {state.players[to].name} for using their "
                    "track (M3)")
        case ev.Moved(start=start, stop=stop, steps=steps, moves_left=left):
            frm = board.place_name(start) if start is not None else "?"
            to = board.place_name(stop)
            if frm == to:  # both ends have one name: no "from Napoli to Napoli"
                return ngettext("{name} moves {steps} segment and is still at {place} "
                                "({left} left)",
                                "{name} moves {steps} segments and is still at {place} "
                                "({left} left)", steps).format(
                                    name=name, steps=steps, place=to, left=left)
            return (f"{name} moves from {frm} to {to} ({steps} "
                    f"{_plural(steps, 'segment', 'segments')}, {left} left)")
        case ev.BoardedFerry(ferry=f, lands=port):
            return (f"{name}'s train boards the {board.ferries[f].name} ferry; it lands at "
                    f"{places.dot(port)} next turn, at half speed (M5)")
        case ev.StaysAboard(ferry=f):
            return f"{name}'s train stays on the {board.ferries[f].name} ferry: storm at sea (E5)"
        case ev.Landed(ferry=f, port=port):
            return (f"{name}'s train lands at {board.place_name(port)} from the "
                    f"{board.ferries[f].name} ferry and moves at half speed this turn (M5)")
        case ev.TookBack(undone=undone, refund=refund):
            what = TAKEN_BACK.get(undone, "the last action")
            if refund:
                return f"{name} takes back {what} ({refund}M rent given back)"
            return f"{name} takes back {what}"
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
        others = ", ".join(f"{names_[i]} {cash[i]}M" for i in range(len(cash)) if i != winner)
        return f"{names_[winner]} has the most cash: {best}M (against {others})"
    fewest = min(segments[i] for i in top)
    if settled is Settled.FEWER_SEGMENTS and winner is not None:
        against = ", ".join(str(segments[i]) for i in top if i != winner)
        return (f"Equal cash ({best}M): {names_[winner]} drew fewer segments ({fewest} "
                f"against {against})")
    return f"Equal cash ({best}M) and equal segments drawn ({fewest}): a draw"


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
            frm, to = places.dot(start), places.dot(end)
            text = (f"{name} builds a segment from {frm} to {to} ({cost}M)" if n == 1 else
                    f"{name} builds {n} segments from {frm} to {to} ({cost}M)")
            out.append(HistoryLine(e.turn, e.player, text, LogKind.BUILD))
            i = j
            continue
        if isinstance(built, ev.Erased):
            j = i + 1
            while j < len(log) and isinstance(log[j].event, ev.Erased) \
                    and log[j].player == e.player and log[j].turn == e.turn:
                j += 1
            text = (sentence(state, e, places) if j == i + 1
                    else f"{name} erases {j - i} segments")
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
        return " · ".join(f"{n} {c}M" for n, c in zip(seat_names, cash, strict=False))
    if len(people) > 1:
        return "cash hidden until it is public (E3)"
    return " · ".join(f"{n} {c}M" if i in people else
                      _("{name} cash hidden (E3)").format(name=n)
                      for i, (n, c) in enumerate(zip(seat_names, cash, strict=False)))


def save_lines(summary: Mapping[str, Any], seat_names: Sequence[str], people: Sequence[int],
               over: bool) -> list[str]:
    """What the save screen says of a saved game beyond its seats, map and turn."""
    return [f"Cash: {cash_words(summary, seat_names, people, over)}"]
