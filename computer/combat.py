"""The Combat computer player: a sampled lookahead over whole turns with a hand-tuned evaluation.

Every decision in Combat is a small step inside a turn (the move step, attack offers, the action's
instance, each Aim step), and dice decide a lot in between. So the player:

1. ranks the legal actions one ply deep with the evaluation (`computer.combat_eval`), looking at
   the board right after the action's deterministic part (a dice source that refuses to roll stops
   the engine there), and at combats through their exact odds and both outcomes, including an
   opponent's chance to attack the force that just arrived (normal and easy stop here, and
   overlook that chance);
2. plays the best few candidates forward on several determinizations (`state.determinize`: only
   the dice to come are resampled), to the end of the opponents' replies: every seat, the deciding
   one included, then follows that same one-ply policy for its *own* evaluation, so each opponent
   answers with its own best reply;
3. scores the position where the next own turn begins by the best first action it then offers,
   one ply deep as in step 1 (or the finished match), and picks the candidate with the best mean.

Attacks at the root are split over the determinizations in proportion to their exact odds (common
numbers for every candidate), so a risky combat is judged by its expectation, not by luck.
"""

from __future__ import annotations

import contextlib
import random

from games.combat import INDEX, Attack, Counter, Return, force_pips

from .combat_eval import attack_odds, evaluate, evaluate_all, scores
from .decision import Decision, derive_seed
from .dice import NoMoreDice, ScriptedDice, before_roll


class _FirstFace:
    """A dice source whose next roll shows a given face, then rolls on from `rest`: with as many
    determinizations as faces, each face comes up once (every die in Combat is a d6)."""

    def __init__(self, face: int | None, rest) -> None:
        self.face, self.rest = face, rest

    def below(self, n: int) -> int:
        if self.face is None:
            return self.rest.below(n)
        face, self.face = self.face, None
        return face % n

    def copy(self) -> _FirstFace:
        return _FirstFace(self.face, self.rest.copy())


# Faces that settle any legal combat one way: the winner rolls 6 and the loser 1, twice if a
# counter-attack or a tie-break needs more.
ATTACKER_WINS = (5, 0, 5, 0, 5, 0)
DEFENDER_WINS = (0, 5, 0, 5, 0, 5)

# Per level: how many candidates are played forward, on how many determinizations, a chance of a
# careless (random) action, whether a step's value counts the opponents' chance to attack the force
# that arrived (R13), and whether the futures are scored by the next turn's best first action
# rather than by the board alone. Normal plays step 1 alone and overlooks those replies. Figures
# for each choice are in README ("Combat: whole turns against the opponent's replies").
LEVELS = {
    "easy": {"width": 0, "worlds": 0, "noise": 0.6, "replies": False, "next_step": False},
    "normal": {"width": 0, "worlds": 0, "noise": 0.0, "replies": False, "next_step": False},
    "hard": {"width": 4, "worlds": 6, "noise": 0.0, "replies": True, "next_step": True},
}


def _settle(world, seat: int, action, faces: tuple[int, ...]) -> None:
    """Applies `action` (an attack) on `world` with the outcome `faces` forces, then lets a
    counter-attack be declined (it can't change the forced outcome) and any dice after it roll
    from `world`'s own source again. Stops where a roll would be needed without a source."""
    real = world.rng
    world.rng = ScriptedDice(faces)
    try:
        world.apply(seat, action)
        while world.phase == "counter":
            world.apply(world.deciding_seat(), Counter(False))
    except NoMoreDice:
        pass
    finally:
        world.rng = real
    world._advance()  # where the script ran out before a roll or a turn's end, go on to the next decision


def attack_odds_of(world, action) -> float:
    """The attacker's chance to win `action`: its force's pips against the defending force's."""
    a_stack, d_stack = world.board[INDEX[action.origin]], world.board[INDEX[action.target]]
    return attack_odds(force_pips(a_stack, a_stack[-1][0]), force_pips(d_stack, d_stack[-1][0]))


def _attack_values(world, seat: int, action) -> list[float]:
    """An attack's expected evaluation for every seat, over its two outcomes at their exact odds."""
    p = attack_odds_of(world, action)
    total = [0.0] * world.num_players
    for faces, weight in ((ATTACKER_WINS, p), (DEFENDER_WINS, 1.0 - p)):
        if weight <= 0.0:
            continue
        copy = world.clone()
        copy.rng = ScriptedDice(faces)
        with contextlib.suppress(NoMoreDice):
            copy.apply(seat, action)
            while copy.phase == "counter":
                copy.apply(copy.deciding_seat(), Counter(False))
            while copy.phase == "return":  # the loser's force back on its first start square
                copy.apply(copy.deciding_seat(), Return(copy.returning["options"][0]))
        for other, value in enumerate(evaluate_all(copy)):
            total[other] += weight * value
    return total


def _settled_values(world, replies: bool = True) -> list[float]:
    """Every seat's value of `world`, where a pending combat opportunity is first decided by
    whoever decides it (the mover, then each opponent in turn), each for its own good. Without
    `replies`, the opponents' chance to attack is overlooked: the board is judged as it stands.
    Each decision declined leaves one fewer to ask, so the recursion ends."""
    if world.is_over or world.phase not in ("offer", "reply"):
        return evaluate_all(world)
    if world.phase == "reply" and not replies:
        return evaluate_all(world)
    actor = world.deciding_seat()
    best = None
    for action in world.legal_actions(actor):
        if isinstance(action, Attack):
            values = _attack_values(world, actor, action)
        else:
            values = _settled_values(before_roll(world, actor, action), replies)
        if best is None or values[actor] > best[actor]:
            best = values
    return best


def one_ply_values(
    world, seat: int, actions: list, viewer: int | None = None, replies: bool = True
) -> list[float]:
    """Each action's value one ply deep (with the combat opportunity it opens settled, see
    `_settled_values`), for `viewer` (default: `seat`, who acts)."""
    viewer = seat if viewer is None else viewer
    values = []
    for action in actions:
        if isinstance(action, Attack):
            values.append(_attack_values(world, seat, action)[viewer])
        elif isinstance(action, Counter):
            values.append(_counter_value(world, action))
        else:
            values.append(_settled_values(before_roll(world, seat, action), replies)[viewer])
    return values


def _counter_value(world, action) -> float:
    """Counter-attack whenever round 1 was lost (it only adds chances); a round-1 tie is even."""
    x, y = world.combat["rolls"][0]
    lost = world.combat["a"] + x > world.combat["d"] + y
    return 1.0 if action.declared == lost else 0.0


def policy_choice(world, seat: int, actions: list):
    values = one_ply_values(world, seat, actions)
    best = max(range(len(actions)), key=lambda index: (values[index], -index))
    return actions[best]


def _play_out(world, seat: int, until_turn: int, next_step: bool, limit: int = 400) -> float:
    """Every seat follows the one-ply policy for its own evaluation until turn `until_turn`
    begins or the match ends; then `seat`'s value there. With `next_step`, a turn of `seat`'s that
    begins there is valued by its best first action one ply deep, so an attack the opponents'
    replies left open (or a step home) counts."""
    for _ in range(limit):
        if world.is_over or world.turn >= until_turn:
            break
        actor = world.to_move[0]
        actions = world.legal_actions(actor)
        action = actions[0] if len(actions) == 1 else policy_choice(world, actor, actions)
        world.apply(actor, action)
    if next_step and not world.is_over and world.to_move[0] == seat:
        return max(one_ply_values(world, seat, world.legal_actions(seat)))
    return evaluate(world, seat)


def look_ahead_end(state) -> int:
    """The turn the play-outs stop at: after this turn and one reply (paranoid beyond two seats)."""
    return state.turn + min(state.num_players, 2)


def think(state, seat: int, level: str, seed: int) -> Decision:
    settings = LEVELS[level]
    actions = sorted(state.legal_actions(seat), key=str)
    if state.phase == "counter":  # settled by the odds alone: counter exactly when round 1 was lost
        values = [_counter_value(state, action) for action in actions]
        best = values.index(max(values))
        return Decision(actions[best], len(actions), values[best], 0)
    base = state.determinize(seat, derive_seed(seed, "combat", "base"))
    values = one_ply_values(base, seat, actions, replies=settings["replies"])
    order = sorted(range(len(actions)), key=lambda index: (-values[index], index))
    if settings["noise"]:  # a beginner: often just the first idea that comes to mind
        rng = random.Random(derive_seed(seed, "combat", "easy"))
        if rng.random() < settings["noise"]:
            pick = rng.randrange(len(actions))
            return Decision(actions[pick], len(actions), values[pick], len(actions))
    width, worlds = settings["width"], settings["worlds"]
    candidates = order[:width]
    if len(candidates) <= 1 or worlds == 0:
        best = order[0]
        return Decision(actions[best], len(actions), values[best], len(actions))  # each looked at once
    until_turn = look_ahead_end(state)
    means: dict[int, float] = {}
    samples = 0
    for index in candidates:
        action = actions[index]
        total = 0.0
        for world_index in range(worlds):
            world = state.determinize(seat, derive_seed(seed, "combat", "world", world_index))
            if worlds % 6 == 0:  # the next die (action die, combat or Hop roll) evenly over its faces
                world.rng = _FirstFace(world_index % 6, world.rng)
            if isinstance(action, Attack):
                odds = attack_odds_of(world, action)
                wins = (world_index + 0.5) / worlds < odds
                _settle(world, seat, action, ATTACKER_WINS if wins else DEFENDER_WINS)
            else:
                world.apply(seat, action)
            total += _play_out(world, seat, until_turn, settings["next_step"])
            samples += 1
        means[index] = total / worlds
    best = max(candidates, key=lambda index: (means[index], -candidates.index(index)))
    stats = {actions[index]: (worlds, means[index]) for index in candidates}
    return Decision(actions[best], len(actions), means[best], samples, stats)


__all__ = ["scores", "think"]
