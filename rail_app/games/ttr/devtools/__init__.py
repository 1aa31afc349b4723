"""Ticket to Ride's development tools (never part of the executable): how the shared harnesses
play it (:mod:`.tools`) and its benchmark (:mod:`.bench`)."""
