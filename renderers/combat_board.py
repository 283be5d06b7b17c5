"""The Martian Combat board picture (`renderers.combat` describes its marks): the stacks with their
badges, padlocks, force chips and frozen frames, the sides' goals and bars, the last actions, the
combat opportunity and a tutorial's suggested move."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from games.combat_views import CombatView, Marks, Square

from .combat_layout import (
    ARROW_W,
    BAR_ROOM,
    BAR_W,
    BIG_FLAG,
    BOARD_X0,
    BOARD_X1,
    BOARD_Y0,
    BOARD_Y1,
    COORD_ROOM,
    COORD_SIZE,
    EDGE,
    FILES,
    FRAME_W,
    HEIGHT,
    INSET,
    PADLOCK,
    RANKS,
    ROW_BAR_W,
    SIDE,
    SMALL_FLAG,
    SQUARES,
    SUGGESTED_DASH,
    SUGGESTED_W,
    PlacedPyramid,
    arrow_ends,
    goal_flag_box,
    padlock_box,
    place_stack,
    size_of,
    square_box,
    square_index,
    start_bar_box,
    tray_box,
)
from .combat_sprites import (
    BOARD_EDGE,
    CELL,
    FROZEN,
    LAST,
    SQUARE_DARK,
    SQUARE_LIGHT,
    SQUARE_LINE,
    SUGGESTED,
    TRAY_FILL,
    colour_badge,
    draw_force_chip,
    goal_flag,
    hatch_tile,
    home_tint,
    last_tint,
    padlock_sprite,
    piece_rgb,
    snowflake_sprite,
)
from .common import (
    ACCENT,
    BACKGROUND,
    FAINT,
    MUTED,
    PANEL_EDGE,
    WIDTH,
    Box,
    Colour,
    dashed_frame,
    draw_arrow,
    draw_text,
    new_canvas,
    paste,
    to_png,
)
from .pieces import pyramid_extent, pyramid_sprite


def draw_stack(image: Image.Image, draw: ImageDraw.ImageDraw, placed: list[PlacedPyramid], box: Box) -> None:
    """The pyramids of a placed stack, and a nest's tray."""
    if any(piece.covered for piece in placed):
        draw.rounded_rectangle(tray_box(box), radius=12, fill=TRAY_FILL, outline=PANEL_EDGE, width=2)
    for piece in placed:  # bottom to top: a smaller pyramid covers the tip of the one under it
        width, _ = pyramid_extent(size_of(piece.code), piece.scale)
        sprite = pyramid_sprite(piece.code[0], size_of(piece.code), piece.scale, letter=False)
        paste(image, sprite, (piece.centre_x - width / 2, piece.baseline - sprite.height))


def draw_badges(image: Image.Image, placed: list[PlacedPyramid]) -> None:
    """The colour badges of a placed stack, each with a padlock if an opponent covers its pyramid."""
    for piece in placed:
        if piece.badge is None:
            continue
        paste_centred(image, colour_badge(piece.code[0], piece.badge_size), piece.badge)
        if piece.trapped:
            paste(image, padlock_sprite(PADLOCK), padlock_box(piece)[:2])


def paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    paste(image, sprite, (centre[0] - sprite.width / 2, centre[1] - sprite.height / 2))


def draw_square(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, square: Square, goal: str | None
) -> None:
    """An occupied square's stack with its badges, a goal's small flag, and the force chip (or, when
    frozen, the ice frame and snowflake): on the board and in the rules picture alike."""
    placed = place_stack(box, square)
    draw_stack(image, draw, placed, box)
    x0, y0, x1, y1 = box
    if square.frozen:
        draw.rectangle((x0 + 4, y0 + 4, x1 - 5, y1 - 5), outline=FROZEN, width=FRAME_W)
    if goal:
        paste(image, goal_flag(goal, SMALL_FLAG), goal_flag_box(box, alone=False)[:2])
    draw_badges(image, placed)
    chip = (x0 + INSET, y0 + INSET)
    if square.frozen:
        paste(image, snowflake_sprite(), chip)
    else:
        draw_force_chip(draw, chip, square.force.colour, square.force.pips)


# --- arrows ---------------------------------------------------------------------------------------


def arrow_between(draw: ImageDraw.ImageDraw, a: str, b: str, *, both: bool = False) -> None:
    """A last action's arrow, from square a to square b (both ways: a swap)."""
    ends = arrow_ends(a, b)
    if ends:
        draw_arrow(draw, *ends, colour=LAST, outline=BACKGROUND, width=ARROW_W, both=both)


def suggested_arrow(draw: ImageDraw.ImageDraw, a: str, b: str, *, both: bool = False) -> None:
    """The suggested move's arrow: white, its shaft dashed (a move not made yet), its heads solid.
    Drawn over the stacks, from the origin's edge, so a step to the next square shows too."""
    ends = arrow_ends(a, b, 0.5, 0.3)
    if not ends:
        return
    (x0, y0), (x1, y1) = ends
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = ARROW_W * 2.6  # draw_arrow's
    shaft_start, shaft_end = (head if both else 0.0), length - head
    dash = SUGGESTED_DASH
    for grow, fill in ((3, BACKGROUND), (0, SUGGESTED)):
        at = shaft_start
        while at < shaft_end:
            stop = min(at + dash, shaft_end)
            draw.line(
                [(x0 + ux * at, y0 + uy * at), (x0 + ux * stop, y0 + uy * stop)],
                fill=fill,
                width=ARROW_W + 2 * grow,
            )
            at += 2 * dash
    # each head as an arrow of its own, too short for a shaft to show behind it
    for (tip_x, tip_y), (back_x, back_y) in (((x1, y1), (-ux, -uy)), ((x0, y0), (ux, uy)))[: 1 + both]:
        base = (tip_x + back_x * head, tip_y + back_y * head)
        draw_arrow(draw, base, (tip_x, tip_y), colour=SUGGESTED, outline=BACKGROUND, width=ARROW_W)


# --- the board ------------------------------------------------------------------------------------


def render_combat_board(view: CombatView, *, names: list[str] | None = None) -> bytes:
    """The board, filling the picture. `names` are not drawn: the board's text names the players."""
    homes = view.goals  # an eliminated player's goals are plain squares again, as their bars go grey
    bars = tuple((seat.side, seat.colour, seat.eliminated, seat.row, seat.start) for seat in view.seats)
    image, draw = new_canvas(WIDTH, HEIGHT)
    image.paste(_board_base(view.blocked, tuple(homes.items()), bars), (0, 0))
    board = view.board
    marks = view.last_marks
    for square in marks.squares:
        if square not in view.blocked:
            x0, y0, x1, y1 = square_box(square)
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=last_tint(square_fill(square, homes)))
    # empty goals fly a big flag; then the frames and arrows; then the stacks with their marks, so no
    # frame or arrow hides a badge or a chip
    for square, colour in homes.items():
        if square not in board:
            paste(image, goal_flag(colour, BIG_FLAG), goal_flag_box(square_box(square), alone=True)[:2])
    if view.offer and not view.is_over:
        _frame(draw, view.offer.square)
        for target in view.offer.targets:
            x0, y0, x1, y1 = square_box(target.square)
            dashed_frame(draw, (x0 + 6, y0 + 6, x1 - 7, y1 - 7), colour=ACCENT, width=FRAME_W, dash=14)
    if view.aim and view.aim.leg and not view.is_over:
        _frame(draw, view.aim.leg)
    for square in marks.squares:
        x0, y0, x1, y1 = square_box(square)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=LAST, width=FRAME_W)
    for arrow in marks.arrows:
        arrow_between(draw, arrow.origin, arrow.target, both=arrow.both)
    suggested = view.suggested or Marks()  # a tutorial's suggested move (the engine's `marks`)
    for square in suggested.squares:
        x0, y0, x1, y1 = square_box(square)
        dashed_frame(draw, (x0, y0, x1 - 1, y1 - 1), colour=SUGGESTED, width=SUGGESTED_W, dash=SUGGESTED_DASH)
    for square, spot in board.items():
        draw_square(image, draw, square_box(square), spot, homes.get(square))
    for arrow in suggested.arrows:
        suggested_arrow(draw, arrow.origin, arrow.target, both=arrow.both)
    return to_png(image)


@lru_cache(maxsize=16)
def _board_base(blocked: tuple[str, ...], homes: tuple[tuple[str, str], ...], bars: tuple) -> Image.Image:
    """What stays put through a match: squares, tints, blocked squares, coordinates and the sides'
    bars; drawn once and copied under every board."""
    image, draw = new_canvas(WIDTH, HEIGHT)
    draw.rectangle(
        (BOARD_X0 - EDGE, BOARD_Y0 - EDGE, BOARD_X1 + EDGE - 1, BOARD_Y1 + EDGE - 1), fill=BOARD_EDGE
    )
    tile = hatch_tile(CELL)
    for square in SQUARES:
        box = square_box(square)
        if square in blocked:
            paste(image, tile, box[:2])
        else:
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=square_fill(square, dict(homes)))
    for i in range(1, 6):
        x, y = BOARD_X0 + i * CELL, BOARD_Y0 + i * CELL
        draw.line((x, BOARD_Y0, x, BOARD_Y1 - 1), fill=SQUARE_LINE, width=2)
        draw.line((BOARD_X0, y, BOARD_X1 - 1, y), fill=SQUARE_LINE, width=2)
    _draw_coordinates(draw)
    for side, colour, eliminated, row, start in bars:  # a thin bar along the starting row, thick at starts
        for square in row:
            width = BAR_W if square in start else ROW_BAR_W
            draw.rectangle(
                start_bar_box(side, square, width), fill=FAINT if eliminated else piece_rgb(colour)
            )
    return image


def square_fill(square: str, homes: dict[str, str]) -> Colour:
    column, row = square_index(square)
    base = SQUARE_LIGHT if (column + row) % 2 == 0 else SQUARE_DARK
    return home_tint(homes[square], base) if square in homes else base


def _frame(draw: ImageDraw.ImageDraw, square: str) -> None:
    x0, y0, x1, y1 = square_box(square)
    draw.rectangle((x0 + 6, y0 + 6, x1 - 7, y1 - 7), outline=ACCENT, width=FRAME_W)


def _draw_coordinates(draw: ImageDraw.ImageDraw) -> None:
    """Files under the South bars, ranks left of the West bars: the names the buttons use."""
    for i, file in enumerate(FILES):
        x = BOARD_X0 + (i + 0.5) * CELL
        draw_text(
            draw,
            (x, BOARD_Y1 + BAR_ROOM + COORD_ROOM / 2),
            file,
            size=COORD_SIZE,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
    for rank in range(1, RANKS + 1):
        y = BOARD_Y0 + (RANKS - rank + 0.5) * CELL
        draw_text(
            draw, (SIDE + COORD_ROOM / 2, y), str(rank), size=COORD_SIZE, fill=MUTED, anchor="mm", bold=True
        )
