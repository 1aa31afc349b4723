"""The screen kit: what every game's screen needs, written once (DESIGN.md habit 19).

A game's screen is its own parts (its table model, its commands, its controller's parts,
its painting) standing on these:

- :mod:`.camera`: kilometres to screen pixels over the map's rectangle: pan, zoom about a
  point, fit, kept on the map sheet;
- :mod:`.layout`: where a screen's bars, side panel and map stand;
- :mod:`.widgets`: one kind of widget for every control (a rectangle carrying a typed
  command, its words, whether it is enabled, a tooltip, a look), the hit test a click goes
  through, and their painting in a game's style;
- :mod:`.commands`: a screen's commands carried out through two tables, checked complete;
- :mod:`.notices`: short notices at the pointer, at a place on the map or at the top of
  the map, one at each spot, gone after a few seconds;
- :mod:`.hints`: the first-game hints: which are read (kept in the settings), the box one
  stands in and its "Got it";
- :mod:`.curtain`: several people at one screen: what one may not see is hidden between
  their turns until the next person is ready;
- :mod:`.pacer`: the computer's moves at a pace a person can follow, each asked of its
  player with what its seat may see (the game's ``seen_by``), never the whole state;
- :mod:`.driver`: the self-test's and the interface tests' hands: mouse and key events
  posted as a person makes them, and the self-test's report.

Nothing here knows a game: the kit reaches a game only through the session (its
``GameDef``) and the values a game's screen hands it.
"""
