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
# A size before a noun, which some languages inflect by the noun and the sentence (German "ein
# kleines Schiff", "mit einem kleinen Schiff", "eine kleine Pyramide"): each context a sentence
# puts it in is translated on its own (`size_before`), so one template serves every size.
SIZES_IN_CONTEXT = (
    N_("small", context="pyramid"),
    N_("medium", context="pyramid"),
    N_("large", context="pyramid"),
    N_("small", context="pyramid, first word"),
    N_("medium", context="pyramid, first word"),
    N_("large", context="pyramid, first word"),
    N_("small", context="ship"),
    N_("medium", context="ship"),
    N_("large", context="ship"),
    N_("small", context="with a ship"),
    N_("medium", context="with a ship"),
    N_("large", context="with a ship"),
)


def colour_name(colour: str) -> str:
    """'green' for G, in the spoken language."""
    return tr(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def size_name(size: int) -> str:
    """'large' for 3, in the spoken language."""
    return tr(SIZE_WORDS[size])


# A colour before "pyramid", inflected like the size before it ("die kleine rote Pyramide").
COLOURS_IN_CONTEXT = (
    N_("red", context="pyramid"),
    N_("yellow", context="pyramid"),
    N_("blue", context="pyramid"),
    N_("green", context="pyramid"),
)


def size_before(size: int, context: str) -> str:
    """'small' for 1, as the adjective before a noun in `context` (one of SIZES_IN_CONTEXT's)."""
    return tr(SIZE_WORDS[size], context=context)


def colour_before(colour: str, context: str) -> str:
    """'red' for R, as the adjective before a noun in `context` (one of COLOURS_IN_CONTEXT's)."""
    return tr(COLOUR_WORDS[colour], context=context)


def pyramid_name(code: str | Pyramid) -> str:
    """'large green' for G3 (as `Pyramid.label`), in the spoken language."""
    pyramid = code if isinstance(code, Pyramid) else Pyramid.parse(code)
    return tr("{size} {colour}", size=size_name(pyramid.size), colour=colour_name(pyramid.colour))
