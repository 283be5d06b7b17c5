"""The Martian Combat rules picture: the 4-player board with the sides' starts and goals, its marks
named, and four stacks (tree, nest, pin, capped goal) drawn as on the board."""

from __future__ import annotations

from PIL import Image, ImageDraw

from catalogue import N_, tr
from games.combat import BOARD_GEOMETRY, square_view

from .combat_board import draw_square, paste_centred, square_fill
from .combat_layout import BAR_GAP, BAR_ROOM, BAR_W, EDGE, ROW_BAR_W, SMALL_FLAG, SQUARES, square_index
from .combat_sprites import (
    BOARD_EDGE,
    CELL,
    CHIP,
    SQUARE_LIGHT,
    SQUARE_LINE,
    draw_force_chip,
    goal_flag,
    hatch_tile,
    home_tint,
    piece_rgb,
)
from .common import TEXT, WIDTH, Box, draw_text, new_canvas, once_per_language, paste, to_png

# The rules picture's few words: each names a mark drawn beside it (the presenter's alt text says
# them too). /rules sends the rules themselves as text.
RULE_KEY = (
    ("start", N_("Start")),
    ("goal", N_("Goal")),
    ("blocked", N_("Blocked")),
    ("force", N_("Force")),
)
RULE_STACKS = (  # squares as views give them, and their names
    (square_view(["R3", "R2", "R1"]), N_("Tree")),
    (square_view(["R1", "R2", "R3"]), N_("Nest")),
    (square_view(["R3", "B1"]), N_("Pinned")),
    (square_view(["R3", "R2", "R1"], capped=True), N_("Capped")),
)
RULE_SIZE = 36  # 11.7 px at phone width
RULE_CELL = 76  # the small board's squares
RULE_MARGIN = 16
RULE_BOARD_X0 = RULE_MARGIN + BAR_ROOM
RULE_BOARD_Y0 = RULE_MARGIN + BAR_ROOM
RULE_KEY_X = RULE_BOARD_X0 + 6 * RULE_CELL + BAR_ROOM + 40
RULE_KEY_ROW = (6 * RULE_CELL) // len(RULE_KEY)
RULE_STACKS_Y = RULE_BOARD_Y0 + 6 * RULE_CELL + BAR_ROOM + 28
RULE_HEIGHT = RULE_STACKS_Y + 56 + CELL + RULE_MARGIN


def _rule_box(square: str) -> Box:
    column, row = square_index(square)
    x0, y0 = RULE_BOARD_X0 + column * RULE_CELL, RULE_BOARD_Y0 + row * RULE_CELL
    return (x0, y0, x0 + RULE_CELL, y0 + RULE_CELL)


def _rule_bar(side: str, box: Box, width: int) -> Box:
    x0, y0, x1, y1 = box
    near = EDGE + BAR_GAP
    return {
        "S": (x0 + 2, y1 + near, x1 - 2, y1 + near + width),
        "N": (x0 + 2, y0 - near - width, x1 - 2, y0 - near),
        "W": (x0 - near - width, y0 + 2, x0 - near, y1 - 2),
        "E": (x1 + near, y0 + 2, x1 + near + width, y1 - 2),
    }[side]


def _rule_board(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """The 4-player board: goals flagged, starting rows barred, blocked squares hatched."""
    x0, y0 = RULE_BOARD_X0, RULE_BOARD_Y0
    x1, y1 = x0 + 6 * RULE_CELL, y0 + 6 * RULE_CELL
    draw.rectangle((x0 - EDGE, y0 - EDGE, x1 + EDGE - 1, y1 + EDGE - 1), fill=BOARD_EDGE)
    sides = BOARD_GEOMETRY["sides"]
    homes = {square: side["colour"] for side in sides.values() for square in side["home"]}
    blocked = BOARD_GEOMETRY["corners"] + BOARD_GEOMETRY["centre"]
    tile = hatch_tile(RULE_CELL)
    for square in SQUARES:
        box = _rule_box(square)
        if square in blocked:
            paste(image, tile, box[:2])
        else:
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=square_fill(square, homes))
    for i in range(1, 6):
        draw.line((x0 + i * RULE_CELL, y0, x0 + i * RULE_CELL, y1 - 1), fill=SQUARE_LINE, width=2)
        draw.line((x0, y0 + i * RULE_CELL, x1 - 1, y0 + i * RULE_CELL), fill=SQUARE_LINE, width=2)
    for side, info in sides.items():
        for square in info["row"]:
            width = BAR_W if square in info["start"] else ROW_BAR_W
            draw.rectangle(_rule_bar(side, _rule_box(square), width), fill=piece_rgb(info["colour"]))
    for square, colour in homes.items():
        box = _rule_box(square)
        paste_centred(image, goal_flag(colour, SMALL_FLAG), ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))


def _rule_key(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """Beside the small board, each of its marks and the force chip, named."""
    sample_w = 64
    for row, (mark, label) in enumerate(RULE_KEY):
        middle = RULE_BOARD_Y0 + RULE_KEY_ROW * (row + 0.5)
        x0 = RULE_KEY_X
        sample = (x0, round(middle - sample_w / 2), x0 + sample_w, round(middle + sample_w / 2))
        if mark == "start":
            draw.rectangle(sample, fill=SQUARE_LIGHT, outline=SQUARE_LINE)
            draw.rectangle((sample[0], sample[3] + 4, sample[2], sample[3] + 4 + BAR_W), fill=piece_rgb("R"))
        elif mark == "goal":
            draw.rectangle(sample, fill=home_tint("R"), outline=SQUARE_LINE)
            paste_centred(image, goal_flag("R", SMALL_FLAG), (x0 + sample_w / 2, middle))
        elif mark == "blocked":
            paste(image, hatch_tile(RULE_CELL).crop((0, 0, sample_w, sample_w)), sample[:2])
        else:
            draw_force_chip(draw, (x0 + (sample_w - CHIP) / 2, middle - CHIP / 2), "R", 5)
        draw_text(
            draw, (x0 + sample_w + 24, middle), tr(label), size=RULE_SIZE, fill=TEXT, anchor="lm", bold=True
        )


def _rule_stacks(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """A row of squares drawn as on the board, each named above."""
    column_w = (WIDTH - 2 * RULE_MARGIN) // len(RULE_STACKS)
    for i, (square, name) in enumerate(RULE_STACKS):
        middle = RULE_MARGIN + column_w * (i + 0.5)
        draw_text(
            draw, (middle, RULE_STACKS_Y + 20), tr(name), size=RULE_SIZE, fill=TEXT, anchor="mm", bold=True
        )
        x0, y0 = round(middle - CELL / 2), RULE_STACKS_Y + 48
        box = (x0, y0, x0 + CELL, y0 + CELL)
        capped = square.capped
        draw.rectangle((x0 - EDGE, y0 - EDGE, box[2] + EDGE - 1, box[3] + EDGE - 1), fill=BOARD_EDGE)
        draw.rectangle((x0, y0, box[2] - 1, box[3] - 1), fill=home_tint("R") if capped else SQUARE_LIGHT)
        draw_square(image, draw, box, square, "R" if capped else None)


@once_per_language
def render_combat_rules_picture() -> bytes:
    """The /rules picture: the board with the sides' starts and goals, and four stacks (tree, nest,
    pin, capped goal), each named in a word. It never changes: drawn once per process and language."""
    image, draw = new_canvas(WIDTH, RULE_HEIGHT)
    _rule_board(image, draw)
    _rule_key(image, draw)
    _rule_stacks(image, draw)
    return to_png(image)


def rule_words() -> list[str]:
    """The rules picture's words, in the language spoken, in the order drawn."""
    return [tr(label) for _, label in RULE_KEY] + [tr(name) for _, name in RULE_STACKS]
