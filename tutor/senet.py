"""The Martian Senet tutorial: a whole race against the easy computer, the learner in seat 0.

Senet has no option that shortens a match, and every rule comes up in any match played to its
end (a 5 moves a coaster, the winner bears off, the end scores), so the seed is simply one whose
match the learner, following the suggestions, finishes in the fewest decisions found: 72, and the
learner wins (seeds 0 to 3,443 searched; half the matches take 117 or more). The guide's choice
needs no steering.
"""

from games.core import N_

from . import Lesson

LESSON = Lesson(
    "senet",
    players=2,
    seed=541,
    welcome=N_(
        "Welcome to Martian Senet! Race your twelve pyramids along the path, Source, then Balance, "
        "then Perfect, and be the first to bear them all off. The bot rolls the die; you choose what moves."
    ),
    introductions={
        "move": N_(
            "Moving: one of your pyramids goes exactly as many steps as the roll, with any smaller "
            "ones on it. It stops on an empty square, on a pyramid one size larger, or over one a size "
            "smaller, which is then locked inside."
        ),
        "coaster": N_(
            "A 5 moves a coaster instead: E takes the east coaster, pyramids and all, to the west end, "
            "W the west one to the east end. Then you roll again, as after a 1 or a 6."
        ),
        "bear-off": N_(
            "Bearing off: once none of your pyramids is on the Source, a pyramid that passes P9 "
            "leaves the board. It can't take the other player's pyramids off with it."
        ),
        "win": N_("The first player to bear off all twelve pyramids wins at once."),
        "points": N_(
            "The winner scores the loser's pyramids left on the board: 1, 2 or 3 by size, times 3 on "
            "the Source, 2 on the Balance and 1 on the Perfect."
        ),
    },
    learner=0,
    opponents="easy",
    guide="normal",
)
