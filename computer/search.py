"""Information-set Monte Carlo tree search (single observer), over determinizations only.

Every iteration starts from `state.determinize(seat, seed_i)`: a full state in which everything
hidden from `seat` has been resampled consistently with what `seat` knows (other hands, the bag or
deck order, the opponents' objectives, the future dice). The search never reads the real state's
hidden parts, so two states that look the same to `seat` give the same decision.

One tree is shared by all determinizations; a node is a sequence of choices. Its children are the
actions chosen there, each with its visits, its total reward for the seat that chose it and its
availability (how often it was legal when the node was passed: ISMCTS's UCB uses that instead of
the parent's visits, since an action may be legal in only some determinizations). Chance (dice,
draws) is inside `apply`, driven by the determinization's reseeded random source.

Below the tree a short rollout follows the game's rollout policy, then the position is scored by
the game's evaluation (`computer.heuristics`), or by the outcome if the match is over.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from .heuristics import Heuristic, outcome_rewards

EXPLORATION = 0.7  # UCB constant; rewards are in [0, 1]
TIME_CAP = 5.0  # seconds: a safety net only, the iteration budget normally ends the search first
# Actions one descent may apply before it is scored where it stands: forced actions are applied
# without a node, and some games (Combat) can pass forced turns back and forth for ever.
MAX_DESCENT = 300


def derive_seed(seed: int, *parts: Any) -> int:
    """A 63-bit seed from `seed` and labels, stable across interpreters (no hash randomisation)."""
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


class Node:
    __slots__ = ("avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat that chose the action leading here
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[Any, Node] = {}


@dataclass
class Decision:
    """What a game's player decided: the action, out of how many, the result it expects for the
    deciding seat (0..1) and how many simulated positions it looked at (0: it didn't search)."""

    action: Any
    options: int
    expected: float = 0.5
    samples: int = 0
    stats: dict = field(default_factory=dict)  # action -> (visits, mean), where the method has them


def determinize(state, seat: int, seed: int):
    """The state as `seat` might believe it to be (the engine's own determinization)."""
    return state.determinize(seat, seed)


def acting_seat(state, root_seat: int | None) -> int:
    """Who acts next in a simulation: the seat to move (several may be, when order_free: the
    deciding seat first if it is among them, else the first listed)."""
    to_move = state.to_move
    if root_seat is not None and root_seat in to_move:
        return root_seat
    return to_move[0]


def search(
    state, seat: int, heuristic: Heuristic, iterations: int, seed: int, *, time_cap: float = TIME_CAP
) -> Decision:
    # In notation order: the engine's order may follow hidden things (the real hand's order).
    actions = sorted(state.legal_actions(seat), key=str)
    if not actions:
        raise ValueError("the seat has no legal action")
    if len(actions) == 1:
        return Decision(actions[0], 1)
    rng = random.Random(derive_seed(seed, "search"))
    root = Node(seat)
    deadline = time.perf_counter() + time_cap
    done = 0
    for index in range(iterations):
        if index and time.perf_counter() > deadline:
            break
        world = determinize(state, seat, derive_seed(seed, "world", index))
        _iterate(world, root, seat, heuristic, rng)
        done += 1
    stats = {}
    for action in actions:
        child = root.children.get(action)
        stats[action] = (child.visits, child.total / child.visits) if child and child.visits else (0, 0.0)
    best = max(range(len(actions)), key=lambda i: (stats[actions[i]][0], stats[actions[i]][1], -i))
    chosen = actions[best]
    mean = stats[chosen][1]
    return Decision(chosen, len(actions), mean, done, stats)


def _iterate(world, root: Node, seat: int, heuristic: Heuristic, rng: random.Random) -> None:
    node, path = root, []
    for _ in range(MAX_DESCENT):
        if world.is_over:
            break
        actor = acting_seat(world, seat if node is root else None)
        actions = world.legal_actions(actor)
        if len(actions) == 1 and node is not root:
            world.apply(actor, actions[0])  # forced: no choice, no node
            continue
        children = node.children
        untried = []
        for action in actions:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.avail += 1
        if untried:
            action = heuristic.expand(world, actor, untried, rng)
            child = children[action] = Node(actor)
            child.avail = 1
            world.apply(actor, action)
            path.append(child)
            break
        best, best_value = None, -1.0
        for action in actions:
            child = children[action]
            value = child.total / child.visits + EXPLORATION * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = action, value
        world.apply(actor, best)
        node = children[best]
        path.append(node)
    rewards = _rollout(world, heuristic, rng)
    for child in path:
        child.visits += 1
        child.total += rewards[child.seat]


def _rollout(world, heuristic: Heuristic, rng: random.Random) -> list[float]:
    steps = heuristic.rollout_steps
    while not world.is_over and steps > 0:
        actor = world.to_move[0]
        actions = world.legal_actions(actor)
        world.apply(actor, actions[0] if len(actions) == 1 else heuristic.rollout(world, actor, actions, rng))
        steps -= 1
    if world.is_over:
        return outcome_rewards(world)
    return heuristic.evaluate(world)
