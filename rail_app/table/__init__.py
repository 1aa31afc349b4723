"""The table: what every game shares and how the shared layers reach a game (no pygame).

- the engine kit every game's rules stand on: :mod:`.quotes` (quotes, violations, moments,
  the one refusal), :mod:`.actions` (the Action base and the one codec), :mod:`.events` (the
  typed log's base), :mod:`.engine` (the engine skeleton: rulebook rows, the moment, quote,
  apply, ``apply_quoted``, legal actions), :mod:`.invariants` (the one checker) and
  :mod:`.players` (random and greedy players over the legal actions);
- :mod:`.gamedef`: a game's :class:`~rail_app.table.gamedef.GameDef` (its identity as data
  and its parts, loaded when first used) and its :class:`~rail_app.table.gamedef.Rules`
  (the kit's engine and codec and the game's own functions: its board, new game, what a
  seat may see, the outcome, its records, its invariants);
- :mod:`.seats`: seats, seat kinds, computer levels and a game's seat range;
- :mod:`.outcome`: how a game ended (ranks, scores and the reason);
- :mod:`.registry`: the one explicit list of the games on the table;
- :mod:`.records`: game records and their envelope (which game, which rules version);
- :mod:`.saves`: saved games (the record, the seats, the world it was played on);
- :mod:`.library`: opening the records and saves of any game through the registry.
"""
