"""League arithmetic: how a finished table ranks its players, and tournaments (pairings, byes,
standings and tie-breaks). Pure: no Discord, no database, no games; the bot gives it results."""

from .scoring import match_points, placings

__all__ = ["match_points", "placings"]
