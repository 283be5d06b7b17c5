"""Martian Tic-Tac-Toe's pictures: the board (the same for everyone, nothing is secret) and the
rules picture. The winning line's squares are green, the last marked square lit, and a tutorial's
suggested square outlined in gold; each square carries its name in a corner."""

from __future__ import annotations

from catalogue import tr
from games.tictactoe import SQUARES, TicTacToeView
from renderers.common import (
    ACCENT,
    BIG_SIZE,
    GOOD,
    MARGIN,
    MUTED,
    ON_GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    SMALL_SIZE,
    TEXT,
    Pictures,
    draw_picture_heading,
    draw_text,
    new_canvas,
    to_png,
)

CELL = 180
SIDE = 3 * CELL + 2 * MARGIN
MARK_SIZE = 3 * BIG_SIZE
RULES_TOP = 124  # below the rules picture's heading


def draw_board(draw, top: int, board: tuple[str, ...], *, last=None, line=(), suggested=None) -> None:
    for square, mark in zip(SQUARES, board, strict=True):
        column, row = "abc".index(square[0]), 3 - int(square[1])  # rank 3 at the top
        x, y = MARGIN + column * CELL, top + row * CELL
        fill = GOOD if square in line else PANEL_ACTIVE if square == last else PANEL
        edge = ACCENT if square == suggested else PANEL_EDGE
        draw.rectangle((x + 4, y + 4, x + CELL - 4, y + CELL - 4), fill=fill, outline=edge, width=6)
        draw_text(draw, (x + 14, y + 12), square, size=SMALL_SIZE, fill=ON_GOOD if square in line else MUTED)
        if mark:
            centre = (x + CELL / 2, y + CELL / 2)
            draw_text(
                draw, centre, mark, size=MARK_SIZE, fill=ON_GOOD if square in line else TEXT, anchor="mm"
            )


def render_board(view: TicTacToeView, *, names: list[str] | None = None) -> bytes:
    image, draw = new_canvas(SIDE, SIDE)
    suggested = (view.suggested or {}).get("square")
    draw_board(draw, MARGIN, view.board, last=view.last, line=view.line, suggested=suggested)
    return to_png(image)


def render_rules() -> bytes:
    image, draw = new_canvas(SIDE, 3 * CELL + RULES_TOP + MARGIN)
    draw_picture_heading(draw, MARGIN, tr("Three in a row wins"), [tr("A full board without one is a draw.")])
    draw_board(draw, RULES_TOP, ("X", "O", "", "O", "X", "", "", "", "X"), line=("a1", "b2", "c3"))
    return to_png(image)


PICTURES = Pictures(board=render_board, private=render_board, rules=render_rules)
