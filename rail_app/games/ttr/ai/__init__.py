"""Computer players for Ticket to Ride (layer ai: pure, no pygame; a player never changes the
view it is given and never draws from the game's chance): the harnesses' random, greedy and
planner players (:mod:`.players`). The game's levels (Easy, Normal, Hard) are to come."""
