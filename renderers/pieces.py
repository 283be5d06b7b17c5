"""Looney pyramids and playing cards as sprites: drawn once at SUPERSAMPLE times their size,
reduced, cached and pasted, so every game's pieces look alike."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from games.pieces import RANK_LABELS, Card, Pyramid

from .common import (
    BACKGROUND,
    CARD_EDGE,
    CARD_FACE,
    FAINT,
    PENALTY,
    PYRAMID_COLOURS,
    SUIT_BLACK,
    SUIT_RED,
    SUPERSAMPLE,
    Colour,
    draw_on,
    draw_text,
    ink_on,
    luminance,
    mix,
    paste,
    stamp,
    text_sprite,
)


def _reduce(image: Image.Image) -> Image.Image:
    return image.reduce(SUPERSAMPLE)


# --- pyramids -------------------------------------------------------------------------------

HEIGHT_RATIO = {1: 1.0, 2: 1.35, 3: 1.7}
WIDTH_RATIO = 0.66  # base width / height of a Looney pyramid seen from the side


def pyramid_extent(size: int, scale: int) -> tuple[int, int]:
    """(width, height) of a pyramid whose small size is `scale` px tall."""
    height = round(scale * HEIGHT_RATIO[size])
    return round(height * WIDTH_RATIO), height


def _outline_colour(colour: Colour) -> Colour:
    if luminance(colour) < 60:
        return (150, 156, 170)  # dark pieces need a light edge on the dark table
    return mix(colour, (0, 0, 0), 0.45)


@lru_cache(maxsize=512)
def pyramid_sprite(
    colour: str, size: int, scale: int, *, penalty: bool = False, ghost: bool = False, letter: bool = True
) -> Image.Image:
    """A side view of one pyramid: two shaded faces, an edge, and 1-3 pips near the base.

    Penalty pyramids get a thick red edge and a red "−" badge that overhangs the top-right
    corner; the sprite is therefore `badge_overhang(scale)` px wider and taller than the piece.
    A ghost is only a faint outline, for an empty place in the pool. `letter`: the colour's letter
    on the face (pictures that already label each piece with a badge leave it out).
    """
    width, height = pyramid_extent(size, scale)
    over = badge_overhang(scale)
    s = SUPERSAMPLE
    image = Image.new("RGBA", ((width + over) * s, (height + over) * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    left, right, top, bottom = 0, width * s, over * s, (height + over) * s
    apex, base_left, base_right, base_mid = (
        (right / 2, top),
        (left, bottom),
        (right, bottom),
        (right / 2, bottom),
    )
    rgb = PYRAMID_COLOURS.get(colour, (200, 200, 200))
    edge_width = max(1, round(scale / 16)) * s
    if ghost:
        draw.polygon([apex, base_right, base_left], outline=(*FAINT, 150), width=edge_width)
        return _reduce(image)
    alpha = 120 if colour == "L" else 255  # clear pyramids let the table show through
    draw.polygon([apex, base_mid, base_left], fill=(*mix(rgb, (255, 255, 255), 0.16), alpha))
    draw.polygon([apex, base_right, base_mid], fill=(*mix(rgb, (0, 0, 0), 0.2), alpha))
    edge = PENALTY if penalty else _outline_colour(rgb)
    if penalty:
        edge_width = max(2, round(scale / 9)) * s
    draw.polygon([apex, base_right, base_left], outline=(*edge, 255), width=edge_width)
    _draw_pips(draw, size, rgb, width * s, bottom, height * s)
    if penalty:
        _draw_penalty_badge(draw, scale, right + over * s)
    sprite = _reduce(image)
    if letter:
        _draw_colour_letter(sprite, colour, rgb, width, height, over)
    return sprite


def colour_letter(colour: str) -> str:
    """The second cue beside a piece's colour: its letter (R red, K black, L clear, ...)."""
    return colour


MIN_LETTER = 11  # px: smaller pieces show their colour by place and legend only


def letter_size(width: int) -> int:
    return round(width * 0.55)


def _draw_colour_letter(
    sprite: Image.Image, colour: str, rgb: Colour, width: int, height: int, over: int
) -> None:
    """The colour's letter on the piece's face, between apex and pips, in black or white for contrast."""
    size = letter_size(width)
    if size < MIN_LETTER:
        return
    ink = SUIT_BLACK if colour == "L" else ink_on(rgb, SUIT_BLACK)  # clear pieces show the table through
    mask = text_sprite(colour_letter(colour), size, True)
    x = round(width / 2 - mask.advance / 2) + mask.left
    baseline = over + round(height * 0.7)
    stamp(ImageDraw.Draw(sprite), (x, baseline + mask.top), mask.mask, ink)


def badge_overhang(scale: int) -> int:
    return max(5, round(scale * 0.22))


def _draw_pips(
    draw: ImageDraw.ImageDraw, size: int, rgb: Colour, width: float, bottom: float, height: float
) -> None:
    radius = max(1.6 * SUPERSAMPLE, width * 0.055)
    spacing = radius * 3.1
    y = bottom - height * 0.14
    pip = SUIT_BLACK if luminance(rgb) > 150 else (250, 250, 250)
    for i in range(size):
        x = width / 2 + (i - (size - 1) / 2) * spacing
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(*pip, 255))


def _draw_penalty_badge(draw: ImageDraw.ImageDraw, scale: int, right: float) -> None:
    s = SUPERSAMPLE
    radius = badge_overhang(scale) * s * 1.05
    cx, cy = right - radius, radius
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius),
        fill=(*PENALTY, 255),
        outline=(*BACKGROUND, 255),
        width=s,
    )
    bar_w, bar_h = radius * 0.55, max(s, radius * 0.16)
    draw.rectangle((cx - bar_w, cy - bar_h, cx + bar_w, cy + bar_h), fill=(255, 255, 255, 255))


def draw_pyramid(
    canvas: Image.Image,
    code: str,
    x: float,
    baseline: float,
    *,
    scale: int,
    penalty_colour: str | None = None,
    ghost: bool = False,
) -> int:
    """Paste the pyramid `code` (e.g. "K2") with its base's left end at (x, baseline); return its width."""
    pyramid = Pyramid.parse(code)
    penalty = pyramid.colour == penalty_colour
    sprite = pyramid_sprite(pyramid.colour, pyramid.size, scale, penalty=penalty, ghost=ghost)
    width, height = pyramid_extent(pyramid.size, scale)
    paste(canvas, sprite, (x, baseline - height - badge_overhang(scale)))
    return width


def row_width(codes: list[str], scale: int, gap: int) -> int:
    widths = [pyramid_extent(Pyramid.parse(code).size, scale)[0] for code in codes]
    return sum(widths) + gap * max(0, len(widths) - 1)


def fit_scale(codes: list[str], scale: int, gap: int, max_width: float) -> int:
    """The largest scale up to `scale` at which the row fits in `max_width`."""
    while scale > 8 and row_width(codes, scale, gap) > max_width:
        scale -= 1
    return scale


def draw_pyramid_row(
    canvas: Image.Image,
    codes: list[str],
    x: float,
    baseline: float,
    *,
    scale: int,
    gap: int,
    penalty_colour: str | None = None,
    max_width: float | None = None,
) -> float:
    """Pyramids side by side on one baseline, shrunk if needed to fit; returns the right end."""
    if max_width is not None:
        scale = fit_scale(codes, scale, gap, max_width)
    for code in codes:
        x += draw_pyramid(canvas, code, x, baseline, scale=scale, penalty_colour=penalty_colour) + gap
    return x - gap if codes else x


# --- suits and cards ------------------------------------------------------------------------

CARD_RATIO = 1.4


@lru_cache(maxsize=64)
def suit_mask(suit: str, size: int) -> Image.Image:
    """An anti-aliased mask ("L", size x size) of a suit symbol: the font has no suit glyphs."""
    n = size * SUPERSAMPLE
    mask = Image.new("L", (n, n), 0)
    draw = ImageDraw.Draw(mask)

    def circle(cx: float, cy: float, r: float) -> None:
        draw.ellipse(((cx - r) * n, (cy - r) * n, (cx + r) * n, (cy + r) * n), fill=255)

    def polygon(*points: tuple[float, float]) -> None:
        draw.polygon([(px * n, py * n) for px, py in points], fill=255)

    if suit == "d":
        polygon((0.5, 0.02), (0.9, 0.5), (0.5, 0.98), (0.1, 0.5))
    elif suit == "h":
        circle(0.28, 0.32, 0.25)
        circle(0.72, 0.32, 0.25)
        polygon((0.05, 0.42), (0.95, 0.42), (0.5, 0.95))
    elif suit == "s":
        circle(0.28, 0.56, 0.23)
        circle(0.72, 0.56, 0.23)
        polygon((0.07, 0.48), (0.93, 0.48), (0.5, 0.03))
        polygon((0.5, 0.55), (0.3, 0.98), (0.7, 0.98))
    elif suit == "c":
        circle(0.5, 0.27, 0.22)
        circle(0.26, 0.58, 0.22)
        circle(0.74, 0.58, 0.22)
        circle(0.5, 0.5, 0.14)
        polygon((0.5, 0.48), (0.3, 0.98), (0.7, 0.98))
    else:
        raise ValueError(f"unknown suit {suit!r}")
    return _reduce(mask)


def suit_colour(suit: str) -> Colour:
    return SUIT_RED if suit in "hd" else SUIT_BLACK


def draw_suit(canvas: Image.Image, suit: str, xy: tuple[float, float], size: int, colour: Colour) -> None:
    """Fill a suit symbol whose top-left corner is at xy."""
    stamp(draw_on(canvas), (round(xy[0]), round(xy[1])), suit_mask(suit, size), colour)


def card_extent(width: int) -> tuple[int, int]:
    return width, round(width * CARD_RATIO)


@lru_cache(maxsize=512)
def card_sprite(code: str, width: int, *, dim: bool = False) -> Image.Image:
    """A card face: rounded white rectangle, big rank top-left, small suit under it, large suit."""
    card = Card.parse(code)
    width, height = card_extent(width)
    s = SUPERSAMPLE
    shape = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1),
        radius=round(width * 0.1) * s,
        fill=(*CARD_FACE, 255),
        outline=(*CARD_EDGE, 255),
        width=2 * s,
    )
    sprite = _reduce(shape)
    ink = suit_colour(card.suit)
    rank = RANK_LABELS.get(card.rank, str(card.rank))
    rank_size = round(width * 0.34)
    draw_text(ImageDraw.Draw(sprite), (width * 0.09, width * 0.06), rank, size=rank_size, fill=ink, bold=True)
    small = round(width * 0.2)
    draw_suit(sprite, card.suit, (width * 0.1, width * 0.06 + rank_size * 1.05), small, ink)
    big = round(width * 0.56)
    draw_suit(sprite, card.suit, (width - big - width * 0.1, height - big - width * 0.1), big, ink)
    if dim:
        faded = Image.blend(sprite.convert("RGB"), Image.new("RGB", sprite.size, BACKGROUND), 0.62)
        faded.putalpha(sprite.getchannel("A"))
        sprite = faded
    return sprite


def draw_card(
    canvas: Image.Image, code: str, xy: tuple[float, float], width: int, *, dim: bool = False
) -> None:
    paste(canvas, card_sprite(code, width, dim=dim), xy)


def draw_card_slot(draw: ImageDraw.ImageDraw, xy: tuple[float, float], width: int, *, colour: Colour) -> None:
    """The outline of a card not played yet."""
    w, h = card_extent(width)
    x, y = round(xy[0]), round(xy[1])
    draw.rounded_rectangle((x, y, x + w, y + h), radius=round(width * 0.1), outline=colour, width=3)
