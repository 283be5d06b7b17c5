"""Martian Senet's words that both its pictures and its Discord texts say, worded once here
(renderers may not import the bot, so the presenter takes them from this module)."""

from __future__ import annotations

from catalogue import N_

# The tracks' names, like the S, B and P of the notation: names, the same in every language.
TRACK_NAMES = {"S": "Source", "B": "Balance", "P": "Perfect"}
OFF_WORD = N_("off")  # past P9: the board's exit, and a move's destination in words
NEST, TREE, BLOCK = N_("Nest"), N_("Tree"), N_("Block")  # the three kinds of stack
# The die, face by face, as the rules picture labels it and its alt text reads it.
DIE_RULES = (
    ((1, 6), N_("move, roll again")),
    ((2, 3, 4), N_("move, the turn ends")),
    ((5,), N_("coaster E or W, roll again")),
)
