"""What a player calls the things of Rail Pass, through the translation catalog: the cities
by their colours (D-3), the crews (DG-A11), trains, engineers, tracks, time. The Spanish words
are the rulebook's (``docs/railpass-rules.md`` §16)."""

from __future__ import annotations

from typing import Final

from rail_app.core.i18n import N_, _, pgettext
from rail_app.games.railpass.rules.identity import LETTERS

#: D-3: the cities, named by their colours.
CITY_NAMES: Final = (N_("Black"), N_("Red"), N_("Green"), N_("Blue"), N_("Yellow"),
                     N_("White"))
#: A cube's colour (its destination's), as an adjective of a cube.
COLOUR_NAMES: Final = (N_("black"), N_("red"), N_("green"), N_("blue"), N_("yellow"),
                       N_("white"))
#: DG-A11: a computer seat is named after its (first) city.
CREW_NAMES: Final = (N_("Black crew"), N_("Red crew"), N_("Green crew"), N_("Blue crew"),
                     N_("Yellow crew"), N_("White crew"))


def city_name(city: int) -> str:
    """"Black" ... "White" (the city, and its cubes' colour)."""
    return _(CITY_NAMES[city])


def colour_name(colour: int) -> str:
    """"black" ... "white": a cube's colour (in Spanish it agrees with «cubo»)."""
    return _(COLOUR_NAMES[colour])


def crew_name(city: int) -> str:
    return _(CREW_NAMES[city])


def train_words(train: int) -> str:
    """"the long Black train" (L_K: the long train that started in Black)."""
    if train % 2 == 0:
        return _("the long {city} train").format(city=city_name(train // 2))
    return _("the short {city} train").format(city=city_name(train // 2))


def engineer_words(engineer: int) -> str:
    """"Black engineer K1"."""
    return _("{city} engineer {name}").format(
        city=city_name(engineer // 3), name=f"{LETTERS[engineer // 3]}{engineer % 3 + 1}")


def track_words(track: int) -> str:
    return pgettext("track", "the long-train track") if track == 0 \
        else pgettext("track", "the short-train track")


def clock_words(ticks: int) -> str:
    """A time of the round as the clock shows it: "4:37" (DG-S4)."""
    seconds = ticks // 10
    return f"{seconds // 60}:{seconds % 60:02d}"
