"""Italian Rails: Rick Heli's two-player crayon-rails game on a map of Italy.

- :mod:`.rules`: the board (map files), the rules engine, records (pure, no pygame);
- :mod:`.ai`: the computer opponent;
- :mod:`.ui`: the game screen;
- :mod:`.authoring`: the map author's tools (preview, inspector, deck builder, new map);
- :mod:`.devtools`: the game's own development tools (never in the executable).
"""
