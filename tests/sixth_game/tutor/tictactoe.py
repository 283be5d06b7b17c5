"""The Martian Tic-Tac-Toe tutorial: one match against the easy computer, the learner marking X.
Every match meets both rules (marking, and the end), so any seed will do."""

from games.core import N_

from . import Lesson

LESSON = Lesson(
    "tictactoe",
    players=2,
    seed=1,
    welcome=N_(
        "Welcome to Martian Tic-Tac-Toe! Get three of your marks in a row before the other player does."
    ),
    introductions={
        "mark": N_("Marking: on your turn, put your mark on any empty square."),
        "end": N_(
            "Three marks in a row, column or diagonal win at once; a full board without one is a draw."
        ),
    },
)
