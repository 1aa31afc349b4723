"""Italian Rails' tools for map authors: the live preview, the inspector, the deck builder
and the starter map."""
