"""No test writes into the player's data folder: each test has a folder of its own. And the
data folder is the table's own (``RailTable``), while a player who has the folder an earlier
version made (``ItalianRails``) keeps using it, with every save and setting in it."""

from __future__ import annotations

import tempfile
from pathlib import Path

import platformdirs
import pytest

from rail_app.core import identity, paths
from rail_app.core.paths import APP_NAME, user_data_dir


def test_tests_never_use_the_player_data_folder() -> None:
    ours = user_data_dir().resolve()
    for name in (APP_NAME, *identity.OLD_DATA_FOLDERS):
        players = Path(platformdirs.user_data_dir(name, appauthor=False)).resolve()
        assert ours != players and players not in ours.parents
    assert Path(tempfile.gettempdir()).resolve() in ours.parents
    assert list(ours.iterdir()) == []  # and it is this test's own, empty


@pytest.fixture
def platform_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The platform's place for data folders, here a folder of the test's own, and no
    ITALIAN_RAILS_DATA_DIR: the data folder is found as a player's is."""
    home = tmp_path / "share"
    home.mkdir()
    monkeypatch.setattr(platformdirs, "user_data_dir",
                        lambda name, appauthor=None: str(home / name))
    monkeypatch.delenv(identity.DATA_DIR_ENV, raising=False)
    return home


def test_a_new_player_gets_a_folder_named_for_the_table(platform_home: Path) -> None:
    assert APP_NAME == "RailTable"
    assert user_data_dir() == platform_home / "RailTable"
    assert (platform_home / "RailTable").is_dir()
    assert not (platform_home / "ItalianRails").exists()


def test_the_folder_of_an_earlier_version_keeps_being_used(platform_home: Path) -> None:
    old = platform_home / "ItalianRails"
    (old / "saves").mkdir(parents=True)
    (old / "saves" / "anna.json").write_text("{}", encoding="utf-8")
    (old / "settings.json").write_text("{}", encoding="utf-8")
    assert user_data_dir() == old
    from rail_app.ui.savedir import saves_dir
    from rail_app.ui.settings import settings_path

    assert saves_dir() == old / "saves" and (saves_dir() / "anna.json").is_file()
    assert settings_path() == old / "settings.json"
    assert not (platform_home / "RailTable").exists()  # nothing moved, nothing split


def test_the_tables_folder_wins_once_it_is_there(platform_home: Path) -> None:
    (platform_home / "ItalianRails").mkdir()
    (platform_home / "RailTable").mkdir()
    assert user_data_dir() == platform_home / "RailTable"


def test_the_variable_of_earlier_versions_still_names_the_folder(
        platform_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (platform_home / "ItalianRails").mkdir()
    chosen = tmp_path / "portable"
    monkeypatch.setenv("ITALIAN_RAILS_DATA_DIR", str(chosen))
    assert user_data_dir() == chosen and chosen.is_dir()
    with paths.scratch_data_dir(identity.SCRATCH_PREFIX) as scratch:
        assert user_data_dir() == scratch != chosen
    assert user_data_dir() == chosen
