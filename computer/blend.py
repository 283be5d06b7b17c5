"""A weight that changes over a match."""

from __future__ import annotations


def blend(start: float, end: float, played: float) -> float:
    """`start` with nothing played, `end` with everything played (`played` 0..1), in a straight line."""
    return start + (end - start) * played
