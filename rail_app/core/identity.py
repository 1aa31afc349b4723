"""What the table is called and what its files are.

The program is a table that several rail games sit on, and it is named for itself, not for
its first game: the window's title (the game being played, then the table), the crash
report, the data folder, the names of the save and record formats, the help's first words
and the temporary folders of its tools all come from here. Pure (no pygame, no game): the
core's paths, the table's records and saves, the shell and the command line read it. It
imports nothing of the program: the translation machinery finds its catalogs through the
core's paths, which read this module, so the name players read in their language is the
shell's (``rail_app.ui.title``, the catalog's "Rail Table").

What earlier versions were called is here too, so that nothing a player kept is lost: the
data folder ``ItalianRails`` is used as it is when it is there (a player who had it keeps
every save and setting, see :mod:`rail_app.core.paths`), records and saves whose format is
``italian-rails-record`` or ``italian-rails-save`` still load (``docs/game-record.md``),
``ITALIAN_RAILS_DATA_DIR`` still names another data folder, and the command pip installs
stays ``italian-rails``.
"""

from __future__ import annotations

from typing import Final

#: The table's name, in English (the window's title says it in the player's language).
NAME: Final = "Rail Table"
#: What the table is, in a line (the help's first words).
BLURB: Final = "a table of rail board games to play, replay and review, with the tools to make their maps"

#: The command ``pip install .`` gives (scripts and desktop entries call it by this name).
COMMAND: Final = "italian-rails"

#: The data folder's name in the platform's user data folder (saves, settings, crashes).
DATA_FOLDER: Final = "RailTable"
#: The names earlier versions gave it, newest first: one of them that is there is used as
#: it is while no folder of the new name exists.
OLD_DATA_FOLDERS: Final = ("ItalianRails",)
#: The environment variable that names another data folder (a portable install, tests).
DATA_DIR_ENV: Final = "ITALIAN_RAILS_DATA_DIR"

#: The formats of the table's files (the ``"format"`` key of their JSON).
RECORD_FORMAT: Final = "rail-table-record"
SAVE_FORMAT: Final = "rail-table-save"
CAREER_FORMAT: Final = "rail-career"
#: What records and saves were called before the table had its own name (record versions 1
#: and 2, save versions 1 to 3): still read.
OLD_RECORD_FORMAT: Final = "italian-rails-record"
OLD_SAVE_FORMAT: Final = "italian-rails-save"

#: The first words of the temporary folders the program and its tools make.
SCRATCH_PREFIX: Final = "rail-table-"


def crash_heading() -> str:
    """The first line of a crash report (machine output: English, whatever the language)."""
    return f"{NAME} crash report"


def said(message: str) -> str:
    """A line the program prints on the terminal, saying who speaks: ``Rail Table: ...``."""
    return f"{NAME}: {message}"
