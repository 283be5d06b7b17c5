"""Agents of M.A.R.S. pictures: the public board, a seat's objective, and the rules picture.

The board draws only what the view holds. A seat's own hidden objective slots are in that seat's
view, so the board of a seat's view marks them "only you can see"; post boards drawn from the
public view (seat None), where they are "?".

Pieces are drawn as pyramids seen from above on a light, Martian-dust board: the footprint grows
with the size (small, medium, large), the colour's letter sits over the apex (colour is never the
only cue: to many colour-blind players red, green and yellow look alike, and so do blue and
purple) and the south face carries the pips; black pieces are the only dark ones. On the final board the scoring groups are outlined in their colour and every other
piece is drawn hollow, so the groups stand out.

Every picture goes through `to_png` (64 colours), so pieces use three shades each and the other
marks reuse those shades or the kit's palette.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from catalogue import listing, tr, trn

from .common import (
    ACCENT,
    BACKGROUND,
    BIG_SIZE,
    BODY_SIZE,
    EM_DASH,
    FAINT,
    GOOD,
    HEADER_H,
    MARGIN,
    MUTED,
    ON_ACCENT,
    ON_GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    PENALTY,
    PYRAMID_COLOURS,
    SMALL_SIZE,
    SUIT_BLACK,
    SUPERSAMPLE,
    TEXT,
    TITLE_SIZE,
    WIDTH,
    Box,
    Colour,
    Pictures,
    colour_letter,
    draw_picture_heading,
    draw_text,
    fit_text,
    ink_on,
    luminance,
    mix,
    new_canvas,
    once_per_language,
    once_per_picture,
    paste,
    pill,
    plain,
    pyramid_extent,
    pyramid_sprite,
    seat_label,
    seat_name,
    seat_tag,
    signed,
    stamp,
    text_sprite,
    text_width,
    to_png,
)
from .common import (
    dashed_frame as _dashed_rectangle,
)
from .common import (
    panel_card as _card,
)
from .words import colour_name, pyramid_name

GAP = 14
GUTTER = 36  # rank numbers, left of the board
FOOT = 38  # file letters, under the board
BOARD_AREA = 546  # the squares fit in BOARD_AREA x 8/7 BOARD_AREA: 78 px squares on 7x8, 68 px on 8x8
PANEL_X0 = MARGIN + GUTTER + BOARD_AREA + GAP + 2
PANEL_W = WIDTH - MARGIN - PANEL_X0
RADIUS = 14
PAD = 16


# --- palette additions: a Martian-dust board, a cyan mark for the last action -----------------

SQUARE = (216, 200, 174)
SQUARE_EDGE = (160, 141, 116)
BOARD_EDGE = (120, 100, 78)
LAST = (40, 222, 255)  # no piece is cyan, so the mark never blends into a piece
LAST_DARK = BACKGROUND
PRIVATE = (255, 122, 204)  # a slot only the viewer can see

FOOTPRINT = {1: 0.52, 2: 0.68, 3: 0.86}  # side of a piece's base / side of its square

# --- the view -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Slot:
    seat: int
    value: int
    colour: str | None  # None: not visible to this viewer, or not chosen yet
    public: bool
    chosen: bool = True  # False while its owner is still choosing the objective

    @property
    def status(self) -> str:
        """ "unchosen" (its owner is still choosing), "public", "private" (only the viewer sees
        it) or "hidden"."""
        if not self.chosen:
            return "unchosen"
        if self.colour is None:
            return "hidden"
        return "public" if self.public else "private"


def parse_slot(token: str, public_values: list[int], chosen: bool = True) -> Slot:
    """ "P1+2:Y" -> seat 0, value 2, colour Y; "P10:?" -> seat 0, value 0, colour not visible."""
    head, _, colour = token.partition(":")
    seat = int(head[1]) - 1
    value = int(head[2:])
    return Slot(seat, value, None if colour in ("", "?") else colour, value in public_values, chosen)


@once_per_picture
def objective_slots(view: dict, seat: int) -> list[Slot]:
    objectives = view.get("objectives") or []
    public = view.get("public_slots") or []
    public_values = list(public[seat]) if seat < len(public) else []
    tokens = objectives[seat] if seat < len(objectives) else []
    chosen = view.get("objective_set") or [True] * len(objectives)  # the engine's fact, per seat
    return [parse_slot(token, public_values, bool(chosen[seat])) for token in tokens]


def num_seats(view: dict) -> int:
    return max(2, len(view.get("objectives") or []))


def square_index(view: dict, square: str) -> tuple[int, int]:
    """(column from the left, row from the top) of a square like "c4"."""
    return ord(square[0].lower()) - ord("a"), view["ranks"] - int(square[1:])


def on_board(view: dict, square: str) -> bool:
    try:
        column, row = square_index(view, square)
    except (ValueError, IndexError):
        return False
    return 0 <= column < view["files"] and 0 <= row < view["ranks"]


# --- layout ---------------------------------------------------------------------------------

TURN_H = 132
STATUS_ROW_H = 38
STATUS_H = 2 * PAD + 4 * STATUS_ROW_H - 4
OBJ_HEADER_H = 44
OBJ_SEAT_H = 128
OBJ_LEGEND_H = 40  # "only you see" and "? hidden", when some slot is either
TABLE_BANNER_H = 62
TABLE_ROW_H = 42
TABLE_HEAD_H = 66  # two lines: a long name keeps what tells it apart


@dataclass(frozen=True)
class MarsLayout:
    width: int
    height: int
    square: int  # side of one square, px
    board: Box  # the squares only
    turn: Box
    status: Box
    objectives: Box
    table: Box | None  # the scoring breakdown, once the game is over


def square_size(view: dict) -> int:
    return min(BOARD_AREA // view["files"], BOARD_AREA * 8 // 7 // view["ranks"])


@once_per_picture
def board_layout(view: dict) -> MarsLayout:
    square = square_size(view)
    top = HEADER_H + 8
    board = (MARGIN + GUTTER, top, MARGIN + GUTTER + square * view["files"], top + square * view["ranks"])
    x0, x1 = PANEL_X0, PANEL_X0 + PANEL_W
    turn = (x0, top, x1, top + TURN_H)
    status = (x0, turn[3] + GAP, x1, turn[3] + GAP + STATUS_H)
    legend_h = OBJ_LEGEND_H if objective_legend_needed(view) else 8
    objectives_h = OBJ_HEADER_H + OBJ_SEAT_H * num_seats(view) + legend_h
    objectives = (x0, status[3] + GAP, x1, status[3] + GAP + objectives_h)
    bottom = max(board[3] + FOOT, objectives[3])
    table = None
    if view.get("scoring"):
        rows = len(view["scoring"].get("values") or {})
        table_h = PAD + TABLE_BANNER_H + 12 + TABLE_HEAD_H + TABLE_ROW_H * (rows + 1) + PAD
        table = (MARGIN, bottom + GAP, WIDTH - MARGIN, bottom + GAP + table_h)
        bottom = table[3]
    return MarsLayout(WIDTH, bottom + MARGIN, square, board, turn, status, objectives, table)


def objective_legend_needed(view: dict) -> bool:
    """Whether some slot is private or hidden, so the objectives card explains the marks (a seat
    still choosing says so beside its name)."""
    return any(
        slot.status in ("private", "hidden")
        for seat in range(num_seats(view))
        for slot in objective_slots(view, seat)
    )


def board_square_box(view: dict, square: str) -> Box:
    """The pixel box of a square on the board picture (for tests and click maps)."""
    layout = board_layout(view)
    column, row = square_index(view, square)
    x0 = layout.board[0] + column * layout.square
    y0 = layout.board[1] + row * layout.square
    return (x0, y0, x0 + layout.square, y0 + layout.square)


# --- pieces ---------------------------------------------------------------------------------


def piece_rgb(colour: str) -> Colour:
    return PYRAMID_COLOURS.get(colour, (200, 200, 200))


def _edge_colour(rgb: Colour) -> Colour:
    return MUTED if luminance(rgb) < 60 else mix(rgb, (0, 0, 0), 0.3)


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
    width on a small piece (side ~33 px), never so big that it covers the pips of a large one."""
    return min(34, round(side * 0.64))


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


# --- drawing helpers ------------------------------------------------------------------------


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


def draw_arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    *,
    colour: Colour,
    outline: Colour,
    width: int = 6,
    both: bool = False,
) -> None:
    """A straight arrow (horizontal or vertical, as moves are) with a dark rim; head at `end`."""
    (x0, y0), (x1, y1) = start, end
    length = max(abs(x1 - x0), abs(y1 - y0))
    if length < 4:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = width * 2.8

    def head_points(
        tip_x: float, tip_y: float, dx: float, dy: float, grow: float
    ) -> list[tuple[float, float]]:
        base_x, base_y = tip_x - dx * head, tip_y - dy * head
        half = head * 0.62 + grow
        return [
            (tip_x + dx * grow, tip_y + dy * grow),
            (base_x - dy * half, base_y + dx * half),
            (base_x + dy * half, base_y - dx * half),
        ]

    shaft_start = (x0 + ux * head * 0.8, y0 + uy * head * 0.8) if both else (x0, y0)
    shaft_end = (x1 - ux * head * 0.8, y1 - uy * head * 0.8)
    for fill, grow in ((outline, 3), (colour, 0)):
        draw.line([shaft_start, shaft_end], fill=fill, width=width + 2 * grow)
        draw.polygon(head_points(x1, y1, ux, uy, grow), fill=fill)
        if both:
            draw.polygon(head_points(x0, y0, -ux, -uy, grow), fill=fill)


def _swatch(draw: ImageDraw.ImageDraw, box: Box, colour: str) -> None:
    """A rounded square in a piece colour with its letter (for colour-blind players)."""
    rgb = piece_rgb(colour)
    draw.rounded_rectangle(box, radius=6, fill=rgb, outline=_edge_colour(rgb), width=2)
    ink = ink_on(rgb)
    size = max(SMALL_SIZE, round((box[3] - box[1]) * 0.55))
    draw_text(
        draw,
        ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
        colour,
        size=size,
        fill=ink,
        anchor="mm",
        bold=True,
    )


# --- the board ------------------------------------------------------------------------------


def render_mars_board(view: dict, *, names: list[str] | None = None) -> bytes:
    """Header, the board with coordinates, the side panel, and at the end the scoring breakdown."""
    layout = board_layout(view)
    image, draw = new_canvas(layout.width, layout.height)
    _draw_header(draw, view)
    _draw_board(image, draw, layout, view)
    _draw_turn(image, draw, layout.turn, view, names, layout.square)
    _draw_status(draw, layout.status, view)
    _draw_objectives(draw, layout.objectives, view, names)
    if layout.table:
        _draw_breakdown(draw, layout.table, view, names)
    return to_png(image)


def _draw_header(draw: ImageDraw.ImageDraw, view: dict) -> None:
    middle = HEADER_H / 2 + 4
    phase = view.get("phase")
    if view.get("is_over") or phase == "over":
        progress = tr("Final")
    elif phase == "setup":
        progress = tr("Choosing objectives")
    else:
        progress = tr("Turn {turn}", turn=view.get("turn", 1))
    title = f"Agents of M.A.R.S. {EM_DASH} {progress}"
    draw_text(draw, (MARGIN + 4, middle), title, size=TITLE_SIZE, fill=TEXT, anchor="lm", bold=True)
    colours = len(view.get("slot_values") or [0] * 4)
    info = tr(
        "{files}x{ranks} board · {count} colours", files=view["files"], ranks=view["ranks"], count=colours
    )
    draw_text(draw, (WIDTH - MARGIN - 4, middle), info, size=SMALL_SIZE, fill=MUTED, anchor="rm")


def _draw_board(image: Image.Image, draw: ImageDraw.ImageDraw, layout: MarsLayout, view: dict) -> None:
    bx0, by0, bx1, by1 = layout.board
    sq = layout.square
    draw.rectangle((bx0 - 4, by0 - 4, bx1 + 3, by1 + 3), fill=BOARD_EDGE)
    draw.rectangle((bx0, by0, bx1 - 1, by1 - 1), fill=SQUARE)
    last = view.get("last_action") or {}
    last_squares = [sq_ for sq_ in last.get("squares") or [] if on_board(view, sq_)]
    for square in last_squares:  # tint under the grid, frame over it
        x0, y0, x1, y1 = board_square_box(view, square)
        draw.rectangle((x0, y0, x1, y1), fill=mix(SQUARE, LAST, 0.42))
    for i in range(1, view["files"]):
        draw.line((bx0 + i * sq, by0, bx0 + i * sq, by1 - 1), fill=SQUARE_EDGE, width=2)
    for i in range(1, view["ranks"]):
        draw.line((bx0, by0 + i * sq, bx1 - 1, by0 + i * sq), fill=SQUARE_EDGE, width=2)
    for i in range(view["files"]):
        draw_text(
            draw,
            (bx0 + (i + 0.5) * sq, by1 + FOOT / 2 + 2),
            chr(ord("a") + i),
            size=SMALL_SIZE + 2,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
    for row in range(view["ranks"]):
        draw_text(
            draw,
            (bx0 - GUTTER / 2 - 2, by0 + (row + 0.5) * sq),
            str(view["ranks"] - row),
            size=SMALL_SIZE + 2,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )

    scoring = view.get("scoring") or None
    in_scoring_group: set[str] = set()
    if scoring:
        for group in scoring.get("groups") or []:
            if group.get("scores"):
                in_scoring_group.update(group["squares"])
    board = view.get("board") or {}

    def draw_square(square: str) -> None:
        dim = bool(scoring) and square not in in_scoring_group
        draw_piece(image, board[square], board_square_box(view, square), dim=dim)

    for square in board:
        if on_board(view, square):
            draw_square(square)

    if scoring:
        for group in scoring.get("groups") or []:
            if group.get("scores"):
                _outline_group(draw, view, group["squares"], piece_rgb(group["colour"]))

    for square in last_squares:
        x0, y0, x1, y1 = board_square_box(view, square)
        draw.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=LAST_DARK, width=2)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=LAST, width=4)
    if last.get("kind") in ("move", "swap") and len(last_squares) == 2:
        start, end = last_squares
        arrow_between(
            draw, board_square_box(view, start), board_square_box(view, end), swap=last["kind"] == "swap"
        )
        # The arrow runs under the pieces it jumped, so their letters stay readable.
        for column, row in cells_between(square_index(view, start), square_index(view, end)):
            square = f"{chr(ord('a') + column)}{view['ranks'] - row}"
            if square in board:
                draw_square(square)


def cells_between(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The (column, row) cells strictly between two cells of one row or column."""
    (ax, ay), (bx, by) = a, b
    if ax != bx and ay != by:
        return []
    steps = max(abs(bx - ax), abs(by - ay))
    dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    return [(ax + dx * i, ay + dy * i) for i in range(1, steps)]


def arrow_between(draw: ImageDraw.ImageDraw, a: Box, b: Box, *, swap: bool) -> None:
    """From square a's centre (a move) or edge (a swap) to square b's near edge."""
    (ax, ay), (bx, by) = ((a[0] + a[2]) / 2, (a[1] + a[3]) / 2), ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
    if ax != bx and ay != by:
        return  # not a straight line: the frames alone show it
    sq = a[2] - a[0]
    dx, dy = (bx > ax) - (bx < ax), (by > ay) - (by < ay)
    inset = sq * 0.5 - 6
    end = (bx - dx * inset, by - dy * inset)
    start = (ax + dx * inset, ay + dy * inset) if swap else (ax, ay)
    draw_arrow(draw, start, end, colour=LAST, outline=LAST_DARK, width=max(4, sq // 12), both=swap)


def _outline_group(draw: ImageDraw.ImageDraw, view: dict, squares: list[str], rgb: Colour) -> None:
    """A thick line in the group's colour around its outer edge, inside its squares."""
    cells = {square_index(view, square) for square in squares if on_board(view, square)}
    _outline_cells(draw, board_layout(view).board[:2], square_size(view), cells, rgb)


def _outline_cells(
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


# --- the side panel -------------------------------------------------------------------------


def _draw_turn(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None, cell: int
) -> None:
    x0, y0, x1, _y1 = box
    to_move = list(view.get("to_move") or [])
    over = view.get("is_over") or view.get("phase") == "over"
    row1, row2 = y0 + 36, y0 + 90
    if over:
        winners = list(view.get("winners") or [])
        _card(draw, box, fill=mix(PANEL, GOOD, 0.18), edge=GOOD, width=4)
        if len(winners) == 1:
            pill(draw, (x0 + PAD, row1), tr("WINNER"), size=SMALL_SIZE, fill=GOOD, text_fill=ON_GOOD)
            label = seat_label(winners[0], names)
        else:
            pill(draw, (x0 + PAD, row1), tr("DRAW"), size=SMALL_SIZE, fill=GOOD, text_fill=ON_GOOD)
            label = tr("Equal scores")
        draw_text(
            draw,
            (x0 + PAD, row2),
            fit_text(label, BODY_SIZE, x1 - x0 - 2 * PAD, bold=True),
            size=BODY_SIZE,
            fill=TEXT,
            anchor="lm",
            bold=True,
        )
        totals = (view.get("scoring") or {}).get("totals")
        if totals:
            score = " : ".join(plain(total) for total in totals)
            draw_text(draw, (x1 - PAD, row1), score, size=BODY_SIZE, fill=TEXT, anchor="rm", bold=True)
        return

    _card(draw, box, fill=PANEL_ACTIVE if to_move else PANEL, edge=ACCENT if to_move else PANEL_EDGE, width=4)
    drawn = view.get("drawn")
    text_right = x1 - PAD
    if drawn:  # the piece waiting to be placed, at board size, right of the text
        piece_box = (x1 - PAD - cell, y0 + (TURN_H - cell) // 2, x1 - PAD, y0 + (TURN_H + cell) // 2)
        draw.rectangle(piece_box, fill=SQUARE, outline=ACCENT, width=3)
        draw_piece(image, drawn, piece_box)
        text_right = piece_box[0] - 12
    if view.get("phase") == "setup":
        title = tr("Setting objectives")
        draw_text(draw, (x0 + PAD, row1), title, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
        waiting = listing([seat_tag(seat) for seat in to_move]) or EM_DASH
        waiting = tr("Waiting for {players}", players=waiting)
        draw_text(draw, (x0 + PAD, row2), waiting, size=SMALL_SIZE, fill=MUTED, anchor="lm")
        return
    if not to_move:
        draw_text(draw, (x0 + PAD, row1), tr("Waiting"), size=BODY_SIZE, fill=MUTED, anchor="lm", bold=True)
        return
    seat = to_move[0]
    chip = pill(draw, (x0 + PAD, row1), seat_tag(seat), size=BODY_SIZE, fill=ACCENT, text_fill=ON_ACCENT)
    name = fit_text(seat_name(seat, names) or tr("to play"), BODY_SIZE, text_right - chip[2] - 10, bold=True)
    draw_text(draw, (chip[2] + 10, row1), name, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    if drawn:
        room = text_right - x0 - PAD
        # The piece's name takes a second line where one is too short (a long name, a wordier language).
        drew = wrap(tr("Drew: {piece}", piece=pyramid_name(drawn)), SMALL_SIZE, room, bold=True)
        if len(drew) > 1:  # break after the label ("Drew:") if that fits, else where the words fall
            head, colon, tail = " ".join(drew).partition(": ")
            drew = [head + colon.strip(), tail] if colon else [drew[0], " ".join(drew[1:])]
        lines = [(line, True) for line in drew] + [(tr("to place on the board"), False)]
        step = 28 if len(lines) == 2 else 25
        for i, (line, bold) in enumerate(lines):
            draw_text(
                draw,
                (x0 + PAD, row2 + 1 + step * (i - (len(lines) - 1) / 2)),
                fit_text(line, SMALL_SIZE, room, bold=bold),
                size=SMALL_SIZE,
                fill=TEXT,
                anchor="lm",
                bold=bold,
            )
    elif view.get("phase_a_used"):  # two lines: one is too narrow for the whole sentence
        for i, line in enumerate((tr("swapped two slots;"), tr("now draw, move or swap"))):
            line = fit_text(line, SMALL_SIZE, text_right - x0 - PAD)
            draw_text(draw, (x0 + PAD, row2 - 13 + 28 * i), line, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    else:
        doing = fit_text(tr("to draw, move or swap"), SMALL_SIZE, text_right - x0 - PAD)
        draw_text(draw, (x0 + PAD, row2), doing, size=SMALL_SIZE, fill=MUTED, anchor="lm")


def describe_action(action: dict | None) -> str:
    """The last action in a few words, e.g. "P2 moved R2 f6-d6"."""
    if not action:
        return tr("none yet")
    who = seat_tag(action.get("seat", 0))
    squares = list(action.get("squares") or [])
    piece = action.get("piece") or ""
    kind = action.get("kind")
    if kind == "place" and squares:
        return tr("{player} placed {piece} on {square}", player=who, piece=piece, square=squares[0]).replace(
            "  ", " "
        )
    if kind == "move" and len(squares) == 2:
        return tr(
            "{player} moved {piece} {origin}-{target}",
            player=who,
            piece=piece,
            origin=squares[0],
            target=squares[1],
        ).replace("  ", " ")
    if kind == "swap" and len(squares) == 2:
        return tr("{player} swapped {first} and {second}", player=who, first=squares[0], second=squares[1])
    if kind == "objective":  # objective slots: "objective" would not fit the row
        return tr("{player} swapped two slots", player=who)
    return f"{who} {kind}" if kind else tr("{player} played", player=who)  # a kind no view has yet


def _draw_status(draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    x0, y0, x1, _ = box
    _card(draw, box)
    rows = [y0 + PAD + STATUS_ROW_H * (i + 0.5) for i in range(4)]
    bag = view.get("bag_count", 0)
    blacks = view.get("blacks_on_board", 0)
    draw_text(draw, (x0 + PAD, rows[0]), tr("Bag"), size=SMALL_SIZE, fill=MUTED, anchor="lm")
    draw_text(
        draw,
        (x1 - PAD, rows[0]),
        trn("{count} piece", "{count} pieces", bag, count=bag),
        size=SMALL_SIZE,
        fill=TEXT,
        anchor="rm",
        bold=True,
    )
    draw_text(draw, (x0 + PAD, rows[1]), tr("Black on board"), size=SMALL_SIZE, fill=MUTED, anchor="lm")
    draw_text(draw, (x1 - PAD, rows[1]), str(blacks), size=SMALL_SIZE, fill=TEXT, anchor="rm", bold=True)
    draw_text(draw, (x0 + PAD, rows[2]), tr("Objective swaps"), size=SMALL_SIZE, fill=MUTED, anchor="lm")
    if view.get("objective_swaps_open"):
        pill(draw, (x1 - PAD, rows[2]), tr("open"), size=SMALL_SIZE, fill=GOOD, text_fill=ON_GOOD, anchor="r")
    else:
        pill(draw, (x1 - PAD, rows[2]), tr("closed"), size=SMALL_SIZE, fill=FAINT, text_fill=TEXT, anchor="r")
    label_w = draw_text(draw, (x0 + PAD, rows[3]), tr("Last"), size=SMALL_SIZE, fill=MUTED, anchor="lm")
    last = describe_action(view.get("last_action"))
    last = fit_text(last, SMALL_SIZE, x1 - x0 - 2 * PAD - label_w - 16, bold=True)
    has_last = bool(view.get("last_action"))
    draw_text(
        draw,
        (x1 - PAD, rows[3]),
        last,
        size=SMALL_SIZE,
        fill=LAST if has_last else FAINT,
        anchor="rm",
        bold=has_last,
    )


def _draw_objectives(draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None) -> None:
    x0, y0, x1, y1 = box
    _card(draw, box)
    draw_text(draw, (x0 + PAD, y0 + 26), tr("Objectives"), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    draw_text(draw, (x1 - PAD, y0 + 26), tr("slot value : colour"), size=SMALL_SIZE, fill=FAINT, anchor="rm")
    viewer = view.get("seat")
    any_private = any_hidden = False
    for seat in range(num_seats(view)):
        top = y0 + OBJ_HEADER_H + seat * OBJ_SEAT_H
        label = seat_label(seat, names)
        if seat == viewer:
            label = tr("{player} (you)", player=label)
        slots = objective_slots(view, seat)
        room = x1 - x0 - 2 * PAD
        if any(slot.status == "unchosen" for slot in slots):  # the whole objective is chosen at once
            room -= 12 + draw_text(
                draw, (x1 - PAD, top + 18), tr("not chosen yet"), size=SMALL_SIZE, fill=MUTED, anchor="rm"
            )
        draw_text(
            draw,
            (x0 + PAD, top + 18),
            fit_text(label, SMALL_SIZE, room, bold=True),
            size=SMALL_SIZE,
            fill=TEXT,
            anchor="lm",
            bold=True,
        )
        for slot, chip in zip(slots, slot_chip_boxes(box, seat, len(slots)), strict=True):
            _draw_slot_chip(draw, chip, slot)
            any_private |= slot.status == "private"
            any_hidden |= slot.status == "hidden"
    legend_y = y1 - OBJ_LEGEND_H / 2 - 6
    x = x0 + PAD
    if any_private:
        sample = (round(x), round(legend_y - 12), round(x) + 24, round(legend_y + 12))
        _dashed_rectangle(draw, sample, colour=PRIVATE, width=3, dash=5)
        x += 32 + draw_text(
            draw, (x + 32, legend_y), tr("only you see"), size=SMALL_SIZE, fill=PRIVATE, anchor="lm"
        )
        x += 22
    if any_hidden:
        draw_text(draw, (x, legend_y), tr("? hidden"), size=SMALL_SIZE, fill=MUTED, anchor="lm")


def slot_chip_boxes(box: Box, seat: int, count: int) -> list[Box]:
    """Where the objective card of the side panel draws each slot of `seat`."""
    x0, y0, x1, _ = box
    gap = 8
    width = min(78, (x1 - x0 - 2 * PAD - gap * (count - 1)) // max(1, count))
    top = y0 + OBJ_HEADER_H + seat * OBJ_SEAT_H + 38
    return [
        (x0 + PAD + i * (width + gap), top, x0 + PAD + i * (width + gap) + width, top + OBJ_SEAT_H - 48)
        for i in range(count)
    ]


def _draw_slot_chip(draw: ImageDraw.ImageDraw, chip: Box, slot: Slot) -> None:
    """The slot's value on top; under it the colour (a lettered swatch) or "?"."""
    x0, y0, x1, y1 = chip
    centre = (x0 + x1) / 2
    draw.rounded_rectangle(chip, radius=10, fill=BACKGROUND)
    if slot.status == "private":
        _dashed_rectangle(draw, chip, colour=PRIVATE, width=3, dash=6)
    elif slot.status == "public":
        draw.rounded_rectangle(chip, radius=10, outline=MUTED, width=2)
    else:
        draw.rounded_rectangle(chip, radius=10, outline=PANEL_EDGE, width=2)
    draw_text(draw, (centre, y0 + 18), signed(slot.value), size=SMALL_SIZE, fill=TEXT, anchor="mm", bold=True)
    swatch = round(min(x1 - x0 - 18, y1 - y0 - 40))
    sy = y1 - 8 - swatch
    if slot.colour is None:
        mark = "–" if slot.status == "unchosen" else "?"
        draw_text(
            draw, (centre, sy + swatch / 2), mark, size=BODY_SIZE + 4, fill=FAINT, anchor="mm", bold=True
        )
    else:
        _swatch(draw, (round(centre - swatch / 2), sy, round(centre + swatch / 2), sy + swatch), slot.colour)


# --- the end of the game --------------------------------------------------------------------


def _draw_breakdown(draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None) -> None:
    """Banner with the result, then per colour: its scoring groups, V, and each player's x and points."""
    x0, y0, x1, _ = box
    scoring = view["scoring"]
    totals = list(scoring.get("totals") or [])
    winners = list(view.get("winners") or [])
    _card(draw, box, edge=GOOD, width=3)
    banner = (x0 + PAD, y0 + PAD, x1 - PAD, y0 + PAD + TABLE_BANNER_H)
    draw.rounded_rectangle(banner, radius=RADIUS - 4, fill=GOOD)
    ordered = [plain(total) for total in sorted(totals, reverse=True)]
    score = ordered[0] if ordered else ""
    for other in ordered[1:]:
        score = tr("{high} to {low}", high=score, low=other)
    if len(winners) == 1:
        title = tr("{player} wins, {score}", player=seat_label(winners[0], names), score=score)
    else:
        title = tr("Draw, {score}", score=score)
    draw_text(
        draw,
        ((banner[0] + banner[2]) / 2, (banner[1] + banner[3]) / 2),
        fit_text(title, TITLE_SIZE, banner[2] - banner[0] - 24, bold=True),
        size=TITLE_SIZE,
        fill=ON_GOOD,
        anchor="mm",
        bold=True,
    )
    seats = len(totals) or num_seats(view)
    colour_x = x0 + PAD + 8
    groups_x = x0 + PAD + 170
    value_x = x0 + PAD + 460
    seat_w = (x1 - PAD - (value_x + 40)) / seats
    top = banner[3] + 12

    def seat_centre(seat: int) -> float:
        return value_x + 40 + seat_w * (seat + 0.5)

    rows = list(scoring.get("values") or {})
    body_top = top + TABLE_HEAD_H  # the first colour's row
    table_bottom = body_top + TABLE_ROW_H * (len(rows) + 1)
    for seat in winners:
        column = (
            round(seat_centre(seat) - seat_w / 2 + 6),
            top,
            round(seat_centre(seat) + seat_w / 2 - 6),
            table_bottom,
        )
        draw.rounded_rectangle(column, radius=10, fill=mix(PANEL, GOOD, 0.22))
    header_y = top + TABLE_HEAD_H / 2
    draw_text(draw, (colour_x, header_y), tr("Colour"), size=SMALL_SIZE, fill=MUTED, anchor="lm")
    breakdown = scoring.get("breakdown") or []
    groups = [group for group in scoring.get("groups") or [] if group.get("scores")]
    with_counts = bool(scoring.get("size_points"))
    group_texts = {colour: _group_text(groups, colour, with_counts=with_counts) for colour in rows}
    with_counts = with_counts and any(group_texts.values())
    groups_header = tr("Groups (pips+pieces)") if with_counts else tr("Scoring groups (pips)")
    header_w = value_x - groups_x - 40
    header_lines = wrap(groups_header, SMALL_SIZE, header_w)  # two lines, as the names, when one is too short
    header_lines = [*header_lines[:1], " ".join(header_lines[1:])] if len(header_lines) > 1 else header_lines
    for j, line in enumerate(header_lines):
        draw_text(
            draw,
            (groups_x, header_y + 26 * (j - (len(header_lines) - 1) / 2)),
            fit_text(line, SMALL_SIZE, header_w),
            size=SMALL_SIZE,
            fill=MUTED,
            anchor="lm",
        )
    draw_text(draw, (value_x, header_y), tr("V"), size=SMALL_SIZE, fill=MUTED, anchor="rm", bold=True)
    for seat in range(seats):
        lines = wrap(seat_label(seat, names), SMALL_SIZE, seat_w - 16, bold=True)
        lines = [*lines[:1], " ".join(lines[1:])] if len(lines) > 1 else lines
        for j, line in enumerate(lines):
            draw_text(
                draw,
                (seat_centre(seat), header_y + 26 * (j - (len(lines) - 1) / 2)),
                fit_text(line, SMALL_SIZE, seat_w - 16, bold=True),
                size=SMALL_SIZE,
                fill=TEXT,
                anchor="mm",
                bold=True,
            )

    for i, colour in enumerate(rows):
        y = body_top + TABLE_ROW_H * (i + 0.5)
        draw.line((x0 + PAD, y - TABLE_ROW_H / 2, x1 - PAD, y - TABLE_ROW_H / 2), fill=PANEL_EDGE, width=1)
        _swatch(draw, (colour_x, round(y - 15), colour_x + 30, round(y + 15)), colour)
        draw_text(draw, (colour_x + 40, y), colour_name(colour), size=SMALL_SIZE, fill=TEXT, anchor="lm")
        value = scoring["values"][colour]
        text = group_texts[colour]
        draw_text(
            draw,
            (groups_x, y),
            fit_text(text or tr("none"), SMALL_SIZE, value_x - groups_x - 60),
            size=SMALL_SIZE,
            fill=MUTED if text else FAINT,
            anchor="lm",
        )
        draw_text(draw, (value_x, y), plain(value), size=BODY_SIZE, fill=TEXT, anchor="rm", bold=True)
        for seat in range(seats):
            entry = next(
                (e for e in (breakdown[seat] if seat < len(breakdown) else []) if e["colour"] == colour), None
            )
            if entry is None:
                continue
            cell = f"x{plain(entry['multiplier'])} = {plain(entry['points'])}"
            ink = TEXT if entry["points"] > 0 else (PENALTY if entry["points"] < 0 else MUTED)
            draw_text(draw, (seat_centre(seat), y), cell, size=SMALL_SIZE, fill=ink, anchor="mm")
    y = body_top + TABLE_ROW_H * (len(rows) + 0.5)
    draw.line((x0 + PAD, y - TABLE_ROW_H / 2, x1 - PAD, y - TABLE_ROW_H / 2), fill=MUTED, width=2)
    draw_text(draw, (colour_x, y), tr("Total"), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    for seat, total in enumerate(totals):
        draw_text(
            draw, (seat_centre(seat), y), plain(total), size=BODY_SIZE, fill=TEXT, anchor="mm", bold=True
        )


def _group_text(groups: list[dict], colour: str, *, with_counts: bool) -> str:
    """What a colour's scoring groups add up to: "12 + 7", or "12+5 + 7+4" when pieces count too
    ("" when none scores)."""
    mine = sorted((g for g in groups if g["colour"] == colour), key=lambda g: -g.get("pips", 0))
    if not mine:
        return ""
    if with_counts:  # The Size of the Group Gives Points
        return " + ".join(f"{g.get('pips', 0)}+{g.get('count', 0)}" for g in mine)
    return " + ".join(str(g.get("pips", 0)) for g in mine)


# --- the objective (a seat's private picture) -----------------------------------------------

OBJ_CARD_H = 250
OBJECTIVE_SCALE = 60
OBJ_SMALL_H = 150


def objective_card_boxes(view: dict) -> list[Box]:
    """Where render_mars_objective draws each slot of the viewing seat (or P1 for a spectator)."""
    seat = view.get("seat")
    slots = objective_slots(view, seat if seat is not None else 0)
    count = max(1, len(slots))
    gap = 14
    width = min(180, (WIDTH - 2 * MARGIN - gap * (count - 1)) // count)
    left = (WIDTH - count * width - (count - 1) * gap) // 2
    top = 118
    return [
        (left + i * (width + gap), top, left + i * (width + gap) + width, top + OBJ_CARD_H)
        for i in range(len(slots))
    ]


def render_mars_objective(view: dict, *, names: list[str] | None = None) -> bytes:
    """The viewing seat's objective: each slot's value and colour, marked public or only-you."""
    seat = view.get("seat")
    main_seat = seat if seat is not None else 0
    boxes = objective_card_boxes(view)
    cards_bottom = max((box[3] for box in boxes), default=118 + OBJ_CARD_H)
    others = [
        other
        for other in range(num_seats(view))
        if other != main_seat and (seat is None or any(s.colour for s in objective_slots(view, other)))
    ]
    height = cards_bottom + 24 + len(others) * (OBJ_SMALL_H + 20) + 90
    image, draw = new_canvas(WIDTH, height)

    if seat is None:
        title = tr("Objectives")
    else:
        title = tr("Your objective — {player}", player=seat_label(seat, names))
    if view.get("objective_swaps_open"):
        swaps = pill(
            draw,
            (WIDTH - MARGIN, 36),
            tr("Swaps open"),
            size=SMALL_SIZE,
            fill=GOOD,
            text_fill=ON_GOOD,
            anchor="r",
        )
    else:
        swaps = pill(
            draw,
            (WIDTH - MARGIN, 36),
            tr("Swaps closed"),
            size=SMALL_SIZE,
            fill=FAINT,
            text_fill=TEXT,
            anchor="r",
        )
    title_w = min(WIDTH - 2 * MARGIN - 200, swaps[0] - 16 - (MARGIN + 4))  # a longer pill leaves less room
    draw_text(
        draw,
        (MARGIN + 4, 36),
        fit_text(title, TITLE_SIZE, title_w, bold=True),
        size=TITLE_SIZE,
        fill=TEXT,
        anchor="lm",
        bold=True,
    )
    draw_text(
        draw,
        (MARGIN + 4, 84),
        tr("At the end, each colour's points count times the value of its slot."),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="lm",
    )
    slots = objective_slots(view, main_seat)
    for slot, box in zip(slots, boxes, strict=True):
        _draw_objective_card(image, draw, box, slot)

    y = cards_bottom + 24
    for other in others:
        _draw_other_objective(draw, (MARGIN, y, WIDTH - MARGIN, y + OBJ_SMALL_H), view, other, names)
        y += OBJ_SMALL_H + 20

    note_y = y + 28
    # Blind Agents: the viewer sees, and may swap, the opponent's slots instead of their own.
    blind = seat is not None and any(
        slot.status == "private" for other in others for slot in objective_slots(view, other)
    )
    if seat is None:
        note = tr("Hidden slots are shown as ?. All are revealed when the board is full.")
    elif view.get("objective_swaps_open") and blind and others:
        note = tr(
            "On your turn you may first swap the colours of two of {player}'s slots; both become public.",
            player=seat_tag(others[0]),
        )
    elif view.get("objective_swaps_open"):
        note = tr("On your turn you may first swap the colours of two of your slots; both become public.")
    else:
        note = tr("Objective swaps are closed for the rest of the game.")
    for i, line in enumerate(wrap(note, SMALL_SIZE, WIDTH - 2 * MARGIN - 8)[:2]):
        draw_text(draw, (MARGIN + 4, note_y + 28 * i), line, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    return to_png(image)


def _draw_objective_card(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, slot: Slot) -> None:
    """Value, a large pyramid in the slot's colour (or "?"), colour name and who can see it."""
    x0, y0, x1, y1 = box
    centre = (x0 + x1) / 2
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL)
    if slot.status == "private":
        _dashed_rectangle(draw, box, colour=PRIVATE, width=4, dash=10)
    else:
        draw.rounded_rectangle(
            box, radius=RADIUS, outline=MUTED if slot.status == "public" else PANEL_EDGE, width=3
        )
    value_ink = GOOD if slot.value > 0 else (PENALTY if slot.value < 0 else TEXT)
    draw_text(
        draw, (centre, y0 + 38), signed(slot.value), size=BIG_SIZE, fill=value_ink, anchor="mm", bold=True
    )
    baseline = y1 - 76
    if slot.colour is None:
        unchosen = slot.status == "unchosen"
        mark, words = ("–", tr("not chosen yet")) if unchosen else ("?", tr("hidden"))
        draw_text(draw, (centre, baseline - 44), mark, size=BIG_SIZE + 16, fill=FAINT, anchor="mm", bold=True)
        draw_text(
            draw,
            (centre, y1 - 56),
            fit_text(words, SMALL_SIZE, x1 - x0 - 16),
            size=SMALL_SIZE,
            fill=FAINT,
            anchor="mm",
        )
        return
    width = pyramid_extent(3, OBJECTIVE_SCALE)[0]
    sprite = pyramid_sprite(slot.colour, 3, OBJECTIVE_SCALE)
    paste(image, sprite, (centre - width / 2, baseline - sprite.height))
    draw_text(
        draw, (centre, y1 - 56), colour_name(slot.colour), size=BODY_SIZE, fill=TEXT, anchor="mm", bold=True
    )
    if slot.status == "private":
        draw_text(draw, (centre, y1 - 24), tr("only you see"), size=SMALL_SIZE, fill=PRIVATE, anchor="mm")
    else:
        draw_text(draw, (centre, y1 - 24), tr("public"), size=SMALL_SIZE, fill=MUTED, anchor="mm")


def _draw_other_objective(
    draw: ImageDraw.ImageDraw, box: Box, view: dict, seat: int, names: list[str] | None
) -> None:
    x0, y0, x1, y1 = box
    _card(draw, box)
    slots = objective_slots(view, seat)
    title_w = x1 - x0 - 2 * PAD
    if any(slot.status == "private" for slot in slots):
        note = tr("dashed: only you see")
        draw_text(draw, (x1 - PAD, y0 + 26), note, size=SMALL_SIZE, fill=PRIVATE, anchor="rm")
        title_w -= round(text_width(note, SMALL_SIZE)) + 16  # the title stops short of the note
    draw_text(
        draw,
        (x0 + PAD, y0 + 26),
        fit_text(tr("{player}'s objective", player=seat_label(seat, names)), BODY_SIZE, title_w, bold=True),
        size=BODY_SIZE,
        fill=TEXT,
        anchor="lm",
        bold=True,
    )
    gap = 12
    width = min(110, (x1 - x0 - 2 * PAD - gap * (len(slots) - 1)) // max(1, len(slots)))
    for i, slot in enumerate(slots):
        cx0 = x0 + PAD + i * (width + gap)
        _draw_slot_chip(draw, (cx0, y0 + 50, cx0 + width, y1 - PAD), slot)


# --- the rules picture ----------------------------------------------------------------------

RULE_CELL = 62
RULE_ROW_H = 228  # a 3-square board and its padding, then a 10 px gap: 4 rows fit in 1.2 x the width


@once_per_language
def render_mars_rules_picture() -> bytes:
    """The /rules picture: scoring groups, moves, swaps and black pieces, each on a small board."""
    rows = [
        (
            tr("Groups of 4+ score their pips"),
            tr(
                "4 or more touching pieces of one colour (side to side) score their pips, whatever their sizes. "
                "Smaller groups score nothing."
            ),
            _rule_scoring,
        ),
        (
            tr("Move: exactly its pips"),
            tr(
                "A piece moves exactly 1, 2 or 3 squares (its pips) in a straight line to an empty square, "
                "jumping over anything."
            ),
            _rule_move,
        ),
        (
            tr("Swap: land on another piece"),
            tr(
                "Land exactly on a different piece instead: the two trade places. Only the mover's pips count."
            ),
            _rule_swap,
        ),
        (
            tr("Black pieces"),
            tr("Black blocks nothing (jump over it), but never moves, is never swapped and never scores."),
            _rule_black,
        ),
    ]
    top = 198
    height = top + RULE_ROW_H * len(rows) + 62
    image, draw = new_canvas(WIDTH, height)
    draw_picture_heading(
        draw,
        MARGIN + 4,
        tr("Agents of M.A.R.S. in brief"),
        [tr("Your score = each colour's points x the value of your slot for it.")],
    )
    _draw_size_legend(image, draw, (MARGIN + 4, 116))
    board_w = 5 * RULE_CELL
    for i, (title, text, drawer) in enumerate(rows):
        y = top + i * RULE_ROW_H
        box = (MARGIN, y, WIDTH - MARGIN, y + RULE_ROW_H - 10)
        _card(draw, box, edge=PANEL)
        board = (MARGIN + PAD, y + PAD, MARGIN + PAD + board_w, y + PAD + 3 * RULE_CELL)
        drawer(image, draw, board)
        text_x = board[2] + 28
        draw_text(draw, (text_x, y + 40), title, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
        for j, line in enumerate(wrap(text, SMALL_SIZE, box[2] - PAD - text_x)[:4]):
            draw_text(draw, (text_x, y + 84 + 30 * j), line, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    footer = tr("The game ends when the board is full. 4 black pieces on the board close objective swaps.")
    lines = wrap(footer, SMALL_SIZE, WIDTH - 2 * MARGIN - 8)[:2]  # two lines still fit under the last card
    for i, line in enumerate(lines):
        y = height - 34 - 14 * (len(lines) - 1) + 28 * i
        draw_text(draw, (MARGIN + 4, y), line, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    return to_png(image)


def _draw_size_legend(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int]) -> None:
    """Pieces seen from above: the bigger the square, the more pips (and the farther it moves)."""
    x, y = xy
    legend = (
        ("Y1", tr("small: 1 pip")),
        ("G2", tr("medium: 2 pips")),
        ("B3", tr("large: 3 pips")),
        ("K2", colour_name("K")),
    )
    for code, label in legend:
        box = (x, y, x + RULE_CELL, y + RULE_CELL)
        draw.rectangle((x - 3, y - 3, box[2] + 2, box[3] + 2), fill=BOARD_EDGE)
        draw.rectangle((x, y, box[2] - 1, box[3] - 1), fill=SQUARE)
        draw_piece(image, code, box)
        x = box[2] + 12
        x += round(draw_text(draw, (x, y + RULE_CELL / 2), label, size=SMALL_SIZE, fill=TEXT, anchor="lm"))
        x += 34


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
    _outline_cells(draw, board[:2], RULE_CELL, set(red), piece_rgb("R"))
    pill(
        draw,
        _cell_centre(board, 0, 1.5),
        "7",
        size=BODY_SIZE,
        fill=piece_rgb("R"),
        text_fill=TEXT,
        anchor="m",
    )
    pill(draw, _cell_centre(board, 3, 1), "0", size=BODY_SIZE, fill=BACKGROUND, text_fill=TEXT, anchor="m")


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


PICTURES = Pictures(board=render_mars_board, private=render_mars_objective, rules=render_mars_rules_picture)
