"""The combat tutorial: its lesson (to be written)."""

from games.core import N_

from . import Lesson

LESSON = Lesson(
    "combat",
    players=2,
    seed=1,
    welcome=N_("Welcome to your first match."),
    introductions={},
)
