"""Rail Pass's own development tools (its measures of the crew); never in the executable."""
