"""The Martian Combat tutorial: a Standard match for two, the learner Red against an easy Blue.

The seed is one where following the suggestions meets every rule, the learner wins by trees, and
the learner's decisions are few (found by a bounded search over seeds, outside the repository).
"""

from __future__ import annotations

from typing import Any

from games.combat import ACTION_ORDER, WildChoice
from games.core import N_

from . import Lesson


def prefer(state: Any, seat: int, actions: list, untaught: set[str]) -> Any:
    """On a Wild roll, an action not taught yet, when it is possible: Swap, Hop, Dig or Aim is
    always a fair use of the die. Never Tip, which flips the learner's own stacks too; otherwise
    the guide's choice."""
    choices = [action for action in actions if isinstance(action, WildChoice)]
    for name in ACTION_ORDER:
        if name != "tip" and name in untaught and WildChoice(name) in choices:
            return WildChoice(name)
    return None


LESSON = Lesson(
    "combat",
    players=2,
    seed=285,
    options={"version": "standard", "rounds": 0},
    welcome=N_(
        "Welcome to Martian Combat! You are Red: build a red tree (large, medium, small on top) on "
        "both of your home squares, c6 and d6, across the board. Each turn: one step if you like, "
        "then the action die. The dashed white frame shows the suggested move."
    ),
    introductions={
        "move": N_(
            "Move step: first you may step to any of the 8 squares around, with your top pyramid or "
            "your whole force, onto an empty square or your own stack. You may also skip it."
        ),
        "attack": N_(
            "Combat: after a step, you may attack a force next to you with no more pips than yours; "
            "if you don't, a force with as many or more may attack you. Each side adds a die to its "
            "pips, and the winner takes the loser's square."
        ),
        "counter": N_(
            "Counter-attack: when both forces have equal pips, a defender who lost round 1 may have "
            "both sides roll again; the two rounds are added up."
        ),
        "return": N_(
            "A beaten force goes back to its owner's start squares; if both fit, its owner picks one."
        ),
        "tip": N_(
            "Tip (die 1): every stack of two or more turns upside down, whoever's it is: nests become "
            "trees, trees become nests."
        ),
        "swap": N_(
            "Swap (die 2): one of your pyramids trades places with an opponent's of the same size, "
            "anywhere but on your home squares."
        ),
        "hop": N_(
            "Hop (die 3): jump up to 2 squares onto an opponent's stack. Both roll a die: win and you "
            "pin it down, lose and you hop back."
        ),
        "dig": N_(
            "Dig (die 4): slip one of your pyramids in right under an opponent's. Safe from combat "
            "there, but stuck until the one above leaves."
        ),
        "aim": N_(
            "Aim (die 5): a second die gives you that many steps, for one unit or several; after "
            "each unit's steps, combat may follow."
        ),
        "wild": N_("Wild (die 6): choose any action that is possible: Tip, Swap, Hop, Dig or Aim."),
        "cap": N_(
            "A home square holding a large-medium-small tree all of its owner's colour gets a black "
            "cap: finished, and frozen for good."
        ),
        "win": N_("Whoever first has both home squares capped wins at once."),
    },
    learner=0,
    opponents="easy",
    guide="normal",
    prefer=prefer,
)
