"""Steam's development tools (never part of the executable): the map figures
(:mod:`.mapstats`) and a way to run the map author's tools before the shared command line
dispatches to them (:mod:`.maptools`)."""
