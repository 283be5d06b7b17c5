"""Choose the renderers' fixed palette from reference pictures, and write renderers/palette.py.

`python -m benchmarks.palette`. Every game's boards, private pictures, ended boards and rules
pictures, and the statistics pictures, are drawn in RGB (no palette); their colours are counted, and
the palette takes the most used first, skipping any too close to one already taken. The flat
colours of the design thus come out exact and the rest of the 256 entries go to the commonest
anti-aliasing shades. Run it again after changing the renderers' colours; a test checks that the
palette still draws every picture as its RGB reference.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import renderers
import renderers.common as common
from games import GAMES, random_choice
from renderers import render_board, render_hand, render_rules_picture
from renderers.stats import render_leaderboard, render_player_stats

from .suite import GAME_BENCHMARKS, SEAT_NAMES, build_positions

SIZE = 256
MIN_DISTANCE = 48  # of common._distance: entries closer than about 2-3 steps a channel are one colour
OUT = Path(renderers.__file__).parent / "palette.py"


def ended_state(game_id: str, players: int, seed: int):
    state = GAMES[game_id].new(players, seed, {})
    chooser = random.Random(seed)
    for _ in range(3000):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))
    return state


def reference_pictures(positions_per_game: int = 4) -> Iterator[None]:
    """Draw the reference pictures, one at a time (the canvases are collected by `collect`)."""
    for game_id, benchmark in GAME_BENCHMARKS.items():
        for position in build_positions(benchmark, GAMES[game_id], positions_per_game):
            names = list(SEAT_NAMES[: position.num_players])
            yield render_board(position.state.view(None), names=names)
            yield render_hand(position.state.view(position.hand_seat), names=names)
        for players in range(GAMES[game_id].min_players, GAMES[game_id].max_players + 1):
            for seed in (3, 4):
                ended = ended_state(game_id, players, seed)
                yield render_board(ended.view(None), names=list(SEAT_NAMES[:players]))
        yield render_rules_picture(game_id)
    rows = [("Ada", 31.5, 12, 8), ("Zoë", 27.0, 9, 3), ("Kat", 25.0, 4, 1), ("Marvin", 22.1, 7, 2)]
    yield render_leaderboard("Martian Senet", rows)
    per_game = {game_id: {"played": 3 + i, "won": i, "rating": 25.0 + i} for i, game_id in enumerate(GAMES)}
    yield render_player_stats("Ada", {"played": 20, "won": 10, "games": per_game})


def collect() -> Counter:
    """Pixel counts of every colour of the reference pictures' RGB canvases."""
    counts: Counter = Counter()
    canvases = []
    original = common.new_canvas

    def recording_canvas(width: int, height: int):
        image, draw = original(width, height)
        canvases.append(image)
        return image, draw

    common.CANVAS_MODE = "RGB"
    for name in [*GAMES, "stats"]:
        importlib.import_module(f"renderers.{name}").new_canvas = recording_canvas
    try:
        for _ in reference_pictures():
            for canvas in canvases:
                counts.update({colour: count for count, colour in canvas.getcolors(1 << 24)})
            canvases.clear()
    finally:
        common.CANVAS_MODE = "P"
        for name in [*GAMES, "stats"]:
            importlib.import_module(f"renderers.{name}").new_canvas = original
    return counts


def choose(counts: Counter) -> list[tuple[int, int, int]]:
    chosen: list[tuple[int, int, int]] = []
    for colour, _ in counts.most_common():
        if all(common._distance(colour, taken) >= MIN_DISTANCE for taken in chosen):
            chosen.append(colour)
            if len(chosen) == SIZE:
                break
    return chosen


def main() -> None:
    palette = choose(collect())
    rows = "\n".join(f"    {colour}," for colour in palette)
    OUT.write_text(
        f'"""The fixed palette of every picture: made by `python -m benchmarks.palette`, do not edit by hand."""\n\n'
        f"PALETTE = [\n{rows}\n]\n"
    )
    print(f"{len(palette)} colours written to {OUT}")


if __name__ == "__main__":
    main()
