"""The map author's workbench: live preview with an inspector, deck analysis, the deck
builder and the starter map (``preview``, ``build-deck``, ``new-map``)."""
