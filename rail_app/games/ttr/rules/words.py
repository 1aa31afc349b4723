"""Ticket to Ride in a player's words: every sentence the game says about what happened is made
here, from typed values (the log's events, the final scores, a save's summary), as whole
format strings for the translation catalog, in the Spanish rulebook's words (the glossary of
``docs/ttr-rules.md``, section 14; D-31: "Declarar una ruta", "carta de tren", "vagón").

Places are named as the player reads them: a city by its name in the chosen language
(``Köln`` is Cologne or Colonia), a route by its two cities (and its colour, for a lane of a
double route), a ticket by its two cities and value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rail_app.core.i18n import _, language, ngettext, number, pgettext
from rail_app.games.ttr.rules import actions as a
from rail_app.games.ttr.rules import events as ev
from rail_app.games.ttr.rules.board import Board, Colour
from rail_app.games.ttr.rules.cards import CARDS, INDEX, KINDS, Card
from rail_app.games.ttr.rules.events import Event

# -- names ----------------------------------------------------------------------------------------


def card_name(card: int) -> str:
    """A card's colour as a player reads it (D-3: "lila" is purple), or "locomotive"."""
    c = CARDS[card]
    if c is Card.PURPLE:
        return pgettext("ttr colour", "purple")
    if c is Card.BLUE:
        return pgettext("ttr colour", "blue")
    if c is Card.ORANGE:
        return pgettext("ttr colour", "orange")
    if c is Card.WHITE:
        return pgettext("ttr colour", "white")
    if c is Card.GREEN:
        return pgettext("ttr colour", "green")
    if c is Card.YELLOW:
        return pgettext("ttr colour", "yellow")
    if c is Card.BLACK:
        return pgettext("ttr colour", "black")
    if c is Card.RED:
        return pgettext("ttr colour", "red")
    return pgettext("ttr card", "locomotive")


def colour_name(colour: Colour) -> str:
    """A route's colour (grey too, D-3)."""
    if colour is Colour.GREY:
        return pgettext("ttr colour", "grey")
    return card_name(INDEX[Card(colour.value)])


def cards_words(cards: Sequence[Card]) -> str:
    """Some cards, counted by kind: "2 red, 1 locomotive" ("rojo ×2, locomotora ×1")."""
    counts = [0] * KINDS
    for c in cards:
        counts[INDEX[c]] += 1
    parts = [_("{card} ×{n}").format(card=card_name(i), n=number(n))
             for i, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else _("no card")


def shortfall(paid: Sequence[int], hand: Sequence[int], short: Sequence[int]) -> str:
    """What a payment asks of a hand that does not hold it ("red: you pay 3, you hold 1")."""
    return "; ".join(_("{card}: you pay {paid}, you hold {held}").format(
        card=card_name(i), paid=number(paid[i]), held=number(hand[i])) for i in short)


def city_name(board: Board, city: int) -> str:
    """A city as the player reads it, in the language chosen."""
    return board.cities[city].display(language())


def route_name(board: Board, route: int) -> str:
    """A route by its two cities; a lane of a double route with its colour too."""
    r = board.routes[route]
    a, b = city_name(board, r.a), city_name(board, r.b)
    if r.double is not None:
        return _("{a} – {b} ({colour})").format(a=a, b=b, colour=colour_name(r.colour))
    return _("{a} – {b}").format(a=a, b=b)


def ticket_name(board: Board, ticket: int) -> str:
    """A ticket by its two cities and its value ("Paris – Wien (8)")."""
    t = board.tickets[ticket]
    return _("{a} – {b} ({value})").format(a=city_name(board, t.a), b=city_name(board, t.b),
                                           value=number(t.value))


def _who(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


# -- the history ------------------------------------------------------------------------------


def sentence(board: Board, names: Sequence[str], event: Event) -> str:
    """One event of the log in a player's words (an event as a seat sees it: a secret part
    left out is not said)."""
    if isinstance(event, ev.SetUp):
        who = _who(names, event.first)
        if event.drawn:
            return _("{name} plays first (drawn at random)").format(name=who)
        return _("{name} plays first (the player who has visited the most European "
                 "countries)").format(name=who)
    if isinstance(event, ev.CardsDealt):
        if event.cards:
            return _("{name} is dealt {cards}").format(name=_who(names, event.seat),
                                                       cards=cards_words(event.cards))
        return ngettext("{name} is dealt {n} train card", "{name} is dealt {n} train cards",
                        event.count).format(name=_who(names, event.seat), n=number(event.count))
    if isinstance(event, ev.TicketsDealt):
        if event.tickets:
            return _("{name} is dealt the tickets {tickets}").format(
                name=_who(names, event.seat),
                tickets=", ".join(ticket_name(board, t) for t in event.tickets))
        return ngettext("{name} is dealt {n} destination ticket",
                        "{name} is dealt {n} destination tickets", event.count).format(
            name=_who(names, event.seat), n=number(event.count))
    if isinstance(event, ev.FirstTicketsKept):
        if event.kept:
            return _("{name} keeps {tickets}").format(
                name=_who(names, event.seat),
                tickets=", ".join(ticket_name(board, t) for t in event.kept))
        return ngettext("{name} keeps {n} ticket", "{name} keeps {n} tickets",
                        event.count).format(name=_who(names, event.seat), n=number(event.count))
    if isinstance(event, ev.TurnBegan):
        return _("Turn {turn}: {name}").format(turn=number(event.turn),
                                               name=_who(names, event.seat))
    if isinstance(event, ev.CardTaken):
        card = card_name(INDEX[event.card])
        if event.replacement is None:
            return _("{name} takes the face-up {card}; no card is left to turn up").format(
                name=_who(names, event.seat), card=card)
        return _("{name} takes the face-up {card}; {new} is turned up").format(
            name=_who(names, event.seat), card=card,
            new=card_name(INDEX[event.replacement]))
    if isinstance(event, ev.CardDrawn):
        if event.card is None:
            return _("{name} draws a card from the deck").format(name=_who(names, event.seat))
        return _("{name} draws {card} from the deck").format(
            name=_who(names, event.seat), card=card_name(INDEX[event.card]))
    if isinstance(event, ev.RowDealt):
        row = ", ".join(card_name(INDEX[c]) if c is not None else "–" for c in event.row)
        if event.reset:
            return _("Three face-up locomotives: the five cards are discarded and five new "
                     "ones turned up: {row}").format(row=row)
        return _("The face-up cards: {row}").format(row=row)
    if isinstance(event, ev.RowKept):
        if event.few:
            return _("Three face-up locomotives stay: the deck and the discard hold too few "
                     "other cards to turn up new ones")
        return _("Three face-up locomotives stay: the cards were turned up three times in a "
                 "row")
    if isinstance(event, ev.SlotFilled):
        return _("{card} is turned up").format(card=card_name(INDEX[event.card]))
    if isinstance(event, ev.Reshuffled):
        return ngettext("The discard ({n} card) is shuffled into a new deck",
                        "The discard ({n} cards) is shuffled into a new deck",
                        event.cards).format(n=number(event.cards))
    if isinstance(event, ev.RouteClaimed):
        return ngettext("{name} claims {route} with {cards} and scores {points} point",
                        "{name} claims {route} with {cards} and scores {points} points",
                        event.points).format(
            name=_who(names, event.seat), route=route_name(board, event.route),
            cards=cards_words(event.cards), points=number(event.points))
    if isinstance(event, ev.TunnelRevealed):
        if not event.revealed:
            return _("{name} tries the tunnel {route}: no card is left to turn up").format(
                name=_who(names, event.seat), route=route_name(board, event.route))
        return ngettext(
            "{name} tries the tunnel {route} with {shown}: {revealed} turned up, {n} extra "
            "card needed",
            "{name} tries the tunnel {route} with {shown}: {revealed} turned up, {n} extra "
            "cards needed", event.extra).format(
            name=_who(names, event.seat), route=route_name(board, event.route),
            shown=cards_words(event.shown), revealed=cards_words(event.revealed),
            n=number(event.extra))
    if isinstance(event, ev.TunnelGivenUp):
        return _("{name} gives up the tunnel {route} and takes back the cards shown").format(
            name=_who(names, event.seat), route=route_name(board, event.route))
    if isinstance(event, ev.TicketsDrawn):
        if event.tickets:
            return _("{name} draws the tickets {tickets}").format(
                name=_who(names, event.seat),
                tickets=", ".join(ticket_name(board, t) for t in event.tickets))
        return ngettext("{name} draws {n} destination ticket",
                        "{name} draws {n} destination tickets", event.count).format(
            name=_who(names, event.seat), n=number(event.count))
    if isinstance(event, ev.TicketsKept):
        if event.kept:
            kept = ", ".join(ticket_name(board, t) for t in event.kept)
            return ngettext("{name} keeps {tickets} and returns {n} ticket",
                            "{name} keeps {tickets} and returns {n} tickets",
                            event.returned).format(name=_who(names, event.seat),
                                                   tickets=kept, n=number(event.returned))
        return ngettext("{name} keeps {kept} and returns {n} ticket",
                        "{name} keeps {kept} and returns {n} tickets", event.returned).format(
            name=_who(names, event.seat), kept=number(event.count), n=number(event.returned))
    if isinstance(event, ev.StationBuilt):
        return _("{name} builds a station in {city} with {cards}").format(
            name=_who(names, event.seat), city=city_name(board, event.city),
            cards=cards_words(event.cards))
    if isinstance(event, ev.Passed):
        return _("{name} can do nothing and passes").format(name=_who(names, event.seat))
    if isinstance(event, ev.LastRound):
        return ngettext("{name} has {n} wagon left: everyone plays one last turn",
                        "{name} has {n} wagons left: everyone plays one last turn",
                        event.wagons).format(name=_who(names, event.seat),
                                             n=number(event.wagons))
    if isinstance(event, ev.TicketScored):
        if event.completed:
            return _("{name} completed {ticket}: +{value}").format(
                name=_who(names, event.seat), ticket=ticket_name(board, event.ticket),
                value=number(event.value))
        return _("{name} failed {ticket}: −{value}").format(
            name=_who(names, event.seat), ticket=ticket_name(board, event.ticket),
            value=number(event.value))
    if isinstance(event, ev.ExpressAwarded):
        if not event.seats:
            return _("Nobody has a route: nobody wins the European Express")
        return ngettext("The European Express (+10) goes to {names}: a continuous path of "
                        "{n} space",
                        "The European Express (+10) goes to {names}: a continuous path of "
                        "{n} spaces", event.length).format(
            names=", ".join(_who(names, s) for s in event.seats), n=number(event.length))
    if isinstance(event, ev.GameEnded):
        return outcome_sentence(names, event.scores, event.ranks)
    return str(event.kind)


def outcome_sentence(names: Sequence[str], scores: Sequence[int], ranks: Sequence[int]) -> str:
    """Who won, with how many points (T-W3; a shared win, D-27)."""
    first = [s for s, r in enumerate(ranks) if r == 1]
    if len(first) == 1:
        return ngettext("{name} wins with {score} point", "{name} wins with {score} points",
                        scores[first[0]]).format(name=_who(names, first[0]),
                                                 score=number(scores[first[0]]))
    return _("{names} share the win with {score} points").format(
        names=", ".join(_who(names, s) for s in first), score=number(scores[first[0]]))


# -- actions, saves and replays --------------------------------------------------------------------


def action_words(board: Board, names: Sequence[str], seat: int, action: a.Action) -> str:
    """What ``seat`` does with a recorded action, in a few words starting with their name."""
    who = _who(names, seat)
    if isinstance(action, a.KeepTickets):
        return ngettext("{who} keeps {n} ticket", "{who} keeps {n} tickets",
                        len(action.tickets)).format(who=who, n=number(len(action.tickets)))
    if isinstance(action, a.DrawTickets):
        return _("{who} draws destination tickets").format(who=who)
    if isinstance(action, a.TakeCard):
        return _("{who} takes a face-up train card").format(who=who)
    if isinstance(action, a.DrawBlind):
        return _("{who} draws a train card from the deck").format(who=who)
    if isinstance(action, a.ClaimRoute):
        if 0 <= action.route < len(board.routes):
            return _("{who} claims {route}").format(who=who,
                                                    route=route_name(board, action.route))
        return _("{who} claims a route").format(who=who)
    if isinstance(action, a.PayTunnel):
        return _("{who} pays the tunnel's extra cards").format(who=who)
    if isinstance(action, a.GiveUpTunnel):
        return _("{who} gives up the tunnel").format(who=who)
    if isinstance(action, a.BuildStation):
        city = board.city_index.get(action.city)
        return _("{who} builds a station in {city}").format(
            who=who, city=city_name(board, city) if city is not None else action.city)
    if isinstance(action, a.Pass):
        return _("{who} passes").format(who=who)
    return f"{who}: {getattr(action, 'kind', '?')}"


def save_lines(summary: Mapping[str, Any], seat_names: Sequence[str], people: Sequence[int],
               over: bool) -> list[str]:
    """What the save screen says of a saved game beyond its seats, map and turn: the score
    track (route points during the game, final scores after) and the wagons left."""
    parts = [_("{name} {score}").format(name=name, score=number(score))
             for name, score in zip(seat_names, summary["scores"], strict=False)]
    if over or summary.get("over"):
        head = _("Final scores: {scores}")
    else:
        head = _("Route points: {scores}")
    lines = [head.format(scores=", ".join(parts))]
    wagons = summary.get("wagons")
    if wagons and not (over or summary.get("over")):
        lines.append(_("Wagons left: {wagons}").format(wagons=", ".join(
            _("{name} {n}").format(name=name, n=number(w))
            for name, w in zip(seat_names, wagons, strict=False))))
    return lines
