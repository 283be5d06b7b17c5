"""Agents of M.A.R.S. pictures: the public board, a seat's objective, and the rules picture.

Made for a phone, where Discord shows a picture about 325 px wide: the board fills the picture's
width and carries no words but its coordinates; whose turn it is, the bag, the objectives and the
last action are Discord text (bot/presenters/mars.py). The objective picture is the viewer's slot
cards, the rules picture four small diagrams with a label each.

Pieces are drawn as pyramids seen from above on a light, Martian-dust board: the footprint grows
with the size (small, medium, large), the colour's letter sits over the apex (colour is never the
only cue: to many colour-blind players red, green and yellow look alike, and so do blue and
purple) and the south face carries the pips; black pieces are the only dark ones. On the final
board the scoring groups are outlined in their colour and every other piece is drawn hollow, so
the groups stand out. The last move or swap is framed in cyan, with an arrow; a suggested one (a
tutorial's, `view.suggested`) in dashed magenta, with the piece drawn hollow where it would land
(on the objective picture, a suggested slot swap frames its two cards in amber).

Every picture goes through `to_png` (the fixed palette), so pieces use three shades each and the
other marks reuse those shades or the kit's palette.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from catalogue import tr
from games.mars_view import LastAction, MarsView, ObjectiveSlot

from .common import (
    ACCENT,
    BACKGROUND,
    FAINT,
    GOOD,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    PENALTY,
    PYRAMID_COLOURS,
    SUIT_BLACK,
    SUPERSAMPLE,
    TEXT,
    WIDTH,
    ArrowHead,
    Box,
    Colour,
    Pictures,
    draw_arrow,
    draw_text,
    fit_text,
    luminance,
    mix,
    new_canvas,
    once_per_language,
    once_per_picture,
    paste,
    pill,
    seat_label,
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
from .mars_words import RULE_LABELS, SIZE_LABELS, status_word
from .pieces import colour_letter, pyramid_extent, pyramid_sprite
from .words import colour_name

# Sizes that read on a phone: a picture 1000 px wide is shown about 325 px wide, so a word needs a
# font of 31 px or more to come out 10 px tall.
LABEL_SIZE = 32  # coordinates, status words, rule labels
NAME_SIZE = 36  # a slot's colour
VALUE_SIZE = 52  # a slot's value
EDGE = 14  # plain background around the board
GUTTER = 44  # rank numbers, left of the board
FOOT = 50  # file letters, under the board
RADIUS = 14
PAD = 16

# --- palette additions: a Martian-dust board, a cyan mark for the last action -----------------

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

# --- the view -------------------------------------------------------------------------------


def objective_slots(view: MarsView, seat: int) -> tuple[ObjectiveSlot, ...]:
    return view.objectives[seat].slots


def square_index(view: MarsView, square: str) -> tuple[int, int]:
    """(column from the left, row from the top) of a square like "c4"."""
    return ord(square[0].lower()) - ord("a"), view.ranks - int(square[1:])


def on_board(view: MarsView, square: str) -> bool:
    try:
        column, row = square_index(view, square)
    except (ValueError, IndexError):
        return False
    return 0 <= column < view.files and 0 <= row < view.ranks


# --- layout ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MarsLayout:
    width: int
    height: int
    square: int  # side of one square, px
    board: Box  # the squares only


def square_size(view: MarsView) -> int:
    """As large as the picture's width allows: 134 px on 7x8, 117 px on 8x8."""
    return (WIDTH - 2 * EDGE - GUTTER) // view.files


@once_per_picture
def board_layout(view: MarsView) -> MarsLayout:
    square = square_size(view)
    left = (WIDTH - GUTTER - square * view.files) // 2 + GUTTER
    board = (left, EDGE, left + square * view.files, EDGE + square * view.ranks)
    return MarsLayout(WIDTH, board[3] + FOOT + EDGE, square, board)


def board_square_box(view: MarsView, square: str) -> Box:
    """The pixel box of a square on the board picture (for tests and click maps)."""
    layout = board_layout(view)
    column, row = square_index(view, square)
    x0 = layout.board[0] + column * layout.square
    y0 = layout.board[1] + row * layout.square
    return (x0, y0, x0 + layout.square, y0 + layout.square)


# --- pieces ---------------------------------------------------------------------------------


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


# The squares' arrows: a longer head with a sharp rim, as moves run along ranks and files.
SQUARE_ARROW = ArrowHead(length=2.8, tip_rim=1.0, base_rim=0.0, round_tail=False)


# --- the board ------------------------------------------------------------------------------


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
        _dashed_rectangle(draw, (x0 + 1, y0 + 1, x1 - 1, y1 - 1), colour=SUGGESTED_DARK, width=13, dash=20)
        _dashed_rectangle(draw, (x0 + 3, y0 + 3, x1 - 3, y1 - 3), colour=SUGGESTED, width=9, dash=20)


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


def _outline_group(draw: ImageDraw.ImageDraw, view: MarsView, squares: tuple[str, ...], rgb: Colour) -> None:
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


# --- the objective (a seat's private picture) -----------------------------------------------

CARD_GAP = 10
CARD_PAD = 6  # between a card's edge and its words: five cards leave each about 187 px
OBJECTIVE_SCALE = 64  # px: a small pyramid's height; a card shows a large one
OTHER_SCALE = 44  # the other objective's cards (Blind Agents; P2 for a spectator) are shorter
HEADING_H = 56
STATUS_LINE_H = 40
STATUS_ROOM = 2 * STATUS_LINE_H  # who may see the slot, on one line or two


def card_height(scale: int) -> int:
    """Value, the pyramid, the colour's name and who may see it, one under another."""
    return 72 + pyramid_extent(3, scale)[1] + 8 + 44 + STATUS_ROOM + 10


def _card_row(top: int, count: int, height: int) -> list[Box]:
    count = max(1, count)
    width = min(230, (WIDTH - 2 * (MARGIN - 4) - CARD_GAP * (count - 1)) // count)
    left = (WIDTH - count * width - (count - 1) * CARD_GAP) // 2
    step = width + CARD_GAP
    return [(left + i * step, top, left + i * step + width, top + height) for i in range(count)]


def objectives_shown(view: MarsView) -> list[int]:
    """The seats whose objective the picture shows: the viewer's (P1's for a spectator) first, then
    the other, where the viewer sees some of its hidden colours (Blind Agents) or is a spectator."""
    seat = view.seat
    main = seat if seat is not None else 0
    others = [
        other
        for other in range(len(view.objectives))
        if other != main and (seat is None or any(s.colour for s in objective_slots(view, other)))
    ]
    return [main, *others]


SWAP_BAND = 60  # room above an objective's cards for the arrow of a suggested slot swap
# The suggestion's colour on the objective picture: amber, since there pink already marks the
# slots only the viewer sees, and no card uses amber.
SUGGESTED_SLOTS = ACCENT


def suggested_slot_swap(view: MarsView) -> tuple[int, list[int]] | None:
    """(whose objective, the two slot values) of a suggested objective swap, if one is suggested."""
    mark = view.suggested
    if not mark or mark.kind != "objective" or not mark.slots:
        return None
    return mark.owner, list(mark.slots)


@once_per_picture
def objective_layout(view: MarsView) -> list[tuple[int, Box | None, list[Box]]]:
    """(seat, its heading or None, its cards) for each objective shown: headings only when two are."""
    shown = objectives_shown(view)
    swap = suggested_slot_swap(view)
    y = MARGIN
    found = []
    for index, seat in enumerate(shown):
        heading = None
        if len(shown) > 1:
            heading = (MARGIN, y, WIDTH - MARGIN, y + HEADING_H)
            y += HEADING_H
        if swap and swap[0] == seat:
            y += SWAP_BAND
        height = card_height(OBJECTIVE_SCALE if index == 0 else OTHER_SCALE)
        found.append((seat, heading, _card_row(y, len(objective_slots(view, seat)), height)))
        y += height + 2 * MARGIN
    return found


def objective_card_boxes(view: MarsView) -> list[Box]:
    """Where render_mars_objective draws each slot of the viewing seat (or P1 for a spectator)."""
    return objective_layout(view)[0][2]


def render_mars_objective(view: MarsView, *, names: list[str] | None = None) -> bytes:
    """The viewer's objective as a card per slot: value, colour and who may see it; in Blind Agents
    the opponent's too (the viewer sees that one, not their own)."""
    layout = objective_layout(view)
    image, draw = new_canvas(WIDTH, layout[-1][2][0][3] + MARGIN)
    viewer = view.seat
    for index, (seat, heading, cards) in enumerate(layout):
        if heading:
            title = (
                tr("Your objective")
                if seat == viewer
                else tr("{player}'s objective", player=seat_label(seat, names))
            )
            title = fit_text(title, LABEL_SIZE, heading[2] - heading[0] - 8, bold=True)
            middle = (heading[1] + heading[3]) / 2
            draw_text(
                draw, (heading[0] + 4, middle), title, size=LABEL_SIZE, fill=TEXT, anchor="lm", bold=True
            )
        scale = OBJECTIVE_SCALE if index == 0 else OTHER_SCALE
        for slot, box in zip(objective_slots(view, seat), cards, strict=False):
            _draw_objective_card(image, draw, box, slot, scale)
    swap = suggested_slot_swap(view)
    if swap:
        owner, values = swap
        cards = next((cards for seat, _, cards in layout if seat == owner), [])
        slots = [slot.value for slot in objective_slots(view, owner)]
        boxes = [cards[slots.index(value)] for value in values if value in slots[: len(cards)]]
        if len(boxes) == 2:
            _draw_suggested_slot_swap(draw, boxes[0], boxes[1])
    return to_png(image)


def _draw_suggested_slot_swap(draw: ImageDraw.ImageDraw, first: Box, second: Box) -> None:
    """The two cards a suggested objective swap exchanges: framed in amber and joined above by a
    bracket with an arrowhead down into each."""
    width = 8
    for box in (first, second):
        draw.rounded_rectangle(box, radius=RADIUS, outline=SUGGESTED_SLOTS, width=width)
    top = first[1]
    bar = top - SWAP_BAND * 0.55
    left, right = sorted(((first[0] + first[2]) / 2, (second[0] + second[2]) / 2))
    draw.line([(left, bar), (right, bar)], fill=SUGGESTED_SLOTS, width=width)
    for x in (left, right):
        draw_arrow(
            draw,
            (x, bar - width / 2),
            (x, top + 2),
            colour=SUGGESTED_SLOTS,
            outline=SUGGESTED_SLOTS,
            width=width,
            shape=SQUARE_ARROW,
        )


STATUS_INK = {"private": PRIVATE, "public": MUTED, "hidden": FAINT, "unchosen": FAINT}


def _draw_objective_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, slot: ObjectiveSlot, scale: int
) -> None:
    """Value, a large pyramid in the slot's colour (or "?" / "–"), the colour's name and who may see it."""
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
        draw, (centre, y0 + 40), signed(slot.value), size=VALUE_SIZE, fill=value_ink, anchor="mm", bold=True
    )
    status_top = y1 - 10 - STATUS_ROOM
    name_y = status_top - 22
    art_bottom = name_y - 26
    art_top = y0 + 72
    if slot.colour is None:
        mark = "–" if slot.status == "unchosen" else "?"
        middle = (art_top + art_bottom) / 2
        draw_text(draw, (centre, middle), mark, size=VALUE_SIZE + 16, fill=FAINT, anchor="mm", bold=True)
    else:
        width = pyramid_extent(3, scale)[0]
        sprite = pyramid_sprite(slot.colour, 3, scale)
        paste(image, sprite, (centre - width / 2, art_bottom - sprite.height))
        name = fit_text(colour_name(slot.colour), NAME_SIZE, x1 - x0 - 2 * CARD_PAD, bold=True)
        draw_text(draw, (centre, name_y), name, size=NAME_SIZE, fill=TEXT, anchor="mm", bold=True)
    lines = wrap(status_word(slot), LABEL_SIZE, x1 - x0 - 2 * CARD_PAD)[:2]
    first = status_top + STATUS_ROOM / 2 - STATUS_LINE_H * (len(lines) - 1) / 2
    for j, line in enumerate(lines):
        draw_text(
            draw,
            (centre, first + STATUS_LINE_H * j),
            line,
            size=LABEL_SIZE,
            fill=STATUS_INK[slot.status],
            anchor="mm",
        )


# --- the rules picture ----------------------------------------------------------------------

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
        _card(draw, (x, y, x + column_w, y + card_h), edge=PANEL)
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
    _outline_cells(draw, board[:2], RULE_CELL, set(red), piece_rgb("R"))
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


PICTURES = Pictures(board=render_mars_board, private=render_mars_objective, rules=render_mars_rules_picture)
