"""What the Martian Senet pictures draw again and again: the owners' badges, die faces,
side-view pyramids and whole stacks, the path's arrows and a block's frame.

A stack stands in side view: the peak (the nest's outer pyramid) with the tree part on it as a
tower, and the pyramids locked inside the nest small in a dark tray under it. Every pyramid has
its owner's badge (A: dark letter on a light disc, B: light letter on a dark disc) in a column at
the square's right, top to bottom as the stack, so owners read apart whatever the colours.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw

from games.senet_views import SenetSquare

from .common import (
    BACKGROUND,
    CARD_EDGE,
    CARD_FACE,
    MUTED,
    PANEL_EDGE,
    PENALTY,
    SUIT_BLACK,
    SUPERSAMPLE,
    Box,
    Colour,
    letter_disc,
    paste,
)
from .pieces import pyramid_extent, pyramid_sprite
from .senet_layout import (
    BADGE,
    BADGE_DARK,
    BADGE_LIGHT,
    LABEL_SIZE,
    SUGGESTED,
    TRAY_FILL,
    owner_runs,
    place_stack,
    tray_box,
)

# --- sprites ------------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def owner_badge(player: str, diameter: int = BADGE) -> Image.Image:
    """A round badge with the owner's letter: A dark on a light disc, B light on a dark disc.

    Two cues, letter and brightness, so owners read apart whatever the pieces' colours. B's grey
    rim keeps its dark disc visible on dark squares.
    """
    fill, ink, rim = (
        (BADGE_LIGHT, BADGE_DARK, BADGE_DARK) if player == "a" else (BADGE_DARK, BADGE_LIGHT, MUTED)
    )
    return letter_disc(diameter, player.upper(), fill=fill, rim=rim, ink=ink, size=LABEL_SIZE)


def _paste_badge(image: Image.Image, player: str, centre: tuple[float, float]) -> None:
    paste(image, owner_badge(player), (centre[0] - BADGE / 2, centre[1] - BADGE / 2))


DIE_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=8)
def die_sprite(value: int, size: int) -> Image.Image:
    """A white d6 face with its pips laid out like a real die."""
    s = SUPERSAMPLE
    n = size * s
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, n - 1, n - 1),
        radius=round(n * 0.18),
        fill=(*CARD_FACE, 255),
        outline=(*CARD_EDGE, 255),
        width=s,
    )
    radius = n * 0.095
    for px, py in DIE_PIPS.get(value, ()):
        draw.ellipse(
            (px * n - radius, py * n - radius, px * n + radius, py * n + radius), fill=(*SUIT_BLACK, 255)
        )
    return image.reduce(s)


@lru_cache(maxsize=64)
def _standing_pyramid(colour: str, size: int, scale: int) -> tuple[Image.Image, float, float]:
    """A side-view pyramid's sprite and where its top-left lies from the middle of its base."""
    width, height = pyramid_extent(size, scale)
    sprite = pyramid_sprite(colour, size, scale, letter=False)  # the A/B badge tells whose it is
    over = sprite.height - height  # the sprite leaves room above for a penalty badge
    return sprite, -width / 2, -height - over


def _paste_pyramid(
    image: Image.Image, colour: str, size: int, scale: int, centre_x: float, baseline: float
) -> None:
    """A side-view pyramid standing on `baseline`, centred on `centre_x`."""
    sprite, dx, dy = _standing_pyramid(colour, size, scale)
    paste(image, sprite, (centre_x + dx, baseline + dy))


# --- arrows and frames --------------------------------------------------------------------------


def _arrow_head(
    draw: ImageDraw.ImageDraw,
    tip: tuple[float, float],
    direction: tuple[float, float],
    size: float,
    fill: Colour,
) -> None:
    dx, dy = direction
    bx, by = tip[0] - dx * size, tip[1] - dy * size
    half = size * 0.65
    draw.polygon([tip, (bx - dy * half, by + dx * half), (bx + dy * half, by - dx * half)], fill=fill)


def draw_path_arrow(
    draw: ImageDraw.ImageDraw,
    points: list[tuple[float, float]],
    *,
    colour: Colour,
    width: int,
    outline: Colour | None = None,
) -> None:
    """A polyline with rounded bends and an arrowhead at its last point (segments are axis-aligned)."""
    if len(points) < 2:
        return
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(abs(x1 - x0), abs(y1 - y0)) or 1
    direction = ((x1 - x0) / length, (y1 - y0) / length)
    head = width * 2.4
    shaft = [*points[:-1], (x1 - direction[0] * head * 0.7, y1 - direction[1] * head * 0.7)]
    layers = [(outline, 3), (colour, 0)] if outline else [(colour, 0)]
    for fill, grow in layers:
        draw.line(shaft, fill=fill, width=width + 2 * grow, joint="curve")
        x, y = shaft[0]  # a round start
        r = (width + 2 * grow) / 2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
        tip = (x1 + direction[0] * grow, y1 + direction[1] * grow)
        _arrow_head(draw, tip, direction, head + grow * 1.5, fill)


def hazard_frame(draw: ImageDraw.ImageDraw, box: Box, *, width: int = 6, dash: int = 10) -> None:
    """A block's frame: red and dark stripes, like a barrier, unlike any other mark."""
    x0, y0, x1, y1 = box = tuple(round(v) for v in box)
    draw.rectangle(box, outline=PENALTY, width=width)
    for x in range(x0 + dash, x1 - width, 2 * dash):
        draw.rectangle((x, y0, min(x + dash - 1, x1), y0 + width - 1), fill=BADGE_DARK)
        draw.rectangle((x, y1 - width + 1, min(x + dash - 1, x1), y1), fill=BADGE_DARK)
    for y in range(y0 + dash, y1 - width, 2 * dash):
        draw.rectangle((x0, y, x0 + width - 1, min(y + dash - 1, y1)), fill=BADGE_DARK)
        draw.rectangle((x1 - width + 1, y, x1, min(y + dash - 1, y1)), fill=BADGE_DARK)


def draw_dashed_arrow(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]]) -> None:
    """The suggested move's arrow: cyan dashes on a dark shaft, so it reads apart from the last
    move's solid pink one even where they run together."""
    if len(points) < 2:
        return
    width, dash = 7, 14
    draw_path_arrow(draw, points, colour=BACKGROUND, width=width + 4)
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(abs(x1 - x0), abs(y1 - y0)) or 1
    direction = ((x1 - x0) / length, (y1 - y0) / length)
    head = width * 2.4
    shaft = [*points[:-1], (x1 - direction[0] * head, y1 - direction[1] * head)]
    travelled = 0.0
    for (ax, ay), (bx, by) in pairwise(shaft):
        span = abs(bx - ax) + abs(by - ay)  # segments are axis-aligned
        step = 0.0
        while step < span:
            on = (travelled + step) % (2 * dash) < dash
            run = min(dash - (travelled + step) % dash, span - step)
            if on:
                t0, t1 = step / span, (step + run) / span
                draw.line(
                    (ax + (bx - ax) * t0, ay + (by - ay) * t0, ax + (bx - ax) * t1, ay + (by - ay) * t1),
                    fill=SUGGESTED,
                    width=width,
                )
            step += run
        travelled += span
    _arrow_head(draw, (x1, y1), direction, head + 2, SUGGESTED)


# --- a stack on its square ----------------------------------------------------------------------


def draw_stack(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    square: SenetSquare,
) -> None:
    """The tower (peak and tree part) with owner badges, and the locked pyramids in a tray below."""
    placed = place_stack(box, square)
    if square.is_nest:
        rows = len(owner_runs(square.locked))
        draw.rounded_rectangle(tray_box(box, rows), radius=8, fill=TRAY_FILL, outline=PANEL_EDGE, width=1)
    for piece in placed:  # bottom to top: a smaller pyramid covers the tip of the one under it
        _paste_pyramid(image, piece.colour, piece.size, piece.scale, piece.centre_x, piece.baseline)
    for piece in placed:
        if piece.badge is not None:
            _paste_badge(image, piece.owner, piece.badge)
