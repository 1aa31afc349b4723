"""The review of a replayed game, worked out in a thread of its own while the frames go on
(a computer player's look at every turn of one seat: seconds for a game of Steam); the
replay's Review button says how far it has come."""

from __future__ import annotations

from functools import partial

from rail_app.core.i18n import _, number
from rail_app.table.review import TurnReview, review_turns
from rail_app.table.timeline import Timeline
from rail_app.ui.background import Background


def _whole_review(timeline: Timeline, seat: int, found: list[TurnReview]) -> list[TurnReview]:
    """The review of ``seat``'s turns, each appended to ``found`` as it is done."""
    for turn in review_turns(timeline, seat):
        found.append(turn)
    return found


class ReviewRun:
    """The review of ``seat`` on ``timeline`` (a timeline of its own: the replay's serves the
    frames), under way."""

    def __init__(self, timeline: Timeline, seat: int) -> None:
        self.found: list[TurnReview] = []  # the turns reviewed so far
        self.said = 0  # of which the button has said
        self.last_turn = timeline.turn_at(timeline.last)
        self.work = Background(partial(_whole_review, timeline, seat, self.found), "review")

    def progress(self) -> str:
        """The Review button's words while it works ("Reviewing 3/8…")."""
        done = self.found[-1].turn if self.found else 0
        return _("Reviewing {turn}/{last}…").format(turn=number(min(done + 1, self.last_turn)),
                                                    last=number(self.last_turn))

    def moved_on(self) -> bool:
        """Whether more turns are reviewed since the button last said."""
        if len(self.found) == self.said:
            return False
        self.said = len(self.found)
        return True

    def done(self) -> bool:
        return self.work.done()

    def result(self) -> list[TurnReview]:
        """The review's turns (its error, if it failed, raised here for the crash net)."""
        return self.work.result()
