"""The second map, Sicilia e Calabria: 10 km dots around the Strait of Messina, its own
cities and commodities, a shorter game. It validates, the New game dialog lists it and the
computer opponent plays it to the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from rail_app.cli import main
from rail_app.games.italian_rails.rules.board import Board, load_board
from rail_app.games.italian_rails.rules.weakspots import weak_spots

ROOT = Path(__file__).resolve().parents[3]
SICILIA = ROOT / "maps" / "sicilia.yaml"


@pytest.fixture(scope="module")
def sicilia() -> Board:
    return load_board(SICILIA)


def test_validate_map_sicilia(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate-map", str(SICILIA)]) == 0
    out = capsys.readouterr()
    assert "OK: Sicilia e Calabria: 18 cities, 3 major cities" in out.out
    assert out.err == ""  # no weak spot


def test_B3_the_strait_and_the_ferry_join_sicily_and_calabria(sicilia: Board) -> None:
    """The strait of Messina is at the centre: one major city on the mainland, two in
    Sicily, so that every winner (W1) crosses it, by the bridge (B3) or the ferry (B6)."""
    assert sicilia.layout.spacing == 10
    assert sicilia.rules.win_cash == 250
    assert sorted(c.name for c in sicilia.majors) == ["Catania", "Catanzaro", "Palermo"]
    (strait,) = sicilia.straits
    assert sicilia.city_of_dot[strait.b].name == "Messina"
    (ferry,) = sicilia.ferries
    assert {sicilia.city_of_dot[p].name for p in ferry.ports} == {"Messina",
                                                                  "Reggio Calabria"}
    assert not [s for s in weak_spots(sicilia) if s.warned]


def test_sicilia_is_in_the_new_game_list() -> None:
    from rail_app.ui.maplist import available_maps
    from rail_app.ui.newgame import _map_label

    labels = [_map_label(p) for p in available_maps()]
    assert "Sicilia e Calabria" in labels and "Italia" in labels
    # the name the saves show for a game on the map (its board's name)
    from rail_app.core.paths import resource_path
    from rail_app.games.italian_rails.game import ITALIAN_RAILS

    italy = resource_path("maps", "italy.yaml")
    assert _map_label(italy) == ITALIAN_RAILS.rules.board_name(ITALIAN_RAILS.rules.load_board(str(italy)))
    assert not [x for x in labels if x.endswith("-deck")]


def test_the_computer_opponent_plays_sicilia_to_the_end() -> None:
    from rail_app.devtools.simulate import play_game

    result = play_game(str(SICILIA), 1, ["hard", "normal"])
    assert result.error is None and not result.capped and result.winner is not None
    assert 10 <= result.turns <= 60
