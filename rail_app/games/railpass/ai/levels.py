"""The computer crew's levels as data (DG-A10): they differ only in how well they plan; all
play at the same tempo with the same reaction delay (DG-A2). The stand-ins of the measures
(DG-Q5) are levels too."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class CrewLevel(StrEnum):
    """DG-A10: Trainee < Conductor < Chief; and the stand-ins of DG-Q5."""

    TRAINEE = "trainee"
    CONDUCTOR = "conductor"
    CHIEF = "chief"
    PROXY = "proxy"
    ABSENT = "absent"


@dataclass(frozen=True)
class Habits:
    """How a level plays (DG-A6, DG-A10)."""

    #: DG-A4: weigh each cube by the rise of the team's score if it arrives (else all 1).
    balance: bool
    #: Send a train only when it is full or its track is needed (Trainee).
    full_only: bool
    #: Change crew before a train is stuck (else only when it is full and cannot go).
    eager_crew: bool
    #: DG-A6 item 7: move cubes between the two parked trains so that each goes one way.
    sort_cubes: bool
    #: Never send a train into a full city (DG-A6 item 4).
    never_full: bool
    #: Chief: a reservation ledger (every incoming train has a place kept for it).
    ledger: bool
    #: Chief: DG-A8, the endgame (only trips that end in a delivery; an engineer may be spent).
    endgame: bool
    #: Chief: plan the next hop's crew in advance (relays over two hops).
    relays: bool
    #: The calls it answers (DG-K; Trainee: "Need a train" only).
    answers: frozenset[str]
    #: Which yard end it prefers when both fit equally (Trainee: the top-left one).
    top_left: bool
    #: DG-Q5: the share of its free ticks a proxy idles, in percent.
    idle: int = 0


ALL_CALLS: Final = frozenset({"need-train", "need-crew", "hold", "go"})

HABITS: Final[dict[CrewLevel, Habits]] = {
    CrewLevel.TRAINEE: Habits(balance=False, full_only=True, eager_crew=False,
                              sort_cubes=False, never_full=True, ledger=False,
                              endgame=False, relays=False,
                              answers=frozenset({"need-train"}), top_left=True),
    CrewLevel.CONDUCTOR: Habits(balance=True, full_only=False, eager_crew=True,
                                sort_cubes=True, never_full=True, ledger=False,
                                endgame=False, relays=False, answers=ALL_CALLS,
                                top_left=False),
    CrewLevel.CHIEF: Habits(balance=True, full_only=False, eager_crew=True, sort_cubes=True,
                            never_full=True, ledger=True, endgame=True, relays=True,
                            answers=ALL_CALLS, top_left=False),
    # DG-Q5: Trainee logic, idle for 20% of its free ticks (its reaction delay of 15 ticks
    # is its seat's, which the engine enforces)
    CrewLevel.PROXY: Habits(balance=False, full_only=True, eager_crew=False,
                            sort_cubes=False, never_full=True, ledger=False,
                            endgame=False, relays=False,
                            answers=frozenset({"need-train"}), top_left=True, idle=20),
}

#: DG-Q5: the proxy's reaction delay at the golden tempo.
PROXY_REACTION: Final = 15
