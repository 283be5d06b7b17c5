"""Taps a person needs per decision, counted from the controls the bot really shows.

For each decision of a whole match, the presenter's controls are explored as a player would press
them: a button is one tap, a select two (open it, choose an option); a button or select that leads
to further controls (a `step` button, a `pick` select) opens the next prompt. The count is the fewest
taps that apply the action chosen. A secret game's controls are counted where its prompt is shown
(the private message), a public game's on the board. Actions no control reaches count as
unreachable (only `/move` would play them).

    python -m benchmarks.taps [--matches N]     # median taps per decision, per game

Run from any checkout: it imports that checkout's bot, so before and after a change compare.
"""

from __future__ import annotations

import argparse
import random
from collections import deque
from statistics import median

from bot.components import MatchButton, MatchSelect
from bot.errors import MatchError
from bot.kits import KITS
from bot.presenters.base import Scene
from games import random_choice

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
MAX_ACTIONS = 2000


def _inner(item):
    return item.item if hasattr(item, "item") else item


def taps_to_actions(presenter, scene: Scene, seat: int, mine: dict) -> dict[str, int]:
    """The fewest taps reaching each action the controls offer (by its notation)."""
    best: dict[str, int] = {}
    check_step = getattr(presenter, "check_step", None)
    seen = {""}
    todo = deque([("", 0)])
    while todo:
        choice, cost = todo.popleft()
        view = scene.public if presenter.public_controls else mine
        try:
            prompt = presenter.prompt(scene, seat, view, choice)
        except MatchError:
            continue
        for item in prompt.items:
            claim = getattr(item, "claim", None)
            if claim is None:
                continue
            if isinstance(item, MatchButton):
                if _inner(item).disabled:
                    continue
                if claim.kind == "act":
                    best.setdefault(claim.argument, cost + 1)
                elif claim.kind == "step" and check_step is not None:
                    try:
                        following = check_step(scene, seat, view, claim.argument)
                    except MatchError:
                        continue
                    if following not in seen:
                        seen.add(following)
                        todo.append((following, cost + 1))
            elif isinstance(item, MatchSelect):
                for option in _inner(item).options:
                    if claim.kind == "do":
                        best.setdefault(option.value, cost + 2)
                    elif claim.kind == "pick":
                        try:
                            following = presenter.check_pick(
                                scene, seat, view, [option.value], claim.argument
                            )
                        except MatchError:
                            continue
                        if following not in seen:
                            seen.add(following)
                            todo.append((following, cost + 2))
    return best


def match_taps(game_id: str, players: int, seed: int) -> tuple[list[int], int]:
    """Taps per decision over one match of random play, and how many decisions no control reached."""
    kit = KITS[game_id]
    game = kit.engine
    state = game.new(players, seed, {})
    rng = random.Random(seed)
    taps, unreachable = [], 0
    for version in range(MAX_ACTIONS):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = random_choice(state.legal_actions(seat), rng)
        scene = Scene(seed, version, tuple(NAMES[:players]), game.resolve_options({}), state.view(None))
        reached = taps_to_actions(kit.presenter, scene, seat, state.view(seat))
        found = [cost for text, cost in reached.items() if _same(game, text, action)]
        if found:
            taps.append(min(found))
        else:
            unreachable += 1
        state.apply(seat, action)
    return taps, unreachable


def _same(game, text: str, action) -> bool:
    try:
        return game.parse_action(text) == action
    except Exception:
        return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    args = parser.parse_args()
    for game_id, kit in KITS.items():
        players = kit.engine.min_players if kit.engine.min_players > 2 else 2
        taps, unreachable = [], 0
        for seed in range(1, args.matches + 1):
            found, missed = match_taps(game_id, players, seed)
            taps += found
            unreachable += missed
        print(
            f"{game_id:9} decisions {len(taps) + unreachable:5}  median taps {median(taps):.1f}  "
            f"mean {sum(taps) / len(taps):.2f}  max {max(taps)}  unreachable {unreachable}"
        )


if __name__ == "__main__":
    main()
