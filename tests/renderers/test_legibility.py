"""Every picture reads on a phone: inside the board's frame Discord shows it about 325 px wide, so no
word under 10 px at that width (a piece's single colour letter, its second cue, may be smaller), and
no picture much taller than its width needs (at most 1.2 times as tall as wide)."""

import io
import random

import pytest
from PIL import Image

from benchmarks.suite import GAME_BENCHMARKS, build_positions
from games import GAMES, random_choice
from renderers import render_board, render_hand, render_rules_picture
from renderers.common import text_sizes

PHONE_WIDTH = 325  # px: a picture in a Components V2 frame on a phone held upright
MIN_PHONE_PX = 10
MAX_HEIGHT_RATIO = 1.2
NAMES = ["Bartholomew the Magnificent", "Дмитрий", "さくら", "José Ñúñez"]


def finished_state(game_id: str, players: int, seed: int):
    game = GAMES[game_id]
    state = game.new(players, seed, {})
    rng = random.Random(seed)
    for _ in range(5000):
        if state.is_over:
            return state
        state.apply(state.to_move[0], random_choice(state.legal_actions(state.to_move[0]), rng))
    return state


def pictures(game_id: str):
    """(label, draw) for boards and private pictures of several positions, the rules picture and an ended board."""
    positions = build_positions(GAME_BENCHMARKS[game_id], GAMES[game_id], 4)
    for number, position in enumerate(positions):
        names = NAMES[: position.num_players]
        view, seat = position.state.view(None), position.hand_seat
        yield f"board {number}", lambda view=view, names=names: render_board(view, names=names)
        own = position.state.view(seat)
        yield f"private {number}", lambda own=own, names=names: render_hand(own, names=names)
    yield "rules", lambda: render_rules_picture(game_id)
    players = GAMES[game_id].min_players
    ended = finished_state(game_id, players, 7)
    yield "ended board", lambda: render_board(ended.view(None), names=NAMES[:players])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_pictures_read_at_phone_width(game_id):
    problems = []
    for label, draw in pictures(game_id):
        with text_sizes() as drawn:
            png = draw()
        image = Image.open(io.BytesIO(png))
        scale = PHONE_WIDTH / image.width
        small = sorted({(size, text) for size, text in drawn if size * scale < MIN_PHONE_PX - 0.05})
        if small:
            problems.append(f"{label}: text under {MIN_PHONE_PX} px at phone width: {small[:6]}")
        if image.height > MAX_HEIGHT_RATIO * image.width:
            problems.append(
                f"{label}: {image.width}x{image.height} is taller than {MAX_HEIGHT_RATIO}x its width"
            )
    assert not problems, "\n".join(problems)


def test_statistics_pictures_read_at_phone_width():
    from renderers.stats import render_leaderboard, render_player_stats

    rows = [(f"{NAMES[i % 4]} {i}", 30.0 - i, 10 + i, i) for i in range(10)]
    per_game = {game_id: {"played": 4, "won": 2, "rating": 26.0} for game_id in GAMES}
    for label, draw in (
        ("leaderboard", lambda: render_leaderboard("Martian Senet", rows)),
        ("player", lambda: render_player_stats(NAMES[1], {"played": 20, "won": 10, "games": per_game})),
    ):
        with text_sizes() as drawn:
            image = Image.open(io.BytesIO(draw()))
        scale = PHONE_WIDTH / image.width
        assert min(size for size, _ in drawn) * scale >= MIN_PHONE_PX - 0.05, label
        assert image.height <= MAX_HEIGHT_RATIO * image.width, label
