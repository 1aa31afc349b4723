"""A request for money from the bank at a moment it is not lent is refused on Steam's screen
in a player's words, naming its rule, in English and in the Spanish edition's words (S-M3 in
the Basic game; S-S4 and S-S9 in the Standard one)."""

from __future__ import annotations

from steamhelp import at_build, game

from rail_app.core import i18n
from rail_app.games.steam.rules import engine
from rail_app.games.steam.rules.actions import TakeCapital
from rail_app.games.steam.rules.state import Phase
from rail_app.games.steam.ui import words


def _said(state: object, action: TakeCapital) -> tuple[str, str]:
    q = engine.quote(state, action)  # type: ignore[arg-type]
    assert not q.ok
    v = q.violations[0]
    with i18n.using_language("en"):
        en = words.refusal(v)
    with i18n.using_language("es"):
        es = words.refusal(v)
    return en, es


def test_S_M3_asking_the_bank_for_money_in_the_basic_game_is_said_in_both_languages() -> None:
    """S-M3: in the Basic game money is asked from the bank only to make a payment."""
    s = at_build(game("row", 3), 0)
    en, es = _said(s, TakeCapital(1))
    assert en.endswith("(S-M3)") and "only when a payment is more than your cash" in en
    assert es.endswith("(S-M3)") and "dinero al banco" in es and "Juego Básico" in es


def test_S_S4_S_S9_asking_after_phase_1_of_the_standard_game_is_said_in_both_languages(
        ) -> None:
    """S-S4, S-S9: in the Standard game money is asked from the bank only in phase 1."""
    s = game("row", 3, options={"game": "standard"})
    for _ in range(3):
        s = engine.apply(s, TakeCapital(0))
    assert s.phase is Phase.AUCTION
    en, es = _said(s, TakeCapital(1))
    assert en.endswith("(S-S4)") and "only in phase 1" in en
    assert es.endswith("(S-S4)") and "fase 1, Adquirir capital" in es
    s = at_build(s, 0)
    en, es = _said(s, TakeCapital(1))
    assert en.endswith("(S-S9)") and "money in hand" in en
    assert es.endswith("(S-S9)") and "dinero en mano" in es
    # a step that is not whole is still S-S4's other refusal, in its own words
    s = game("row", 3, options={"game": "standard"})
    en, es = _said(s, TakeCapital(-1))
    assert en.endswith("(S-S4)") and "whole $5 steps" in en


def test_a_refusal_never_names_a_tiles_code_S_K13_S_K14_S_K16() -> None:
    """The rules' sentences name a tile by its code (#21, T11); a player reads the rule in
    words instead, in both languages (S-K13, S-K14, S-K16)."""
    import re

    from rail_app.games.steam.rules.quotes import Violation

    code = re.compile(r"#\d+|\bT\d\d\b")

    for v in (Violation("S-K13", "No tile in the box combines this track with the #21 "
                                 "already there"),
              Violation("S-K14", "No T11 tile is left in the supply"),
              Violation("S-K16", "An upgrade must keep every path of the #44 where it is")):
        for lang in ("en", "es"):
            with i18n.using_language(lang):
                said = words.refusal(v)
            assert not code.search(said), said
            assert said.endswith(f"({v.rule})"), said
