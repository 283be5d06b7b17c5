"""The Agents of M.A.R.S. rules picture: what the sizes mean, then four small diagrams (scoring
groups, a move, a swap, black pieces) with a label each."""

from __future__ import annotations

from PIL import Image, ImageDraw

from catalogue import tr

from .common import (
    BACKGROUND,
    MARGIN,
    PANEL,
    TEXT,
    WIDTH,
    Box,
    draw_text,
    mix,
    new_canvas,
    once_per_language,
    panel_card,
    pill,
    text_width,
    to_png,
)
from .mars_layout import (
    LABEL_SIZE,
    PAD,
)
from .mars_sprites import (
    BOARD_EDGE,
    LAST,
    SQUARE,
    SQUARE_EDGE,
    arrow_between,
    cells_between,
    draw_piece,
    outline_cells,
    piece_rgb,
    wrap,
)
from .mars_words import RULE_LABELS, SIZE_LABELS
from .words import colour_name

RULE_CELL = 80
RULE_LABEL_ROOM = 2 * 40  # a diagram's label, on one line or two
LEGEND_H = RULE_CELL + 2 * PAD


@once_per_language
def render_mars_rules_picture() -> bytes:
    """The /rules picture: what the sizes mean, then scoring groups, moves, swaps and black pieces,
    each a small board with a label (the rules themselves are the embed's text)."""
    drawers = (_rule_scoring, _rule_move, _rule_swap, _rule_black)
    column_w = (WIDTH - 2 * MARGIN - PAD) // 2
    card_h = PAD + RULE_LABEL_ROOM + 8 + 3 * RULE_CELL + PAD
    top = MARGIN + LEGEND_H + PAD
    height = top + 2 * card_h + PAD + MARGIN
    image, draw = new_canvas(WIDTH, height)
    _draw_size_legend(image, draw, (MARGIN, MARGIN, WIDTH - MARGIN, MARGIN + LEGEND_H))
    board_w = 5 * RULE_CELL
    for i, (label, drawer) in enumerate(zip(RULE_LABELS, drawers, strict=True)):
        x = MARGIN + (i % 2) * (column_w + PAD)
        y = top + (i // 2) * (card_h + PAD)
        panel_card(draw, (x, y, x + column_w, y + card_h), edge=PANEL)
        lines = wrap(tr(label), LABEL_SIZE, column_w - 2 * PAD, bold=True)[:2]
        first = y + PAD + RULE_LABEL_ROOM / 2 - 20 * (len(lines) - 1)
        for j, line in enumerate(lines):
            draw_text(
                draw,
                (x + column_w / 2, first + 40 * j),
                line,
                size=LABEL_SIZE,
                fill=TEXT,
                anchor="mm",
                bold=True,
            )
        left = x + (column_w - board_w) // 2
        board_top = y + PAD + RULE_LABEL_ROOM + 8
        drawer(image, draw, (left, board_top, left + board_w, board_top + 3 * RULE_CELL))
    return to_png(image)


def _draw_size_legend(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box) -> None:
    """Pieces seen from above: the bigger the square, the more pips (and the farther it moves)."""
    legend = [("Y1", tr(SIZE_LABELS[0])), ("G2", tr(SIZE_LABELS[1])), ("B3", tr(SIZE_LABELS[2]))]
    legend.append(("K2", colour_name("K")))
    widths = [RULE_CELL + 12 + text_width(label, LABEL_SIZE) for _, label in legend]
    gap = min(48, (box[2] - box[0] - sum(widths)) / (len(legend) - 1))
    x = box[0] + (box[2] - box[0] - sum(widths) - gap * (len(legend) - 1)) / 2
    y = round(box[1] + PAD)
    for (code, label), width in zip(legend, widths, strict=True):
        left = round(x)
        cell = (left, y, left + RULE_CELL, y + RULE_CELL)
        draw.rectangle((left - 3, y - 3, cell[2] + 2, cell[3] + 2), fill=BOARD_EDGE)
        draw.rectangle((left, y, cell[2] - 1, cell[3] - 1), fill=SQUARE)
        draw_piece(image, code, cell)
        draw_text(draw, (cell[2] + 12, y + RULE_CELL / 2), label, size=LABEL_SIZE, fill=TEXT, anchor="lm")
        x += width + gap


def _mini_board(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    board: Box,
    pieces: dict[tuple[int, int], str],
    marks: tuple[tuple[int, int], ...] = (),
) -> None:
    """A 5x3 board of RULE_CELL squares; `marks` are tinted like the last action's squares."""
    x0, y0, x1, y1 = board
    cell = RULE_CELL
    draw.rectangle((x0 - 3, y0 - 3, x1 + 2, y1 + 2), fill=BOARD_EDGE)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=SQUARE)
    for column, row in marks:
        draw.rectangle(_cell_box(board, column, row), fill=mix(SQUARE, LAST, 0.42))
    for i in range(1, 5):
        draw.line((x0 + i * cell, y0, x0 + i * cell, y1 - 1), fill=SQUARE_EDGE, width=2)
    for i in range(1, 3):
        draw.line((x0, y0 + i * cell, x1 - 1, y0 + i * cell), fill=SQUARE_EDGE, width=2)
    for (column, row), code in pieces.items():
        draw_piece(image, code, _cell_box(board, column, row))


def _mini_arrow(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    board: Box,
    pieces: dict[tuple[int, int], str],
    start: tuple[int, int],
    end: tuple[int, int],
    *,
    swap: bool,
) -> None:
    """An action's arrow on a mini board, under the pieces it jumped (as on the real board)."""
    arrow_between(draw, _cell_box(board, *start), _cell_box(board, *end), swap=swap)
    for cell in cells_between(start, end):
        if cell in pieces:
            draw_piece(image, pieces[cell], _cell_box(board, *cell))


def _cell_box(board: Box, column: int, row: int) -> Box:
    x, y = board[0] + column * RULE_CELL, board[1] + row * RULE_CELL
    return (x, y, x + RULE_CELL, y + RULE_CELL)


def _cell_centre(board: Box, column: float, row: float) -> tuple[float, float]:
    return board[0] + (column + 0.5) * RULE_CELL, board[1] + (row + 0.5) * RULE_CELL


def _rule_scoring(image: Image.Image, draw: ImageDraw.ImageDraw, board: Box) -> None:
    red = {(0, 0): "R3", (1, 0): "R1", (1, 1): "R2", (1, 2): "R1"}
    green = {(3, 0): "G2", (4, 0): "G1", (4, 1): "G3"}
    _mini_board(image, draw, board, {**red, **green, (3, 2): "B2"})
    outline_cells(draw, board[:2], RULE_CELL, set(red), piece_rgb("R"))
    pill(
        draw,
        _cell_centre(board, 0, 1.5),
        "7",
        size=LABEL_SIZE,
        fill=piece_rgb("R"),
        text_fill=TEXT,
        anchor="m",
    )
    pill(draw, _cell_centre(board, 3, 1), "0", size=LABEL_SIZE, fill=BACKGROUND, text_fill=TEXT, anchor="m")


def _rule_move(image: Image.Image, draw: ImageDraw.ImageDraw, board: Box) -> None:
    """After the move, drawn like the board: the large green went 3 squares, over a black."""
    pieces = {(3, 1): "G3", (1, 1): "B1", (2, 1): "K1", (4, 0): "Y2", (1, 2): "R2"}
    _mini_board(image, draw, board, pieces, marks=((0, 1), (3, 1)))
    _mini_arrow(image, draw, board, pieces, (0, 1), (3, 1), swap=False)


def _rule_swap(image: Image.Image, draw: ImageDraw.ImageDraw, board: Box) -> None:
    """After the swap: the red medium went 2 squares down, the blue small came up."""
    pieces = {(1, 2): "R2", (1, 0): "B1", (3, 1): "Y3", (0, 1): "G1", (3, 2): "G2"}
    _mini_board(image, draw, board, pieces, marks=((1, 0), (1, 2)))
    _mini_arrow(image, draw, board, pieces, (1, 0), (1, 2), swap=True)


def _rule_black(image: Image.Image, draw: ImageDraw.ImageDraw, board: Box) -> None:
    """The blue medium jumped a black; black pieces sit where they were placed."""
    pieces = {(3, 1): "B2", (2, 1): "K2", (4, 2): "K1", (0, 0): "R1", (4, 0): "K3"}
    _mini_board(image, draw, board, pieces, marks=((1, 1), (3, 1)))
    _mini_arrow(image, draw, board, pieces, (1, 1), (3, 1), swap=False)
