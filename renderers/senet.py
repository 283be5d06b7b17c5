"""Martian Senet pictures: the board (also each seat's picture: nothing in Senet is hidden) and,
from senet_rules.py, the rules picture. Where things lie is senet_layout.py's business, what is
drawn again and again (badges, pyramids, stacks, arrows) senet_sprites.py's.

Made for a phone, where the board shows about 325 px wide: the picture is the board alone, with
big coordinates and marks. Names, borne-off counts, the roll, the recent rolls and the key to the
marks are Discord text (bot/presenters/senet.py).

A tutorial's view may hold a suggested move (`suggested`, from `Game.marks`): it is drawn in dashed
cyan over everything, a colour no other mark uses; without it the picture is as it always was.

What never changes (tiles, grid, path) is drawn once and copied under each position, the
coordinates stamped on it; an occupied square is drawn once per stack and marks and then pasted
whole. Pictures use the kit's fixed palette.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from catalogue import tr
from games.senet import OFF
from games.senet_views import SenetRoll, SenetSquare, SenetView

from . import common
from .common import (
    ACCENT,
    BACKGROUND,
    MUTED,
    TEXT,
    WIDTH,
    Box,
    Pictures,
    dashed_frame,
    draw_text,
    new_canvas,
    to_png,
)
from .pieces import pyramid_extent
from .senet_layout import (
    BADGE,
    BOARD_X0,
    BOARD_X1,
    BOARD_Y0,
    BOARD_Y1,
    CELL_H,
    CELL_W,
    COASTER_GAP,
    COLUMNS,
    EAST_BEND_X,
    HEIGHT,
    LABEL_SIZE,
    LAST,
    LAST_TINT,
    PATH,
    SIDE,
    SQUARE_FILL,
    SQUARE_LINE,
    SUGGESTED,
    TILE_EDGE,
    TRACK_DIRECTION,
    TRACK_LABEL_W,
    TRACKS,
    WEST_BEND_X,
    board_square_box,
    coaster_box,
    move_path,
    off_box,
    place_stack,
    row_middle,
    square_name,
)
from .senet_rules import render_senet_rules_picture
from .senet_sprites import draw_dashed_arrow, draw_path_arrow, draw_stack, hazard_frame, owner_badge
from .senet_words import OFF_WORD

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
        dashed_frame(draw, off_box(), colour=ACCENT, width=4, dash=7)
    for square in blocks:
        x0, y0, x1, y1 = board_square_box(square)
        hazard_frame(draw, (x0 + 1, y0 + 1, x1 - 2, y1 - 2))
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
        draw_dashed_arrow(draw, points)
        return
    origin, destination = suggested.origin, suggested.target
    # plain dashes: a dark backing would hide the badges of pyramids below
    dashed_frame(draw, _unit_box(view, origin, suggested.size), colour=SUGGESTED, width=5, dash=9)
    if destination == OFF:
        x0, y0, x1, y1 = off_box()
        _dashed_frame_on_dark(draw, (x0 - 3, y0 - 3, x1 + 3, y1 + 3), width=5, dash=8)
    else:  # over the roll's yellow dashes there: this is the landing the suggestion picks
        x0, y0, x1, y1 = board_square_box(destination)
        _dashed_frame_on_dark(draw, (x0 + 3, y0 + 3, x1 - 4, y1 - 4), width=7, dash=12)
    draw_dashed_arrow(draw, move_path(origin, destination))


def _dashed_frame_on_dark(draw: ImageDraw.ImageDraw, box: Box, *, width: int, dash: int) -> None:
    """Cyan dashes with dark gaps, so no mark under them shows through."""
    draw.rectangle(box, outline=BACKGROUND, width=width)
    dashed_frame(draw, box, colour=SUGGESTED, width=width, dash=dash)


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


def _draw_square_marks(
    draw: ImageDraw.ImageDraw, corner: tuple[int, int], *, tinted: bool, target: bool
) -> None:
    """A square's inside (clear of the grid lines), from `corner`: tinted if the last move left or
    reached it, dashed where the roll can land."""
    x, y = corner
    if tinted:
        draw.rectangle((x, y, x + CELL_W - 4, y + CELL_H - 4), fill=LAST_TINT)
    if target:
        dashed_frame(draw, (x + 2, y + 2, x + CELL_W - 7, y + CELL_H - 7), colour=ACCENT, width=4, dash=8)


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
        draw_text(draw, (x, row_middle(track)), track, size=LABEL_SIZE, fill=TEXT, anchor="mm", bold=True)
    off = off_box()
    middle = ((off[0] + off[2]) / 2, (off[1] + off[3]) / 2)
    draw_text(draw, middle, tr(OFF_WORD), size=LABEL_SIZE, fill=TEXT, anchor="mm", bold=True)


def _draw_fixed_path(draw: ImageDraw.ImageDraw) -> None:
    """The bends: the Birth flip (S9 -> B9) west, the Death flip (B1 -> P1) east, and off past P9."""
    ys, yb, yp = (row_middle(track) for track in TRACKS)
    inner_west, inner_east = BOARD_X0 - 6, BOARD_X1 + 6
    west, east = WEST_BEND_X, EAST_BEND_X
    draw_path_arrow(draw, [(inner_west, ys), (west, ys), (west, yb), (inner_west, yb)], colour=PATH, width=5)
    draw_path_arrow(draw, [(inner_east, yb), (east, yb), (east, yp), (inner_east, yp)], colour=PATH, width=5)
    draw_path_arrow(draw, [(inner_west, yp), (west, yp), (west, off_box()[1] - 2)], colour=PATH, width=5)


def _draw_direction_chevrons(draw: ImageDraw.ImageDraw) -> None:
    """In the gaps between coasters, each row's direction of travel."""
    for track in TRACKS:
        middle = row_middle(track)
        for position in (1, 2):
            gap_x = coaster_box(position)[0] - COASTER_GAP / 2
            tip = gap_x + 4 * TRACK_DIRECTION[track]
            back = gap_x - 4 * TRACK_DIRECTION[track]
            draw.line(
                [(back, middle - 9), (tip, middle), (back, middle + 9)], fill=PATH, width=3, joint="curve"
            )


def _draw_last_move_arrow(draw: ImageDraw.ImageDraw, origin: str, destination: str) -> None:
    """Along the path, in the squares' top band: through a lane where the move used a flip."""
    draw_path_arrow(draw, move_path(origin, destination), colour=LAST, width=5, outline=BACKGROUND)


def clear_caches() -> None:
    """Forget every drawing kept for reuse, so the next pictures draw (and say) their words again."""
    for cached in (_empty_board, _occupied_square, owner_badge, render_senet_rules_picture):
        cached.cache_clear()


# Nothing in Senet is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_senet_board, private=render_senet_board, rules=render_senet_rules_picture)
