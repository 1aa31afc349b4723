"""The games on the table, each a package behind the boundary of :mod:`rail_app.table`.

No game imports another; the shared layers reach a game only through the registry
(:mod:`rail_app.table.registry`) and the shell's table of screens
(:mod:`rail_app.ui.screens`).
"""
