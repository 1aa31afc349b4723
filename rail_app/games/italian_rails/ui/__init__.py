"""The game screen, by responsibility (DESIGN.md habit 8).

- :mod:`.table`: the table model, every piece of screen-only state in one typed dataclass;
- :mod:`.commands`: what a button, a key or a gesture asks for, as typed values;
- :mod:`.controller` (with :mod:`.building`, :mod:`.moving`, :mod:`.pacing`): the only code
  that changes the table, and the one caller of the session's ``apply``;
- :mod:`.input`: pygame events turned into controller calls;
- :mod:`.layout`, :mod:`.frame`: what the screen shows this frame, computed before drawing
  (rectangles, widgets, panel pictures), read by drawing and by clicks alike;
- :mod:`.bars`, :mod:`.side`, :mod:`.cards`, :mod:`.history`, :mod:`.dialogs`: the top bar,
  the button bar, the side panel, the history and the dialogs;
- :mod:`.track`, :mod:`.marks`, :mod:`.tooltips`, :mod:`.words`: the map's layers and marks,
  what the pointer is over, and places named in a player's words;
- :mod:`.scene`: the :class:`~rail_app.games.italian_rails.ui.scene.GameScene` that ties them together.

Drawing reads the table and the frame and changes nothing.
"""
import rail_app.ui  # noqa: F401  - the shell first: pygame's drawing guarded (rail_app/ui/drawguard.py)
