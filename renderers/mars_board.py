"""The Agents of M.A.R.S. board picture: the squares across the picture's whole width with their
coordinates, the last action framed in cyan with an arrow, a suggested one in dashed magenta, and at
the end the scoring groups outlined, every other piece hollow."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.mars_views import LastAction, MarsView

from .common import (
    MUTED,
    Colour,
    dashed_frame,
    draw_text,
    mix,
    new_canvas,
    to_png,
)
from .mars_layout import (
    FOOT,
    GUTTER,
    LABEL_SIZE,
    MarsLayout,
    board_layout,
    board_square_box,
    on_board,
    square_index,
    square_size,
)
from .mars_sprites import (
    BOARD_EDGE,
    LAST,
    LAST_DARK,
    SQUARE,
    SQUARE_EDGE,
    SUGGESTED,
    SUGGESTED_DARK,
    arrow_between,
    cells_between,
    draw_piece,
    outline_cells,
    piece_rgb,
)


def render_mars_board(view: MarsView, *, names: list[str] | None = None) -> bytes:
    """The board across the whole picture, with its coordinates; at the end the scoring groups
    outlined. (`names` are the texts' business: the picture names nobody.)"""
    layout = board_layout(view)
    image, draw = new_canvas(layout.width, layout.height)
    _draw_board(image, draw, layout, view)
    return to_png(image)


def _draw_board(image: Image.Image, draw: ImageDraw.ImageDraw, layout: MarsLayout, view: MarsView) -> None:
    bx0, by0, bx1, by1 = layout.board
    sq = layout.square
    draw.rectangle((bx0 - 4, by0 - 4, bx1 + 3, by1 + 3), fill=BOARD_EDGE)
    draw.rectangle((bx0, by0, bx1 - 1, by1 - 1), fill=SQUARE)
    last = view.last_action
    last_squares = [sq_ for sq_ in last.squares if on_board(view, sq_)] if last else []
    for square in last_squares:  # tint under the grid, frame over it
        x0, y0, x1, y1 = board_square_box(view, square)
        draw.rectangle((x0, y0, x1, y1), fill=mix(SQUARE, LAST, 0.42))
    for i in range(1, view.files):
        draw.line((bx0 + i * sq, by0, bx0 + i * sq, by1 - 1), fill=SQUARE_EDGE, width=2)
    for i in range(1, view.ranks):
        draw.line((bx0, by0 + i * sq, bx1 - 1, by0 + i * sq), fill=SQUARE_EDGE, width=2)
    for i in range(view.files):
        draw_text(
            draw,
            (bx0 + (i + 0.5) * sq, by1 + FOOT / 2 + 2),
            chr(ord("a") + i),
            size=LABEL_SIZE,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
    for row in range(view.ranks):
        draw_text(
            draw,
            (bx0 - GUTTER / 2 - 4, by0 + (row + 0.5) * sq),
            str(view.ranks - row),
            size=LABEL_SIZE,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )

    scoring = view.scoring
    board = view.board

    def draw_square(square: str) -> None:
        dim = scoring is not None and square not in scoring.scoring_squares
        draw_piece(image, board[square], board_square_box(view, square), dim=dim)

    for square in board:
        if on_board(view, square):
            draw_square(square)

    if scoring:
        for group in scoring.groups:
            if group.scores:
                _outline_group(draw, view, group.squares, piece_rgb(group.colour))

    for square in last_squares:
        x0, y0, x1, y1 = board_square_box(view, square)
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=LAST_DARK, width=2)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=LAST, width=4)
    if last and last.kind in ("move", "swap") and len(last_squares) == 2:
        start, end = last_squares
        arrow_between(
            draw, board_square_box(view, start), board_square_box(view, end), swap=last.kind == "swap"
        )
        # The arrow runs under the pieces it jumped, so their letters stay readable.
        for column, row in cells_between(square_index(view, start), square_index(view, end)):
            square = f"{chr(ord('a') + column)}{view.ranks - row}"
            if square in board:
                draw_square(square)
    if view.suggested:
        _draw_suggested(image, draw, view, view.suggested, draw_square)


def _draw_suggested(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: MarsView, mark: LastAction, draw_square
) -> None:
    """The suggested placement, move or swap: the piece to place (or to move) drawn hollow where it
    would land, a magenta dashed frame on each square it uses, and for a move or swap a magenta
    arrow, run under the pieces so their letters stay readable."""
    squares = [square for square in mark.squares if on_board(view, square)]
    if not squares:
        return
    board = view.board
    target = squares[-1]
    if mark.piece and target not in board:  # where the piece would stand: hollow, like a promise
        draw_piece(image, mark.piece, board_square_box(view, target), dim=True)
    if mark.kind in ("move", "swap") and len(squares) == 2:
        start, end = squares
        arrow_between(
            draw,
            board_square_box(view, start),
            board_square_box(view, end),
            swap=mark.kind == "swap",
            colour=SUGGESTED,
            outline=SUGGESTED_DARK,
        )
        cells = cells_between(square_index(view, start), square_index(view, end))
        for column, row in [square_index(view, start), *cells]:
            square = f"{chr(ord('a') + column)}{view.ranks - row}"
            if square in board:
                draw_square(square)
    for square in squares:  # along the square's edge, clear of the largest piece
        x0, y0, x1, y1 = board_square_box(view, square)
        dashed_frame(draw, (x0 + 1, y0 + 1, x1 - 1, y1 - 1), colour=SUGGESTED_DARK, width=13, dash=20)
        dashed_frame(draw, (x0 + 3, y0 + 3, x1 - 3, y1 - 3), colour=SUGGESTED, width=9, dash=20)


def _outline_group(draw: ImageDraw.ImageDraw, view: MarsView, squares: tuple[str, ...], rgb: Colour) -> None:
    """A thick line in the group's colour around its outer edge, inside its squares."""
    cells = {square_index(view, square) for square in squares if on_board(view, square)}
    outline_cells(draw, board_layout(view).board[:2], square_size(view), cells, rgb)
