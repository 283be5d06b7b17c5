"""Martian Combat's marks, each drawn once and cached: pyramids' colour badges, goal flags, the
padlock of a covered pyramid, the snowflake of a frozen stack, the force chip and the blocked
squares' hatching. Sizes follow the board's square (`CELL`), so every mark stays big on a phone."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from .common import PYRAMID_COLOURS, SUPERSAMPLE, Colour, draw_text, ink_on, letter_disc, mix

CELL = 150  # a board square, px: 46 px at phone width


def scaled(px: float, cell: int = CELL) -> int:
    """A size drawn for the old 96-px square, at `cell` px (all marks keep their proportions)."""
    return round(px * cell / 96)


BADGE = scaled(26)  # a pyramid's colour badge
CHIP = scaled(28)  # the force chip, and the snowflake in its place
CHIP_DIGIT = 34  # the force's pips: 11 px at phone width

SQUARE_LIGHT = (84, 92, 114)
SQUARE_DARK = (72, 80, 101)
SQUARE_LINE = (52, 58, 74)
BOARD_EDGE = (112, 122, 146)
BLOCKED_FILL = (30, 33, 42)
HATCH = (58, 64, 82)
TRAY_FILL = (36, 40, 52)
LAST = (255, 104, 196)  # the last actions: no pyramid colour is pink
FROZEN = (150, 222, 255)  # capped trees and waiting reserves
SUGGESTED = (255, 255, 255)  # a tutorial's suggested move: no piece or other mark is pure white
BADGE_RIM = (18, 20, 26)
HOME_AMOUNT = 0.42


def piece_rgb(colour: str) -> Colour:
    return PYRAMID_COLOURS.get(colour, (200, 200, 200))


def home_tint(colour: str, base: Colour = SQUARE_LIGHT) -> Colour:
    return mix(base, piece_rgb(colour), HOME_AMOUNT)


def last_tint(base: Colour) -> Colour:
    return mix(base, LAST, 0.3)


@lru_cache(maxsize=16)
def goal_flag(colour: str, height: int) -> Image.Image:
    """A swallowtail pennant of the goal's owner's colour with their letter, on a pole `height` px
    tall: whose goal a square is, told by the letter as well as the colour, and by a flag's shape
    unlike a badge's or a chip's."""
    cloth_w, cloth_h = round(height * 0.72), round(height * 0.58)
    pole = max(3, round(height / 13))
    s = SUPERSAMPLE
    w, h = (cloth_w + pole) * s, height * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    rgb = piece_rgb(colour)
    draw.rectangle((0, 0, pole * s, h - 1), fill=(*BADGE_RIM, 255))
    x0, x1, y1 = pole * s, w - 1, cloth_h * s
    notch = round(cloth_w * 0.25) * s
    draw.polygon([(x0, 0), (x1, 0), (x1 - notch, y1 / 2), (x1, y1), (x0, y1)], fill=(*BADGE_RIM, 255))
    edge = round(1.5 * s)
    inner = [
        (x0, edge),
        (x1 - 2 * edge, edge),
        (x1 - notch - edge, y1 / 2),
        (x1 - 2 * edge, y1 - edge),
        (x0, y1 - edge),
    ]
    draw.polygon(inner, fill=(*rgb, 255))
    flag = image.reduce(s)
    draw_text(
        ImageDraw.Draw(flag),
        (pole + (cloth_w - notch / s) / 2 + 1, cloth_h / 2 + 1),
        colour,
        size=round(cloth_h * 0.8),
        fill=ink_on(rgb, BADGE_RIM),
        anchor="mm",
        bold=True,
        piece_letter=True,
    )
    return flag


@lru_cache(maxsize=32)
def colour_badge(colour: str, diameter: int = BADGE) -> Image.Image:
    """A disc of the pyramid's colour with its letter: the colour named for colour-blind players."""
    rgb = piece_rgb(colour)
    return letter_disc(
        diameter,
        colour,
        fill=rgb,
        rim=BADGE_RIM,
        ink=ink_on(rgb, BADGE_RIM),
        size=round(diameter * 0.85),
        piece_letter=True,
    )


@lru_cache(maxsize=4)
def padlock_sprite(size: int) -> Image.Image:
    """A white padlock with a dark edge: this pyramid is covered by an opponent's."""
    s = SUPERSAMPLE
    w, h = size * s, round(size * 1.2) * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = round(1.6 * s)
    white = (250, 250, 250, 255)
    body_top = h * 0.42
    arc = (w * 0.2, h * 0.04, w * 0.8, h * 0.62)
    draw.arc(arc, 180, 360, fill=(*BADGE_RIM, 255), width=round(w * 0.2) + 2 * edge)
    draw.arc(
        (arc[0] + edge, arc[1] + edge, arc[2] - edge, arc[3] - edge),
        180,
        360,
        fill=white,
        width=round(w * 0.2) - edge,
    )
    for x in (arc[0] + w * 0.1, arc[2] - w * 0.1):
        draw.line((x, h * 0.33, x, body_top), fill=white, width=round(w * 0.13))
    draw.rounded_rectangle(
        (0, body_top, w - 1, h - 1), radius=round(w * 0.14), fill=white, outline=(*BADGE_RIM, 255), width=edge
    )
    hole = w * 0.09
    draw.ellipse((w / 2 - hole, h * 0.62, w / 2 + hole, h * 0.62 + 2 * hole), fill=(*BADGE_RIM, 255))
    return image.reduce(s)


@lru_cache(maxsize=4)
def snowflake_sprite(size: int = CHIP) -> Image.Image:
    """Six ice-blue spokes with ticks on a dark disc: this stack is frozen."""
    s = SUPERSAMPLE
    n = size * s
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, n - 1, n - 1), fill=(*BLOCKED_FILL, 255), outline=(*FROZEN, 255), width=2 * s)
    centre, spoke, width = n / 2, n * 0.38, round(n * 0.07)
    for k in range(6):
        angle = math.pi / 2 + k * math.pi / 3
        dx, dy = math.cos(angle), math.sin(angle)
        draw.line(
            (centre, centre, centre + dx * spoke, centre + dy * spoke), fill=(*FROZEN, 255), width=width
        )
        tx, ty = centre + dx * spoke * 0.62, centre + dy * spoke * 0.62
        for turn in (-1, 1):
            side = angle + turn * math.pi / 4
            end = (tx + math.cos(side) * spoke * 0.32, ty + math.sin(side) * spoke * 0.32)
            draw.line((tx, ty, *end), fill=(*FROZEN, 255), width=width)
    return image.reduce(s)


def draw_force_chip(draw: ImageDraw.ImageDraw, xy: tuple[float, float], colour: str, pips: int) -> None:
    """The top owner's force in pips, big, on a square of their colour. Drawn straight on the
    canvas, with no soft edges to blend: a sprite would be made again for every square's shade."""
    x, y = round(xy[0]), round(xy[1])
    rgb = piece_rgb(colour)
    draw.rectangle((x, y, x + CHIP - 1, y + CHIP - 1), fill=rgb, outline=BADGE_RIM, width=3)
    middle = (x + CHIP / 2, y + CHIP / 2 + 1)
    draw_text(draw, middle, str(pips), size=CHIP_DIGIT, fill=ink_on(rgb, BADGE_RIM), anchor="mm", bold=True)


@lru_cache(maxsize=4)
def hatch_tile(cell: int) -> Image.Image:
    """A blocked square: dark, with diagonal stripes."""
    tile = Image.new("RGB", (cell, cell), BLOCKED_FILL)
    draw = ImageDraw.Draw(tile)
    for offset in range(-cell, cell, scaled(16, cell)):
        draw.line((offset, cell, offset + cell, 0), fill=HATCH, width=scaled(4, cell))
    return tile
