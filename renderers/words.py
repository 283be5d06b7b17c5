"""Names of the pieces in the spoken language, for pictures and texts alike (the engines name
them in English, for records and notation)."""

from __future__ import annotations

from catalogue import N_, tr
from games.pieces import Pyramid

COLOUR_WORDS = {
    "R": N_("red"),
    "Y": N_("yellow"),
    "G": N_("green"),
    "B": N_("blue"),
    "K": N_("black"),
    "O": N_("orange"),
    "C": N_("cyan"),
    "L": N_("clear"),
    "P": N_("purple"),
    "W": N_("white"),
}
SIZE_WORDS = {1: N_("small"), 2: N_("medium"), 3: N_("large")}


def colour_name(colour: str) -> str:
    """'green' for G, in the spoken language."""
    return tr(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def size_name(size: int) -> str:
    """'large' for 3, in the spoken language."""
    return tr(SIZE_WORDS[size])


def pyramid_name(code: str | Pyramid) -> str:
    """'large green' for G3 (as `Pyramid.label`), in the spoken language."""
    pyramid = code if isinstance(code, Pyramid) else Pyramid.parse(code)
    return tr("{size} {colour}", size=size_name(pyramid.size), colour=colour_name(pyramid.colour))
