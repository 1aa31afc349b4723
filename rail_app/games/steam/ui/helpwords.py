"""The words of Steam's help page (F1) and of its first-game hints, one hint a step (S-M3:
the Basic game's build hint says that building past your cash borrows). Each is a whole
message for the translation catalog."""

from __future__ import annotations

from collections.abc import Sequence

from rail_app.core.i18n import N_, _
from rail_app.games.steam.rules.state import Step

HINT_KEYS: dict[Step, str] = {
    Step.BID: "steam-bid", Step.CAPITAL: "steam-capital", Step.CHOOSE: "steam-choose",
    Step.DECLARE: "steam-declare", Step.BUILD: "steam-build", Step.MOVE: "steam-move",
    Step.POINTS: "steam-points",
}
HINTS: dict[Step, str] = {
    Step.BID: N_("The auction sets who plays first. Everyone starts with no cash: a bid is "
                 "borrowed, and each $5 moves your income back 1. Bidding $0 or passing is "
                 "fine in a first game."),
    Step.CAPITAL: N_("Money is raised only now in the Standard game: take enough for this "
                     "turn's track (about $10 in the first turn)."),
    Step.CHOOSE: N_("Each action tile gives one advantage this turn, and its number sets "
                    "next turn's order. Engineer (4 tiles) and Locomotive are good first "
                    "picks."),
    Step.DECLARE: N_("Carry it out: you pay now and place it during your build. Pass: the "
                     "tile only counts as a number."),
    Step.BUILD: N_("Press on a city and drag through the hexes: the tiles and their cost "
                   "appear as you draw. Link two cities to be able to deliver. Right-click "
                   "or Backspace takes back your last stroke."),
    Step.MOVE: N_("Click a city with cubes: the list shows where each cube can go and "
                  "whose links earn. Each link gives its owner 1 point."),
    Step.POINTS: N_("Income pays you every turn; VP count at the end. Early on, income "
                    "usually pays more."),
}


#: What the Basic game's build hint adds: building past your cash borrows (S-M3).
BORROW_HINT = N_("You may build past your cash: the rest is borrowed from the bank in $5 "
                 "steps, each moving your income back 1 (S-M3); the price beside the pen "
                 "says how much.")


def hint(step: Step, basic: bool = True) -> str:
    """The first-game hint of a step (the build's says that building borrows in the Basic
    game, where a player borrows to pay)."""
    text = _(HINTS[step]) if step in HINTS else ""
    if step is Step.BUILD and basic:
        text += " " + _(BORROW_HINT)
    return text


def help_sections() -> list[tuple[str, Sequence[str]]]:
    return [
        (_("Steam: build track, move goods"), [
            _("Link cities with track tiles, then carry goods cubes over your links."),
            _("Each link a cube runs over gives its owner 1 point: as income or as VP."),
            _("After the last turn the most VP wins (income and complete links count too)."),
        ]),
        (_("A turn"), [
            _("1 Action tiles: each player takes one (its number sets next turn's order)."),
            _("2 Build: up to 3 tile actions (4 with Engineer); each tile costs $1 per exit,"),
            _("   +$1 town, +$1 river, +$2 hill. Money you lack is borrowed: -1 income per $5."),
            _("   You may build past your cash: the price by the pen says what you borrow (S-M3)."),
            _("3 Move goods, twice: one cube each time, or upgrade your locomotive."),
            _("   A cube runs over at most as many links as your locomotive's level; a town"),
            _("   on the way is a stop, so city, town, city is two links."),
            _("4 Income: positive income is paid to you, negative income you pay."),
        ]),
        (_("Controls"), [
            _("Drag from a city, a town or your open end: draw track (build)."),
            _("Right-click or Backspace: take back the last stroke of this build."),
            _("Click a city: its cubes' deliveries (move); click one to deliver it."),
            _("Right or middle drag, arrows: pan. Wheel: zoom. Home or F: fit the map."),
            _("Enter: end the build / confirm. Space: skip the computer's play."),
            _("F1: this help. Esc: menu (save, load, settings, quit)."),
        ]),
    ]
