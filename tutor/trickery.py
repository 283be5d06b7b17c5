"""The Martian Trickery tutorial: three players, the Rainbow set, four hands.

The seed was chosen (by a small search outside the repository) so that a learner who only plays the
suggested cards meets every rule by the end of the second hand, wins the match, and plays no
tie-break hand: 48 decisions, one card a trick. The guide's choice is always a sensible card here, so
the lesson needs no preference of its own.
"""

from games.core import N_

from . import Lesson

LESSON = Lesson(
    "trickery",
    players=3,
    seed=1008,
    options={"pyramids": "rainbow", "first_dealer": "random"},
    welcome=N_(
        "Welcome to Martian Trickery! Win tricks to take pyramids as prizes, then score them in "
        "groups. Four hands of twelve tricks; the highest total wins."
    ),
    introductions={
        "lead": N_(
            "Leading: the leader names a pyramid from the pool as the prize and plays the first card. "
            "Spades can't be led before they are broken, unless you hold nothing else."
        ),
        "last-lead": N_(
            "The last trick: one pyramid is left, so it is the prize; the leader just plays a card."
        ),
        "follow": N_(
            "Following: play a card of the suit led if you have one; if you don't, any card will do."
        ),
        "break-spades": N_(
            "Spades are trumps: with none of the suit led, a spade beats it. The first one breaks "
            "spades, and from then on they may be led."
        ),
        "trick-won": N_(
            "Winning a trick: the highest spade wins, else the highest card of the suit led. The "
            "winner takes the prize and leads next."
        ),
        "single": N_(
            "Scoring, after each hand: a pyramid you took scores 1 on its own; groups of three "
            "score more, and the best split counts."
        ),
        "size-triple": N_("Three of a size: all three smalls, mediums or larges score 7 together."),
        "mixed-tree": N_("A tree: a small, a medium and a large score 5 together."),
        "colour-tree": N_("A one-colour tree: small, medium and large of one colour score 7."),
        "one-penalty": N_("One black pyramid: your pyramids of its size score nothing that hand."),
        "two-penalties": N_("Two black pyramids: that hand's score counts against you."),
        "three-penalties": N_("All three black pyramids: 21 points on top of that hand's score."),
        "game-end": N_(
            "The end: after four hands the highest total wins. A tie for first plays another hand."
        ),
    },
    learner=0,
    opponents="easy",
    guide="normal",
)
