"""The games of the table, each a package behind the game boundary; no game imports another."""
