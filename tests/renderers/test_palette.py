"""The fixed palette draws every picture as its RGB reference: drawing in palette indices changes no
design colour (beyond a step or two a channel, the palette's own resolution), and the anti-aliased
edges stay close. Fails when a renderer starts using a colour
the palette lacks (then run `python -m benchmarks.palette`)."""

import io

import pytest
from PIL import Image, ImageChops

import renderers.common as common
from benchmarks.palette import MIN_DISTANCE
from benchmarks.suite import GAME_BENCHMARKS, build_positions
from games import GAMES
from renderers import pictures_for, render_board, render_hand
from renderers.common import _distance as distance
from renderers.palette import PALETTE

NAMES = ["Ada", "Дмитрий", "さくら", "José"]


def drawn(render) -> tuple[Image.Image, Image.Image]:
    """(palette picture, RGB reference) of one render."""
    picture = Image.open(io.BytesIO(render()))
    common.CANVAS_MODE = "RGB"
    try:
        reference = Image.open(io.BytesIO(render()))
    finally:
        common.CANVAS_MODE = "P"
    return picture, reference


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_palette_draws_pictures_as_their_rgb_reference(game_id):
    position = build_positions(GAME_BENCHMARKS[game_id], GAMES[game_id], 2)[-1]
    names = NAMES[: position.num_players]
    renders = {
        "board": lambda: render_board(position.state.view(None), names=names),
        "private": lambda: render_hand(position.state.view(position.hand_seat), names=names),
        "rules": getattr(pictures_for(game_id).rules, "__wrapped__", pictures_for(game_id).rules),  # uncached
    }
    palette = set(PALETTE)
    for label, render in renders.items():
        picture, reference = drawn(render)
        assert picture.mode == "P" and reference.mode == "RGB", label
        reference_colours = reference.getcolors(1 << 20)
        area = reference.width * reference.height
        flat = {colour for count, colour in reference_colours if count > area / 500}
        missing = {
            colour for colour in flat if min(distance(colour, entry) for entry in palette) > MIN_DISTANCE
        }
        assert not missing, f"{label}: design colours the palette lacks: {missing}"
        difference = ImageChops.difference(picture.convert("RGB"), reference).convert("L")
        off = sum(difference.histogram()[40:])
        assert off < area / 100, f"{label}: {off} pixels differ visibly from the RGB reference"
