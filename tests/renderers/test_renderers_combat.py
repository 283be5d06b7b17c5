"""The Martian Combat pictures: small palette PNGs, with the right marks in the right places.

The views are written by hand in the engine's view format (briefs/combat_api.md). Positions are
written "c1:R1.R2.R3 c6:R3.R2.R1+K c3:R1.R2.R3*": each square's stack bottom to top, "+K" a capped
tree, "*" an Advanced reserve nest waiting in the centre. Nothing compares exact pixels: regions come
from the renderer's layout helpers and are compared between views that differ in one thing.
"""

import copy
import random
import re

import pytest

from games import random_choice
from games.combat import COMBAT, combat_totals, log_entry, square_view
from renderers import render_board, render_hand, render_rules_picture
from renderers.combat import (
    BLOCKED_FILL,
    COLUMN_TEXT_W,
    COMBAT_LABEL_W,
    COMBAT_ROW_H,
    FROZEN,
    HATCH,
    LAST,
    LOG_LINE_H,
    LOG_LINES,
    PAD,
    SQUARE_DARK,
    SQUARE_LIGHT,
    TRAY_FILL,
    action_die_box,
    board_layout,
    chip_box,
    combat_columns,
    combat_dice_boxes,
    combat_row_middles,
    decision_lines,
    goal_flag_box,
    home_tint,
    hop_dice_boxes,
    is_nest,
    key_die_boxes,
    last_marks,
    log_lines,
    log_sentences,
    padlock_box,
    place_stack,
    player_box,
    render_combat_rules_picture,
    reroll_die_boxes,
    size_of,
    square_box,
    square_index,
    start_bar_box,
    tray_box,
)
from renderers.common import (
    ACCENT,
    BODY_SIZE,
    CARD_FACE,
    FAINT,
    GOOD,
    MARGIN,
    MUTED,
    PANEL_ACTIVE,
    PENALTY,
    PYRAMID_COLOURS,
    SMALL_SIZE,
    mix,
    pyramid_extent,
    text_sizes,
    text_width,
)
from tests.pictures import blob_sizes, check_png, count_near, decode, die_pips, near

NAMES = ["Alice", "Bartholomew the Magnificent of Mars", "Chen", "Dee"]
SIDES = {2: "SN", 3: "SWN", 4: "SWNE"}
SIDE_COLOURS = {"S": "R", "W": "Y", "N": "B", "E": "G"}
START = {"S": ["c1", "d1"], "W": ["a3", "a4"], "N": ["c6", "d6"], "E": ["f3", "f4"]}
OPPOSITE = {"S": "N", "N": "S", "W": "E", "E": "W"}
ROWS = {
    "S": ["b1", "c1", "d1", "e1"],
    "W": ["a2", "a3", "a4", "a5"],
    "N": ["b6", "c6", "d6", "e6"],
    "E": ["f2", "f3", "f4", "f5"],
}
RESERVES = {"S": "c3", "W": "c4", "N": "d4", "E": "d3"}
CORNERS = ["a1", "f1", "a6", "f6"]
CENTRE = ["c3", "d3", "c4", "d4"]
ALL_SQUARES = [f"{file}{rank}" for file in "abcdef" for rank in range(1, 7)]
OPENING = "c1:R1.R2.R3 d1:R1.R2.R3 c6:B1.B2.B3 d6:B1.B2.B3"

# --- hand-written views ---------------------------------------------------------------------


def parse_position(text: str) -> dict:
    """ "c1:R1.R2.R3 c6:R3.R2.R1+K c3:R1.R2.R3*" -> the view's board."""
    board = {}
    for item in text.split():
        square, _, body = item.partition(":")
        capped, reserve = body.endswith("+K"), body.endswith("*")
        body = body.removesuffix("+K").removesuffix("*")
        board[square] = square_view(body.split("."), capped=capped, reserve=reserve)
    return board


def seat_entry(side: str, version: str) -> dict:
    return {
        "side": side,
        "colour": SIDE_COLOURS[side],
        "start": START[side],
        "home": START[OPPOSITE[side]],
        "row": ROWS[side],
        "eliminated": False,
        "removed": [0, 0, 0],
        "reserve": RESERVES[side] if version == "advanced" else None,
    }


def combat_view(position: str = "", *, players: int = 2, version: str = "standard", **changes) -> dict:
    """A view of `position`: P1 (South, red) to make the move step of turn 1, seen by nobody."""
    blocked = CORNERS if version == "simple" else CORNERS + CENTRE
    view = {
        "game": "combat",
        "seat": None,
        "version": version,
        "players": players,
        "seats": [seat_entry(side, version) for side in SIDES[players]],
        "blocked": list(blocked),
        "board": parse_position(position),
        "current": 0,
        "turn": 1,
        "phase": "move",
        "to_move": [0],
        "action": None,
        "aim": None,
        "offer": None,
        "combat": None,
        "hop": None,
        "last": [],
        "legal": [],
        "is_over": False,
        "winners": [],
        "win_reason": None,
    }
    view.update(changes)
    if view["combat"]:  # the totals the engine's view adds, by the engine's own sums
        view["combat"]["totals"] = combat_totals(view["combat"])
    return view


def log(seat, *tokens) -> list[dict]:
    return [log_entry({"seat": seat, "text": token}) for token in tokens]


def logged(seat, token, **known) -> dict:
    """One log entry with the facts the engine keeps beside its token (an attack's defender...)."""
    return log_entry({"seat": seat, "text": token, **known})


def opening_view() -> dict:
    """T1: the 2-player Standard start, Red to move."""
    return combat_view(OPENING, last=log(None, "FIRST R:5 B:3") + log(0, "TURN 1 R"))


def advanced_opening(players: int) -> dict:
    position = " ".join(
        f"{square}:{colour}1.{colour}2.{colour}3"
        for side in SIDES[players]
        for colour in SIDE_COLOURS[side]
        for square in START[side]
    )
    reserves = " ".join(
        f"{RESERVES[side]}:{SIDE_COLOURS[side]}1.{SIDE_COLOURS[side]}2.{SIDE_COLOURS[side]}3*"
        for side in SIDES[players]
    )
    return combat_view(f"{position} {reserves}", players=players, version="advanced")


BUSY = (
    "c3:R1.R2.R3* c4:Y1.Y2.Y3* d4:B1.B2.B3* c6:R3.R2.R1+K d6:R3.B2 b4:R3.R2 c5:B2.B3 e2:B3.R2.B1 "
    "a3:Y1.G2 f3:G1.G2.G3 b5:Y3.Y2 e4:R1.B2 a4:G3.G2.G1+K b2:Y2 e5:G1 f4:Y3.Y2.Y1 d2:G3"
)


def busy_view() -> dict:
    """4-player Advanced mid-game: reserves, caps, pins and digs; Blue decides on a counter-attack."""
    view = combat_view(
        BUSY,
        players=4,
        version="advanced",
        turn=23,
        phase="counter",
        to_move=[2],
        combat={
            "attacker": 0,
            "defender": 2,
            "from": "b4",
            "to": "c5",
            "a": 5,
            "d": 5,
            "rolls": [[6, 3]],
            "counter": [],
            "ties": [],
            "winner": None,
        },
        last=log(0, "M a5-b4", "X b4>c5 6:3"),
    )
    view["seats"][3]["reserve"] = None  # Green's reserve has entered: d3 stays blocked and empty
    view["seats"][3]["removed"] = [1, 1, 1]
    view["seats"][1]["removed"] = [0, 2, 1]
    view["seats"][0]["removed"] = [1, 0, 0]
    return view


def aim_view() -> dict:
    """3 players: Red re-rolled a Tip and a Dig, got Aim with 5 steps, and is stepping on from e3."""
    return combat_view(
        "c1:R1.R2 b2:R3 e3:R1.R2.R3 c6:B1.B2.B3 d6:B1.B2.B3 d2:B3",
        players=3,
        turn=4,
        phase="aim",
        action={"roll": 5, "name": "aim", "rerolled": [1, 4]},
        aim={"budget": 5, "left": 2, "leg": "e3"},
        last=log(0, "M c1-b2", "A1!", "A4!", "A5", "AM 5", "AM d1=e2", "AM e2=e3"),
    )


def offer_view() -> dict:
    """T7(a): Red moved onto b4 (6 pips) next to Blue's c5 (5) and a5 (1) and may attack."""
    return combat_view(
        "c1:R1.R2 b4:R3.R2.R1 c5:B2.B3 a5:B1 c6:B1 d6:B1.B2.B3",
        turn=7,
        phase="offer",
        offer={
            "square": "b4",
            "mover": 0,
            "pips": 6,
            "targets": [{"square": "c5", "seat": 1, "pips": 5}, {"square": "a5", "seat": 1, "pips": 1}],
        },
        last=log(0, "M a3-b4"),
    )


def counter_view() -> dict:
    """T9: Red (5) attacked Blue (5), 6:3; Blue counter-attacked, 1:6, and won 19 to 17."""
    return combat_view(
        "b4:R3.R2 c5:B2.B3 c6:B1 d6:B1.B2.B3",
        turn=9,
        phase="action",
        action={"roll": 2, "name": "swap", "rerolled": []},
        combat={
            "attacker": 0,
            "defender": 1,
            "from": "b4",
            "to": "c5",
            "a": 5,
            "d": 5,
            "rolls": [[6, 3]],
            "counter": [[1, 6]],
            "ties": [],
            "winner": 1,
        },
        last=[
            *log(0, "M b5-b4"),
            logged(0, "X b4>c5 6:3", defender=1),
            *log(1, "C 1:6", "WINNER c5"),
            *log(0, "RET c1", "A2"),
        ],
    )


def final_view() -> dict:
    """T14-like: Red's Hop won its roll-off (3:3, then 5:2), completed d6 and won."""
    return combat_view(
        "c6:R3.R2.R1+K d6:R3.R2.R1+K c1:B3.B2 d1:B1 b3:B3.B2.B1",
        turn=40,
        phase="over",
        to_move=[],
        is_over=True,
        winners=[0],
        win_reason="trees",
        action={"roll": 3, "name": "hop", "rerolled": []},
        hop={"from": "e5", "to": "d6", "rolls": [[3, 3], [5, 2]], "stayed": True},
        last=log(0, "M -", "A3", "HP e5-d6 3:3 5:2", "CAP d6", "WIN R"),
    )


# --- helpers --------------------------------------------------------------------------------


def face(colour: str):
    """The lit face of a side-view pyramid (common.pyramid_sprite)."""
    return mix(PYRAMID_COLOURS[colour], (255, 255, 255), 0.16)


def inner(box, by: int = 10):
    x0, y0, x1, y1 = box
    return (x0 + by, y0 + by, x1 - by, y1 - by)


def crop_bytes(image, box) -> bytes:
    return image.convert("RGB").crop(box).tobytes()


def square_fill(view: dict, square: str):
    """A plain square's colour: the board is chequered, a1 on the darker shade."""
    column, row = square_index(square)
    return SQUARE_LIGHT if (column + row) % 2 == 0 else SQUARE_DARK


def render(view: dict, names=NAMES):
    return decode(render_board(view, names=names))


# --- format, size and registration ----------------------------------------------------------


@pytest.mark.parametrize(
    "make_view",
    [
        opening_view,
        busy_view,
        aim_view,
        offer_view,
        counter_view,
        final_view,
        lambda: advanced_opening(2),
        lambda: advanced_opening(3),
        lambda: advanced_opening(4),
        lambda: combat_view(OPENING, players=3, version="simple"),
    ],
)
def test_board_is_a_small_palette_png_of_a_phone_friendly_height(make_view):
    view = make_view()
    png = render_board(view, names=NAMES)
    image = check_png(png, min_height=820, max_height=1200)
    assert image.height == board_layout(view).height
    assert len(png) < 100_000  # the fixed palette keeps more anti-aliasing shades than 64 per picture did


def test_a_busy_view_with_every_panel_stays_small():
    view = busy_view()
    view.update(
        action={"roll": 6, "name": "wild", "rerolled": [1, 2, 4]},
        aim={"budget": 6, "left": 1, "leg": "b2"},
        hop={"from": "e5", "to": "f4", "rolls": [[2, 2], [4, 4], [6, 1]], "stayed": True},
        last=log(0, *[f"AM b{i}-c{i}" for i in range(1, 6)], "X b4>c5 6:3") + log(2, "T 4:4", "T 6:1"),
    )
    view["combat"]["ties"] = [[3, 3], [2, 2], [5, 1]]
    png = render_board(view, names=NAMES)
    image = check_png(png, min_height=1000, max_height=1200)
    assert len(png) < 100_000  # the fixed palette keeps more anti-aliasing shades than 64 per picture did
    layout = board_layout(view)
    assert layout.board[3] < layout.combat[1] < layout.log[1] < layout.legend[1] < image.height


def test_hand_is_the_board_and_the_rules_picture_is_drawn_once():
    view = busy_view()
    view["seat"] = 2
    assert render_hand(view, names=NAMES) == render_board(view, names=NAMES)
    first = render_rules_picture("combat")
    check_png(first, min_height=900, max_height=1200)
    assert render_combat_rules_picture() is first


@pytest.mark.parametrize("version", ["standard", "simple", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_count_and_version_renders_a_card_per_player(players, version):
    view = advanced_opening(players) if version == "advanced" else combat_view(OPENING, players=players)
    view["version"] = version
    if version == "simple":
        view["blocked"] = list(CORNERS)
    layout = board_layout(view)
    image = check_png(render_board(view, names=NAMES), min_height=820, max_height=1200)
    assert len(layout.players) == players
    for seat, box in enumerate(layout.players):  # each card carries its seat's colour badge
        colour = SIDE_COLOURS[SIDES[players][seat]]
        assert count_near(image, box, PYRAMID_COLOURS[colour], tolerance=20) > 150, seat
    absent = set("RYBG") - {SIDE_COLOURS[side] for side in SIDES[players]}
    for colour in absent:  # nobody's colour: not on the board, not in a card
        assert count_near(image, layout.board, PYRAMID_COLOURS[colour], tolerance=20) == 0, colour
    advanced_rows = layout.players[0][3] - layout.players[0][1]
    assert (advanced_rows > 80) == (version == "advanced")  # the removed pile and reserve row


# --- the grid -------------------------------------------------------------------------------


def test_the_squares_form_a_6x6_grid_seen_from_the_south():
    view = opening_view()
    a1, f1, a6, f6 = (square_box(view, square) for square in ("a1", "f1", "a6", "f6"))
    assert a1[0] < f1[0] and a1[1] == f1[1]  # files left to right
    assert a6[1] < a1[1] and a6[0] == a1[0]  # rank 1 at the bottom
    assert f6[2] - a6[0] == 6 * (a1[2] - a1[0])
    board = board_layout(view).board
    boxes = [square_box(view, square) for square in ALL_SQUARES]
    for i, a in enumerate(boxes):
        assert board[0] <= a[0] and a[2] <= board[2] and board[1] <= a[1] and a[3] <= board[3]
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    assert board[2] < board_layout(view).players[0][0]  # the side panel is right of the board


def test_the_coordinates_are_written_beside_the_board():
    view = opening_view()
    image = render(view)
    board = board_layout(view).board
    under = (board[0], board[3] + 18, board[2], board[3] + 46)  # file letters
    left = (0, board[1], board[0] - 18, board[3])  # rank numbers
    assert count_near(image, under, MUTED, tolerance=30) > 300
    assert count_near(image, left, MUTED, tolerance=30) > 300


# --- pieces ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("colour", "square"), [("R", "b2"), ("Y", "e5"), ("B", "a2"), ("G", "f5")])
def test_a_square_shows_its_pyramid_colours_and_its_neighbours_do_not(colour, square):
    view = combat_view(f"{square}:{colour}2", players=4)
    image = render(view)
    assert count_near(image, square_box(view, square), face(colour), tolerance=25) > 50
    file, rank = square[0], int(square[1])
    neighbours = [
        f"{chr(ord(file) + df)}{rank + dr}"
        for df in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (df or dr) and "a" <= chr(ord(file) + df) <= "f" and 1 <= rank + dr <= 6
    ]
    for other in neighbours:
        assert count_near(image, square_box(view, other), face(colour), tolerance=25) == 0, other


def test_mixed_stacks_show_every_colour_with_a_letter_badge_each():
    view = combat_view("e2:B3.R2.B1 d2:Y1.G2", players=4)
    image = render(view)
    tree, nest = square_box(view, "e2"), square_box(view, "d2")
    for colour in "BR":
        assert count_near(image, tree, face(colour), tolerance=25) > 60, colour
    assert count_near(image, nest, face("G"), tolerance=25) > 60
    assert count_near(image, tray_box(nest), face("Y"), tolerance=25) > 5  # the covered small
    # one badge per pyramid: a disc of its colour with the letter, in the square's badge places
    for square, stack in (("e2", ["B3", "R2", "B1"]), ("d2", ["Y1", "G2"])):
        placed = place_stack(square_box(view, square), stack)
        assert [piece.code for piece in placed] == stack
        for piece in placed:
            cx, cy = piece.badge
            inside_rim = ((-10, 0), (0, -10))  # clear of the letter and of a padlock
            ring = [image.convert("RGB").getpixel((round(cx) + dx, round(cy) + dy)) for dx, dy in inside_rim]
            assert all(near(pixel, PYRAMID_COLOURS[piece.code[0]], 30) for pixel in ring), (square, piece)


def test_a_nest_and_a_tree_of_the_same_pyramids_look_different():
    nest_view = combat_view("c2:R1.B2.R3")  # Red's L covers Blue's M covers Red's S
    tree_view = combat_view("c2:R3.B2.R1")  # Red's S on Blue's M on Red's L
    nest, tree = render(nest_view), render(tree_view)
    box = square_box(nest_view, "c2")
    tray = tray_box(box)
    tower = (box[0], box[1], box[2], tray[1] - 1)
    assert crop_bytes(nest, box) != crop_bytes(tree, box)
    assert count_near(nest, tray, TRAY_FILL, tolerance=8) > 400  # the nest's tray
    assert count_near(tree, tray, TRAY_FILL, tolerance=8) < 40  # (a few edge pixels of the same shade)
    assert count_near(nest, tray, PYRAMID_COLOURS["B"], tolerance=45) > 60  # Blue is inside the nest
    assert count_near(nest, tower, face("B"), tolerance=25) == 0
    assert count_near(tree, tower, face("B"), tolerance=25) > 40  # and stands in the tree


def test_a_tree_stands_smaller_on_bigger():
    view = combat_view("c2:R3.B2.Y1", players=4)
    placed = place_stack(square_box(view, "c2"), ["R3", "B2", "Y1"])
    baselines = [piece.baseline for piece in placed]
    assert baselines == sorted(baselines, reverse=True)  # each higher than the one under it
    assert not any(piece.covered for piece in placed)
    image = render(view)
    box = square_box(view, "c2")

    def mean_row(colour):
        crop = image.convert("RGB").crop(box)
        rows = [
            y
            for x in range(crop.width)
            for y in range(crop.height)
            if near(crop.getpixel((x, y)), face(colour), 25)
        ]
        return sum(rows) / len(rows)

    assert mean_row("Y") < mean_row("B") < mean_row("R")


def test_pyramids_covered_by_an_opponent_carry_a_padlock():
    pinned_view = combat_view("c2:R3.B1 b2:B1.R3")  # Red's L under Blue's S; Blue's S inside Red's L
    free_view = combat_view("c2:R3.R1 b2:R1.R3")
    pinned, free = render(pinned_view), render(free_view)
    white = (250, 250, 250)
    for square, stack in (("c2", ["R3", "B1"]), ("b2", ["B1", "R3"])):
        covered = pinned_view["board"][square]["covered"]
        bottom, top = place_stack(square_box(pinned_view, square), stack, covered=covered)
        lock = padlock_box(bottom)
        assert (
            count_near(pinned, lock, white, tolerance=12) > count_near(free, lock, white, tolerance=12) + 30
        )
        clear = padlock_box(top)  # the top pyramid is free in both
        assert (
            count_near(pinned, clear, white, tolerance=12) <= count_near(free, clear, white, tolerance=12) + 8
        )


def test_the_force_chip_shows_the_top_owners_run():
    assert is_nest(["R1", "B2"]) and not is_nest(["R2", "B1"]) and not is_nest(["R3"])
    view = combat_view("c2:R3.B2.B1 d2:B3.R2.R1")
    image = render(view)
    assert count_near(image, chip_box(view, "c2"), PYRAMID_COLOURS["B"], tolerance=20) > 200
    assert count_near(image, chip_box(view, "c2"), PYRAMID_COLOURS["R"], tolerance=20) == 0
    assert count_near(image, chip_box(view, "d2"), PYRAMID_COLOURS["R"], tolerance=20) > 200
    # a different number, another chip
    other = combat_view("c2:R3.R2.B1 d2:B3.R2.R1")
    assert crop_bytes(render(other), chip_box(view, "c2")) != crop_bytes(image, chip_box(view, "c2"))


def test_a_capped_tree_shows_its_black_cap_and_is_frozen():
    capped_view = combat_view("c6:R3.R2.R1+K")
    open_view = combat_view("c6:R3.R2.R1")
    capped, uncapped = render(capped_view), render(open_view)
    box = square_box(capped_view, "c6")
    cap = place_stack(box, ["R3", "R2", "R1"], capped=True, frozen=True)[-1]
    assert cap.cap and cap.code == "K1" and cap.badge is None
    width, height = pyramid_extent(1, cap.scale)
    cap_box = (
        round(cap.centre_x - width / 2),
        round(cap.baseline - height),
        round(cap.centre_x + width / 2),
        round(cap.baseline),
    )

    def dark(image):
        return sum(blob_sizes(image, cap_box, lambda c: sum(c) < 160))

    assert dark(capped) > 40  # the cap's dark faces (the uncapped tree has under 30 dark pixels there)
    assert dark(uncapped) < 30
    assert count_near(capped, box, FROZEN, tolerance=20) > 300  # the ice frame and snowflake
    assert count_near(uncapped, box, FROZEN, tolerance=20) == 0
    chip = chip_box(capped_view, "c6")  # a frozen stack has no force: a snowflake instead
    assert count_near(uncapped, chip, PYRAMID_COLOURS["R"], tolerance=20) > 200
    assert count_near(capped, chip, PYRAMID_COLOURS["R"], tolerance=20) == 0
    # the player's card counts the cap
    card = player_box(capped_view, 0)
    assert crop_bytes(capped, card) != crop_bytes(uncapped, card)


# --- blocked squares, homes and starts ------------------------------------------------------


def test_blocked_squares_look_blocked():
    view = opening_view()
    image = render(view)
    for square in CORNERS + CENTRE:
        box = square_box(view, square)
        assert count_near(image, box, HATCH, tolerance=10) > 1000, square
        assert count_near(image, box, BLOCKED_FILL, tolerance=10) > 1000, square
    for square in ("b2", "e5", "c2", "a3", "f4"):
        assert count_near(image, square_box(view, square), HATCH, tolerance=10) == 0, square


def test_simple_opens_the_centre():
    view = combat_view(OPENING, version="simple", blocked=list(CORNERS))
    image = render(view)
    for square in CENTRE:
        assert count_near(image, square_box(view, square), HATCH, tolerance=10) == 0, square
    assert count_near(image, square_box(view, "a1"), HATCH, tolerance=10) > 1000


def test_reserve_nests_stand_frozen_on_their_blocked_centre_squares():
    view = advanced_opening(4)
    view["seats"][0]["reserve"] = None  # Red's reserve has entered: c3 is blocked and empty
    del view["board"]["c3"]
    image = render(view)
    for side, colour in (("W", "Y"), ("N", "B"), ("E", "G")):
        box = square_box(view, RESERVES[side])
        assert count_near(image, box, HATCH, tolerance=10) > 300, side  # still a blocked square
        assert count_near(image, box, FROZEN, tolerance=20) > 300, side
        assert count_near(image, box, face(colour), tolerance=25) > 100, side
    emptied = square_box(view, "c3")
    assert count_near(image, emptied, FROZEN, tolerance=20) == 0
    assert count_near(image, emptied, HATCH, tolerance=10) > 1000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_home_squares_are_tinted_and_start_squares_barred_in_the_players_colour(players):
    view = combat_view(players=players)  # an empty board: only the marks
    image = render(view)
    sides = SIDES[players]
    for side in sides:
        colour = SIDE_COLOURS[side]
        for square in START[OPPOSITE[side]]:  # home: the goal, across the board
            tint = home_tint(colour, square_fill(view, square))
            assert count_near(image, inner(square_box(view, square)), tint, tolerance=10) > 4000, (
                side,
                square,
            )
        for square in START[side]:  # start: a thick bar outside the board edge
            bar = start_bar_box(view, side, square)
            area = (bar[2] - bar[0]) * (bar[3] - bar[1])
            assert count_near(image, bar, PYRAMID_COLOURS[colour], tolerance=10) > area * 0.8, (side, square)
            own_tint = home_tint(colour, square_fill(view, square))
            assert count_near(image, square_box(view, square), own_tint, tolerance=10) == 0, (side, square)
    for square in ("b2", "e5", "b6", "f5"):  # neither home nor start: untinted
        plain = square_fill(view, square)
        assert count_near(image, inner(square_box(view, square)), plain, tolerance=4) > 4000, square
    if players == 3:  # East is empty: its start squares are West's home; no green anywhere
        assert count_near(image, board_layout(view).board, PYRAMID_COLOURS["G"], tolerance=20) == 0
        bar = start_bar_box(view, "E", "f3")
        assert count_near(image, bar, PYRAMID_COLOURS["G"], tolerance=20) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_goal_squares_fly_their_owners_lettered_flag(players):
    """Colour is not the only cue of whose goal a square is: a flag with the owner's letter says it,
    also under another player's nest (at the start, each side's nests stand on the goals across)."""
    for view in (combat_view(players=players), advanced_opening(players)):
        image = render(view)
        for side in SIDES[players]:
            colour = SIDE_COLOURS[side]
            # the letter on the cloth: light on red, dark on the lighter yellow, green and blue
            ink = (250, 250, 250) if colour == "R" else (18, 20, 26)
            for square in START[OPPOSITE[side]]:
                flag = goal_flag_box(view, square)
                assert count_near(image, flag, PYRAMID_COLOURS[colour], tolerance=12) > 120, (side, square)
                assert count_near(image, flag, ink, tolerance=12) > 20, (side, square)
                for other in set("RYBG") - {colour}:  # a nest standing there doesn't confuse it
                    assert count_near(image, flag, PYRAMID_COLOURS[other], tolerance=12) < 10, (square, other)
        for square in ("b2", "e5", "b6", "f5"):  # no goal, no flag
            flag = goal_flag_box(view, square)
            assert not any(
                count_near(image, flag, PYRAMID_COLOURS[colour], tolerance=12) for colour in "RYBG"
            ), square
    assert "Red's goal" in drawn_texts(combat_view(players=players))  # the legend says what it means


def test_a_goal_flag_leaves_the_stack_beside_it_alone():
    for stack in (["R3", "R2", "R1"], ["R1", "R2", "R3"], ["B3"], ["R3", "B2", "Y1"], ["R1", "B2"]):
        box = square_box(opening_view(), "c6")
        flag = goal_flag_box(opening_view(), "c6")
        for piece in place_stack(box, stack):
            width, height = pyramid_extent(size_of(piece.code), piece.scale)
            left = piece.centre_x - width / 2
            if piece.covered:  # the tray lies under the flag's pole
                assert tray_box(box)[1] >= flag[3] - 1, stack
            else:  # a tower's sides slope: its base is its widest part, right of the flag
                assert left >= flag[2] - 1 or piece.baseline - height >= flag[3], (stack, piece.code)


# --- the decision, the dice and the combat --------------------------------------------------


def test_the_deciding_player_is_highlighted_even_when_it_is_not_their_turn():
    view = busy_view()  # P1's turn, P3 decides on the counter-attack
    layout = board_layout(view)
    image = render(view)
    assert count_near(image, layout.players[2], PANEL_ACTIVE, tolerance=6) > 3000
    assert count_near(image, layout.players[0], PANEL_ACTIVE, tolerance=6) == 0

    def top_edge(box):  # the card's frame only: yellow pieces are close to the highlight's amber
        return (box[0] + 20, box[1], box[2] - 20, box[1] + 2)

    assert count_near(image, top_edge(layout.players[0]), ACCENT, tolerance=20) > 300  # the current player
    assert count_near(image, top_edge(layout.players[1]), ACCENT, tolerance=20) == 0
    assert count_near(image, layout.decision, PYRAMID_COLOURS["B"], tolerance=20) > 150  # P3's badge


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_the_action_die_shows_its_roll(roll):
    view = combat_view(OPENING, phase="action", action={"roll": roll, "name": "x", "rerolled": []})
    view["action"]["name"] = ["tip", "swap", "hop", "dig", "aim", "wild"][roll - 1]
    image = render(view)
    assert die_pips(image, action_die_box(view)) == roll


def test_rerolled_actions_are_struck_through_dice():
    view = aim_view()  # 1 and 4 re-rolled
    image = render(view)
    boxes = reroll_die_boxes(view)
    assert len(boxes) == 2
    for box in boxes:
        assert count_near(image, box, PENALTY, tolerance=30) > 20
        assert count_near(image, box, CARD_FACE, tolerance=20) > 100
    assert count_near(image, action_die_box(view), PENALTY, tolerance=30) == 0
    clean = copy.deepcopy(view)
    clean["action"]["rerolled"] = []
    assert reroll_die_boxes(clean) == []
    assert (
        count_near(
            render(clean), (boxes[0][0], boxes[0][1], boxes[-1][2], boxes[-1][3]), PENALTY, tolerance=30
        )
        == 0
    )


def test_the_aim_budget_shows_a_dot_per_step():
    view = aim_view()  # 2 of 5 left
    layout = board_layout(view)
    image = render(view)
    dice = layout.dice
    filled = [size for size in blob_sizes(image, dice, lambda c: near(c, ACCENT, 20)) if size > 100]
    hollow = [size for size in blob_sizes(image, dice, lambda c: near(c, FAINT, 20)) if size > 20]
    assert len(filled) >= 2 + 1  # the two steps left and the ring of the key's Aim
    more = copy.deepcopy(view)
    more["aim"]["left"] = 4
    more_filled = [
        size for size in blob_sizes(render(more), dice, lambda c: near(c, ACCENT, 20)) if size > 100
    ]
    assert len(more_filled) == len(filled) + 2
    assert hollow  # the used steps
    # the leg's square is framed
    assert count_near(image, square_box(view, "e3"), ACCENT, tolerance=20) > 400


def test_the_combat_card_shows_each_round_as_dice_and_the_winner():
    view = counter_view()  # round 1 6:3, counter 1:6, Blue wins
    layout = board_layout(view)
    image = render(view)
    columns = combat_columns(view)
    assert [column.label for column in columns] == ["round 1", "counter", "sum"]
    assert columns[0].totals == (11, 8) and columns[1].totals == (6, 11) and columns[2].totals == (17, 19)
    dice = combat_dice_boxes(view)
    assert [label for label, _, _ in dice] == ["round 1", "counter"]
    for (_, attacker, defender), (x, y) in zip(dice, [(6, 3), (1, 6)], strict=True):
        assert die_pips(image, attacker) == x
        assert die_pips(image, defender) == y
    # the winner's row is green, the loser's is not
    top, bottom = combat_row_middles(view)
    card = layout.combat
    attacker_row = (card[0], top - COMBAT_ROW_H // 2, card[2], top + COMBAT_ROW_H // 2)
    defender_row = (card[0], bottom - COMBAT_ROW_H // 2, card[2], bottom + COMBAT_ROW_H // 2)
    assert count_near(image, defender_row, GOOD, tolerance=20) > 400
    assert count_near(image, attacker_row, GOOD, tolerance=20) == 0


def test_tie_breaks_follow_the_rounds():
    view = counter_view()
    view["combat"]["ties"] = [[2, 2], [4, 1]]
    columns = combat_columns(view)
    assert [column.label for column in columns][-2:] == ["tie", "tie"]
    assert columns[-1].totals is None
    image = render(view)
    _, attacker, defender = combat_dice_boxes(view)[-1]
    assert (die_pips(image, attacker), die_pips(image, defender)) == (4, 1)
    many = copy.deepcopy(view)
    many["combat"]["ties"] = [[k % 6 + 1, k % 6 + 1] for k in range(12)] + [[6, 2]]
    dice = combat_dice_boxes(many)
    assert dice[-1][1][2] < board_layout(many).combat[2]  # the latest ties are kept, inside the card
    last = render(many)
    assert (die_pips(last, dice[-1][1]), die_pips(last, dice[-1][2])) == (6, 2)


def test_the_combat_card_appears_only_with_a_combat():
    assert board_layout(opening_view()).combat is None
    view = busy_view()
    assert board_layout(view).combat is not None
    image = render(view)
    _, attacker, defender = combat_dice_boxes(view)[0]
    assert (die_pips(image, attacker), die_pips(image, defender)) == (6, 3)


def test_the_hop_roll_off_shows_its_dice():
    view = final_view()  # 3:3, then 5:2
    image = render(view)
    pairs = hop_dice_boxes(view)
    assert [(die_pips(image, a), die_pips(image, b)) for a, b in pairs] == [(3, 3), (5, 2)]
    assert hop_dice_boxes(opening_view()) == []


def test_the_key_of_the_action_die_shows_when_there_is_room():
    view = opening_view()
    boxes = key_die_boxes(view)
    assert len(boxes) == 6
    image = render(view)
    assert [die_pips(image, box) for box in boxes] == [1, 2, 3, 4, 5, 6]
    assert key_die_boxes(busy_view()) == []  # four advanced cards leave no room


# --- highlights -----------------------------------------------------------------------------


def test_the_combat_opportunity_frames_the_mover_and_the_targets():
    view = offer_view()
    image = render(view)
    for square in ("b4", "c5", "a5"):
        assert count_near(image, square_box(view, square), ACCENT, tolerance=20) > 300, square
    for square in ("c6", "b5", "a4", "c1"):
        assert count_near(image, square_box(view, square), ACCENT, tolerance=20) == 0, square
    declined = copy.deepcopy(view)
    declined["offer"] = None
    quiet = render(declined)
    for square in ("b4", "c5", "a5"):
        assert count_near(quiet, square_box(view, square), ACCENT, tolerance=20) == 0, square


def test_the_last_actions_tint_and_frame_their_squares_with_arrows():
    view = offer_view()  # M a3-b4
    image = render(view)
    for square in ("a3", "b4"):
        assert count_near(image, square_box(view, square), LAST, tolerance=30) > 300, square
    for square in ("c5", "a5", "c1", "b3", "a4"):
        assert count_near(image, square_box(view, square), LAST, tolerance=30) < 40, square
    nothing = copy.deepcopy(view)
    nothing["last"] = []
    assert count_near(render(nothing), board_layout(view).board, LAST, tolerance=30) == 0


def test_log_tokens_name_squares_but_not_dice_or_pyramids():
    marks = last_marks(
        {
            "last": log(0, "A3", "A1!", "SW R2@b3 B2@e4", "DG R1@c2 B2@e5", "AM 5", "AM d1=e2")
            + log(1, "HP b2-d2 5:2", "REMOVED R3", "WIN R B", "X b4>c5 2:4", "AM c1-b2", "AM b2-b3")
        }
    )
    assert set(marks.squares) == {"b3", "e4", "c2", "e5", "d1", "e2", "b2", "d2", "b4", "c5", "c1"}
    assert ("b3", "e4", True) in marks.arrows  # a swap goes both ways
    assert ("c2", "e5", False) in marks.arrows
    for arrow in (("d1", "e2"), ("b2", "d2"), ("b4", "c5"), ("c1", "b2"), ("b2", "b3")):
        assert (*arrow, False) in marks.arrows


def line_text(line) -> str:
    return "".join(value[0] for kind, value in line if kind == "run")


def test_the_log_shows_the_latest_phrases_in_at_most_four_lines():
    view = opening_view()
    short = board_layout(view).log
    view["last"] = log(0, *[f"AM b{i % 6 + 1}-c{i % 6 + 1}" for i in range(60)], "WIN R")
    long = board_layout(view).log
    assert long[3] - long[1] > short[3] - short[1]
    lines = log_lines(view)
    assert len(lines) == LOG_LINES == 4
    assert lines[0][0] == ("run", ("…", MUTED, False))
    assert ("badge", "R") in lines[0] and "Red " in line_text(lines[0])  # the player named again
    assert line_text(lines[-1]).endswith("wins the game")
    assert long[3] - long[1] < 5 * LOG_LINE_H + 40
    render(view)


def test_the_log_shrinks_before_the_picture_grows_past_1_2_times_its_width():
    view = busy_view()  # four Advanced cards and a combat: the log starts low
    view["hop"] = {"from": "e5", "to": "f4", "rolls": [[2, 2], [4, 4], [6, 1]], "stayed": True}
    view["last"] = log(0, *[f"AM b{i % 6 + 1}-c{i % 6 + 1}" for i in range(60)])
    layout = board_layout(view)
    assert layout.height <= 1.2 * layout.width
    assert len(log_lines(view, layout.log_limit)) == layout.log_limit < LOG_LINES


def sentences(view) -> list[tuple[int | None, tuple[str, ...]]]:
    return [(sentence.seat, sentence.phrases) for sentence in log_sentences(view)]


def test_the_log_is_worded_from_the_views_facts():
    assert sentences(counter_view()) == [
        (0, ("moves the top pyramid b5 to b4", "attacks Blue's c5 from b4, dice 6 to 3")),
        (1, ("counter-attacks, dice 6 to 1", "wins the combat")),  # Blue's die first: Blue speaks
        (0, ("puts its defeated force back on c1", "rolls Swap")),
    ]
    assert sentences(aim_view()) == [
        (
            0,
            (
                "moves the top pyramid c1 to b2",
                "rolls Aim (Tip, Dig not possible)",
                "gets 5 Aim steps",
                "aims the whole force d1 to e2 to e3",  # one leg, one chain
            ),
        )
    ]
    assert sentences(final_view())[0][1][2:] == (
        "hops the top pyramid e5 to d6, roll-off 3 to 3, 5 to 2: it stays",
        "caps its tree on d6",
        "wins the game",
    )
    tokens = {
        "M -": "doesn't move",
        "M c1=b2": "moves the whole force c1 to b2",
        "X -": "doesn't attack",
        "X b4>c5 2:5": "attacks c5 from b4, dice 2 to 5",  # a log kept before the defender was
        "C -": "lets round 1 stand",
        "T 4:1": "rolls off a tie 4 to 1",
        "RES b1": "brings its reserve nest in on b1",
        "SKIP": "has no possible action",
        "TIP": "every stack of 2 or more turns over",
        "W HP": "chooses Hop",
        "SW R2@b3 B2@e4": "swaps its medium on b3 with Blue's medium on e4",
        "DG R1@c2 G2@e5": "digs its small from c2 under Green's medium on e5",
        "REMOVED R3 R1": "loses its large and small for good",
        "ELIMINATED R": "is out of the game",
        "WIN R B": "shares the win with Blue",
        "AM 1": "gets 1 Aim step",
    }
    for token, words in tokens.items():
        view = combat_view(players=4, last=log(0, token))
        assert sentences(view) == [(0, (words,))], token
    ends = [logged(0, "AM /", ends="leg"), logged(0, "AM /", ends="aim")]
    assert sentences(combat_view(last=ends)) == [(0, ("ends the leg", "ends the Aim"))]
    assert sentences(opening_view()) == [
        (None, ("Roll for the first turn: Red 5, Blue 3",)),
        (None, ("Turn 1: Red to play",)),
    ]


NOTATION = re.compile(
    r"\b[a-f][1-6]\s*[-=>]\s*[a-f][1-6]\b|\b(?:WINNER|RET|RES|TIP|SKIP|CAP|REMOVED|ELIMINATED|FIRST|WIN)\b"
    r"|\bA[1-6]!?(?:\s|$)|\b[RYBG][123]\b|\b\d:\d\b|\bX\b|\bAM\b|\bHP\b"
)


@pytest.mark.parametrize(("players", "version"), [(2, "standard"), (3, "simple"), (4, "advanced")])
def test_no_engine_notation_reaches_the_picture(players, version):
    """Boards of real games at many moments: every text drawn is in words, not in the log's notation."""
    state = COMBAT.new(players, 3, {"version": version})
    chooser = random.Random(3)
    for step in range(400):
        if state.is_over:
            break
        if step % 9 == 0:
            with text_sizes() as drawn:
                render_board(state.view(None), names=NAMES[:players])
            found = {text for _, text in drawn if NOTATION.search(text)}
            assert not found, (step, found)
        seat = state.to_move[0]
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))


def drawn_texts(view, names=NAMES) -> set[str]:
    with text_sizes() as drawn:
        render_board(view, names=names)
    return {text for _, text in drawn}


def test_counts_agree_with_their_nouns():
    one_step = combat_view(
        OPENING,
        phase="aim",
        action={"roll": 5, "name": "aim", "rerolled": []},
        aim={"budget": 1, "left": 1, "leg": None},
        last=log(0, "M -", "A5", "AM 1"),
    )
    one_pip = offer_view()
    one_pip["offer"]["pips"] = 1
    for view in (one_step, one_pip):
        texts = " | ".join(drawn_texts(view))
        assert not re.search(r"\b1 (?:\w+ )?(?:steps|pips)\b", texts), texts
    assert "gets 1 Aim step" in drawn_texts(one_step)
    assert " ".join(decision_lines(one_pip)) == "Attack from b4 (1 pip), or not"


def test_caps_are_counted_in_words_not_tiny_glyphs():
    capped = drawn_texts(combat_view("c6:R3.R2.R1+K"))
    assert "caps 1/2" in capped and "caps 0/2" in capped
    assert not any("△" in text or "▲" in text for text in capped)


def test_cards_keep_short_names_and_the_reserve_whole():
    view = busy_view()  # Blue decides: its card is highlighted, with no pill crowding the name
    view["seats"][0]["reserve"] = None
    texts = drawn_texts(view, ["Ann", "Дмитрий", "さくら", "Zoë"])
    assert {"P2 Дмитрий", "P3 さくら", "P4 Zoë", "reserve used", "reserve c4"} <= texts
    assert not any(text.endswith("…") for text in texts), texts


def test_the_decision_and_the_combat_title_fit_their_cards():
    for phase in ("move", "offer", "reply", "counter", "return", "reserve", "wild", "aim", "action"):
        view = busy_view()
        view.update(phase=phase, returning={"seat": 2, "force": ["B3", "B2", "B1"]})
        view["offer"] = {"square": "b4", "mover": 0, "pips": 5, "targets": []}
        lines = decision_lines(view)
        assert 1 <= len(lines) <= 2
        assert all(text_width(line, SMALL_SIZE, bold=True) <= COLUMN_TEXT_W for line in lines), phase
    view = busy_view()
    texts = drawn_texts(view)
    assert "b4 attacks c5" in texts  # the rows under it say whose forces
    title_right = MARGIN + PAD + text_width("b4 attacks c5", BODY_SIZE, bold=True)
    pips_left = MARGIN + PAD + COMBAT_LABEL_W - text_width("pips", SMALL_SIZE)
    assert title_right + 12 < pips_left


# --- the end --------------------------------------------------------------------------------


def test_the_winner_banner_appears_only_when_the_game_is_over():
    final = final_view()
    layout = board_layout(final)
    image = render(final)
    assert count_near(image, layout.decision, GOOD, tolerance=20) > 1500
    assert count_near(image, layout.players[0], GOOD, tolerance=20) > 500  # the winner's card
    assert count_near(image, layout.players[1], GOOD, tolerance=20) == 0
    for make in (opening_view, busy_view, offer_view):
        running = make()
        assert count_near(render(running), board_layout(running).decision, GOOD, tolerance=20) == 0
    # the reason is drawn from the view
    other = copy.deepcopy(final)
    other["win_reason"] = "last standing"
    assert crop_bytes(render(other), layout.decision) != crop_bytes(image, layout.decision)


def test_a_shared_win_names_every_winner():
    final = final_view()
    shared = copy.deepcopy(final)
    shared["winners"] = [0, 1]
    layout = board_layout(shared)
    image = render(shared)
    assert count_near(image, layout.players[1], GOOD, tolerance=20) > 500
    assert count_near(image, layout.decision, PYRAMID_COLOURS["B"], tolerance=20) > 150


def test_eliminated_players_are_marked_out():
    view = busy_view()
    view["seats"][3].update(eliminated=True, removed=[2, 2, 2], reserve=None)
    for square in ("a3", "e5", "f3", "a4", "d2"):  # no green left in play
        view["board"].pop(square, None)
    layout = board_layout(view)
    image = render(view)
    assert count_near(image, layout.players[3], PENALTY, tolerance=30) > 30  # the name struck through
    assert count_near(image, layout.players[3], FAINT, tolerance=10) > 200  # the OUT pill
    bar = start_bar_box(view, "E", "f3")
    assert count_near(image, bar, PYRAMID_COLOURS["G"], tolerance=20) == 0
    for square in ("a3", "a4"):  # Green's goals are plain squares again: no flag, no tint
        assert count_near(image, goal_flag_box(view, square), PYRAMID_COLOURS["G"], tolerance=20) == 0
        tint = home_tint("G", square_fill(view, square))
        assert count_near(image, square_box(view, square), tint, tolerance=6) == 0, square


def test_the_result_says_who_won_and_why_once():
    final = final_view()
    assert " ".join(decision_lines(final)) == "wins: both goal trees capped"
    with text_sizes() as drawn:
        render(final)
    assert [text for _, text in drawn].count("WINNER") == 1  # the winner's card; the result card says why
    shared = copy.deepcopy(final)
    shared["winners"] = [0, 1]
    assert decision_lines(shared)[0].startswith("win: ")


def test_a_name_too_wide_for_the_body_size_steps_down_before_it_is_cut():
    view = busy_view()
    view["seats"][1].update(eliminated=True)  # the OUT pill narrows Yellow's card
    with text_sizes() as drawn:
        render(view, ["Ann", "Ünal Çağlar", "さくら", "Zoë"])
    assert (SMALL_SIZE, "P2 Ünal Çağlar") in drawn


def test_names_are_drawn_from_the_view_and_survive_emoji():
    view = busy_view()
    card = board_layout(view).players[1]
    one = crop_bytes(render(view, NAMES), card)
    other = crop_bytes(render(view, ["Alice", "Bob", "Chen", "Dee"]), card)
    assert one != other
    assert render(view, ["😀", "", None, "Zoë"]).mode == "P"
