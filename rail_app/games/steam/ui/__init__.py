"""Steam's drawing (layer ui: pygame). :mod:`.maprender` draws a Steam map: the background,
the hexes, their terrain, rivers, towns, cities and impassable sides, for the map author's
tools and for the game screen."""
import rail_app.ui  # noqa: F401  - the shell first: pygame's drawing guarded (rail_app/ui/drawguard.py)
