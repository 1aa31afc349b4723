"""Steam's development tools (never part of the executable): the map figures
(:mod:`.mapstats`), a way to run the map author's tools before the shared command line
dispatches to them (:mod:`.maptools`), and the tournament of the computer levels
(:mod:`.tournament`)."""
