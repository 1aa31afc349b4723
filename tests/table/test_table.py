"""The table every game shares: seat ranges, outcomes, the registry, the cache, and the
envelope of records and saves (which game, which rules version; files made before the table
are Italian Rails')."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rail_app import cli
from rail_app.core.cache import BoundedCache
from rail_app.table import records, registry
from rail_app.table.outcome import Outcome, OutcomeReason, ranks_from_keys
from rail_app.table.seats import Level, Seat, SeatKind, SeatRange
from tests.waiting import HANG_S

ROOT = Path(__file__).resolve().parents[2]


def test_a_seat_range_allows_its_counts_and_the_extended_one_only_with_its_option() -> None:
    steam_like = SeatRange(3, 5, 3, extended=6, extended_by="six_players")
    assert list(steam_like.counts()) == [3, 4, 5, 6]
    assert steam_like.allows(4) and not steam_like.allows(2)
    assert not steam_like.allows(6) and steam_like.allows(6, frozenset({"six_players"}))
    assert steam_like.words() == "3-5 players (6 with an option)"
    assert SeatRange(2, 2, 2).words() == "2 players"
    with pytest.raises(ValueError):
        SeatRange(2, 7, 2)  # the shell lays out six seats at most
    with pytest.raises(ValueError):
        SeatRange(3, 5, 3, extended=6)  # an extended range names its option


def test_seats_read_from_words_hold_the_enums() -> None:
    seat = Seat("Anna", "computer", "hard", "blue")  # type: ignore[arg-type]
    assert seat.kind is SeatKind.COMPUTER and seat.level is Level.HARD and seat.computer
    assert seat.to_json() == {"name": "Anna", "kind": "computer", "level": "hard",
                              "ink": "blue"}
    with pytest.raises(ValueError):
        Seat("Anna", "robot")  # type: ignore[arg-type]


def test_ranks_share_a_place_on_a_tie_and_the_winner_is_the_one_first() -> None:
    assert ranks_from_keys([(10,), (30,), (30,), (5,)]) == (3, 1, 1, 4)
    tie = Outcome((2, 1, 1), (10, 30, 30), OutcomeReason.LAST_TURN)
    assert tie.winner is None and tie.order == [1, 2, 0]
    won = Outcome((1, 2, 3, 4, 5, 6), (9, 8, 7, 6, 5, 4), OutcomeReason.GOAL)
    assert won.winner == 0
    with pytest.raises(ValueError):
        Outcome((2, 3), (1, 1), OutcomeReason.GOAL)  # nobody first


def test_the_bounded_cache_keeps_the_newest_and_counts_its_hits() -> None:
    cache: BoundedCache[tuple[str, int], str] = BoundedCache(2)
    made: list[str] = []

    def make(v: str) -> str:
        made.append(v)
        return v.upper()

    assert cache.get(("a", 1), lambda: make("a")) == "A"
    assert cache.get(("a", 1), lambda: make("again")) == "A"
    cache.get(("b", 1), lambda: make("b"))
    cache.get(("a", 1), lambda: make("x"))  # a is the newest now
    cache.get(("c", 1), lambda: make("c"))  # b goes
    assert ("b", 1) not in cache and ("a", 1) in cache and len(cache) == 2
    assert made == ["a", "b", "c"] and cache.hits == 2


def test_the_registry_lists_italian_rails_with_its_seat_range() -> None:
    game = registry.game("italian-rails")
    assert game is registry.game()  # the default game: files that name none are its
    assert (game.title, game.seats.low, game.seats.high) == ("Italian Rails", 2, 2)
    assert registry.ids() == [g.id for g in registry.GAMES]
    with pytest.raises(registry.UnknownGame) as err:
        registry.game("chess")
    assert "italian-rails" in str(err.value)


def test_games_command_lists_the_games_with_their_seats(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    italian = next(g for g in doc["games"] if g["id"] == "italian-rails")
    assert italian["title"] == "Italian Rails"
    assert italian["seats"] == {"min": 2, "max": 2, "default": 2, "extended": None}
    assert cli.main(["games"]) == 0
    assert "italian-rails: Italian Rails, 2 players" in capsys.readouterr().out


def test_listing_the_games_loads_no_rules_engine() -> None:
    """The main menu lists the games before its first frame: the registry imports no
    game's rules (nor pygame)."""
    code = ("import sys\nfrom rail_app.table import registry\n"
            "[(g.title, g.seats) for g in registry.GAMES]\n"
            "heavy = [m for m in sys.modules if m.startswith(('pygame', 'networkx', "
            "'shapely', 'rail_app.games.italian_rails.rules.engine'))]\n"
            "assert not heavy, heavy\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr[-1500:]


def test_a_record_names_its_game_and_rules_version_and_older_ones_are_italian_rails(
        tmp_path: Path) -> None:
    from rail_app.table.library import load_record

    old = ROOT / "tests" / "records" / "mini-build.json"
    data = json.loads(old.read_text(encoding="utf-8"))
    assert data["version"] == 1 and "game" not in data  # a record made before the table
    rec, game = load_record(old)
    assert rec.game == game.id == "italian-rails" and rec.version == 1
    written = tmp_path / "again.json"
    records.save_record(written, rec, game)
    again = json.loads(written.read_text(encoding="utf-8"))
    assert (again["format"], again["version"], again["game"], again["rules_version"]) == (
        "rail-table-record", 3, "italian-rails", 1)
    assert list(again)[:6] == ["format", "version", "game", "rules_version", "map",
                               "map_sha256"]
    back, _ = load_record(written)
    assert back.actions == rec.actions and back.options == rec.options


@pytest.mark.parametrize("change, message", [
    ({"game": "chess"}, "a record of 'chess', which this program does not have"),
    ({"game": 7}, "'game' must name the game played"),
    ({"rules_version": 99}, "recorded with version 99 of the rules of italian-rails"),
    ({"rules_version": "1"}, "'rules_version' must be a whole number"),
])
def test_a_record_of_an_unknown_game_or_newer_rules_is_refused_in_one_line(
        tmp_path: Path, change: dict[str, object], message: str) -> None:
    from rail_app.table.library import load_record

    rec, game = load_record(ROOT / "tests" / "records" / "mini-build.json")
    data = records.record_to_dict(rec, game)
    data.update(change)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(records.RecordError) as err:
        load_record(path)
    assert message in str(err.value) and "\n" not in str(err.value)
