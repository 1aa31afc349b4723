"""The map author's tools for Steam maps (layer authoring): :mod:`.maptools` checks a map and
sums it up, draws it to a picture and writes a starter map; :mod:`.preview` shows a map in a
window that redraws whenever the file is saved. The shared command line (``validate-map``,
``render-map``, ``new-map --game steam``, ``preview``) reaches them by the map's ``game:``."""
