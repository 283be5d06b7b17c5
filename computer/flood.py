"""The Flood computer player: determinized lookahead in which every seat plays for itself.

Only the deck's order is hidden in Martian Flood (from everyone), and with it the future dice.
So the player samples worlds with the engine's `determinize` (the same worlds for every candidate
action: common random numbers make the comparison fair), and in each world plays each candidate
out for a short horizon: the rest of its own turn, then the turns that follow, each seat choosing
the action that is best for its OWN projected result (max-n, one ply at a time; a draw is judged
after its best keep). The position reached is scored by `computer.flood_eval`: every seat's
expected final score through the floods still to come, squashed into a share of the win. The
candidate with the best average share over the worlds is chosen.

Levels differ in how many worlds and candidates they look at and how far they look:
- easy: no lookahead; its best-looking action, but more often than not any legal action at random;
- normal: no lookahead either: always its best-looking action, in one sampled world;
- hard: more worlds and candidates, around the table back to its own turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.flood import Build, Draw, Infiltrate, Keep, Resolve, Scrap

from .decision import Decision, derive_seed
from .flood_eval import Evaluator

# Scrapping offers many ship/destination combinations; the ones a policy looks at when it must
# choose quickly (the best few by the evaluation are kept at the root anyway).
POLICY_SCRAPS = 10


@dataclass(frozen=True)
class Level:
    worlds: int  # sampled deck orders (and dice) per candidate
    candidates: int  # actions kept for the lookahead, after a one-ply screening
    turns: int  # how many turn changes the lookahead plays through (0: none)
    blunder: float = 0.0  # easy only: the chance of picking any legal action at random
    screen_worlds: int = 1  # deck orders the one-ply screening averages over


LEVELS = {
    "easy": Level(worlds=1, candidates=1, turns=0, blunder=0.85),
    "normal": Level(worlds=1, candidates=1, turns=0),
    "hard": Level(worlds=16, candidates=6, turns=3, screen_worlds=2),
}


def _kind_order(action) -> int:
    return {Draw: 0, Keep: 0, Build: 1, Resolve: 1, Scrap: 2, Infiltrate: 3}[type(action)]


def _policy_actions(actions: list, rng: random.Random) -> list:
    """The actions a quick policy considers: all but scraps beyond POLICY_SCRAPS (a sample)."""
    scraps = [action for action in actions if isinstance(action, Scrap)]
    if len(scraps) <= POLICY_SCRAPS:
        return actions
    others = [action for action in actions if not isinstance(action, Scrap)]
    return others + rng.sample(scraps, POLICY_SCRAPS)


def _after(world, actor: int, action, evaluator: Evaluator, rng: random.Random):
    """The world after `action`; a draw is followed by the drawer's best keep."""
    child = world.clone()
    child.apply(actor, action)
    if isinstance(action, Draw) and not child.is_over and child.drawn is not None:
        keep = best_action(child, actor, child.legal_actions(actor), evaluator, rng)
        child.apply(actor, keep)
    return child


def best_action(world, actor: int, actions: list, evaluator: Evaluator, rng: random.Random):
    """One ply for `actor`'s own result: the action whose resulting position it values most."""
    if len(actions) == 1:
        return actions[0]
    best, best_value = None, -1.0
    for action in _policy_actions(actions, rng):
        value = evaluator.rewards(_after(world, actor, action, evaluator, rng))[actor]
        if value > best_value + 1e-12:
            best, best_value = action, value
    return best


def _play_out(world, turns: int, evaluator: Evaluator, rng: random.Random) -> None:
    """Every seat plays its best one-ply action until `turns` turn changes have happened."""
    changes = 0
    turn = (world.round, world.current)
    while not world.is_over:
        if (world.round, world.current) != turn:
            changes += 1
            turn = (world.round, world.current)
        if changes >= turns:
            return
        actor = world.to_move[0]
        actions = world.legal_actions(actor)
        world.apply(actor, best_action(world, actor, actions, evaluator, rng))


def _screen(state, seat: int, actions: list, evaluator: Evaluator, seed: int, worlds: int) -> list:
    """Each action's one-ply value in the first worlds (a draw's depends on the cards)."""
    values = [0.0] * len(actions)
    for index in range(worlds):
        world = state.determinize(seat, derive_seed(seed, "screen", index))
        rng = random.Random(derive_seed(seed, "screen-policy", index))
        for position, action in enumerate(actions):
            values[position] += evaluator.rewards(_after(world, seat, action, evaluator, rng))[seat]
    return [value / worlds for value in values]


def think(
    state, seat: int, level: str, seed: int, *, evaluator: Evaluator | None = None, plan: Level | None = None
) -> Decision:
    plan = plan or LEVELS[level]
    evaluator = evaluator or Evaluator()
    # notation order, so the decision never follows an order the engine might take from hidden things
    actions = sorted(state.legal_actions(seat), key=str)
    screened = _screen(state, seat, actions, evaluator, seed, plan.screen_worlds)
    ranked = sorted(range(len(actions)), key=lambda i: (-screened[i], _kind_order(actions[i]), i))
    keep = ranked[: plan.candidates]
    if plan.turns == 0:
        rng = random.Random(derive_seed(seed, "easy"))
        choice = rng.randrange(len(actions)) if rng.random() < plan.blunder else keep[0]
        return Decision(actions[choice], len(actions), screened[choice], len(actions))
    totals = {index: 0.0 for index in keep}
    for world_index in range(plan.worlds):
        world = state.determinize(seat, derive_seed(seed, "world", world_index))
        for index in keep:
            rng = random.Random(derive_seed(seed, "policy", world_index, index))
            child = _after(world, seat, actions[index], evaluator, rng)
            _play_out(child, plan.turns, evaluator, rng)
            totals[index] += evaluator.rewards(child)[seat]
    best = max(keep, key=lambda index: (totals[index], -keep.index(index)))
    stats = {actions[index]: (plan.worlds, totals[index] / plan.worlds) for index in keep}
    return Decision(actions[best], len(actions), totals[best] / plan.worlds, plan.worlds * len(keep), stats)
