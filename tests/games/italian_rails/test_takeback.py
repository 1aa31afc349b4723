"""Taking back (not in the published rules; rules/takeback.py): the train's last move, pickup, lock or drop of the move phase, as long as
nothing hidden was revealed by it; a game record holding a taking back replays as played."""

from __future__ import annotations

from rail_app.games.italian_rails.rules import record
from rail_app.games.italian_rails.rules.actions import (
    Deliver,
    EndPhase,
    Lock,
    MoveTrain,
    PickUp,
    PlaceTrain,
    TakeBack,
)
from rail_app.games.italian_rails.rules.engine import apply, quote
from rail_app.games.italian_rails.rules.quotes import TakeBackDetails
from rail_app.games.italian_rails.rules.words import log_line
from tests.games.italian_rails.test_cards import arranged
from tests.minihelp import BOARD, d, lay, moving_game

ROW8 = ["-4,8", "-3,8", "-2,8", "-1,8", "0,8", "1,8", "2,8", "3,8"]


def test_take_back_a_move_is_taken_back_and_the_train_stands_where_it_stood() -> None:
    s = moving_game(1)
    lay(s, 0, ROW8)
    s.players[0].position = d("0,8")
    s = apply(s, MoveTrain(("1,8", "2,8")))
    s = apply(s, MoveTrain(("3,8",)))
    assert s.moves_left == 6
    q = quote(s, TakeBack())
    assert q.ok and q.detail(TakeBackDetails) == TakeBackDetails("move", 0)
    s = apply(s, TakeBack())
    assert s.players[0].position == d("2,8") and s.moves_left == 7
    s = apply(s, TakeBack())  # and the move before it
    assert s.players[0].position == d("0,8") and s.moves_left is None
    assert quote(s, TakeBack()).rules == ["nothing-to-take-back"]  # nothing more this phase
    kinds = [a.kind for _, a in s.history]
    assert kinds == ["move", "move", "take_back", "take_back"]  # the record keeps it all
    assert log_line(s, s.log[-1]) == "Anna takes back the move"


def test_take_back_taking_back_a_move_gives_the_rent_back() -> None:
    s = moving_game(1)
    lay(s, 1, ROW8)  # Bruno's track
    s.players[0].position = d("0,8")
    cash = [p.cash for p in s.players]
    s = apply(s, MoveTrain(("1,8", "2,8")))
    assert [p.cash for p in s.players] == [cash[0] - 4, cash[1] + 4]  # M3
    q = quote(s, TakeBack())
    assert q.detail(TakeBackDetails) == TakeBackDetails("move", 4)
    s = apply(s, TakeBack())
    assert [p.cash for p in s.players] == cash and not s.rental_paid


def test_take_back_a_pickup_is_taken_back_unless_it_made_a_card_be_drawn() -> None:
    s = arranged([1, 6, 7, 8, 9, 10])
    s = apply(s, PickUp("marble", 8, 0))  # a public card locked; 5 unlocked: nothing drawn
    assert quote(s, TakeBack()).ok
    s = apply(s, TakeBack())
    assert s.players[0].loads == [] and s.pool == [1, 6, 7, 8, 9, 10]
    s = arranged([1, 6, 7, 8])
    pile = list(s.draw_pile)
    s = apply(s, PickUp("marble", 8, 0))  # 3 unlocked: the pool draws a card (C7)
    assert s.draw_pile != pile
    q = quote(s, TakeBack())
    assert q.rules == ["nothing-to-take-back"] and "card" in q.headline
    s = arranged([1, 6, 7, 8, 9, 10])
    s = apply(s, PickUp("marble"))
    s = apply(s, Lock(2, 1))  # a private card: nothing drawn
    s = apply(s, TakeBack())
    assert [(x.commodity, x.card) for x in s.players[0].loads] == [("marble", None)]


def test_take_back_nothing_is_taken_back_after_a_delivery_or_the_end_of_the_phase() -> None:
    s = arranged([1, 6, 7, 8, 9, 10], at="Gamma")
    s = apply(s, PickUp("marble", 2, 1))  # card 2: marble to Delta
    s.players[0].position = BOARD.cities["Delta"].centre
    s = apply(s, Deliver(2, 1))
    assert quote(s, TakeBack()).rules == ["nothing-to-take-back"]
    s = arranged([1, 6, 7, 8, 9, 10])
    s = apply(s, PickUp("marble"))
    s = apply(s, EndPhase())
    assert quote(s, TakeBack()).rules == ["wrong-phase"]


def test_take_back_a_record_with_a_taking_back_replays_as_played() -> None:
    from rail_app.games.italian_rails.rules.actions import EndTurn
    from rail_app.games.italian_rails.rules.engine import new_game

    s = new_game(BOARD, None, seed=5)
    while not (s.current == 0 and s.phase.value == "move"):  # two building turns each
        s = apply(s, EndTurn())
    s = apply(s, PlaceTrain("6,7"))
    s = apply(s, MoveTrain(("5,7",)))
    s = apply(s, TakeBack())
    s = apply(s, TakeBack())
    s = apply(s, PlaceTrain(BOARD.key(BOARD.cities["Alfa"].centre)))
    rec = record.record_from_game(s, str(BOARD.path))
    again, results = record.replay_record(rec, BOARD, None)
    assert all(r.ok for r in results)
    assert [a.kind for _, a in again.history][-5:] == ["place", "move", "take_back",
                                                       "take_back", "place"]
    assert again.players[0].position == s.players[0].position == BOARD.cities["Alfa"].centre
    assert [log_line(again, x) for x in again.log] == [log_line(s, x) for x in s.log]
