"""The animated replay: one frame per board (sampled when there are many), the first and last boards
as they were drawn, one canvas size, a long pause at the end, and small enough to upload."""

import io
import itertools
import random
from functools import cache

import pytest
from PIL import Image, ImageChops

from games import GAMES, View, random_choice
from games.replay import spectator_views
from renderers import render_board
from renderers.common import PYRAMID_COLOURS
from renderers.replay import FRAME_MS, LAST_FRAME_MS, MAX_FRAMES, REPLAY_WIDTH, frame_positions, render_replay

NAMES = ["Alice", "Bob", "Carol", "Dave"]
UPLOAD_LIMIT = 10_000_000


@cache
def random_match(game_id: str, num_players: int, seed: int) -> tuple[tuple[int, str], ...]:
    """The action log of a random match played to its end."""
    game, chooser = GAMES[game_id], random.Random(seed)
    state, log = game.new(num_players, seed), []
    while not state.is_over:
        seat = state.to_move[0]
        action = random_choice(state.legal_actions(seat), chooser)
        state.apply(seat, action)
        log.append((seat, str(action)))
    return tuple(log)


def frames(gif: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF"
    found = []
    for index in range(image.n_frames):
        image.seek(index)
        found.append(image.convert("RGB"))
    return found


def durations(gif: bytes) -> list[int]:
    image = Image.open(io.BytesIO(gif))
    found = []
    for index in range(image.n_frames):
        image.seek(index)
        found.append(image.info["duration"])
    return found


def downscaled_board(view: dict, width: int = REPLAY_WIDTH) -> Image.Image:
    board = Image.open(io.BytesIO(render_board(view, names=NAMES[:2]))).convert("RGB")
    return board.resize((width, round(board.height * width / board.width)), Image.Resampling.BICUBIC)


def changed_pixels(first: Image.Image, second: Image.Image) -> int:
    """Pixels that differ by more than the shared palette's rounding of smoothed edges."""
    assert first.size == second.size
    difference = ImageChops.difference(first, second).convert("L")
    return difference.point(lambda level: 255 if level > 60 else 0).histogram()[255]


def test_frame_positions_keep_every_board_that_fits_else_sample_evenly_with_the_first_and_last():
    assert frame_positions(1) == [0]
    assert frame_positions(MAX_FRAMES) == list(range(MAX_FRAMES))
    sampled = frame_positions(1235, 80)
    assert len(sampled) == 80 and sampled[0] == 0 and sampled[-1] == 1234
    steps = [later - earlier for earlier, later in itertools.pairwise(sampled)]
    assert min(steps) >= 15 and max(steps) <= 16  # even: 1234 / 79 = 15.6


def test_a_short_match_has_one_frame_per_action_plus_the_start():
    log = random_match("flood", 3, 1)
    assert len(log) + 1 <= MAX_FRAMES  # short enough to keep every board
    views = spectator_views(GAMES["flood"], 3, 1, None, list(log))
    gif = render_replay(views, names=NAMES[:3])
    image = Image.open(io.BytesIO(gif))
    assert image.is_animated and image.n_frames == len(log) + 1
    assert image.info["loop"] == 0  # loops for ever
    assert durations(gif) == [LAST_FRAME_MS] + [FRAME_MS] * len(log)  # the end stays up first


def test_the_replay_opens_on_the_final_board_then_plays_from_the_start():
    """A phone that doesn't play GIFs shows the first frame: it is the end of the match."""
    log = list(random_match("senet", 2, 3))
    views = spectator_views(GAMES["senet"], 2, 3, None, log)
    played = frames(render_replay(views, names=NAMES[:2]))
    drawn = [*played[1:], played[0]]  # in the match's order
    first, last = downscaled_board(views[0]), downscaled_board(views[-1])
    assert drawn[0].width == REPLAY_WIDTH
    # every frame has the canvas size; a shorter board is padded below
    assert {frame.size for frame in drawn} == {drawn[0].size}
    assert drawn[0].height >= max(first.height, last.height)
    assert changed_pixels(drawn[0].crop((0, 0, REPLAY_WIDTH, first.height)), first) == 0
    assert changed_pixels(drawn[-1].crop((0, 0, REPLAY_WIDTH, last.height)), last) == 0
    # the check tells boards apart, even one action apart
    before_last = downscaled_board(views[-2])
    assert changed_pixels(drawn[-1].crop((0, 0, REPLAY_WIDTH, before_last.height)), before_last) > 500


def test_a_long_combat_match_is_sampled_to_the_frame_cap_and_stays_far_below_the_upload_limit():
    log = list(random_match("combat", 4, 2))
    assert len(log) > 1000
    positions = frame_positions(len(log) + 1)
    views = spectator_views(GAMES["combat"], 4, 2, None, log, positions)
    assert len(views) == MAX_FRAMES
    gif = render_replay(views, names=NAMES)
    image = Image.open(io.BytesIO(gif))
    assert image.is_animated and image.n_frames == MAX_FRAMES
    assert len(gif) < UPLOAD_LIMIT / 2
    # the last frame is the end of the match, not the last sampled board before it
    final = spectator_views(GAMES["combat"], 4, 2, None, log, [len(log)])[0]
    assert final.is_over and views[-1] == final


def test_a_full_list_of_views_is_sampled_the_same_way():
    views = [{"n": n} for n in range(500)]
    drawn = []

    def draw(view, *, names=None):
        drawn.append(view["n"])
        return plain_board(600, 60, "black", mark=view["n"])

    gif = render_replay(views, draw=draw, max_frames=20)
    assert drawn == frame_positions(500, 20) and Image.open(io.BytesIO(gif)).n_frames == 20


def plain_board(width: int, height: int, colour, mark: int | None = None) -> bytes:
    """A board of one colour; `mark` puts a white square at that x, so boards tell apart."""
    image = Image.new("RGB", (width, height), colour)
    if mark is not None:
        image.paste("white", (mark, 0, mark + 10, 10))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def test_boards_of_different_heights_share_one_canvas_padded_with_the_table_colour():
    sizes = [(1000, 800), (1000, 1100), (1000, 900)]
    colours = [
        PYRAMID_COLOURS["R"],
        PYRAMID_COLOURS["G"],
        PYRAMID_COLOURS["B"],
    ]  # colours of the boards' palette

    def draw(view, *, names=None):
        return plain_board(*sizes[view["n"]], colours[view["n"]])

    drawn = frames(render_replay([{"n": n} for n in range(3)], draw=draw))
    assert [frame.size for frame in drawn] == [(600, 660)] * 3  # 1100 scaled by 0.6
    for frame, colour in zip(drawn, [colours[-1], *colours[:-1]], strict=True):  # the end first
        assert frame.getpixel((300, 100)) == colour
        assert frame.getpixel((300, 650)) == colour  # the padding below a shorter board


def test_a_replay_needs_a_board():
    with pytest.raises(ValueError):
        render_replay([])


# --- hidden information -------------------------------------------------------------------------


def leaves(value) -> set[str]:
    """Every string in a view (keys and values; a typed view's as its JSON data)."""
    if isinstance(value, View):
        return leaves(value.to_json())
    if isinstance(value, dict):
        return set(value) | {text for item in value.values() for text in leaves(item)}
    if isinstance(value, list):
        return {text for item in value for text in leaves(item)}
    return {value} if isinstance(value, str) else set()


def assert_spectator_boards(game, num_players, seed, options, log, drawn):
    """`drawn`, the views a replay of the match drew (frames at `frame_positions`), are the
    spectator's views of those moments and hold none of the secrets any seat had then."""
    positions = frame_positions(len(log) + 1)
    assert len(drawn) == len(positions)
    state, kept, secrets_seen = game.new(num_players, seed, options), iter(drawn), 0
    for position in range(len(log) + 1):
        if position:
            seat, notation = log[position - 1]
            state.apply(seat, game.parse_action(notation))
        if position not in positions:
            continue
        view = next(kept)
        secrets = set().union(*(state.secrets(seat) for seat in range(num_players)))
        secrets_seen += len(secrets)
        assert view.seat is None and view == state.view(None), position
        assert not leaves(view) & secrets, (position, leaves(view) & secrets)
    assert secrets_seen, "the match had secrets to keep, so the check above means something"


@pytest.mark.parametrize(
    ("game_id", "num_players", "seed"), [("trickery", 4, 5), ("mars", 2, 6), ("mars", 2, 7)]
)
def test_a_replay_is_drawn_only_from_spectator_views_without_any_hand_or_objective(
    game_id, num_players, seed
):
    """Trickery's hands and M.A.R.S.'s objectives never reach a frame."""
    game = GAMES[game_id]
    log = list(random_match(game_id, num_players, seed))
    drawn = []

    def recording(view, *, names=None):
        drawn.append(view)
        return render_board(view, names=names)

    positions = frame_positions(len(log) + 1)
    render_replay(spectator_views(game, num_players, seed, None, log, positions), draw=recording)
    assert_spectator_boards(game, num_players, seed, None, log, drawn)
