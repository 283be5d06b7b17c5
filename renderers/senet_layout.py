"""Where everything lies on the Martian Senet board picture, and its palette. Pure geometry:
nothing is drawn here.

The board lies as on the table: three 3x3 coasters in a line, east on the right, so the columns
read 9..1 from left to right. The rows are the tracks, top to bottom S (Source), B (Balance) and
P (Perfect); with the two flips they make one S-shaped path (right to left, down at the west end,
left to right, down at the east end, right to left and off at the west end).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.senet import OFF, SQUARE_INDEX, Piece
from games.senet_views import SenetSquare, SenetView

from .common import WIDTH, Box, mix
from .pieces import pyramid_extent

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


def row_middle(track: str) -> float:
    return BOARD_Y0 + (TRACKS.index(track) + 0.5) * CELL_H


def _band_middle(track: str) -> float:
    return BOARD_Y0 + TRACKS.index(track) * CELL_H + TOP_BAND / 2 + 1


def off_box() -> Box:
    """The exit past P9: the word under the west lane, where the path leaves the board."""
    y0 = BOARD_Y1 + 18
    half = LABEL_SIZE + 4
    return (WEST_BEND_X - half, y0, WEST_BEND_X + half, y0 + LABEL_SIZE + 6)


# --- colours ------------------------------------------------------------------------------------

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


# --- a move's way along the path ----------------------------------------------------------------


def _path_point(square: str) -> tuple[float, float]:
    x0, _, x1, _ = board_square_box(square)
    return ((x0 + x1) / 2, _band_middle(parse_square(square)[0]))


def move_path(origin: str, destination: str) -> list[tuple[float, float]]:
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
