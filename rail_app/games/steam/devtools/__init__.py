"""Steam's development tools (never part of the executable): the map figures
(:mod:`.mapstats`), the map author's tools as an entry point of their own (:mod:`.maptools`;
the shared command line's ``validate-map``, ``render-map``, ``new-map`` and ``preview``
reach the same tools), and the tournament of the computer levels
(:mod:`.tournament`)."""
