"""Martian Senet pictures: the board (also each seat's picture: nothing in Senet is hidden) and the
rules picture.

Made for a phone, where the board shows about 325 px wide: the picture is the board alone, with
big coordinates and marks. Names, borne-off counts, the roll, the recent rolls and the key to the
marks are Discord text (bot/presenters/senet.py).

The board lies as on the table: three 3x3 coasters in a line, east on the right, so the columns
read 9..1 from left to right. The rows are the tracks, top to bottom S (Source), B (Balance) and
P (Perfect); with the two flips they make one S-shaped path (right to left, down at the west end,
left to right, down at the east end, right to left and off at the west end).

A stack stands in side view: the peak (the nest's outer pyramid) with the tree part on it as a
tower, and the pyramids locked inside the nest small in a dark tray under it. Every pyramid has
its owner's badge (A: dark letter on a light disc, B: light letter on a dark disc) in a column at
the square's right, top to bottom as the stack, so owners read apart whatever the colours.

A tutorial's view may hold a suggested move (`suggested`, from `Game.marks`): it is drawn in dashed
cyan over everything, a colour no other mark uses; without it the picture is as it always was.

What never changes (tiles, grid, path) is drawn once and copied under each position, the
coordinates stamped on it; an occupied square is drawn once per stack and marks and then pasted
whole. Pictures use the kit's fixed palette.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw

from catalogue import tr
from games.senet import OFF, SQUARE_INDEX, Piece, square_view
from games.senet_views import SenetRoll, SenetSquare, SenetView

from . import common
from .common import (
    ACCENT,
    BACKGROUND,
    CARD_EDGE,
    CARD_FACE,
    MUTED,
    PANEL,
    PANEL_EDGE,
    PENALTY,
    SUIT_BLACK,
    SUPERSAMPLE,
    TEXT,
    WIDTH,
    Box,
    Colour,
    Pictures,
    draw_text,
    mix,
    new_canvas,
    once_per_language,
    paste,
    to_png,
)
from .common import (
    dashed_frame as _dashed_rectangle,
)
from .common import (
    panel_card as _card,
)
from .pieces import pyramid_extent, pyramid_sprite
from .senet_words import BLOCK, DIE_RULES, NEST, OFF_WORD, TRACK_NAMES, TREE

# --- the game's geometry ------------------------------------------------------------------------

TRACKS = ("S", "B", "P")  # top to bottom
TRACK_DIRECTION = {"S": -1, "B": 1, "P": -1}  # on the picture: -1 = right to left (column 1 -> 9)
COLUMNS = 9


def square_name(track: str, column: int) -> str:
    return f"{track}{column}"


def parse_square(square: str) -> tuple[str, int]:
    """ "B7" -> ("B", 7)."""
    return square[0].upper(), int(square[1:])


def path_index(square: str) -> int:
    """The race order, 1..27 (spec §1): S1..S9, then B9..B1, then P1..P9."""
    return SQUARE_INDEX[square]


def column_position(column: int) -> int:
    """0..8 from the left: east (column 1) is on the right."""
    return COLUMNS - column


# --- layout -------------------------------------------------------------------------------------

LABEL_SIZE = 32  # every word and number: 10.4 px when the board is shown 325 px wide
SIDE = 8
TRACK_LABEL_W = 34  # the track letters, left of the board
LANE_W = 34  # the bends of the path at each end
COASTER_GAP = 10
CELL_W = (WIDTH - 2 * SIDE - TRACK_LABEL_W - 2 * LANE_W - 2 * COASTER_GAP) // COLUMNS
CELL_H = 210
BOARD_W = COLUMNS * CELL_W + 2 * COASTER_GAP
BOARD_X0 = SIDE + TRACK_LABEL_W + LANE_W + (WIDTH - 2 * SIDE - TRACK_LABEL_W - 2 * LANE_W - BOARD_W) // 2
BOARD_X1 = BOARD_X0 + BOARD_W
BOARD_Y0 = 50  # under the column numbers
BOARD_Y1 = BOARD_Y0 + len(TRACKS) * CELL_H
HEIGHT = BOARD_Y1 + 58  # the exit and its word under the board
WEST_BEND_X = BOARD_X0 - LANE_W // 2  # where the path turns at the west end (Birth flip, off)
EAST_BEND_X = BOARD_X1 + LANE_W // 2  # and at the east end (Death flip)

# Inside a square, from the top: a band the last move's arrow runs along, the tower, the tray of
# locked pyramids (a row per owner among them, at most two).
TOP_BAND = 14
BADGE = 35  # owner badge diameter; its letter is LABEL_SIZE
TRAY_ROW = BADGE + 2
TOWER_SCALE = 42  # a small pyramid is 42 px tall
TRAY_SCALE = 24
TREE_LIFT = 0.55  # a smaller pyramid sits this far up the bigger one under it
TOWER_X = 0.36  # the tower's axis, as a share of the square's width (badges go on its right)


@dataclass(frozen=True)
class SenetLayout:
    width: int
    height: int
    board: Box  # the three coasters (the squares only)


def board_layout(view: SenetView | None = None) -> SenetLayout:
    """The picture's size and where its board lies: the same for every view."""
    return SenetLayout(WIDTH, HEIGHT, (BOARD_X0, BOARD_Y0, BOARD_X1, BOARD_Y1))


@lru_cache(maxsize=32)
def board_square_box(square: str) -> Box:
    """The pixel box of a square on the board picture (the same for every view)."""
    track, column = parse_square(square)
    position = column_position(column)
    x0 = BOARD_X0 + position * CELL_W + (position // 3) * COASTER_GAP
    y0 = BOARD_Y0 + TRACKS.index(track) * CELL_H
    return (x0, y0, x0 + CELL_W, y0 + CELL_H)


def coaster_box(position: int) -> Box:
    """The tile at coaster position 0 (west, left), 1 (middle) or 2 (east, right)."""
    x0 = BOARD_X0 + position * (3 * CELL_W + COASTER_GAP)
    return (x0, BOARD_Y0, x0 + 3 * CELL_W, BOARD_Y1)


def _row_middle(track: str) -> float:
    return BOARD_Y0 + (TRACKS.index(track) + 0.5) * CELL_H


def _band_middle(track: str) -> float:
    return BOARD_Y0 + TRACKS.index(track) * CELL_H + TOP_BAND / 2 + 1


def off_box() -> Box:
    """The exit past P9: the word under the west lane, where the path leaves the board."""
    y0 = BOARD_Y1 + 18
    half = LABEL_SIZE + 4
    return (WEST_BEND_X - half, y0, WEST_BEND_X + half, y0 + LABEL_SIZE + 6)


# --- colours and the view ----------------------------------------------------------------------

SQUARE_FILL = (66, 74, 94)
SQUARE_LINE = (40, 45, 58)
TILE_EDGE = (112, 122, 146)
TRAY_FILL = (34, 38, 50)
PATH = (132, 141, 162)  # the fixed path arrows
LAST = (255, 104, 196)  # the last move: no pyramid colour is pink
LAST_TINT = mix(SQUARE_FILL, LAST, 0.3)  # its squares
SUGGESTED = (40, 222, 255)  # a tutorial's suggested move, dashed: nothing else on this board is cyan
BADGE_LIGHT = (238, 240, 244)
BADGE_DARK = (18, 20, 26)


# --- sprites ------------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def owner_badge(player: str, diameter: int = BADGE) -> Image.Image:
    """A round badge with the owner's letter: A dark on a light disc, B light on a dark disc.

    Two cues, letter and brightness, so owners read apart whatever the pieces' colours. B's grey
    rim keeps its dark disc visible on dark squares.
    """
    s = SUPERSAMPLE
    n = diameter * s
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    fill, ink, rim = (
        (BADGE_LIGHT, BADGE_DARK, BADGE_DARK) if player == "a" else (BADGE_DARK, BADGE_LIGHT, MUTED)
    )
    draw.ellipse((0, 0, n - 1, n - 1), fill=(*rim, 255))
    rim_width = round(1.5 * s)
    draw.ellipse((rim_width, rim_width, n - 1 - rim_width, n - 1 - rim_width), fill=(*fill, 255))
    badge = image.reduce(s)
    draw_text(
        ImageDraw.Draw(badge),
        (diameter / 2, diameter / 2 + 1),
        player.upper(),
        size=LABEL_SIZE,
        fill=ink,
        anchor="mm",
        bold=True,
    )
    return badge


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


# --- drawing helpers ----------------------------------------------------------------------------


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


def _hazard_frame(draw: ImageDraw.ImageDraw, box: Box, *, width: int = 6, dash: int = 10) -> None:
    """A block's frame: red and dark stripes, like a barrier, unlike any other mark."""
    x0, y0, x1, y1 = box = tuple(round(v) for v in box)
    draw.rectangle(box, outline=PENALTY, width=width)
    for x in range(x0 + dash, x1 - width, 2 * dash):
        draw.rectangle((x, y0, min(x + dash - 1, x1), y0 + width - 1), fill=BADGE_DARK)
        draw.rectangle((x, y1 - width + 1, min(x + dash - 1, x1), y1), fill=BADGE_DARK)
    for y in range(y0 + dash, y1 - width, 2 * dash):
        draw.rectangle((x0, y, x0 + width - 1, min(y + dash - 1, y1)), fill=BADGE_DARK)
        draw.rectangle((x1 - width + 1, y, x1, min(y + dash - 1, y1)), fill=BADGE_DARK)


# --- a stack on its square ----------------------------------------------------------------------


@dataclass(frozen=True)
class PlacedPyramid:
    """Where one pyramid of a stack is drawn, and its owner's badge."""

    owner: str
    size: int
    colour: str
    locked: bool  # inside the nest: drawn small in the tray
    scale: int
    centre_x: float
    baseline: float
    badge: tuple[float, float] | None  # the badge's centre; None: it shares the next one's


def tray_box(box: Box, rows: int = 2) -> Box:
    """The strip at the bottom of a square where a nest's locked pyramids lie, `rows` owners high."""
    x0, _, x1, y1 = box
    return (x0 + 3, y1 - 3 - rows * TRAY_ROW - 2, x1 - 3, y1 - 3)


def owner_runs(pieces: tuple[Piece, ...]) -> list[list[int]]:
    """Indices of `pieces` grouped into runs of one owner, in order."""
    runs: list[list[int]] = []
    for index, piece in enumerate(pieces):
        if runs and pieces[runs[-1][-1]].owner == piece.owner:
            runs[-1].append(index)
        else:
            runs.append([index])
    return runs


@lru_cache(maxsize=512)
def place_stack(box: Box, square: SenetSquare) -> tuple[PlacedPyramid, ...]:
    """Lay out a square's stack in its box, bottom to top.

    The tower (the peak and the tree part on it) stands on the tray's top edge, each smaller
    pyramid perched TREE_LIFT up the bigger one under it; its badges stand in a column at the
    square's right edge, each level with the part of its pyramid that shows, never overlapping.
    The locked pyramids lie in the tray under it, a row per run of one owner (the outermost on
    top), each row's pyramids side by side with the run's one badge in the same column.
    """
    x0, _, x1, y1 = box
    centre_x = x0 + (x1 - x0) * TOWER_X
    badge_x = x1 - BADGE / 2 - 3
    placed: list[PlacedPyramid] = []

    locked = square.locked
    tray = tray_box(box)
    for row, run in enumerate(owner_runs(locked)):  # the innermost run at the bottom
        row_bottom = tray[3] - 2 - row * TRAY_ROW
        widths = [pyramid_extent(locked[i].size, TRAY_SCALE)[0] for i in run]
        x = centre_x - (sum(widths) + 4 * (len(run) - 1)) / 2
        for i, width in zip(run, widths, strict=True):
            owner, size, colour = locked[i]
            badge = (badge_x, row_bottom - TRAY_ROW / 2) if i == run[-1] else None
            placed.append(
                PlacedPyramid(owner, size, colour, True, TRAY_SCALE, x + width / 2, row_bottom - 6, badge)
            )
            x += width + 4

    rows = len(owner_runs(locked))
    base = tray_box(box, rows)[1] - 2 if rows else y1 - 6
    tower = (square.outer, *square.tree)
    last_badge_y = None
    for i, (owner, size, colour) in enumerate(tower):
        height = pyramid_extent(size, TOWER_SCALE)[1]
        shown = height * (TREE_LIFT if i < len(tower) - 1 else 0.7)  # the part the next one leaves
        badge_y = base - min(shown, height * 0.7) / 2 - 4
        if last_badge_y is not None:
            badge_y = min(badge_y, last_badge_y - BADGE - 1)
        placed.append(
            PlacedPyramid(owner, size, colour, False, TOWER_SCALE, centre_x, base, (badge_x, badge_y))
        )
        last_badge_y = badge_y
        base -= height * TREE_LIFT
    return tuple(placed)


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


# --- the board ----------------------------------------------------------------------------------


def render_senet_board(view: SenetView, *, names: list[str] | None = None) -> bytes:
    """The three coasters with the path and the stacks; the last move, the roll's destinations and
    blocks marked on them. (`names` are the board text's business: nothing here is named.)"""
    image, draw = new_canvas(WIDTH, HEIGHT)
    image.paste(_empty_board(common.CANVAS_MODE))
    _draw_coordinates(draw)
    last = view.last
    last_squares = (
        {square for square in (last.origin, last.target) if square not in (None, OFF)} if last else set()
    )
    blocks = {name for name, square in view.squares.items() if square.block_owner}
    targets = set(view.landings)

    squares = view.squares
    for square in sorted(last_squares | (targets - {OFF}) | set(squares)):
        x0, y0, _, _ = board_square_box(square)
        tinted, target = square in last_squares, square in targets
        if square in squares:
            inside = _occupied_square(squares[square], tinted, target, common.CANVAS_MODE)
            image.paste(inside, (x0 + 2, y0 + 2))
        else:
            _draw_square_marks(draw, (x0 + 2, y0 + 2), tinted=tinted, target=target)
    if OFF in targets:
        _dashed_rectangle(draw, off_box(), colour=ACCENT, width=4, dash=7)
    for square in blocks:
        x0, y0, x1, y1 = board_square_box(square)
        _hazard_frame(draw, (x0 + 1, y0 + 1, x1 - 2, y1 - 2))
    for square in last_squares:
        x0, y0, x1, y1 = board_square_box(square)
        inset = 7 if square in blocks else 1
        draw.rectangle((x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset), outline=LAST, width=4)
    if last and last.origin:
        _draw_last_move_arrow(draw, last.origin, last.target)
    if last and last.coaster:  # the coaster that travelled on a 5, framed where it now lies
        x0, y0, x1, y1 = coaster_box(0 if last.coaster == "E" else 2)
        draw.rounded_rectangle((x0 - 7, y0 - 7, x1 + 6, y1 + 6), radius=12, outline=LAST, width=5)
    if view.suggested:
        _draw_suggestion(draw, view, view.suggested)
    return to_png(image)


def _draw_suggestion(draw: ImageDraw.ImageDraw, view: SenetView, suggested: SenetRoll) -> None:
    """A tutorial's suggested move (`Game.marks`), in dashed cyan over everything: the pyramids that
    would go, ringed, a dashed arrow along the path to where they land, that square framed; on a 5,
    the coaster that would travel, framed, with an arrow under the board to the end it goes to."""
    if suggested.coaster:
        start, end = (2, 0) if suggested.coaster == "E" else (0, 2)
        x0, y0, x1, y1 = coaster_box(start)
        _dashed_frame_on_dark(draw, (x0 - 8, y0 - 8, x1 + 7, y1 + 7), width=6, dash=12)
        y = BOARD_Y1 + 30
        points = [((x0 + x1) / 2, y), (sum(coaster_box(end)[::2]) / 2, y)]
        _draw_dashed_arrow(draw, points)
        return
    origin, destination = suggested.origin, suggested.target
    # plain dashes: a dark backing would hide the badges of pyramids below
    _dashed_rectangle(draw, _unit_box(view, origin, suggested.size), colour=SUGGESTED, width=5, dash=9)
    if destination == OFF:
        x0, y0, x1, y1 = off_box()
        _dashed_frame_on_dark(draw, (x0 - 3, y0 - 3, x1 + 3, y1 + 3), width=5, dash=8)
    else:  # over the roll's yellow dashes there: this is the landing the suggestion picks
        x0, y0, x1, y1 = board_square_box(destination)
        _dashed_frame_on_dark(draw, (x0 + 3, y0 + 3, x1 - 4, y1 - 4), width=7, dash=12)
    _draw_dashed_arrow(draw, _move_path(origin, destination))


def _dashed_frame_on_dark(draw: ImageDraw.ImageDraw, box: Box, *, width: int, dash: int) -> None:
    """Cyan dashes with dark gaps, so no mark under them shows through."""
    draw.rectangle(box, outline=BACKGROUND, width=width)
    _dashed_rectangle(draw, box, colour=SUGGESTED, width=width, dash=dash)


def _unit_box(view: SenetView, square: str, size: int) -> Box:
    """Round the pyramids a move would take from `square`: the one of `size` in the tower (the
    movable part) and those on it, with their badges."""
    x0, y0, x1, y1 = box = board_square_box(square)
    placed = [piece for piece in place_stack(box, view.squares[square]) if not piece.locked]
    base = next(i for i, piece in enumerate(placed) if piece.size == size)
    xs, ys = [], []
    for piece in placed[base:]:
        width, height = pyramid_extent(piece.size, piece.scale)
        xs += [piece.centre_x - width / 2, piece.centre_x + width / 2]
        ys += [piece.baseline - height, piece.baseline]
        if piece.badge is not None:
            xs += [piece.badge[0] + BADGE / 2]
            ys += [piece.badge[1] - BADGE / 2, piece.badge[1] + BADGE / 2]
    return (
        max(x0 + 3, min(xs) - 6),
        max(y0 + 3, min(ys) - 6),
        min(x1 - 3, max(xs) + 5),
        min(y1 - 3, max(ys) + 5),
    )


def _draw_dashed_arrow(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]]) -> None:
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


def _draw_square_marks(
    draw: ImageDraw.ImageDraw, corner: tuple[int, int], *, tinted: bool, target: bool
) -> None:
    """A square's inside (clear of the grid lines), from `corner`: tinted if the last move left or
    reached it, dashed where the roll can land."""
    x, y = corner
    if tinted:
        draw.rectangle((x, y, x + CELL_W - 4, y + CELL_H - 4), fill=LAST_TINT)
    if target:
        _dashed_rectangle(
            draw, (x + 2, y + 2, x + CELL_W - 7, y + CELL_H - 7), colour=ACCENT, width=4, dash=8
        )


@lru_cache(maxsize=256)  # 19 KB each
def _occupied_square(square: SenetSquare, tinted: bool, target: bool, mode: str) -> Image.Image:
    """The inside of a square holding a stack with its marks, drawn once and then pasted whole: most
    squares look the same from one position to the next (`mode` keys the canvas mode)."""
    inside, draw = new_canvas(CELL_W - 3, CELL_H - 3)
    draw.rectangle((0, 0, CELL_W - 4, CELL_H - 4), fill=SQUARE_FILL)
    _draw_square_marks(draw, (0, 0), tinted=tinted, target=target)
    draw_stack(inside, draw, (-2, -2, CELL_W - 2, CELL_H - 2), square)
    return inside


@lru_cache(maxsize=2)
def _empty_board(mode: str) -> Image.Image:
    """The board with nothing on it: tiles, grid and the path (`mode` keys the cache: the canvas
    may be the RGB reference)."""
    image, draw = new_canvas(WIDTH, HEIGHT)
    for position in range(3):
        x0, y0, x1, y1 = coaster_box(position)
        draw.rounded_rectangle((x0 - 4, y0 - 4, x1 + 3, y1 + 3), radius=10, fill=TILE_EDGE)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=SQUARE_FILL)
        for i in range(1, 3):
            draw.line((x0 + i * CELL_W, y0, x0 + i * CELL_W, y1 - 1), fill=SQUARE_LINE, width=2)
            draw.line((x0, y0 + i * CELL_H, x1 - 1, y0 + i * CELL_H), fill=SQUARE_LINE, width=2)
    _draw_direction_chevrons(draw)
    _draw_fixed_path(draw)
    return image


def _draw_coordinates(draw: ImageDraw.ImageDraw) -> None:
    """The columns' numbers, the ends' letters (the coaster moves'), the tracks' letters and the
    exit's word: stamped on every board (from cached text), so checks of the words drawn see them."""
    numbers_y = BOARD_Y0 / 2 - 1
    for column in range(1, COLUMNS + 1):
        x0, _, x1, _ = board_square_box(square_name("S", column))
        draw_text(
            draw, ((x0 + x1) / 2, numbers_y), str(column), size=LABEL_SIZE, fill=MUTED, anchor="mm", bold=True
        )
    for end, x in (("W", WEST_BEND_X), ("E", EAST_BEND_X)):
        draw_text(draw, (x, numbers_y), end, size=LABEL_SIZE, fill=TEXT, anchor="mm", bold=True)
    for track in TRACKS:
        x = SIDE + TRACK_LABEL_W / 2
        draw_text(draw, (x, _row_middle(track)), track, size=LABEL_SIZE, fill=TEXT, anchor="mm", bold=True)
    off = off_box()
    middle = ((off[0] + off[2]) / 2, (off[1] + off[3]) / 2)
    draw_text(draw, middle, tr(OFF_WORD), size=LABEL_SIZE, fill=TEXT, anchor="mm", bold=True)


def _draw_fixed_path(draw: ImageDraw.ImageDraw) -> None:
    """The bends: the Birth flip (S9 -> B9) west, the Death flip (B1 -> P1) east, and off past P9."""
    ys, yb, yp = (_row_middle(track) for track in TRACKS)
    inner_west, inner_east = BOARD_X0 - 6, BOARD_X1 + 6
    west, east = WEST_BEND_X, EAST_BEND_X
    draw_path_arrow(draw, [(inner_west, ys), (west, ys), (west, yb), (inner_west, yb)], colour=PATH, width=5)
    draw_path_arrow(draw, [(inner_east, yb), (east, yb), (east, yp), (inner_east, yp)], colour=PATH, width=5)
    draw_path_arrow(draw, [(inner_west, yp), (west, yp), (west, off_box()[1] - 2)], colour=PATH, width=5)


def _draw_direction_chevrons(draw: ImageDraw.ImageDraw) -> None:
    """In the gaps between coasters, each row's direction of travel."""
    for track in TRACKS:
        middle = _row_middle(track)
        for position in (1, 2):
            gap_x = coaster_box(position)[0] - COASTER_GAP / 2
            tip = gap_x + 4 * TRACK_DIRECTION[track]
            back = gap_x - 4 * TRACK_DIRECTION[track]
            draw.line(
                [(back, middle - 9), (tip, middle), (back, middle + 9)], fill=PATH, width=3, joint="curve"
            )


def _path_point(square: str) -> tuple[float, float]:
    x0, _, x1, _ = board_square_box(square)
    return ((x0 + x1) / 2, _band_middle(parse_square(square)[0]))


def _draw_last_move_arrow(draw: ImageDraw.ImageDraw, origin: str, destination: str) -> None:
    """Along the path, in the squares' top band: through a lane where the move used a flip."""
    draw_path_arrow(draw, _move_path(origin, destination), colour=LAST, width=5, outline=BACKGROUND)


def _move_path(origin: str, destination: str) -> list[tuple[float, float]]:
    """A move's way along the path in the squares' top band, through a lane at a flip."""
    points = [_path_point(origin)]
    start = path_index(origin)
    end = 28 if destination == OFF else path_index(destination)
    if start <= 9 < end:  # the Birth flip
        points += [(WEST_BEND_X, _band_middle("S")), (WEST_BEND_X, _band_middle("B"))]
    if start <= 18 < end:  # the Death flip
        points += [(EAST_BEND_X, _band_middle("B")), (EAST_BEND_X, _band_middle("P"))]
    if destination == OFF:
        points += [(WEST_BEND_X, _band_middle("P")), (WEST_BEND_X, off_box()[1] - 4)]
    else:
        points.append(_path_point(destination))
    return points


# --- the rules picture --------------------------------------------------------------------------

RULE_CELL_W, RULE_CELL_H = 64, 52
RULE_DIE = 56
RULE_STACK_H = 150  # the examples' squares: as wide as the board's, only as tall as they need
STACK_RULES = (  # the three kinds of stack, each named, as the engine sees them
    (NEST, square_view([Piece("a", 1, "B"), Piece("a", 2, "B"), Piece("a", 3, "B")])),
    (TREE, square_view([Piece("a", 3, "B"), Piece("b", 2, "O"), Piece("a", 1, "B")])),
    (BLOCK, square_view([Piece("b", 3, "O"), Piece("b", 2, "O"), Piece("b", 1, "O")])),
)


@once_per_language
def render_senet_rules_picture() -> bytes:
    """The /rules picture, beside the rules in words: the path, the three kinds of stack, the die.

    It never changes, so it is drawn once per process and language.
    """
    height = 1200  # cropped to the content below
    image, draw = new_canvas(WIDTH, height)
    y = _rule_path(draw, 12)
    y = _rule_stacks(image, draw, y + 12)
    y = _rule_die(image, draw, y + 12)
    return to_png(image.crop((0, 0, WIDTH, min(height, y + 12))))


def _rule_path(draw: ImageDraw.ImageDraw, top: int) -> int:
    """A small board with the whole path as one snake of arrows, the tracks named beside it."""
    names_w = max(common.text_width(name, LABEL_SIZE, bold=True) for name in TRACK_NAMES.values())
    grid_w = COLUMNS * RULE_CELL_W + 2 * 10
    lane = 44
    x_names = round((WIDTH - names_w - 16 - grid_w - 2 * lane) / 2)
    board_x0 = x_names + names_w + 16 + lane
    board_y0 = top + 52
    box = (SIDE + 4, top, WIDTH - SIDE - 4, board_y0 + 3 * RULE_CELL_H + 70)
    _card(draw, box, edge=PANEL)

    def cell_centre(track: str, column: int) -> tuple[float, float]:
        position = column_position(column)
        x = board_x0 + position * RULE_CELL_W + (position // 3) * 10 + RULE_CELL_W / 2
        return x, board_y0 + TRACKS.index(track) * RULE_CELL_H + RULE_CELL_H / 2

    for position in range(3):
        x0 = board_x0 + position * (3 * RULE_CELL_W + 10)
        x1, y1 = x0 + 3 * RULE_CELL_W, board_y0 + 3 * RULE_CELL_H
        draw.rounded_rectangle((x0 - 3, board_y0 - 3, x1 + 2, y1 + 2), radius=6, fill=TILE_EDGE)
        draw.rectangle((x0, board_y0, x1 - 1, y1 - 1), fill=SQUARE_FILL)
        for i in range(1, 3):
            draw.line((x0 + i * RULE_CELL_W, board_y0, x0 + i * RULE_CELL_W, y1), fill=SQUARE_LINE, width=2)
            draw.line(
                (x0, board_y0 + i * RULE_CELL_H, x1, board_y0 + i * RULE_CELL_H), fill=SQUARE_LINE, width=2
            )
    for track in TRACKS:
        _, y = cell_centre(track, 1)
        draw_text(draw, (x_names, y), TRACK_NAMES[track], size=LABEL_SIZE, fill=TEXT, anchor="lm", bold=True)
    for column in range(1, COLUMNS + 1):
        x, _ = cell_centre("S", column)
        draw_text(draw, (x, board_y0 - 24), str(column), size=LABEL_SIZE, fill=MUTED, anchor="mm", bold=True)
    west = board_x0 - lane / 2
    east = board_x0 + grid_w + lane / 2
    points = [
        cell_centre("S", 1),
        (west, cell_centre("S", 9)[1]),
        (west, cell_centre("B", 9)[1]),
        (east, cell_centre("B", 1)[1]),
        (east, cell_centre("P", 1)[1]),
        (west, cell_centre("P", 9)[1]),
        (west, board_y0 + 3 * RULE_CELL_H + 20),
    ]
    draw_path_arrow(draw, points, colour=ACCENT, width=6, outline=BACKGROUND)
    off_y = board_y0 + 3 * RULE_CELL_H + 44
    draw_text(draw, (west + 28, off_y), tr(OFF_WORD), size=LABEL_SIZE, fill=TEXT, anchor="lm", bold=True)
    return box[3]


def _rule_stacks(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Three squares drawn as on the board, each named: a nest, a tree, a block."""
    box = (SIDE + 4, top, WIDTH - SIDE - 4, top + RULE_STACK_H + 24)
    _card(draw, box, edge=PANEL)
    column_w = (box[2] - box[0]) / 3
    for i, (name, square) in enumerate(STACK_RULES):
        x = round(box[0] + 20 + i * column_w)
        cell = (x, top + 12, x + CELL_W, top + 12 + RULE_STACK_H)
        draw.rounded_rectangle((cell[0] - 3, cell[1] - 3, cell[2] + 2, cell[3] + 2), radius=8, fill=TILE_EDGE)
        draw.rectangle((cell[0], cell[1], cell[2] - 1, cell[3] - 1), fill=SQUARE_FILL)
        draw_stack(image, draw, cell, square)
        if square.block_owner:
            _hazard_frame(draw, (cell[0] + 1, cell[1] + 1, cell[2] - 2, cell[3] - 2))
        middle = (cell[1] + cell[3]) / 2
        draw_text(
            draw, (cell[2] + 16, middle), tr(name), size=LABEL_SIZE + 2, fill=TEXT, anchor="lm", bold=True
        )
    return box[3]


def _rule_die(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """A row per kind of roll: its faces, then what it does."""
    row_h = RULE_DIE + 14
    box = (SIDE + 4, top, WIDTH - SIDE - 4, top + 12 + len(DIE_RULES) * row_h)
    _card(draw, box, edge=PANEL)
    faces_w = 3 * (RULE_DIE + 10)
    for i, (faces, text) in enumerate(DIE_RULES):
        middle = top + 6 + (i + 0.5) * row_h
        x = box[0] + 20
        for face in faces:
            paste(image, die_sprite(face, RULE_DIE), (x, round(middle - RULE_DIE / 2)))
            x += RULE_DIE + 10
        draw_text(
            draw,
            (box[0] + 20 + faces_w + 10, middle),
            tr(text),
            size=LABEL_SIZE,
            fill=TEXT,
            anchor="lm",
            bold=True,
        )
    return box[3]


def clear_caches() -> None:
    """Forget every drawing kept for reuse, so the next pictures draw (and say) their words again."""
    for cached in (_empty_board, _occupied_square, owner_badge, render_senet_rules_picture):
        cached.cache_clear()


# Nothing in Senet is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_senet_board, private=render_senet_board, rules=render_senet_rules_picture)
