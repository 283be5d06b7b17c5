"""The Agents of M.A.R.S. drawing kit: the board's palette, pieces as pyramids seen from above
(three shades, the colour's letter over the apex, the pips on the south face; hollow on the final
board outside the scoring groups), the arrows of moves and swaps, and group outlines."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from .common import (
    ACCENT,
    BACKGROUND,
    PYRAMID_COLOURS,
    SUIT_BLACK,
    SUPERSAMPLE,
    TEXT,
    ArrowHead,
    Box,
    Colour,
    draw_arrow,
    luminance,
    mix,
    paste,
    stamp,
    text_sprite,
    text_width,
)
from .pieces import colour_letter

# --- palette additions: a Martian-dust board, a cyan mark for the last action ---------------------

SQUARE = (216, 200, 174)
SQUARE_EDGE = (160, 141, 116)
BOARD_EDGE = (120, 100, 78)
LAST = (40, 222, 255)  # no piece is cyan, so the mark never blends into a piece
LAST_DARK = BACKGROUND
# A suggested move (a tutorial's, `view.suggested`): dashed frames and an arrow in magenta, a
# colour no piece and no other mark of the board uses, so it never reads as the last move.
SUGGESTED = (255, 104, 196)
SUGGESTED_DARK = BACKGROUND
PRIVATE = (255, 122, 204)  # a slot only the viewer can see

FOOTPRINT = {1: 0.52, 2: 0.68, 3: 0.86}  # side of a piece's base / side of its square
# The suggestion's colour on the objective picture: amber, since there pink already marks the
# slots only the viewer sees, and no card uses amber.
SUGGESTED_SLOTS = ACCENT


# --- pieces ---------------------------------------------------------------------------------------


def piece_rgb(colour: str) -> Colour:
    return PYRAMID_COLOURS.get(colour, (200, 200, 200))


def piece_shades(colour: str) -> tuple[Colour, Colour, Colour]:
    """(light, base, dark) faces of a piece. Few shades: the PNG keeps only 64 colours."""
    if colour == "K":
        return (100, 102, 110), (58, 60, 66), PYRAMID_COLOURS["K"]
    rgb = piece_rgb(colour)
    return mix(rgb, (255, 255, 255), 0.3), rgb, mix(rgb, (0, 0, 0), 0.3)


def pip_colour(colour: str) -> Colour:
    return BACKGROUND if luminance(piece_shades(colour)[2]) > 120 else TEXT


def letter_inks(colour: str) -> tuple[Colour, Colour]:
    """(letter, halo) on a solid piece: dark on yellow, white elsewhere (as on the slot swatches), each
    ringed by one of the piece's own shades so the letter reads across its light and dark faces."""
    light, _base, dark = piece_shades(colour)
    if luminance(piece_rgb(colour)) > 150:
        return SUIT_BLACK, light
    return (255, 255, 255), dark


def hollow_ink(colour: str) -> Colour:
    """Letter and pips of a hollow piece on the light board: the colour darkened (the pyramids' edge shade)."""
    base = piece_shades(colour)[1]
    return base if colour == "K" else mix(base, (0, 0, 0), 0.45)


def piece_letter_size(side: int) -> int:
    """The font size of the colour letter on a piece `side` px wide: big enough to read at phone
    width on a small piece, never so big that it covers the pips of a large one."""
    return min(56, round(side * 0.64))


def _stamp_letter(
    sprite: Image.Image, colour: str, centre: tuple[float, float], ink: Colour, halo: Colour | None
) -> None:
    """The colour's letter centred on `centre`, with a 1-2 px halo when `halo` is given."""
    size = piece_letter_size(sprite.width)
    glyph = text_sprite(colour_letter(colour), size, True)
    if glyph.mask is None:
        return
    x = round(centre[0] - glyph.mask.width / 2)
    y = round(centre[1] - glyph.mask.height / 2)  # the ink itself centred: capitals sit optically mid
    draw = ImageDraw.Draw(sprite)
    if halo is not None:
        grow = 2 if size >= 26 else 1
        border = Image.new("L", (glyph.mask.width + 2 * grow, glyph.mask.height + 2 * grow), 0)
        border.paste(glyph.mask, (grow, grow))
        stamp(draw, (x - grow, y - grow), border.filter(ImageFilter.MaxFilter(2 * grow + 1)), halo)
    stamp(draw, (x, y), glyph.mask, ink)


@lru_cache(maxsize=512)
def top_sprite(colour: str, size: int, cell: int, *, dim: bool = False) -> Image.Image:
    """A pyramid seen from above, `cell * FOOTPRINT[size]` px square.

    Lit from the north-west: the north face light, the west face the piece's own colour, the east
    and south faces and the edge dark; the colour's letter sits over the apex (the second cue beside
    colour: red, green and yellow look alike to many colour-blind players) and the pips are dots near
    the base of the south face. `dim` (pieces outside the scoring groups on the final board) is a
    hollow square with its letter and pips.
    """
    side = max(8, round(cell * FOOTPRINT[size]))
    s = SUPERSAMPLE
    n = side * s
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    light, base, dark = piece_shades(colour)
    pip = pip_colour(colour)
    width = max(1, round(cell / 30)) * s
    if dim:  # a hollow outline, letter and pips in the piece's own colour: no new palette colours
        width = max(2, round(cell / 24)) * s
        draw.rectangle((0, 0, n - 1, n - 1), outline=(*base, 255), width=width)
        pip = hollow_ink(colour)
    else:
        apex = (n / 2, n / 2)
        nw, ne, se, sw = (0, 0), (n, 0), (n, n), (0, n)
        for a, b, fill in ((nw, ne, light), (sw, nw, base), (ne, se, dark), (se, sw, dark)):
            draw.polygon([a, b, apex], fill=(*fill, 255))
        draw.rectangle((0, 0, n - 1, n - 1), outline=(*dark, 255), width=width)
    radius = max(2.2 * s, n * 0.062)
    spacing = radius * 3.0
    pips_y = n - width - radius * 1.9
    for i in range(size):
        x = n / 2 + (i - (size - 1) / 2) * spacing
        draw.ellipse((x - radius, pips_y - radius, x + radius, pips_y + radius), fill=(*pip, 255))
    sprite = image.reduce(s)
    # The letter sits midway between the top edge and the top of the pips, never over them.
    letter_middle = (width / s + (pips_y - radius) / s) / 2 - 1
    if dim:
        _stamp_letter(sprite, colour, (side / 2, letter_middle), pip, None)
    else:
        _stamp_letter(sprite, colour, (side / 2, letter_middle), *letter_inks(colour))
    return sprite


def draw_piece(canvas: Image.Image, code: str, box: Box, *, dim: bool = False) -> None:
    """A piece centred in a square box."""
    colour, size = code[0], int(code[1])
    sprite = top_sprite(colour, size, box[2] - box[0], dim=dim)
    paste(
        canvas,
        sprite,
        ((box[0] + box[2] - sprite.width) // 2, (box[1] + box[3] - sprite.height) // 2),
    )


def wrap(text: str, size: int, max_width: float, *, bold: bool = False) -> list[str]:
    """Greedy word wrap."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        attempt = f"{line} {word}".strip()
        if line and text_width(attempt, size, bold=bold) > max_width:
            lines.append(line)
            line = word
        else:
            line = attempt
    if line:
        lines.append(line)
    return lines


# --- arrows and outlines --------------------------------------------------------------------------

# The squares' arrows: a longer head with a sharp rim, as moves run along ranks and files.
SQUARE_ARROW = ArrowHead(length=2.8, tip_rim=1.0, base_rim=0.0, round_tail=False)


def cells_between(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The (column, row) cells strictly between two cells of one row or column."""
    (ax, ay), (bx, by) = a, b
    if ax != bx and ay != by:
        return []
    steps = max(abs(bx - ax), abs(by - ay))
    dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    return [(ax + dx * i, ay + dy * i) for i in range(1, steps)]


def arrow_between(
    draw: ImageDraw.ImageDraw,
    a: Box,
    b: Box,
    *,
    swap: bool,
    colour: Colour = LAST,
    outline: Colour = LAST_DARK,
) -> None:
    """From square a's centre (a move) or edge (a swap) to square b's near edge."""
    (ax, ay), (bx, by) = ((a[0] + a[2]) / 2, (a[1] + a[3]) / 2), ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
    if ax != bx and ay != by:
        return  # not a straight line: the frames alone show it
    sq = a[2] - a[0]
    dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    inset = sq * 0.5 - 6
    end = (bx - dx * inset, by - dy * inset)
    start = (ax + dx * inset, ay + dy * inset) if swap else (ax, ay)
    draw_arrow(
        draw,
        start,
        end,
        colour=colour,
        outline=outline,
        width=max(4, sq // 12),
        both=swap,
        shape=SQUARE_ARROW,
    )


def outline_cells(
    draw: ImageDraw.ImageDraw, origin: tuple[int, int], cell: int, cells: set[tuple[int, int]], rgb: Colour
) -> None:
    """Outline a set of (column, row) cells of a grid whose top-left corner is `origin`."""
    band = max(5, cell // 11)
    dark = mix(rgb, (0, 0, 0), 0.3)  # a piece's dark shade: no new colour for the PNG palette
    for rim, colour in ((band + 2, dark), (band, rgb)):
        for column, row in cells:
            x0, y0 = origin[0] + column * cell, origin[1] + row * cell
            x1, y1 = x0 + cell - 1, y0 + cell - 1
            out = {(dx, dy): (column + dx, row + dy) not in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            if out[(0, -1)]:
                draw.rectangle((x0, y0, x1, y0 + rim), fill=colour)
            if out[(0, 1)]:
                draw.rectangle((x0, y1 - rim, x1, y1), fill=colour)
            if out[(-1, 0)]:
                draw.rectangle((x0, y0, x0 + rim, y1), fill=colour)
            if out[(1, 0)]:
                draw.rectangle((x1 - rim, y0, x1, y1), fill=colour)
            for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):  # the inner corner of an L
                if out[(dx, dy)] and not out[(dx, 0)] and not out[(0, dy)]:
                    cx = x0 if dx < 0 else x1 - rim
                    cy = y0 if dy < 0 else y1 - rim
                    draw.rectangle((cx, cy, cx + rim, cy + rim), fill=colour)
