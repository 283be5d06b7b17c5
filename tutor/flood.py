"""The Martian Flood tutorial: a three-player match against two easy computer players.

Three players is the shortest table (the learner acts every third turn), and the seed is one where
following the suggestions meets every rule, both ways a round can end included. Building,
scrapping and infiltrating are worth doing oneself, so while one of them is new to the learner and
legal, the step suggests the best move of that kind (by the computer's own evaluation).
"""

from __future__ import annotations

import random

from computer.flood import best_action
from computer.flood_eval import Evaluator
from games.core import N_
from games.flood import FLOOD, FloodState

from . import Lesson

# The kinds of action a learner should try with their own hands, in the order a match offers them.
TRY_YOURSELF = ("build", "scrap", "infiltrate")
LOOKAHEAD_SEED = 0  # the made-up deck order and dice the preference judges moves in


def try_an_untaught_action(state: FloodState, seat: int, actions: list, untaught: set[str]):
    """The best build, scrap or infiltration, if that kind is legal and new to the learner; else
    None (the guide chooses). Judged one ply deep in a copy where the deck's order and the dice
    are made up, as the computer players judge: only what the seat may see."""
    for topic in TRY_YOURSELF:
        # an action's own kind is the first topic it touches, whatever its events
        candidates = [action for action in actions if FLOOD.topics_of(action, [])[0] == topic]
        if topic in untaught and candidates:
            world = state.determinize(seat, LOOKAHEAD_SEED)
            return best_action(world, seat, candidates, Evaluator(), random.Random(LOOKAHEAD_SEED))
    return None


LESSON = Lesson(
    "flood",
    players=3,
    seed=438,
    welcome=N_(
        "Welcome to Martian Flood! Lay ships on sector cards, stand them up as towers and build "
        "them high. Every round ends in a flood; after the third, the towers left standing score."
    ),
    introductions={
        "draw": N_("Draw: turn over the top two cards of the deck. A card's number is its sector."),
        "keep": N_(
            "Keep one of the two cards and lay a ship on it: a pyramid of any size from your stash, "
            "lying down. The other card goes on the discard pile."
        ),
        "build": N_(
            "Build: stand a pyramid from your stash on top of one of your towers. A pyramid never "
            "goes on a smaller one."
        ),
        "scrap": N_(
            "Scrap: stand two of your ships up, each as a new tower on its own card or on top of "
            "one of your towers that is at least as big."
        ),
        "infiltrate": N_(
            "Infiltrate: send one of your ships, card and all, to an opponent. Your colour in their "
            "towers scores for you."
        ),
        "resolve": N_(
            "An infiltrating ship lands at the start of its target's turn, using up one of their "
            "actions: on top of a tower of theirs it fits on, or standing up on its own card."
        ),
        "deck-out": N_(
            "Once the deck is empty, the turn being played is the round's last; then the flood comes."
        ),
        "last-pyramid": N_(
            "A player who places the last pyramid of their stash makes that turn the round's last too."
        ),
        "flood": N_(
            "The flood: after each round, roll three dice (3 times after round 1, 4 after round 2, "
            "5 after round 3). Each sum minus one floods that sector: its towers lose all their "
            "largest pyramids, which go back to their stashes."
        ),
        "game-end": N_(
            "The game ends with the flood after round 3. Then the towers score; the highest total "
            "wins, and a tie shares the win."
        ),
        "tallest-tower": N_(
            "Tallest tower: whoever has the tower with the most pyramids scores 15 (every tied player does)."
        ),
        "most-singles": N_(
            "Single towers: whoever has the most one-pyramid towers scores 10 (every tied player does)."
        ),
        "own-towers": N_("Every tower of two pyramids or more scores its card's number for its owner."),
        "colour-bonus": N_(
            "Every opponent's tower holding a pyramid of your colour scores its card's number for you."
        ),
    },
    options={},  # Martian Flood has no options: three rounds of the standard rules
    learner=0,
    opponents="easy",
    guide="normal",
    prefer=try_an_untaught_action,
)
