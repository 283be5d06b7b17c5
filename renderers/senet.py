"""Martian Senet pictures: the board (also the "hand": nothing in Senet is hidden) and the rules picture.

The board is drawn as it lies on the table: three 3x3 coasters in a line, east on the right, so the
columns read 9..1 from left to right. The tracks are the rows, top to bottom Source, Balance,
Perfect; together with the two flips they make one S-shaped path (right to left, a bend down at the
west end, left to right, a bend down at the east end, right to left and off at the west end).

A stack is drawn in side view, as the pieces stand:
  - the visible part is a tower: the peak (the outer pyramid of the nest) on the square and the tree
    part on top of it, each smaller pyramid perched partway up the bigger one under it;
  - the pyramids locked inside the nest, which no one can see on the table, are laid out small in a
    dark tray under the peak, innermost first;
  - every pyramid carries its owner's letter badge (A: light disc, B: dark disc), because colour
    alone fails colour-blind players and, with Treehouse sets, each player has two colours.

Pictures are drawn in the kit's fixed palette, so marks reuse its colours.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from catalogue import N_, tr, trn

from .common import (
    ACCENT,
    BACKGROUND,
    BIG_SIZE,
    BODY_SIZE,
    CARD_EDGE,
    CARD_FACE,
    EM_DASH,
    FAINT,
    GOOD,
    HEADER_H,
    HEADING_NOTE_SIZE,
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
    draw_picture_heading,
    draw_text,
    fit_text,
    latest_that_fit,
    mix,
    new_canvas,
    once_per_language,
    once_per_picture,
    paste,
    pill,
    pyramid_extent,
    pyramid_sprite,
    seat_name,
    seat_tag,
    text_width,
    to_png,
)
from .common import (
    dashed_frame as _dashed_rectangle,
)
from .common import (
    panel_card as _card,
)
from .words import colour_name

# --- the game's geometry ------------------------------------------------------------------------

TRACKS = ("S", "B", "P")  # top to bottom
TRACK_NAMES = {"S": "Source", "B": "Balance", "P": "Perfect"}  # names, like the S, B, P of notation
TRACK_DIRECTION = {"S": -1, "B": 1, "P": -1}  # on the picture: -1 = right to left (column 1 -> 9)
COASTER_NAMES = (N_("West coaster"), N_("Middle coaster"), N_("East coaster"))  # from left to right
COLUMNS = 9
OFF = "off"


def square_name(track: str, column: int) -> str:
    return f"{track}{column}"


def parse_square(square: str) -> tuple[str, int]:
    """ "B7" -> ("B", 7)."""
    return square[0].upper(), int(square[1:])


def is_square(square: object) -> bool:
    if not isinstance(square, str) or len(square) < 2:
        return False
    track, rest = square[0].upper(), square[1:]
    return track in TRACKS and rest.isdigit() and 1 <= int(rest) <= COLUMNS


def path_index(square: str) -> int:
    """The race order, 1..27 (spec §1): S1..S9, then B9..B1, then P1..P9."""
    track, column = parse_square(square)
    return {"S": column, "B": 19 - column, "P": 18 + column}[track]


def column_position(column: int) -> int:
    """0..8 from the left: east (column 1) is on the right."""
    return COLUMNS - column


# --- layout -------------------------------------------------------------------------------------

LABEL_W = 100  # track names, left of the board
LANE_W = 48  # the bends of the path at each end
COASTER_GAP = 14
CELL_W = (WIDTH - 2 * MARGIN - LABEL_W - 2 * LANE_W - 2 * COASTER_GAP) // COLUMNS
CELL_H = 152
BOARD_W = COLUMNS * CELL_W + 2 * COASTER_GAP
BOARD_X0 = MARGIN + LABEL_W + LANE_W + (WIDTH - 2 * MARGIN - LABEL_W - 2 * LANE_W - BOARD_W) // 2
BOARD_X1 = BOARD_X0 + BOARD_W
WEST_BEND_X = BOARD_X0 - LANE_W + 12  # where the path turns at the west end (Birth flip, off)
EAST_BEND_X = BOARD_X1 + LANE_W - 12  # and at the east end (Death flip)
GAP = 12
PAD = 16
RADIUS = 14
PLAYER_H = 84
COLUMN_STRIP_H = 32
COASTER_STRIP_H = 34
ROLL_H = 126
FINAL_H = 154
LEGEND_H = 36

# Inside a square, from the top: a band for the square's name (and the last move's arrow), the
# tower, and the tray of locked pyramids.
TOP_BAND = 22
TRAY_H = 30
TOWER_SCALE = 34  # a small pyramid is 34 px tall
TRAY_SCALE = 18
TREE_LIFT = 0.6  # a smaller pyramid sits this far up the bigger one under it
BADGE = 26  # owner badge diameter
TOWER_X = 0.39  # the tower's axis, as a share of the square's width (badges go on its right)


@dataclass(frozen=True)
class SenetLayout:
    width: int
    height: int
    players: tuple[Box, Box]  # A's card, B's card
    board: Box  # the three coasters (the squares only)
    panel: Box  # the roll and the log, or at the end the result
    legend: Box


@once_per_picture
def board_layout(view: dict) -> SenetLayout:
    top = HEADER_H + 2
    card_w = (WIDTH - 2 * MARGIN - GAP) // 2
    players = (
        (MARGIN, top, MARGIN + card_w, top + PLAYER_H),
        (WIDTH - MARGIN - card_w, top, WIDTH - MARGIN, top + PLAYER_H),
    )
    board_y0 = top + PLAYER_H + GAP + COLUMN_STRIP_H
    board = (BOARD_X0, board_y0, BOARD_X1, board_y0 + len(TRACKS) * CELL_H)
    panel_y0 = board[3] + COASTER_STRIP_H + GAP
    panel_h = FINAL_H if view.get("is_over") else ROLL_H
    panel = (MARGIN, panel_y0, WIDTH - MARGIN, panel_y0 + panel_h)
    legend = (MARGIN, panel[3] + 6, WIDTH - MARGIN, panel[3] + 6 + LEGEND_H)
    return SenetLayout(WIDTH, legend[3] + MARGIN - 4, players, board, panel, legend)


def _board_top() -> int:
    return HEADER_H + 2 + PLAYER_H + GAP + COLUMN_STRIP_H


def board_square_box(square: str) -> Box:
    """The pixel box of a square on the board picture (the same for every view)."""
    track, column = parse_square(square)
    position = column_position(column)
    x0 = BOARD_X0 + position * CELL_W + (position // 3) * COASTER_GAP
    y0 = _board_top() + TRACKS.index(track) * CELL_H
    return (x0, y0, x0 + CELL_W, y0 + CELL_H)


def coaster_box(position: int) -> Box:
    """The tile at coaster position 0 (west, left), 1 (middle) or 2 (east, right)."""
    x0 = BOARD_X0 + position * (3 * CELL_W + COASTER_GAP)
    y0 = _board_top()
    return (x0, y0, x0 + 3 * CELL_W, y0 + len(TRACKS) * CELL_H)


def _row_middle(track: str) -> float:
    return _board_top() + (TRACKS.index(track) + 0.5) * CELL_H


def _band_middle(track: str) -> float:
    return _board_top() + TRACKS.index(track) * CELL_H + TOP_BAND / 2 + 1


def off_box() -> Box:
    """Where the path leaves the board: under the west lane, past P9."""
    y0 = _board_top() + len(TRACKS) * CELL_H + 2
    return (WEST_BEND_X - 24, y0, WEST_BEND_X + 24, y0 + COASTER_STRIP_H - 2)


def _roll_die_size() -> int:
    return ROLL_H - 2 * PAD - 12


def roll_die_box(view: dict) -> Box:
    """The pending roll's die face, in the panel under the board."""
    x0, y0, _, _ = board_layout(view).panel
    size = _roll_die_size()
    return (x0 + PAD, y0 + (ROLL_H - size) // 2, x0 + PAD + size, y0 + (ROLL_H + size) // 2)


LOG_DIE = 30
LOG_X = MARGIN + 310  # the log's left edge in the panel
LOG_LINE_H = 36  # three rows in the roll panel, one under the result
RESULT_RULE_Y = 100  # in the result panel, the rule above the last turn's log


def log_box(view: dict) -> Box:
    """Where the log of recent rolls goes: right of the pending roll, or under the result."""
    x0, y0, x1, y1 = board_layout(view).panel
    if view.get("is_over"):
        return (x0 + PAD, y0 + RESULT_RULE_Y + 2, x1 - PAD, y1 - 4)
    return (LOG_X, y0 + 8, x1 - PAD, y1 - 8)


@once_per_picture
def log_lines(view: dict) -> list[tuple[str, list[dict]]]:
    """The log's roll entries grouped by turn: [(player, entries)], oldest first."""
    lines: list[tuple[str, list[dict]]] = []
    for entry in view.get("log") or []:
        player = entry.get("player")
        if lines and lines[-1][0] == player:
            lines[-1][1].append(entry)
        else:
            lines.append((player, [entry]))
    return lines[-2:]


# --- owners, colours and names --------------------------------------------------------------

SQUARE_FILL = (66, 74, 94)
SQUARE_LINE = (48, 54, 70)
TILE_EDGE = (112, 122, 146)
TRAY_FILL = (34, 38, 50)
PATH = (132, 141, 162)  # the fixed path arrows
LAST = (255, 104, 196)  # the last move: no pyramid colour is pink
LAST_TINT = mix(SQUARE_FILL, LAST, 0.3)  # its squares
BADGE_LIGHT = (238, 240, 244)
BADGE_DARK = (18, 20, 26)


def piece_rgb(colour: str) -> Colour:
    return PYRAMID_COLOURS.get(colour, (200, 200, 200))


def player_seat(view: dict, player: str) -> int:
    a_seat = view.get("a_seat", 0)
    return a_seat if player == "a" else 1 - a_seat


def player_name(view: dict, player: str, names: list[str] | None) -> str:
    seat = player_seat(view, player)
    return seat_name(seat, names) or seat_tag(seat)


def player_colours(view: dict, player: str) -> list[str]:
    return list((view.get("colours") or {}).get(player) or (["B"] if player == "a" else ["O"]))


def stack_of(view: dict, square: str) -> list[tuple[str, int, str]]:
    return [(owner, int(size), colour) for owner, size, colour in (view.get("squares") or {}).get(square, [])]


def peak_of(view: dict, square: str) -> int:
    """The index of the nest's outer pyramid in the stack on `square`: what is above it can move."""
    return int(view["peaks"][square])


COASTER_WORDS = {"E": N_("east coaster"), "W": N_("west coaster")}  # the coaster that travelled
MOVE_WORDS = {  # a move in the log, by the size of its pyramid
    1: N_("small {origin} to {target}"),
    2: N_("medium {origin} to {target}"),
    3: N_("large {origin} to {target}"),
}
OFF_WORDS = {1: N_("small {origin} off"), 2: N_("medium {origin} off"), 3: N_("large {origin} off")}


def fitted_name(name: str, room: float) -> tuple[str, int]:
    """A name in bold at BODY_SIZE; at SMALL_SIZE when it is too wide, cut short only if it still is.
    (A local helper: renderers.common has no such step-down yet.)"""
    if text_width(name, BODY_SIZE, bold=True) <= room:
        return name, BODY_SIZE
    return fit_text(name, SMALL_SIZE, room, bold=True), SMALL_SIZE


def describe_entry(entry: dict) -> str:
    """A roll entry's action in words, from the view's facts: "large S2 to S5", "small P8 off",
    "east coaster", "no move" (an entry without facts keeps its notation)."""
    action = entry.get("action")
    if is_no_move(entry):
        return tr("no move")
    if entry.get("coaster") in COASTER_WORDS:
        return tr(COASTER_WORDS[entry["coaster"]])
    if entry.get("from") and entry.get("to") and entry.get("size") in MOVE_WORDS:
        if entry["to"] == OFF:
            return tr(OFF_WORDS[entry["size"]], origin=entry["from"])
        return tr(MOVE_WORDS[entry["size"]], origin=entry["from"], target=entry["to"])
    return str(action)


def is_no_move(entry: dict) -> bool:
    """A roll that moved nothing (drawn faint in the log)."""
    return entry.get("action") in ("-", "", None)


# --- sprites ------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def owner_badge(player: str, diameter: int = BADGE) -> Image.Image:
    """A round badge with the owner's letter: A dark on a light disc, B light on a dark disc.

    Two cues, letter and brightness, so owners read apart whatever the pieces' colours. B's grey
    rim keeps its dark disc visible on dark panels.
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
        size=SMALL_SIZE,
        fill=ink,
        anchor="mm",
        bold=True,
    )
    return badge


def _paste_badge(image: Image.Image, player: str, centre: tuple[float, float], diameter: int = BADGE) -> None:
    paste(image, owner_badge(player, diameter), (centre[0] - diameter / 2, centre[1] - diameter / 2))


DIE_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@lru_cache(maxsize=32)
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


def _paste_die(image: Image.Image, value: int, box: Box) -> None:
    paste(image, die_sprite(value, box[2] - box[0]), box[:2])


@lru_cache(maxsize=8)
def rotated_label(text: str, colour: Colour) -> Image.Image:
    """Text reading upwards, for the narrow lanes beside the board."""
    width = round(text_width(text, SMALL_SIZE)) + 4
    image = Image.new("RGBA", (width, SMALL_SIZE + 8), (0, 0, 0, 0))
    draw_text(
        ImageDraw.Draw(image), (2, (SMALL_SIZE + 8) / 2), text, size=SMALL_SIZE, fill=colour, anchor="lm"
    )
    return image.rotate(90, expand=True)


def _paste_pyramid(
    image: Image.Image, colour: str, size: int, scale: int, centre_x: float, baseline: float
) -> None:
    """A side-view pyramid standing on `baseline`, centred on `centre_x`."""
    width, height = pyramid_extent(size, scale)
    sprite = pyramid_sprite(colour, size, scale, letter=False)  # the A/B badge tells whose it is
    over = sprite.height - height  # the sprite leaves room above for a penalty badge
    paste(image, sprite, (centre_x - width / 2, baseline - height - over))


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
        for x, y in shaft[:1]:  # a round start
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
    badge: tuple[float, float]  # the badge's centre
    badge_size: int


def tray_box(box: Box) -> Box:
    """The strip at the bottom of a square where a nest's locked pyramids are laid out."""
    x0, _, x1, y1 = box
    baseline = y1 - TRAY_H - 4
    return (x0 + 3, baseline + 3, x1 - 3, baseline + 3 + TRAY_H)


def place_stack(box: Box, stack: list[tuple[str, int, str]], peak: int) -> list[PlacedPyramid]:
    """Lay out a stack in a square, bottom to top.

    The tower (the peak and the tree part on it) stands on the tray, each smaller pyramid perched
    TREE_LIFT up the bigger one under it; its badges stand in a column at the square's right edge,
    each level with the part of its pyramid that shows, never overlapping. The locked pyramids lie in
    the tray, innermost first, each followed by its badge.
    """
    if not stack:
        return []
    x0, _, x1, y1 = box
    peak = max(0, min(peak, len(stack) - 1))
    placed: list[PlacedPyramid] = []

    tray = tray_box(box)
    locked = stack[:peak]
    tray_badge = BADGE - 2
    item_w = [pyramid_extent(size, TRAY_SCALE)[0] + tray_badge for _, size, _ in locked]
    gap = 4
    x = (tray[0] + tray[2]) / 2 - (sum(item_w) + gap * (len(locked) - 1)) / 2
    for (owner, size, colour), width in zip(locked, item_w, strict=True):
        pyramid_w = pyramid_extent(size, TRAY_SCALE)[0]
        badge = (x + pyramid_w + tray_badge / 2, (tray[1] + tray[3]) / 2)
        placed.append(
            PlacedPyramid(
                owner, size, colour, True, TRAY_SCALE, x + pyramid_w / 2, tray[3] - 4, badge, tray_badge
            )
        )
        x += width + gap

    base = y1 - TRAY_H - 4
    centre_x = x0 + (x1 - x0) * TOWER_X
    badge_x = x1 - BADGE / 2 - 3
    tower = stack[peak:]
    last_badge_y = None
    for i, (owner, size, colour) in enumerate(tower):
        height = pyramid_extent(size, TOWER_SCALE)[1]
        shown = height * (TREE_LIFT if i < len(tower) - 1 else 0.7)  # the part the next one leaves
        badge_y = base - min(shown, height * 0.7) / 2 - 4
        if last_badge_y is not None:
            badge_y = min(badge_y, last_badge_y - BADGE - 1)
        placed.append(
            PlacedPyramid(owner, size, colour, False, TOWER_SCALE, centre_x, base, (badge_x, badge_y), BADGE)
        )
        last_badge_y = badge_y
        base -= height * TREE_LIFT
    return placed


def draw_stack(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    stack: list[tuple[str, int, str]],
    peak: int,
) -> None:
    """The tower (peak and tree part) with owner badges, and the locked pyramids in a tray below."""
    placed = place_stack(box, stack, peak)
    if any(piece.locked for piece in placed):
        draw.rounded_rectangle(tray_box(box), radius=8, fill=TRAY_FILL, outline=PANEL_EDGE, width=1)
    for piece in placed:  # bottom to top: a smaller pyramid covers the tip of the one under it
        _paste_pyramid(image, piece.colour, piece.size, piece.scale, piece.centre_x, piece.baseline)
    for piece in placed:
        _paste_badge(image, piece.owner, piece.badge, piece.badge_size)


# --- the board ----------------------------------------------------------------------------------


def render_senet_board(view: dict, *, names: list[str] | None = None) -> bytes:
    """Header, both players, the three coasters with the path, the roll and log (or the result), a legend."""
    layout = board_layout(view)
    image, draw = new_canvas(layout.width, layout.height)
    _draw_header(draw, view)
    for player, box in zip("ab", layout.players, strict=True):
        _draw_player(image, draw, box, view, player, names)
    _draw_board(image, draw, view)
    if view.get("is_over"):
        _draw_result(image, draw, layout.panel, view, names)
    else:
        _draw_roll(image, draw, layout.panel, view)
    _draw_legend(image, draw, layout.legend, view)
    return to_png(image)


def _draw_header(draw: ImageDraw.ImageDraw, view: dict) -> None:
    middle = HEADER_H / 2 + 2
    progress = tr("Final") if view.get("is_over") else tr("Turn {turn}", turn=view.get("turn", 1))
    title = f"Martian Senet {EM_DASH} {progress}"
    draw_text(draw, (MARGIN + 4, middle), title, size=TITLE_SIZE, fill=TEXT, anchor="lm", bold=True)
    first, second = (" + ".join(colour_name(c) for c in player_colours(view, player)) for player in "ab")
    colours = tr("{first} vs {second}", first=first, second=second)
    draw_text(draw, (WIDTH - MARGIN - 4, middle), colours, size=SMALL_SIZE, fill=MUTED, anchor="rm")


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    view: dict,
    player: str,
    names: list[str] | None,
) -> None:
    """Badge, name and colours; whose turn it is; how many pyramids are off, one slot each."""
    x0, y0, x1, _ = box
    over = bool(view.get("is_over"))
    current = not over and view.get("current") == player
    winner = over and view.get("winner") == player
    if winner:
        _card(draw, box, fill=mix(PANEL, GOOD, 0.18), edge=GOOD, width=4)
    elif current:
        _card(draw, box, fill=PANEL_ACTIVE, edge=ACCENT, width=4)
    else:
        _card(draw, box)
    row1, row2 = y0 + 26, y0 + 60
    _paste_badge(image, player, (x0 + PAD + 15, row1), 30)
    tag = None
    if winner:
        tag = pill(
            draw, (x1 - PAD, row1), tr("WINNER"), size=SMALL_SIZE, fill=GOOD, text_fill=ON_GOOD, anchor="r"
        )
    elif current:
        tag = pill(
            draw,
            (x1 - PAD, row1),
            tr("TO MOVE"),
            size=SMALL_SIZE,
            fill=ACCENT,
            text_fill=ON_ACCENT,
            anchor="r",
        )
    name_x = x0 + PAD + 40
    name_right = (tag[0] if tag else x1 - PAD) - 10
    name, size = fitted_name(player_name(view, player, names), name_right - name_x)
    draw_text(draw, (name_x, row1), name, size=size, fill=TEXT, anchor="lm", bold=True)

    x = x0 + PAD + 4
    for colour in player_colours(view, player):
        width = pyramid_extent(3, 18)[0]
        _paste_pyramid(image, colour, 3, 18, x + width / 2, row2 + 14)
        x += width + 6
    off = int((view.get("off") or {}).get(player, 0))
    each = view["pyramids_each"]
    label = tr("{off}/{each} off", off=off, each=each)
    draw_text(draw, (x1 - PAD, row2), label, size=SMALL_SIZE, fill=TEXT, anchor="rm", bold=True)
    widest = tr("{off}/{each} off", off=each, each=each)
    slots_right = x1 - PAD - text_width(widest, SMALL_SIZE, bold=True) - 12
    # One progress bar, split into a segment per pyramid borne off (separate empty boxes read as
    # missing-glyph boxes at phone size).
    unit = min(18, (slots_right - x - 8) / each)  # narrower when a longer "off" label needs the room
    slots_left = slots_right - each * unit
    bar = (round(slots_left), row2 - 7, round(slots_right), row2 + 7)
    fill = piece_rgb(player_colours(view, player)[0])
    draw.rounded_rectangle(bar, radius=7, fill=mix(FAINT, (0, 0, 0), 0.35), outline=FAINT, width=1)
    if off:
        done = (bar[0], bar[1], round(slots_left + off * unit), bar[3])
        draw.rounded_rectangle(done, radius=7, fill=fill)
        for i in range(1, off):
            tick = round(slots_left + i * unit)
            draw.line((tick, bar[1] + 3, tick, bar[3] - 3), fill=mix(fill, (0, 0, 0), 0.45), width=2)
    colour_text = " + ".join(colour_name(c) for c in player_colours(view, player))
    if text_width(colour_text, SMALL_SIZE) <= slots_left - x - 16:  # else the header names them
        draw_text(draw, (x + 4, row2), colour_text, size=SMALL_SIZE, fill=MUTED, anchor="lm")


def _draw_board(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict) -> None:
    top = _board_top()
    bottom = top + len(TRACKS) * CELL_H
    last = view.get("last") or {}
    moved_from, moved_to = last.get("from"), last.get("to")
    last_squares = {sq for sq in (moved_from, moved_to) if is_square(sq)}
    coaster_moved = last.get("action") in ("E", "W")
    blocks = {sq for sq in view.get("blocks") or [] if is_square(sq)}
    targets = set() if view.get("is_over") else set((view.get("targets") or {}).values())
    passed = moved_squares(last)

    # column numbers above, compass points at the ends
    for column in range(1, COLUMNS + 1):
        x0, _, x1, _ = board_square_box(square_name("S", column))
        draw_text(
            draw,
            ((x0 + x1) / 2, top - COLUMN_STRIP_H / 2),
            str(column),
            size=SMALL_SIZE,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
    draw_text(
        draw,
        (MARGIN + 4, top - COLUMN_STRIP_H / 2),
        tr("West"),
        size=SMALL_SIZE,
        fill=TEXT,
        anchor="lm",
        bold=True,
    )
    draw_text(
        draw,
        (WIDTH - MARGIN - 4, top - COLUMN_STRIP_H / 2),
        tr("East"),
        size=SMALL_SIZE,
        fill=TEXT,
        anchor="rm",
        bold=True,
    )

    _draw_track_labels(draw)
    _draw_fixed_path(image, draw, off_target=OFF in targets)

    # the coasters: one tile each, squares on it
    for position in range(3):
        x0, y0, x1, y1 = coaster_box(position)
        draw.rounded_rectangle((x0 - 4, y0 - 4, x1 + 3, y1 + 3), radius=10, fill=TILE_EDGE)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=SQUARE_FILL)
    for square in last_squares:
        x0, y0, x1, y1 = board_square_box(square)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=LAST_TINT)
    for position in range(3):
        x0, y0, x1, y1 = coaster_box(position)
        for i in range(1, 3):
            draw.line((x0 + i * CELL_W, y0, x0 + i * CELL_W, y1 - 1), fill=SQUARE_LINE, width=2)
            draw.line((x0, y0 + i * CELL_H, x1 - 1, y0 + i * CELL_H), fill=SQUARE_LINE, width=2)
    _draw_direction_chevrons(draw)

    for track in TRACKS:
        for column in range(1, COLUMNS + 1):
            square = square_name(track, column)
            box = board_square_box(square)
            if square in targets:
                x0, y0, x1, y1 = box
                _dashed_rectangle(draw, (x0 + 4, y0 + 4, x1 - 5, y1 - 5), colour=ACCENT, width=3, dash=7)
            if square not in passed:  # under a tall tower's tip
                _draw_square_name(draw, square)
            stack = stack_of(view, square)
            draw_stack(image, draw, box, stack, peak_of(view, square) if stack else 0)
    for square in blocks:
        x0, y0, x1, y1 = board_square_box(square)
        _hazard_frame(draw, (x0 + 1, y0 + 1, x1 - 2, y1 - 2))
    for square in last_squares:
        x0, y0, x1, y1 = board_square_box(square)
        inset = 7 if square in blocks else 1
        draw.rectangle((x0 + inset, y0 + inset, x1 - 1 - inset, y1 - 1 - inset), outline=LAST, width=4)
    if moved_from and moved_to and is_square(moved_from):
        _draw_last_move_arrow(draw, moved_from, moved_to)
    for square in passed:  # the names the arrow runs through, on a plate over it
        _draw_square_name(draw, square, plate=LAST_TINT if square in last_squares else SQUARE_FILL)
    for flip, square in zip(FLIP_LABELS, ("B9", "P1"), strict=True):  # the first square past the flip
        if square in passed and moved_from != square:
            _draw_flip_label(image, draw, flip, plate=True)

    # coaster names under the tiles; the one that travelled on a 5 is framed and says so
    for position, name in enumerate(COASTER_NAMES):
        x0, y0, x1, y1 = coaster_box(position)
        moved_here = coaster_moved and (position == 0) == (last["action"] == "E")
        if moved_here:
            draw.rounded_rectangle((x0 - 7, y0 - 7, x1 + 6, y1 + 6), radius=12, outline=LAST, width=5)
            text = tr("from the east end") if last["action"] == "E" else tr("from the west end")
            ink = LAST
        else:
            text, ink = tr(name), MUTED
        draw_text(
            draw,
            ((x0 + x1) / 2, bottom + COASTER_STRIP_H / 2 + 4),
            fit_text(text, SMALL_SIZE, 3 * CELL_W + COASTER_GAP, bold=moved_here),
            size=SMALL_SIZE,
            fill=ink,
            anchor="mm",
            bold=moved_here,
        )


def _draw_track_labels(draw: ImageDraw.ImageDraw) -> None:
    """Each track's name and, under it, its letter and direction of travel."""
    x = MARGIN + 2
    for track in TRACKS:
        middle = _row_middle(track)
        draw_text(
            draw, (x, middle - 16), TRACK_NAMES[track], size=SMALL_SIZE, fill=TEXT, anchor="lm", bold=True
        )
        draw_text(draw, (x, middle + 18), track, size=BODY_SIZE, fill=MUTED, anchor="lm", bold=True)
        left, right = x + 28, x + 84
        start, end = (right, left) if TRACK_DIRECTION[track] < 0 else (left, right)
        draw_path_arrow(draw, [(start, middle + 18), (end, middle + 18)], colour=PATH, width=4)


def _draw_fixed_path(image: Image.Image, draw: ImageDraw.ImageDraw, *, off_target: bool) -> None:
    """The bends: the Birth flip (S9 -> B9) west, the Death flip (B1 -> P1) east, and off past P9."""
    ys, yb, yp = (_row_middle(track) for track in TRACKS)
    west_bend, east_bend = WEST_BEND_X, EAST_BEND_X
    inner_west, inner_east = BOARD_X0 - 6, BOARD_X1 + 6
    draw_path_arrow(
        draw, [(inner_west, ys), (west_bend, ys), (west_bend, yb), (inner_west, yb)], colour=PATH, width=5
    )
    draw_path_arrow(
        draw, [(inner_east, yb), (east_bend, yb), (east_bend, yp), (inner_east, yp)], colour=PATH, width=5
    )
    off = off_box()
    off_x = (off[0] + off[2]) / 2
    draw_path_arrow(draw, [(inner_west, yp), (off_x, yp), (off_x, off[1] + 2)], colour=PATH, width=5)
    for flip in FLIP_LABELS:
        _draw_flip_label(image, draw, flip)
    if off_target:
        _dashed_rectangle(draw, (off[0], off[1] + 8, off[2], off[3] + 8), colour=ACCENT, width=3, dash=6)
    draw_text(draw, (off_x, off[3] - 6), tr("off"), size=SMALL_SIZE, fill=TEXT, anchor="mm", bold=True)


FLIP_LABELS = (N_("Birth flip"), N_("Death flip"))


def flip_label_box(flip: str) -> Box:
    """Where a flip's name stands, reading upwards in its lane between the two tracks it joins."""
    ys, yb, yp = (_row_middle(track) for track in TRACKS)
    if flip == FLIP_LABELS[0]:
        (x0, x1), (y0, y1) = (WEST_BEND_X + 3, BOARD_X0 - 6), (ys, yb)
    else:
        (x0, x1), (y0, y1) = (BOARD_X1 + 6, EAST_BEND_X - 3), (yb, yp)
    sprite = rotated_label(tr(flip), MUTED)
    left, top = round((x0 + x1 - sprite.width) / 2), round((y0 + y1 - sprite.height) / 2)
    return (left, top, left + sprite.width, top + sprite.height)


def _draw_flip_label(
    image: Image.Image, draw: ImageDraw.ImageDraw, flip: str, *, plate: bool = False
) -> None:
    """A flip's name; on a plate when the last move's arrow runs through its lane."""
    box = flip_label_box(flip)
    if plate:
        draw.rectangle((box[0], box[1] - 2, box[2] - 1, box[3] + 1), fill=BACKGROUND)
    paste(image, rotated_label(tr(flip), MUTED), box[:2])


def _draw_direction_chevrons(draw: ImageDraw.ImageDraw) -> None:
    """In the gaps between coasters, each row's direction of travel."""
    for track in TRACKS:
        middle = _row_middle(track)
        for position in (1, 2):
            gap_x = coaster_box(position)[0] - COASTER_GAP / 2
            tip = gap_x + 4 * TRACK_DIRECTION[track]
            back = gap_x - 4 * TRACK_DIRECTION[track]
            draw.line(
                [(back, middle - 8), (tip, middle), (back, middle + 8)], fill=PATH, width=3, joint="curve"
            )


def _draw_square_name(draw: ImageDraw.ImageDraw, square: str, *, plate: Colour | None = None) -> None:
    """A square's name in its top band; on a plate of the square's colour over the last move's arrow."""
    x0, y0, _, _ = board_square_box(square)
    middle = y0 + TOP_BAND / 2 + 2
    if plate is not None:
        draw.rectangle(
            (x0 + 3, middle - 10, x0 + 9 + text_width(square, SMALL_SIZE), middle + 10), fill=plate
        )
    draw_text(draw, (x0 + 6, middle), square, size=SMALL_SIZE, fill=FAINT, anchor="lm")


def moved_squares(last: dict) -> set[str]:
    """The squares whose top band the last move's arrow runs through: its origin to its destination."""
    origin, destination = last.get("from"), last.get("to")
    if not is_square(origin) or not (destination == OFF or is_square(destination)):
        return set()
    start, end = path_index(origin), 28 if destination == OFF else path_index(destination)
    return {
        square_name(track, column)
        for track in TRACKS
        for column in range(1, COLUMNS + 1)
        if start <= path_index(square_name(track, column)) <= end
    }


def _path_point(square: str) -> tuple[float, float]:
    x0, _, x1, _ = board_square_box(square)
    return ((x0 + x1) / 2, _band_middle(parse_square(square)[0]))


def _draw_last_move_arrow(draw: ImageDraw.ImageDraw, origin: str, destination: str) -> None:
    """Along the path, in the squares' top band: through a lane where the move used a flip."""
    points = [_path_point(origin)]
    start = path_index(origin)
    end = 28 if destination == OFF else (path_index(destination) if is_square(destination) else None)
    if end is None or end <= start:
        return
    west_x, east_x = WEST_BEND_X, EAST_BEND_X  # over the fixed bends: the move took that flip
    if start <= 9 < end:  # the Birth flip
        points += [(west_x, _band_middle("S")), (west_x, _band_middle("B"))]
    if start <= 18 < end:  # the Death flip
        points += [(east_x, _band_middle("B")), (east_x, _band_middle("P"))]
    if destination == OFF:
        off = off_box()
        points += [(west_x, _band_middle("P")), (west_x, off[1] - 4)]
    else:
        x, y = _path_point(destination)
        if TRACK_DIRECTION[parse_square(destination)[0]] > 0:  # arriving from the left: past the name
            x += 14
        points.append((x, y))
    draw_path_arrow(draw, points, colour=LAST, width=5, outline=BACKGROUND)


# --- the roll, the log and the result -----------------------------------------------------------


def roll_hint(view: dict) -> tuple[str, str]:
    """What the pending roll does, in two short lines: 'move 2 steps;', 'the turn ends'."""
    roll = view.get("roll")
    if not roll:
        return tr("waiting"), tr("for the roll")
    again = view["roll_again"]
    if view["coaster_roll"]:
        first = tr("coaster E or W,") if again else tr("coaster E or W;")
    elif again:
        first = trn("move {count} step,", "move {count} steps,", roll, count=roll)
    else:
        first = trn("move {count} step;", "move {count} steps;", roll, count=roll)
    return first, tr("then roll again") if again else tr("the turn ends")


def _draw_roll(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """The pending roll as a die with who must use it and what it does, then the recent rolls."""
    _, y0, _, y1 = box
    _card(draw, box)
    roll = view.get("roll")
    current = view.get("current") or "a"
    die = roll_die_box(view)
    if roll:
        _paste_die(image, int(roll), die)
    else:
        draw.rounded_rectangle(die, radius=14, outline=FAINT, width=3)
        draw_text(
            draw,
            ((die[0] + die[2]) / 2, (die[1] + die[3]) / 2),
            "?",
            size=BIG_SIZE,
            fill=FAINT,
            anchor="mm",
            bold=True,
        )
    text_x = die[2] + 16
    _paste_badge(image, current, (text_x + BADGE / 2, y0 + 30))
    draw_text(
        draw, (text_x + BADGE + 8, y0 + 30), tr("to move"), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True
    )
    hint = roll_hint(view)
    for i, line in enumerate(hint):
        draw_text(draw, (text_x, y0 + 68 + 28 * i), line, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    draw.line((LOG_X - 12, y0 + 14, LOG_X - 12, y1 - 14), fill=PANEL_EDGE, width=2)
    _draw_log(image, draw, log_box(view), view)


LogItem = tuple[str, object]  # ("badge", player), ("more", None) or ("entry", (entry, is_last))
LOG_GAP = 14  # after an entry's words


def _entry_width(entry: dict) -> float:
    return LOG_DIE + 8 + text_width(describe_entry(entry), SMALL_SIZE, bold=True) + LOG_GAP


def log_rows(view: dict, width: float, max_rows: int) -> list[list[LogItem]]:
    """The last two turns' rolls flowed into at most `max_rows` rows: a turn starts a row with its
    player's badge and wraps onto the next, under its first roll; when they do not all fit, the
    oldest rolls give way (an ellipsis leads)."""
    rolls = [
        (player, turn, entry) for turn, (player, entries) in enumerate(log_lines(view)) for entry in entries
    ]
    if not rolls:
        return []
    indent = BADGE + 10
    more_w = text_width("…", SMALL_SIZE) + 8

    def flow(first: int) -> list[list[LogItem]]:
        rows: list[list[LogItem]] = []
        used = 0.0
        for k in range(first, len(rolls)):
            player, turn, entry = rolls[k]
            is_last = k == len(rolls) - 1
            needed = _entry_width(entry)
            if k == first or turn != rolls[k - 1][1]:  # a turn starts a row
                rows.append([("badge", player)])
                used = indent
                if k == first and first:
                    rows[-1].append(("more", None))
                    used += more_w
            elif used + needed > width + LOG_GAP:  # a row's last gap may overhang
                rows.append([])
                used = indent
            rows[-1].append(("entry", (entry, is_last)))
            used += needed
        return rows

    return latest_that_fit(flow, len(rolls), max_rows)


def _draw_log(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """A row per turn (wrapping when long): the player's badge, then each roll as a die and what it
    did in words; the last move in pink."""
    x0, y0, x1, y1 = box
    max_rows = max(1, round((y1 - y0) // LOG_LINE_H))
    rows = log_rows(view, x1 - x0, max_rows)
    if not rows:
        draw_text(draw, (x0, (y0 + y1) / 2), tr("No rolls yet."), size=SMALL_SIZE, fill=FAINT, anchor="lm")
        return
    top = (y0 + y1) / 2 - LOG_LINE_H * len(rows) / 2
    for row, items in enumerate(rows):
        middle = top + LOG_LINE_H * (row + 0.5)
        x = x0 + BADGE + 10
        for kind, value in items:
            if kind == "badge":
                _paste_badge(image, str(value), (x0 + BADGE / 2, middle))
            elif kind == "more":
                x += draw_text(draw, (x, middle), "…", size=SMALL_SIZE, fill=MUTED, anchor="lm") + 8
            else:
                entry, is_last = value
                lit = is_last and bool(view.get("last"))
                die = (round(x), round(middle - LOG_DIE / 2), round(x) + LOG_DIE, round(middle + LOG_DIE / 2))
                if lit:
                    draw.rounded_rectangle(
                        (die[0] - 3, die[1] - 3, die[2] + 3, die[3] + 3), radius=8, fill=LAST
                    )
                _paste_die(image, int(entry.get("roll") or 0), die)
                text = describe_entry(entry)
                ink = FAINT if is_no_move(entry) else (LAST if lit else TEXT)
                x = die[2] + 8
                x += draw_text(draw, (x, middle), text, size=SMALL_SIZE, fill=ink, anchor="lm", bold=True)
                x += LOG_GAP


def _draw_result(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None
) -> None:
    """The winner and points, the loser's pips left on each track times its multiplier, the last turn."""
    x0, y0, x1, _ = box
    _card(draw, box, fill=mix(PANEL, GOOD, 0.18), edge=GOOD, width=4)
    winner = view.get("winner")
    row1, row2 = y0 + 32, y0 + 74
    points = view.get("points")
    points_text = trn("{count} point", "{count} points", points, count=points) if points is not None else ""
    points_w = text_width(points_text, BODY_SIZE, bold=True)
    draw_text(draw, (x1 - PAD, row1), points_text, size=BODY_SIZE, fill=TEXT, anchor="rm", bold=True)
    if winner in ("a", "b"):
        chip = pill(draw, (x0 + PAD, row1), tr("WINNER"), size=SMALL_SIZE, fill=GOOD, text_fill=ON_GOOD)
        _paste_badge(image, winner, (chip[2] + 12 + BADGE / 2, row1))
        name_x = chip[2] + 24 + BADGE
        name, size = fitted_name(player_name(view, winner, names), x1 - PAD - points_w - 20 - name_x)
        draw_text(draw, (name_x, row1), name, size=size, fill=TEXT, anchor="lm", bold=True)
    else:
        draw_text(draw, (x0 + PAD, row1), tr("Game over"), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)

    breakdown = view.get("breakdown") or {}
    x = x0 + PAD
    if winner in ("a", "b"):
        _paste_badge(image, "b" if winner == "a" else "a", (x + BADGE / 2, row2))
        x += BADGE + 8
    x += draw_text(draw, (x, row2), tr("pips left:"), size=SMALL_SIZE, fill=MUTED, anchor="lm") + 18
    cell_w = (x1 - PAD - x) / 3
    for i, track in enumerate(TRACKS):
        pips = int(breakdown.get(track, 0))
        points = view["track_points"][track]
        text = f"{TRACK_NAMES[track]} {pips} × {points} = {pips * points}"
        draw_text(
            draw,
            (x + i * cell_w, row2),
            fit_text(text, SMALL_SIZE, cell_w - 10),
            size=SMALL_SIZE,
            fill=TEXT,
            anchor="lm",
        )
    rule_y = y0 + RESULT_RULE_Y
    draw.line((x0 + PAD, rule_y, x1 - PAD, rule_y), fill=mix(PANEL_EDGE, GOOD, 0.3), width=2)
    lines = log_lines(view)
    last_turn = {**view, "log": lines[-1][1]} if lines else view  # one line fits: the winning turn
    _draw_log(image, draw, log_box(view), last_turn)


def _draw_legend(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """The marks that need a word: block, locked in a nest, last move, where the roll can go."""
    x0, y0, _, y1 = box
    middle = (y0 + y1) / 2
    x = x0 + 4
    sample = (x, round(middle - 13), x + 28, round(middle + 13))
    _hazard_frame(draw, sample, width=5, dash=6)
    x = sample[2] + 8
    x += draw_text(draw, (x, middle), tr("block"), size=SMALL_SIZE, fill=MUTED, anchor="lm") + 24
    tray = (x, round(middle - 13), x + 34, round(middle + 13))
    draw.rounded_rectangle(tray, radius=7, fill=TRAY_FILL, outline=PANEL_EDGE, width=1)
    _paste_pyramid(image, "W", 1, TRAY_SCALE, x + 17, tray[3] - 4)
    x = tray[2] + 8
    locked = tr("locked in the nest above")
    x += draw_text(draw, (x, middle), locked, size=SMALL_SIZE, fill=MUTED, anchor="lm") + 24
    last = (x, round(middle - 13), x + 28, round(middle + 13))
    draw.rectangle(last, fill=LAST_TINT, outline=LAST, width=3)
    x = last[2] + 8
    x += draw_text(draw, (x, middle), tr("last move"), size=SMALL_SIZE, fill=MUTED, anchor="lm") + 24
    if not view.get("is_over"):
        target = (x, round(middle - 13), x + 28, round(middle + 13))
        _dashed_rectangle(draw, target, colour=ACCENT, width=3, dash=5)
        x = target[2] + 8
        draw_text(draw, (x, middle), tr("can land"), size=SMALL_SIZE, fill=MUTED, anchor="lm")


# --- the rules picture --------------------------------------------------------------------------

RULE_CELL = 40
DIE_RULES = [
    ((1,), N_("Move 1 step, then roll again.")),
    ((2, 3, 4), N_("Move 2, 3 or 4 steps; your turn ends.")),
    ((5,), N_("Coaster: take the East or the West coaster to the other end; roll again.")),
    ((6,), N_("Move 6 steps, then roll again.")),
]
STACK_RULES = [
    (
        N_("Nest"),
        [("a", 1, "B"), ("a", 2, "B"), ("a", 3, "B")],
        False,
        N_("Bigger covers smaller. Only the outer one can move; the tray shows who is locked inside."),
    ),
    (
        N_("Tree"),
        [("a", 3, "B"), ("b", 2, "O"), ("a", 1, "B")],
        False,
        N_("Smaller sits on bigger, whoever owns it: the ones on top ride along."),
    ),
    (
        N_("Block"),
        [("b", 3, "O"), ("b", 2, "O"), ("b", 1, "O")],
        True,
        N_("One player's L, M and S as a tree: the other player's pyramids cannot pass it."),
    ),
]
RULES_LINE_W = WIDTH - 2 * MARGIN - 2 * PAD  # a line across a card of the rules picture
RULES_LINE_H = 30


def wrap(text: str, size: int, max_width: float) -> list[str]:
    """Greedy word wrap."""
    lines: list[str] = []
    for word in text.split():
        attempt = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(attempt, size) <= max_width:
            lines[-1] = attempt
        else:
            lines.append(word)
    return lines


def wrapped(texts: list[str], size: int, max_width: float) -> list[str]:
    """Lines of one paragraph in the spoken language: as they are if each fits (English lines all
    do), else the paragraph wrapped anew."""
    lines = [tr(text) for text in texts]
    if all(text_width(line, size) <= max_width for line in lines):
        return lines
    return wrap(" ".join(lines), size, max_width)


@once_per_language
def render_senet_rules_picture() -> bytes:
    """The /rules picture: the path, the die, and how stacks (nests, trees, blocks) look and work.

    It never changes, so it is drawn once per process and language.
    """
    height = 1300  # cropped to the content below
    image, draw = new_canvas(WIDTH, height)
    intro = [
        N_("A race: move your 12 pyramids along the path and bear them all off first."),
        N_("A move takes a pyramid and the smaller ones on it exactly the roll's steps forward."),
    ]
    y = draw_picture_heading(
        draw,
        MARGIN + 4,
        tr("Martian Senet in brief"),
        wrapped(intro, HEADING_NOTE_SIZE, WIDTH - 2 * MARGIN - 8),
    )
    y = _rule_path(image, draw, y + 4)
    y = _rule_die(image, draw, y + GAP)
    y = _rule_stacks(image, draw, y + GAP)
    endings = [
        ([N_("Bear off past P9 only when none of your pyramids is on the Source track.")], TEXT),
        (
            [
                N_("The first to bear off all 12 wins and scores the loser's pips left on the board:"),
                N_("on Perfect ×1, on Balance ×2, on Source ×3 (small 1, medium 2, large 3 pips)."),
            ],
            MUTED,
        ),
    ]
    lines = [
        (line, ink) for texts, ink in endings for line in wrapped(texts, SMALL_SIZE, WIDTH - 2 * MARGIN - 8)
    ]
    for i, (line, ink) in enumerate(lines):
        draw_text(draw, (MARGIN + 4, y + 28 + RULES_LINE_H * i), line, size=SMALL_SIZE, fill=ink, anchor="lm")
    return to_png(image.crop((0, 0, WIDTH, min(height, y + 28 + RULES_LINE_H * len(lines)))))


def _rule_path(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """A small board with the whole path as one snake of arrows."""
    box = (MARGIN, top, WIDTH - MARGIN, top + 3 * RULE_CELL + 116)
    _card(draw, box, edge=PANEL)
    label_x = MARGIN + PAD
    board_x0 = label_x + 200
    board_y0 = top + 58

    def cell_centre(track: str, column: int) -> tuple[float, float]:
        position = column_position(column)
        x = board_x0 + position * RULE_CELL + (position // 3) * 8 + RULE_CELL / 2
        return x, board_y0 + TRACKS.index(track) * RULE_CELL + RULE_CELL / 2

    draw_text(draw, (label_x, top + 26), tr("The path"), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    for position in range(3):
        x0 = board_x0 + position * (3 * RULE_CELL + 8)
        x1, y1 = x0 + 3 * RULE_CELL, board_y0 + 3 * RULE_CELL
        draw.rounded_rectangle((x0 - 3, board_y0 - 3, x1 + 2, y1 + 2), radius=6, fill=TILE_EDGE)
        draw.rectangle((x0, board_y0, x1 - 1, y1 - 1), fill=SQUARE_FILL)
        for i in range(1, 3):
            draw.line((x0 + i * RULE_CELL, board_y0, x0 + i * RULE_CELL, y1), fill=SQUARE_LINE, width=2)
            draw.line((x0, board_y0 + i * RULE_CELL, x1, board_y0 + i * RULE_CELL), fill=SQUARE_LINE, width=2)
    for track in TRACKS:
        _, y = cell_centre(track, 1)
        draw_text(draw, (label_x, y), TRACK_NAMES[track], size=SMALL_SIZE, fill=TEXT, anchor="lm", bold=True)
    for column in range(1, COLUMNS + 1):
        x, _ = cell_centre("S", column)
        draw_text(draw, (x, board_y0 - 16), str(column), size=SMALL_SIZE, fill=MUTED, anchor="mm", bold=True)
    west = board_x0 - 22
    east = cell_centre("S", 1)[0] + RULE_CELL / 2 + 22
    points = [
        cell_centre("S", 1),
        (west, cell_centre("S", 9)[1]),
        (west, cell_centre("B", 9)[1]),
        (east, cell_centre("B", 1)[1]),
        (east, cell_centre("P", 1)[1]),
        (west, cell_centre("P", 9)[1]),
        (west, board_y0 + 3 * RULE_CELL + 26),
    ]
    draw_path_arrow(draw, points, colour=ACCENT, width=5, outline=BACKGROUND)
    draw_text(
        draw,
        (west, board_y0 + 3 * RULE_CELL + 42),
        tr("off"),
        size=SMALL_SIZE,
        fill=TEXT,
        anchor="mm",
        bold=True,
    )
    draw_text(draw, (west - 12, board_y0 + RULE_CELL), tr("Birth"), size=SMALL_SIZE, fill=MUTED, anchor="rm")
    death = tr("Death")
    draw_text(draw, (east + 12, board_y0 + 2 * RULE_CELL), death, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    text_x = min(east + 96, east + 36 + text_width(death, SMALL_SIZE))  # the notes start past the label
    notes = [
        N_("Source: S1 to S9"),
        N_("Birth flip: S9 to B9"),
        N_("Balance: B9 to B1"),
        N_("Death flip: B1 to P1"),
        N_("Perfect: P1 to P9, off"),
        N_("Each flip is one step."),
    ]
    for i, note in enumerate(notes):
        draw_text(draw, (text_x, top + 34 + 32 * i), tr(note), size=SMALL_SIZE, fill=MUTED, anchor="lm")
    return box[3]


def die_rule_lines(text: str) -> list[str]:
    """A face's rule wrapped right of its dice (one line each in English)."""
    return wrap(tr(text), SMALL_SIZE, WIDTH - MARGIN - PAD - (MARGIN + PAD + 156))


def _rule_die(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    row_h, line_h = 48, 26
    rules = [(faces, die_rule_lines(text)) for faces, text in DIE_RULES]
    footer = wrapped(
        [N_("You must move if you can. No move: a 1 or 6 rolls again, a 2, 3 or 4 ends the turn.")],
        SMALL_SIZE,
        RULES_LINE_W,
    )
    rows_h = sum(row_h + line_h * (len(lines) - 1) for _, lines in rules)
    box = (MARGIN, top, WIDTH - MARGIN, top + 50 + rows_h + 36 + RULES_LINE_H * (len(footer) - 1))
    _card(draw, box, edge=PANEL)
    draw_text(
        draw, (MARGIN + PAD, top + 26), tr("The die"), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True
    )
    y = top + 50
    for faces, lines in rules:
        height = row_h + line_h * (len(lines) - 1)
        middle = y + height / 2
        x = MARGIN + PAD
        for face in faces:
            _paste_die(image, face, (x, round(middle - 19), x + 38, round(middle + 19)))
            x += 46
        for j, line in enumerate(lines):
            line_y = middle + line_h * (j - (len(lines) - 1) / 2)
            draw_text(draw, (MARGIN + PAD + 156, line_y), line, size=SMALL_SIZE, fill=TEXT, anchor="lm")
        y += height
    for j, line in enumerate(footer):
        footer_y = box[3] - 24 - RULES_LINE_H * (len(footer) - 1 - j)
        draw_text(draw, (MARGIN + PAD, footer_y), line, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    return box[3]


STACK_RULE_LINES = 5  # beside a square drawn as on the board, under the stack's name
STACK_RULE_W = (WIDTH - 2 * MARGIN - PAD) / 3 - CELL_W - 22  # a column, less its square and gaps


def stack_rule_lines(text: str) -> list[str]:
    """A stack's explanation, in the spoken language, wrapped beside its square (tests check that
    none needs more lines)."""
    return wrap(tr(text), SMALL_SIZE, STACK_RULE_W)


def _rule_stacks(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Three squares drawn as on the board: a nest, a tree, a block."""
    notes = wrapped(
        [
            N_("Land on an empty square, on a top one size bigger (a tree), or on a top one size smaller"),
            N_("if the stack has no tree part (a nest). The letters A and B say whose pyramid is whose."),
        ],
        SMALL_SIZE,
        RULES_LINE_W,
    )
    box = (MARGIN, top, WIDTH - MARGIN, top + CELL_H + 2 * PAD + 40 + RULES_LINE_H * len(notes))
    _card(draw, box, edge=PANEL)
    column_w = (box[2] - box[0] - PAD) / 3
    for i, (title, stack, block, text) in enumerate(STACK_RULES):
        x = round(box[0] + PAD + i * column_w)
        cell = (x, top + PAD, x + CELL_W, top + PAD + CELL_H)
        draw.rounded_rectangle((cell[0] - 3, cell[1] - 3, cell[2] + 2, cell[3] + 2), radius=8, fill=TILE_EDGE)
        draw.rectangle((cell[0], cell[1], cell[2] - 1, cell[3] - 1), fill=SQUARE_FILL)
        peak = len(stack) - 1 if stack[-1][1] > stack[0][1] else 0
        draw_stack(image, draw, cell, stack, peak)
        if block:
            _hazard_frame(draw, (cell[0] + 1, cell[1] + 1, cell[2] - 2, cell[3] - 2))
        text_x = cell[2] + 12
        draw_text(draw, (text_x, cell[1] + 16), tr(title), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
        for j, line in enumerate(stack_rule_lines(text)):
            draw_text(draw, (text_x, cell[1] + 50 + 26 * j), line, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    for j, note in enumerate(notes):
        y = top + CELL_H + 2 * PAD + 34 + RULES_LINE_H * j
        draw_text(draw, (MARGIN + PAD, y), note, size=SMALL_SIZE, fill=TEXT, anchor="lm")
    return box[3]


# Nothing in Senet is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_senet_board, private=render_senet_board, rules=render_senet_rules_picture)
