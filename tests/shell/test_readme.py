"""The README is a player's page: its two commands first and unchanged (CI runs the second
exactly), how to start each game in its first screen of text, no development tool in it,
and every page and picture it or the developers' pages link to in the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rail_app.cli import COMMANDS
from rail_app.table import registry

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"

PLAY = ("python3 -m venv .venv && . .venv/bin/activate && pip install -r requirements.txt && "
        "python main.py")
TEST = ("python3 -m venv .venv && . .venv/bin/activate && pip install -r requirements-dev.txt "
        "&& SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python -m pytest")

#: A terminal's first screen of text
FIRST_SCREEN = 40

LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_the_two_commands_come_first_and_ci_runs_the_test_command_exactly() -> None:
    commands = [line[4:] for line in README.read_text(encoding="utf-8").splitlines()
                if line.startswith("    python3 -m venv")]
    assert commands[:2] == [PLAY, TEST]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").rstrip().splitlines()
    assert ci[-1] == TEST


def test_how_to_start_every_game_is_in_the_first_screen_of_text() -> None:
    first = "\n".join(README.read_text(encoding="utf-8").splitlines()[:FIRST_SCREEN])
    for game in registry.GAMES:
        if game.screens is not None:
            assert f"python main.py --game {game.id}" in first, game.id


def test_the_players_page_names_no_development_tool() -> None:
    words = set(re.findall(r"[a-z][a-z-]+", README.read_text(encoding="utf-8")))
    tools = {name for name, command in COMMANDS.items() if command.audience == "dev"}
    assert not tools & words


@pytest.mark.parametrize("page", ["README.md", "docs/developers.md", "docs/screenshots.md"])
def test_every_link_of_the_page_is_in_the_repository(page: str) -> None:
    path = ROOT / page
    links = [m.group(1) for m in LINK.finditer(path.read_text(encoding="utf-8"))
             if "://" not in m.group(1)]
    assert links
    missing = [link for link in links if not (path.parent / link).exists()]
    assert not missing, missing
