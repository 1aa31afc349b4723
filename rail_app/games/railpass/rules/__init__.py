"""Rail Pass's pure rules: no pygame, no clock of the machine, nothing random but the seed."""
