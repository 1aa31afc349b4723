"""Rail Pass's tools for configuration authors."""
