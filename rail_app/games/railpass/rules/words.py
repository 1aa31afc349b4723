"""Every sentence a player reads about a round of Rail Pass, made from its typed events and
actions through the translation catalog (DG-M15): the history's lines, an action in words,
the score as the top bar shows it (DG-S4, EX-D08) and the end of a round (DG-W4)."""

from __future__ import annotations

from rail_app.core.i18n import _, ngettext
from rail_app.games.railpass.rules import actions as a
from rail_app.games.railpass.rules import events as ev
from rail_app.games.railpass.rules.identity import LETTERS
from rail_app.games.railpass.rules.names import (
    city_name,
    clock_words,
    colour_name,
    crew_name,
    engineer_words,
    track_words,
    train_words,
)
from rail_app.games.railpass.rules.scoring import Score
from rail_app.games.railpass.rules.state import RoundState, train_of
from rail_app.table.actions import Action
from rail_app.table.events import Event


def call_words(kind: str) -> str:
    """DG-K1-DG-K4: a call as its bubble says it."""
    if kind == a.CallKind.NEED_TRAIN:
        return _("Need a train!")
    if kind == a.CallKind.NEED_CREW:
        return _("Need crew!")
    if kind == a.CallKind.HOLD:
        return _("Hold!")
    return _("Go!")


def seat_words(state: RoundState, seat: int) -> str:
    """A seat as the history names it: its name (a computer's: its crew, DG-A11)."""
    if 0 <= seat < state.seats:
        return state.names[seat]
    return crew_name(0)


def event_sentence(state: RoundState, e: Event) -> str:
    """One event as a line of the history."""
    if isinstance(e, ev.Loaded):
        return _("{who} loads a {colour} cube onto {train} at {city}").format(
            who=seat_words(state, e.seat), colour=colour_name(e.cube), train=train_words(e.train),
            city=city_name(e.city))
    if isinstance(e, ev.CubeMoved):
        return _("{who} moves a {colour} cube from {a} to {b}").format(
            who=seat_words(state, e.seat), colour=colour_name(e.cube), a=train_words(e.source),
            b=train_words(e.target))
    if isinstance(e, ev.CubesSwapped):
        return _("{who} swaps a {x} cube and a {y} cube between two trains").format(
            who=seat_words(state, e.seat), x=colour_name(e.cube_a), y=colour_name(e.cube_b))
    if isinstance(e, ev.PickedUp):
        return _("{who} picks up {train} at {city}").format(
            who=seat_words(state, e.seat), train=train_words(e.train), city=city_name(e.city))
    if isinstance(e, ev.Parked):
        return _("{train} parks on {track} at {city}").format(
            train=train_words(e.train), track=track_words(e.track), city=city_name(e.city))
    if isinstance(e, ev.Delivered):
        return ngettext("{city} +{n}: a cube delivered", "{city} +{n}: cubes delivered",
                        e.count).format(city=city_name(e.city), n=e.count)
    if isinstance(e, ev.Quit):
        return _("{engineer} quits at {city}: too far from home (−2)").format(
            engineer=engineer_words(e.engineer), city=city_name(e.city))
    if isinstance(e, ev.Offered):
        return _("{who} offers {train} to {city}").format(
            who=seat_words(state, e.seat), train=train_words(e.train), city=city_name(e.to))
    if isinstance(e, ev.Toot):
        return _("Toot! Toot! ({city})").format(city=city_name(e.colour))
    if isinstance(e, ev.Taken):
        if e.due > e.tick:
            return _("{who} takes {train}: through the obstacle until {time}").format(
                who=seat_words(state, e.seat), train=train_words(e.train),
                time=clock_words(state.end - e.due))
        return _("{who} takes {train} at {city}").format(
            who=seat_words(state, e.seat), train=train_words(e.train), city=city_name(e.to))
    if isinstance(e, ev.Arrived):
        return _("{train} comes out at {city}").format(train=train_words(e.train),
                                                       city=city_name(e.city))
    if isinstance(e, ev.Withdrawn):
        return _("{who} withdraws the offer of {train}").format(
            who=seat_words(state, e.seat), train=train_words(e.train))
    if isinstance(e, ev.MovedOwn):
        return _("{who} moves {train} from {a} to {b}").format(
            who=seat_words(state, e.seat), train=train_words(e.train), a=city_name(e.origin),
            b=city_name(e.to))
    if isinstance(e, ev.EngineerMoved):
        if e.train < 0:
            return _("{engineer} goes to {city}'s hotel").format(
                engineer=engineer_words(e.engineer), city=city_name(e.city))
        return _("{engineer} boards {train}").format(engineer=engineer_words(e.engineer),
                                                     train=train_words(e.train))
    if isinstance(e, ev.EngineersSwapped):
        return _("{x} and {y} change trains at {city}").format(
            x=engineer_words(e.a), y=engineer_words(e.b), city=city_name(e.city))
    if isinstance(e, ev.Called):
        return _("{who}: {call}").format(who=seat_words(state, e.seat), call=call_words(e.call))
    if isinstance(e, ev.Wrecked):
        return _("{train} is wrecked: a train wreck (−{points})").format(
            train=train_words(e.train),
            points=5 + len(e.cubes) + (2 if e.engineer >= 0 else 0))
    if isinstance(e, ev.Spilled):
        return _("A {colour} cube falls off {train} (−1)").format(
            colour=colour_name(e.cube), train=train_words(e.train))
    if isinstance(e, ev.CubeDropped):
        return _("A {colour} cube falls from {city}'s yard (−1)").format(
            colour=colour_name(e.cube), city=city_name(e.city))
    if isinstance(e, ev.Ended):
        return _("Time is up: {score}").format(score=final_words(e.final, e.won))
    return str(e.kind)


def final_words(final: int, won: bool) -> str:
    if won:
        return _("{score} points: the team wins").format(score=final)
    return _("{score} points: the team loses (100 wins)").format(score=final)


def live_score(s: Score, keep: tuple[int, int] | None = None) -> str:
    """DG-S4, EX-D08: "Two lowest: Red 7 × Blue 7 = 49 · pile −2 → 47 / 100". ``keep``: the
    two cities shown before; among equal totals they stay shown (the glow does not jump)."""
    x, y = shown_lowest(s.totals, keep)
    return _("Two lowest: {a} {na} × {b} {nb} = {base} · pile −{penalty} → {final} / 100"
             ).format(a=city_name(x), na=s.totals[x], b=city_name(y), nb=s.totals[y],
                      base=s.base, penalty=s.penalty, final=s.final)


def shown_lowest(totals: tuple[int, ...], keep: tuple[int, int] | None = None
                 ) -> tuple[int, int]:
    """The two lowest cities as the top bar shows them (D-24: the product is the same
    whichever tie counts): ties keep the cities shown before, then go round the table."""
    kept = set(keep or ())
    order = sorted(range(len(totals)), key=lambda c: (totals[c], c not in kept, c))
    a, b = order[0], order[1]
    return (a, b) if a < b else (b, a)


def park_warning(city: int, delivers: int, quits: bool, strands: tuple[int, ...]) -> str:
    """DG-S7, EX-D07: what a track says while a train is dragged over it: "Black +3 ·
    engineer quits −2" (and "strands G for good", EX-22)."""
    parts = []
    if delivers:
        parts.append(_("{city} +{n}").format(city=city_name(city), n=delivers))
    if quits:
        parts.append(_("engineer quits −2"))
    for c in strands:
        parts.append(_("strands {city} for good").format(city=city_name(c)))
    return " · ".join(parts)


def action_words(state: RoundState, seat: int, action: Action) -> str:
    """What ``seat`` does with ``action``, in a few words starting with its name (a saved
    round loaded up to an action the rules now refuse names it)."""
    who = seat_words(state, seat)

    def tr(name: str) -> str:
        try:
            return train_words(train_of(name))
        except ValueError:
            return name

    def city(letter: str) -> str:
        return city_name(LETTERS.index(letter)) if letter in LETTERS and letter else letter

    if isinstance(action, a.Load):
        return _("{who} loads {train} at {city}").format(who=who, train=tr(action.train),
                                                         city=city(action.city))
    if isinstance(action, (a.Park, a.Shunt)):
        return _("{who} parks {train}").format(who=who, train=tr(action.train))
    if isinstance(action, (a.Offer, a.Dispatch)):
        return _("{who} offers {train} to {city}").format(who=who, train=tr(action.train),
                                                          city=city(action.to))
    if isinstance(action, (a.MoveOwn, a.MoveOwnPark)):
        return _("{who} moves {train} to {city}").format(who=who, train=tr(action.train),
                                                         city=city(action.to))
    if isinstance(action, a.PickUp):
        return _("{who} picks up {train}").format(who=who, train=tr(action.train))
    if isinstance(action, (a.Take, a.TakePark)):
        return _("{who} takes offer #{n}").format(who=who, n=action.offer)
    if isinstance(action, a.Withdraw):
        return _("{who} withdraws offer #{n}").format(who=who, n=action.offer)
    if isinstance(action, (a.MoveEngineer, a.SwapEngineers)):
        return _("{who} moves an engineer").format(who=who)
    if isinstance(action, (a.MoveCube, a.SwapCubes)):
        return _("{who} moves cargo between trains").format(who=who)
    if isinstance(action, a.Call):
        return _("{who}: {call}").format(who=who, call=call_words(action.call))
    if isinstance(action, a.Tick):
        return _("The clock runs on")
    if isinstance(action, a.Wait):
        return _("{who} waits").format(who=who)
    return _("{who}: a mishap").format(who=who)
