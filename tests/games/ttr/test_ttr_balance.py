"""The balance check of a Ticket to Ride map (``balance --game ttr``): a small run gives every
figure of the report and a heat map picture; its acceptance compares with the published
board's figures; bad input is refused (exit 2). The long runs are by hand, their figures in
docs/benchmarks.md."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from rail_app import cli
from rail_app.games.ttr.devtools import balance


def test_a_small_balance_run_reports_every_figure_and_draws_its_heat_map(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    prefix = tmp_path / "heat"
    code = cli.main(["balance", "--game", "ttr", "--games", "2", "--seats", "2,5", "--seed",
                     "3", "--heatmap", str(prefix), "--json"])
    assert code in (0, 1)  # 1: an acceptance figure missed (two games prove nothing)
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["counts"]) == {"2", "5"} and doc["met"] == (code == 0)
    for n, f in doc["counts"].items():
        assert f["games"] == 2 and f["timeouts"] == 0 and f["seats"] == int(n)
        for key in ("regular", "long", "by_value", "held", "score", "score_parts", "turns",
                    "first_wins", "tunnels", "given_up", "resets", "passes_per_100",
                    "claimed", "rare", "longest", "ticket_low", "ticket_p10",
                    "lane_frequency", "city_claimed", "city_tickets", "acceptance",
                    "failed_blocked", "hardest"):
            assert key in f, key
        assert 0 <= f["regular"] <= 100 and 20 <= f["turns"] <= 80
        assert 0 <= f["failed_blocked"] <= 100 and len(f["hardest"]) <= 5
        assert f["claimed"] == pytest.approx(
            sum(f["lane_frequency"]) / 100, abs=0.1)  # every claim counted once
        figures = {c["figure"] for c in f["acceptance"]}
        assert {"regular tickets completed %", "turns per player", "timeouts",
                "first player wins %"} <= figures
        picture = pygame.image.load(f["heatmap"])
        assert picture.get_width() == 1600 and Path(f["heatmap"]) == Path(f"{prefix}-{n}.png")


def test_acceptance_sets_a_count_against_the_published_boards_figures() -> None:
    ref = balance.REFERENCE[4]
    near = {"seats": 4, "regular": ref.regular + 4, "long": ref.long - 7,
            "turns": ref.turns * 1.05, "ticket_low": ref.ticket_low - 9,
            "ticket_p10": ref.ticket_p10, "rare": 2 * ref.rare, "tunnels": ref.tunnels,
            "given_up": ref.given_up * 1.2, "first_wins": ref.first_wins + 5, "timeouts": 0,
            "kept_rows": 0, "passes_per_100": 0.5}
    assert all(c.ok for c in balance.acceptance(near))
    far = {**near, "regular": ref.regular + 6, "turns": ref.turns * 1.2, "timeouts": 1,
           "passes_per_100": 1.0}
    missed = {c.figure for c in balance.acceptance(far) if not c.ok}
    assert missed == {"regular tickets completed %", "turns per player", "timeouts",
                      "passes per 100 games"}


def test_heat_colours_run_from_pale_to_dark() -> None:
    pale, dark = balance.heat_colour(0.0), balance.heat_colour(1.0)
    assert sum(pale) > sum(balance.heat_colour(0.5)) > sum(dark)
    assert balance.heat_colour(2.0) == dark and balance.heat_colour(-1.0) == pale


def test_bad_input_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["balance", "--game", "ttr", "--seats", "6"]) == 2
    assert "2 to 5 players" in capsys.readouterr().err
    assert cli.main(["balance", "--game", "ttr", "--seats", "two"]) == 2
