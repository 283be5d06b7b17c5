"""The Trickery computer player: deals consistent with play, each played out or solved exactly.

Only the other hands are hidden. Each decision samples deals of the unseen cards with
`state.determinize`, which respects what play has shown (a seat that didn't follow a suit, or led a
spade before spades were broken, holds none of that suit: `TrickeryState.voids`). On every deal
each candidate action is tried (perfect-information Monte Carlo), and the action with the best
average over the deals is played:

- near the end of the hand (hard: the last four tricks with three players, three with four) the
  deal is solved exactly: max-n, every seat choosing the card and prize best for itself;
- earlier, the hand is played out to its end by a quick rule of thumb for every seat (take prizes
  worth having with cards nobody can beat, give the others away with low cards), and the last
  tricks of that play-out are solved exactly as above.

A position is valued per seat by its total after the hand against the best other total, squashed
to 0..1 more steeply the fewer hands remain (in the last hand any lead is a win). Candidates that
fall clearly behind after a few deals are dropped (successive halving), so the deals go to the
close calls. Equal cards (a run in one hand with no unseen card between) are tried once.

Levels: easy plays a random legal action three times in four and otherwise the rule of thumb on
one guessed deal (no looking ahead); normal always plays the rule of thumb (any search at all came
too close to hard: hard won only 56% of its meetings with a four-deal normal); hard uses 32 deals
and solves the last four tricks (three with four players).
"""

from __future__ import annotations

import random

from games import trickery as rules
from games.pieces import Card

from .decision import Decision, derive_seed
from .trickery_world import Solver, Table, World, bits, card_bit

# deals: per decision; first: deals every candidate gets before the weaker half is dropped;
# solved: tricks left (3 players, 4 players) from which the whole rest is solved exactly; tail:
# tricks solved exactly at the end of a play-out; random: chance of a random action
LEVELS = {
    "easy": {"deals": 1, "first": 1, "solved": {3: 0, 4: 0}, "tail": 0, "random": 0.75, "thumb": True},
    "normal": {"deals": 1, "first": 1, "solved": {3: 0, 4: 0}, "tail": 0, "random": 0.0, "thumb": True},
    "hard": {"deals": 32, "first": 2, "solved": {3: 4, 4: 3}, "tail": 2, "random": 0.0},
}
KEEP_AT_LEAST = 3  # candidates never pruned below this many


def distinct_actions(state, seat: int, actions: list) -> list:
    """One action per class of equal ones: cards of a run in the seat's hand with no card it hasn't
    seen between them (nor one in this trick) do the same. Uses only what the seat sees."""
    own = sum(1 << card_bit(card) for card in state.hands[seat])
    gone = 0
    for trick in state.done_tricks:
        for _, text in trick["plays"]:
            gone |= 1 << card_bit(Card.parse(text))
    kept, seen = [], set()
    for action in actions:
        card = card_bit(action.card)
        card_class = card
        probe = card - 1
        while probe >= 16 * (card >> 4):
            if (1 << probe) & own:
                card_class = probe  # a lower card of ours with only played cards between
            elif not (1 << probe) & gone:
                break
            probe -= 1
        key = (getattr(action, "prize", None), card_class)
        if key not in seen:
            seen.add(key)
            kept.append(action)
    return kept


def think(state, seat: int, level: str, seed: int) -> Decision:
    settings = LEVELS[level]
    actions = sorted(state.legal_actions(seat), key=str)
    rng = random.Random(derive_seed(seed, "trickery-noise"))
    if rng.random() < settings["random"]:
        return Decision(rng.choice(actions), len(actions))
    if settings.get("thumb"):
        return rule_of_thumb_decision(state, seat, actions, seed)
    candidates = distinct_actions(state, seat, sorted(actions, key=lambda a: (str(a.card), str(a))))
    if len(candidates) == 1:
        return Decision(candidates[0], len(actions))
    table = Table(state)
    tricks_left = rules.TRICKS_PER_HAND - len(state.done_tricks)
    solved = settings["solved"][state.num_players]
    if tricks_left > solved:
        solved = settings["tail"]
    worlds: list[World] = []
    solvers: list[Solver] = []
    totals = [0.0] * len(candidates)
    alive = list(range(len(candidates)))
    moves: list[tuple[int, int]] = []
    looked = 0
    deals = settings["deals"]
    batch_end = min(settings["first"], deals)
    dealt = 0
    while dealt < deals:
        for index in range(dealt, batch_end):
            world = World.from_state(
                state.determinize(seat, derive_seed(seed, "trickery-deal", index)), table
            )
            if not moves:
                moves = [move_of(world, action) for action in candidates]
            solver = Solver(table, seat)
            for position in alive:
                card, prize = moves[position]
                child = world.copy()
                child.play(card, prize)
                if child.tricks_left > solved:
                    child.play_out(solved)
                value = solver.value(child) if solved else table.values(child.taken)
                totals[position] += value[seat]
                looked += 1
            worlds.append(world)
            solvers.append(solver)
        dealt = batch_end
        if len(alive) > KEEP_AT_LEAST:
            alive.sort(key=lambda i: (-totals[i], i))
            alive = sorted(alive[: max(KEEP_AT_LEAST, (len(alive) + 1) // 2)])
        batch_end = min(deals, dealt * 2)
    best = max(alive, key=lambda i: (totals[i], -i))
    return Decision(candidates[best], len(actions), totals[best] / deals, looked)


def move_of(world: World, action) -> tuple[int, int]:
    """The (card, prize index) of an engine action in the compact world."""
    prize = -1
    if isinstance(action, rules.Lead) and action.prize is not None:
        prize = next(i for i in bits(world.pool) if world.table.pyramids[i] == action.prize)
    return card_bit(action.card), prize


def rule_of_thumb_decision(state, seat: int, actions: list, seed: int) -> Decision:
    """The rule of thumb alone, on one guessed deal: a beginner's play, no looking ahead."""
    table = Table(state)
    world = World.from_state(state.determinize(seat, derive_seed(seed, "trickery-guess")), table)
    card, prize = world.rule_of_thumb()
    action = next(
        action
        for action in actions
        if card_bit(action.card) == card
        and (getattr(action, "prize", None) is None or move_of(world, action)[1] == prize)
    )
    return Decision(action, len(actions))  # no looking ahead: nothing to expect
