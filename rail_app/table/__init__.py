"""The table: what every game shares and how the shared layers reach a game (no pygame).

- :mod:`.gamedef`: the :class:`~rail_app.table.gamedef.GameDef` protocol, the boundary each
  game implements (its board, new game, quote/apply, legal actions, what a seat may see,
  the outcome, its records, its computer players);
- :mod:`.seats`: seats, seat kinds, computer levels and a game's seat range;
- :mod:`.outcome`: how a game ended (ranks, scores and the reason);
- :mod:`.registry`: the one explicit list of the games on the table;
- :mod:`.records`: game records and their envelope (which game, which rules version);
- :mod:`.saves`: saved games (the record, the seats, the world it was played on);
- :mod:`.library`: opening the records and saves of any game through the registry.
"""
