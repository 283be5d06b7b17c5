"""The Martian Senet rules picture, beside the rules in words: the path, the three kinds of stack
(drawn as on the board), the die."""

from __future__ import annotations

from PIL import Image, ImageDraw

from catalogue import tr
from games.senet import Piece, square_view

from . import common
from .common import (
    ACCENT,
    BACKGROUND,
    MUTED,
    PANEL,
    TEXT,
    WIDTH,
    draw_text,
    new_canvas,
    once_per_language,
    panel_card,
    paste,
    to_png,
)
from .senet_layout import (
    CELL_W,
    COLUMNS,
    LABEL_SIZE,
    SIDE,
    SQUARE_FILL,
    SQUARE_LINE,
    TILE_EDGE,
    TRACKS,
    column_position,
)
from .senet_sprites import die_sprite, draw_path_arrow, draw_stack, hazard_frame
from .senet_words import BLOCK, DIE_RULES, NEST, OFF_WORD, TRACK_NAMES, TREE

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
    panel_card(draw, box, edge=PANEL)

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
    panel_card(draw, box, edge=PANEL)
    column_w = (box[2] - box[0]) / 3
    for i, (name, square) in enumerate(STACK_RULES):
        x = round(box[0] + 20 + i * column_w)
        cell = (x, top + 12, x + CELL_W, top + 12 + RULE_STACK_H)
        draw.rounded_rectangle((cell[0] - 3, cell[1] - 3, cell[2] + 2, cell[3] + 2), radius=8, fill=TILE_EDGE)
        draw.rectangle((cell[0], cell[1], cell[2] - 1, cell[3] - 1), fill=SQUARE_FILL)
        draw_stack(image, draw, cell, square)
        if square.block_owner:
            hazard_frame(draw, (cell[0] + 1, cell[1] + 1, cell[2] - 2, cell[3] - 2))
        middle = (cell[1] + cell[3]) / 2
        draw_text(
            draw, (cell[2] + 16, middle), tr(name), size=LABEL_SIZE + 2, fill=TEXT, anchor="lm", bold=True
        )
    return box[3]


def _rule_die(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """A row per kind of roll: its faces, then what it does."""
    row_h = RULE_DIE + 14
    box = (SIDE + 4, top, WIDTH - SIDE - 4, top + 12 + len(DIE_RULES) * row_h)
    panel_card(draw, box, edge=PANEL)
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
