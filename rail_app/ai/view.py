"""What one seat at the table can see: the computer opponent plans only on this.

A :class:`PlayerView` is built from the game state by copying the information a person in
that seat has: the board, their own hand and train, the public pool, both networks, the
opponent's train and loads, the events in force, and the opponent's cash only once it is
public (E3). It never copies the opponent's private cards, the order of the draw pile or
the random generator, so a planner working on a view cannot peek, by construction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rail_app.core.board import Board
from rail_app.rules.deckmodel import Card, Deck
from rail_app.rules.state import ActiveEvent, Edge, GameState, Load, PlayerState, WashedOut


@dataclass(frozen=True)
class OpponentView:
    """The public side of the other player."""

    name: str
    cash: int | None  # None while cash is secret (E3 makes it public)
    loco: str
    track: frozenset[Edge]
    ferries: frozenset[int]
    position: int | None
    aboard: int | None
    loads: tuple[Load, ...]  # commodities; locks shown only for public cards
    private_count: int
    turns_taken: int
    deliveries: int


@dataclass
class PlayerView:
    board: Board
    seat: int
    phase: str
    current: int
    turn: int
    first_player: int
    variants: frozenset[str]
    me: PlayerState
    opp: OpponentView
    pool: tuple[int, ...]
    cards: dict[int, Card]  # the cards this seat can read: own hand, dealt cards, the pool
    owner: dict[Edge, int]
    ferry_takers: dict[int, tuple[int, ...]]
    events: tuple[ActiveEvent, ...]
    washed_out: tuple[WashedOut, ...]
    cash_public: bool
    turn_started: bool
    swapped_this_turn: bool
    moves_left: int | None
    half_speed_now: bool
    rental_paid: bool
    phase_spent: int
    phase_built: tuple[tuple[Edge, int, int], ...]
    phase_upgrade: tuple[str, str, int] | None
    phase_major_starts: frozenset[str]
    pending_mine: bool
    draw_pile_size: int
    end_triggered_by: int | None
    locked_public: dict[int, int] = field(default_factory=dict)  # card -> locked demand

    @property
    def rules(self):  # type: ignore[no-untyped-def]
        return self.board.rules

    def card(self, number: int) -> Card:
        """A card this seat may read; KeyError for any other (the opponent's hand, the deck)."""
        return self.cards[number]

    def variant(self, name: str) -> bool:
        return name in self.variants


def _copy_me(p: PlayerState) -> PlayerState:
    from rail_app.rules.state import _copy_player

    return _copy_player(p)


def make_view(state: GameState, seat: int) -> PlayerView:
    """Copy what ``seat`` may see of ``state`` (see the module docstring)."""
    me = state.players[seat]
    other = state.players[1 - seat]
    deck: Deck = state.deck
    pool = tuple(state.pool)
    readable = set(me.private) | set(me.dealt) | set(pool)
    cards = {n: deck.cards[n] for n in readable if n in deck.cards}
    locked_public: dict[int, int] = {}
    for p in state.players:
        for load in p.loads:
            if load.card is not None and load.card in pool and load.demand is not None:
                locked_public[load.card] = load.demand
    opp_loads = tuple(
        Load(x.commodity, x.card, x.demand) if x.card is not None and x.card in pool
        else Load(x.commodity, -1 if x.card is not None else None,
                  -1 if x.card is not None else None)
        for x in other.loads)
    opp = OpponentView(
        name=other.name,
        cash=other.cash if state.cash_public else None,
        loco=other.loco,
        track=frozenset(other.track),
        ferries=frozenset(other.ferries),
        position=other.position,
        aboard=other.aboard,
        loads=opp_loads,
        private_count=len(other.private),
        turns_taken=other.turns_taken,
        deliveries=other.deliveries,
    )
    return PlayerView(
        board=state.board,
        seat=seat,
        phase=state.phase,
        current=state.current,
        turn=state.turn,
        first_player=state.first_player,
        variants=frozenset(state.variants),
        me=_copy_me(me),
        opp=opp,
        pool=pool,
        cards=cards,
        owner=dict(state.owner),
        ferry_takers={k: tuple(v) for k, v in state.ferry_takers.items()},
        events=tuple(state.events),
        washed_out=tuple(state.washed_out),
        cash_public=state.cash_public,
        turn_started=state.turn_started,
        swapped_this_turn=state.swapped_this_turn,
        moves_left=state.moves_left if state.current == seat else None,
        half_speed_now=state.half_speed_now if state.current == seat else False,
        rental_paid=state.rental_paid if state.current == seat else False,
        phase_spent=state.phase_spent if state.current == seat else 0,
        phase_built=tuple(state.phase_built) if state.current == seat else (),
        phase_upgrade=state.phase_upgrade if state.current == seat else None,
        phase_major_starts=frozenset(state.phase_major_starts) if state.current == seat
        else frozenset(),
        pending_mine=state.pending is not None and state.pending.player == seat,
        draw_pile_size=len(state.draw_pile),
        end_triggered_by=state.end_triggered_by,
        locked_public=locked_public,
    )
