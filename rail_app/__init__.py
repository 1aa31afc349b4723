"""Italian Rails: a digital edition of Rick Heli's two-player crayon-rails game."""

__version__ = "0.1.0"
