"""The question asked before a saved game that loads only in part is opened."""

from __future__ import annotations

from typing import Any

import pygame

from rail_app.core.i18n import _
from rail_app.ui.question import Question
from rail_app.ui.scene import Scene


class OpenQuestion:
    """The question a screen (the menu's Continue, the Load screen) asks before it opens a
    saved game whose recorded actions stop replaying before their end (a save made before a
    rule was corrected, on a map changed since, or edited): the sentence saying up to where
    it loads and why, and whether to load it up to there. Nothing of the file changes until
    the player saves; playing on is a new branch of the game (its own autosaves)."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.session: Any = None  # the game loaded, waiting for the answer
        self.question: Question | None = None

    def ask(self, session: Any) -> None:
        self.session = session
        self.show()

    def show(self) -> None:
        """The question's widgets, on the screen's widgets as they are now (after a change
        of the window's size too)."""
        if self.session is None:
            return
        app = self.scene.app
        self.question = Question(
            self.scene.ui, app.size, app.px, _("Only part of this game can be loaded"),
            _("{sentence} Load the game up to there? The file stays as it is until you "
              "save.").format(sentence=self.session.cut_short),
            _("Load up to there"), width=620)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the question's (while it is asked, every event is)."""
        if self.question is None:
            return False
        yes = self.question.answer(event)
        if yes is None:
            return True
        self.question.kill()
        self.question = None
        session, self.session = self.session, None
        if yes:
            self.scene.app.reset(self.scene.app.screens.game(session))
        return True
