"""Colour is never the only cue: under simulated deuteranopia, protanopia and tritanopia (Machado et
al. 2009, through colorspacious), any two pieces of different colours that a game draws stay apart,
by colour where the simulation keeps them apart, else by their letter."""

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE
from PIL import Image, ImageDraw

from renderers.combat import colour_badge
from renderers.common import PANEL, draw_text
from renderers.flood import seat_chip_sprite
from renderers.mars_sprites import top_sprite
from renderers.pieces import pyramid_sprite
from renderers.senet import owner_badge

CVD_TYPES = ["deuteranomaly", "protanomaly", "tritanomaly"]  # at severity 100: the -opias
COLOUR_APART = 12.0  # CAM02-UCS delta E: clearly different colours side by side
CUE_PIXELS = 25  # pixels whose lightness differs clearly between the two pieces: a different letter

# The pieces each game draws, by the colour that tells them apart (the owner, or the piece's colour).
PIECES = {
    "trickery": {colour: lambda c=colour: pyramid_sprite(c, 3, 44) for colour in "OCPWK"},
    "flood": {colour: lambda c=colour: pyramid_sprite(c, 2, 40) for colour in "RBGY"},
    "flood seats": {seat: lambda s=seat: seat_chip_sprite("RBGY"[s], s) for seat in range(4)},
    "mars": {colour: lambda c=colour: top_sprite(c, 2, 56) for colour in "RGYBPK"},
    "combat": {colour: lambda c=colour: colour_badge(c) for colour in "RYGB"},
    "senet": {owner: lambda o=owner: owner_badge(o) for owner in "ab"},
}


def seen(sprite: Image.Image, cvd_type: str) -> tuple[np.ndarray, np.ndarray]:
    """The sprite on a panel as a viewer with `cvd_type` sees it (sRGB 0..1), and its opaque pixels."""
    panel = Image.new("RGB", sprite.size, PANEL)
    panel.paste(sprite, (0, 0), sprite)
    rgb = np.asarray(panel, dtype=float) / 255
    space = {"name": "sRGB1+CVD", "cvd_type": cvd_type, "severity": 100}
    return np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1), np.asarray(sprite.getchannel("A")) == 255


def apart(first: Image.Image, second: Image.Image, cvd_type: str) -> bool:
    (a, body_a), (b, body_b) = seen(first, cvd_type), seen(second, cvd_type)
    colour_gap = deltaE(a[body_a].mean(axis=0), b[body_b].mean(axis=0), input_space="sRGB1")
    if colour_gap >= COLOUR_APART:
        return True
    if a.shape != b.shape:
        return False
    lightness_gap = np.abs(a.mean(axis=2) - b.mean(axis=2))
    return int((lightness_gap > 0.3).sum()) >= CUE_PIXELS


@pytest.mark.parametrize("cvd_type", CVD_TYPES)
@pytest.mark.parametrize("game_id", sorted(PIECES))
def test_pieces_of_different_colours_stay_apart(game_id, cvd_type):
    pieces = PIECES[game_id]
    alike = [
        (x, y) for x in pieces for y in pieces if x < y and not apart(pieces[x](), pieces[y](), cvd_type)
    ]
    assert not alike, f"{game_id} under {cvd_type}: pieces told apart by colour alone: {alike}"


def test_the_check_catches_pieces_told_apart_by_colour_alone():
    """The red and green the pyramids had before: alike in deuteranopia without letters, apart with them."""
    old_red, old_green = (228, 52, 52), (42, 178, 86)

    def piece(rgb, letter=None):
        sprite = Image.new("RGBA", (40, 40), (*rgb, 255))
        if letter:
            draw_text(
                ImageDraw.Draw(sprite),
                (20, 20),
                letter,
                size=30,
                fill=(255, 255, 255),
                anchor="mm",
                bold=True,
            )
        return sprite

    assert apart(piece(old_red), piece(old_green), "tritanomaly"), "in tritanopia they still differ"
    assert not apart(piece(old_red), piece(old_green), "deuteranomaly"), "by colour alone they merge"
    assert apart(piece(old_red, "R"), piece(old_green, "G"), "deuteranomaly"), "their letters tell them apart"
