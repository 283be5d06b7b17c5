"""The Martian Combat pictures: small palette PNGs, with the right marks in the right places.

The board picture is the board alone, filling the picture (its words are the board message's
text). The views are written by hand in the engine's view format. Positions are written
"c1:R1.R2.R3 c6:R3.R2.R1+K c3:R1.R2.R3*": each square's stack bottom to top, "+K" a capped tree,
"*" an Advanced reserve nest waiting in the centre. Nothing compares exact pixels: regions come
from the renderer's layout helpers and are compared between views that differ in one thing.
"""

import copy

import pytest

from games.combat import combat_totals, log_entry, square_view
from renderers import render_board, render_hand, render_rules_picture
from renderers.combat import (
    BOARD_X0,
    BOARD_X1,
    BOARD_Y0,
    BOARD_Y1,
    HEIGHT,
    chip_box,
    goal_flag_box,
    is_nest,
    last_marks,
    padlock_box,
    place_stack,
    render_combat_rules_picture,
    rule_words,
    size_of,
    square_box,
    square_index,
    start_bar_box,
    tray_box,
)
from renderers.combat_sprites import (
    BLOCKED_FILL,
    CHIP_DIGIT,
    FROZEN,
    HATCH,
    LAST,
    SQUARE_DARK,
    SQUARE_LIGHT,
    SUGGESTED,
    TRAY_FILL,
    home_tint,
)
from renderers.common import ACCENT, FAINT, MUTED, PYRAMID_COLOURS, mix, text_sizes
from renderers.pieces import pyramid_extent
from tests.pictures import blob_sizes, check_png, count_near, decode, near

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
BOARD = (BOARD_X0, BOARD_Y0, BOARD_X1, BOARD_Y1)

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
    """The lit face of a side-view pyramid (pieces.pyramid_sprite)."""
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


ALL_VIEWS = [
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
]


@pytest.mark.parametrize("make_view", ALL_VIEWS)
def test_board_is_a_small_square_palette_png(make_view):
    png = render_board(make_view(), names=NAMES)
    image = check_png(png, min_height=HEIGHT, max_height=HEIGHT)
    assert image.height <= image.width * 1.2
    assert len(png) < 150_000


@pytest.mark.parametrize("make_view", ALL_VIEWS)
def test_the_board_fills_the_picture_and_its_only_words_are_big_coordinates(make_view):
    """No side panel, log or legend: the board spans the width; the coordinates are the only
    words (the letters on badges and flags are pieces' letters) and read at phone size."""
    assert BOARD_X1 - BOARD_X0 > 0.85 * 1000
    with text_sizes() as drawn:
        render_board(make_view(), names=NAMES)
    words = {text for _, text in drawn}
    assert words <= set("abcdef123456") | {str(pips) for pips in range(1, 7)}, words
    assert all(size * 325 / 1000 >= 10 for size, _ in drawn)


def test_names_are_not_drawn_the_text_says_them():
    view = busy_view()
    assert render_board(view, names=NAMES) == render_board(view, names=["x", "y", "z", "w"])


def test_hand_is_the_board_and_the_rules_picture_is_drawn_once():
    view = busy_view()
    view["seat"] = 2
    assert render_hand(view, names=NAMES) == render_board(view, names=NAMES)
    first = render_rules_picture("combat")
    check_png(first, min_height=600, max_height=1200)
    assert render_combat_rules_picture() is first


def test_the_rules_picture_names_its_marks_in_a_few_big_words():
    render_combat_rules_picture.cache_clear()
    with text_sizes() as drawn:
        render_combat_rules_picture()
    words = [text for size, text in drawn if len(text) > 1]
    assert words == rule_words()
    assert min(size for size, text in drawn if len(text) > 1) * 325 / 1000 >= 11


@pytest.mark.parametrize("version", ["standard", "simple", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_only_the_players_colours_are_on_the_board(players, version):
    view = advanced_opening(players) if version == "advanced" else combat_view(OPENING, players=players)
    view["version"] = version
    if version == "simple":
        view["blocked"] = list(CORNERS)
    image = render(view)
    absent = set("RYBG") - {SIDE_COLOURS[side] for side in SIDES[players]}
    for colour in absent:
        assert (
            count_near(image, (0, 0, image.width, image.height), PYRAMID_COLOURS[colour], tolerance=20) == 0
        )


# --- the grid -------------------------------------------------------------------------------


def test_the_squares_form_a_6x6_grid_seen_from_the_south():
    a1, f1, a6, f6 = (square_box(square) for square in ("a1", "f1", "a6", "f6"))
    assert a1[0] < f1[0] and a1[1] == f1[1]  # files left to right
    assert a6[1] < a1[1] and a6[0] == a1[0]  # rank 1 at the bottom
    assert f6[2] - a6[0] == 6 * (a1[2] - a1[0])
    boxes = [square_box(square) for square in ALL_SQUARES]
    for i, a in enumerate(boxes):
        assert BOARD[0] <= a[0] and a[2] <= BOARD[2] and BOARD[1] <= a[1] and a[3] <= BOARD[3]
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_the_coordinates_are_written_beside_the_board():
    image = render(opening_view())
    under = (BOARD[0], BOARD[3] + 26, BOARD[2], image.height)  # file letters, under the South bars
    left = (0, BOARD[1], BOARD[0] - 26, BOARD[3])  # rank numbers, left of the West bars
    assert count_near(image, under, MUTED, tolerance=30) > 600
    assert count_near(image, left, MUTED, tolerance=30) > 600


# --- pieces ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("colour", "square"), [("R", "b2"), ("Y", "e5"), ("B", "a2"), ("G", "f5")])
def test_a_square_shows_its_pyramid_colours_and_its_neighbours_do_not(colour, square):
    view = combat_view(f"{square}:{colour}2", players=4)
    image = render(view)
    assert count_near(image, square_box(square), face(colour), tolerance=25) > 100
    file, rank = square[0], int(square[1])
    neighbours = [
        f"{chr(ord(file) + df)}{rank + dr}"
        for df in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (df or dr) and "a" <= chr(ord(file) + df) <= "f" and 1 <= rank + dr <= 6
    ]
    for other in neighbours:
        assert count_near(image, square_box(other), face(colour), tolerance=25) == 0, other


def test_mixed_stacks_show_every_colour_with_a_letter_badge_each():
    view = combat_view("e2:B3.R2.B1 d2:Y1.G2", players=4)
    image = render(view)
    tree, nest = square_box("e2"), square_box("d2")
    for colour in "BR":
        assert count_near(image, tree, face(colour), tolerance=25) > 100, colour
    assert count_near(image, nest, face("G"), tolerance=25) > 100
    assert count_near(image, tray_box(nest), face("Y"), tolerance=25) > 10  # the covered small
    # one badge per pyramid: a disc of its colour with the letter, in the square's badge places
    for square, stack in (("e2", ["B3", "R2", "B1"]), ("d2", ["Y1", "G2"])):
        placed = place_stack(square_box(square), stack)
        assert [piece.code for piece in placed] == stack
        for piece in placed:
            cx, cy = piece.badge
            inside_rim = ((-piece.badge_size * 0.38, 0), (0, -piece.badge_size * 0.38))  # clear of the letter
            ring = [image.convert("RGB").getpixel((round(cx + dx), round(cy + dy))) for dx, dy in inside_rim]
            assert all(near(pixel, PYRAMID_COLOURS[piece.code[0]], 30) for pixel in ring), (square, piece)


def test_a_nest_and_a_tree_of_the_same_pyramids_look_different():
    nest_view = combat_view("c2:R1.B2.R3")  # Red's L covers Blue's M covers Red's S
    tree_view = combat_view("c2:R3.B2.R1")  # Red's S on Blue's M on Red's L
    nest, tree = render(nest_view), render(tree_view)
    box = square_box("c2")
    tray = tray_box(box)
    tower = (box[0], box[1], box[2], tray[1] - 1)
    assert crop_bytes(nest, box) != crop_bytes(tree, box)
    assert count_near(nest, tray, TRAY_FILL, tolerance=8) > 800  # the nest's tray
    assert count_near(tree, tray, TRAY_FILL, tolerance=8) < 80  # (a few edge pixels of the same shade)
    assert count_near(nest, tray, PYRAMID_COLOURS["B"], tolerance=45) > 100  # Blue is inside the nest
    assert count_near(nest, tower, face("B"), tolerance=25) == 0
    assert count_near(tree, tower, face("B"), tolerance=25) > 80  # and stands in the tree


def test_a_tree_stands_smaller_on_bigger():
    view = combat_view("c2:R3.B2.Y1", players=4)
    placed = place_stack(square_box("c2"), ["R3", "B2", "Y1"])
    baselines = [piece.baseline for piece in placed]
    assert baselines == sorted(baselines, reverse=True)  # each higher than the one under it
    assert not any(piece.covered for piece in placed)
    image = render(view)
    crop = image.convert("RGB").crop(square_box("c2"))

    def mean_row(colour):
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
        bottom, top = place_stack(square_box(square), stack, covered=covered)
        lock = padlock_box(bottom)
        assert (
            count_near(pinned, lock, white, tolerance=12) > count_near(free, lock, white, tolerance=12) + 60
        )
        clear = padlock_box(top)  # the top pyramid is free in both
        assert (
            count_near(pinned, clear, white, tolerance=12)
            <= count_near(free, clear, white, tolerance=12) + 12
        )


def test_the_force_chip_shows_the_top_owners_run_in_big_digits():
    assert is_nest(["R1", "B2"]) and not is_nest(["R2", "B1"]) and not is_nest(["R3"])
    view = combat_view("c2:R3.B2.B1 d2:B3.R2.R1")
    assert view["board"]["c2"]["force"]["pips"] == 3 and view["board"]["d2"]["force"]["pips"] == 3
    image = render(view)
    assert count_near(image, chip_box("c2"), PYRAMID_COLOURS["B"], tolerance=20) > 400
    assert count_near(image, chip_box("c2"), PYRAMID_COLOURS["R"], tolerance=20) == 0
    assert count_near(image, chip_box("d2"), PYRAMID_COLOURS["R"], tolerance=20) > 400
    other = combat_view("c2:R3.R2.B1 d2:B3.R2.R1")  # a different number, another chip
    assert crop_bytes(render(other), chip_box("c2")) != crop_bytes(image, chip_box("c2"))
    assert CHIP_DIGIT * 325 / 1000 >= 10  # px at phone width


def test_a_capped_tree_shows_its_black_cap_and_is_frozen():
    capped_view = combat_view("c6:R3.R2.R1+K")
    open_view = combat_view("c6:R3.R2.R1")
    capped, uncapped = render(capped_view), render(open_view)
    box = square_box("c6")
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

    assert dark(capped) > 100  # the cap's dark faces
    assert dark(uncapped) < 60
    assert count_near(capped, box, FROZEN, tolerance=20) > 600  # the ice frame and snowflake
    assert count_near(uncapped, box, FROZEN, tolerance=20) == 0
    chip = chip_box("c6")  # a frozen stack has no force: a snowflake instead
    assert count_near(uncapped, chip, PYRAMID_COLOURS["R"], tolerance=20) > 400
    assert count_near(capped, chip, PYRAMID_COLOURS["R"], tolerance=20) == 0


# --- blocked squares, homes and starts ------------------------------------------------------


def test_blocked_squares_look_blocked():
    image = render(opening_view())
    for square in CORNERS + CENTRE:
        box = square_box(square)
        assert count_near(image, box, HATCH, tolerance=10) > 2000, square
        assert count_near(image, box, BLOCKED_FILL, tolerance=10) > 2000, square
    for square in ("b2", "e5", "c2", "a3", "f4"):
        assert count_near(image, square_box(square), HATCH, tolerance=10) == 0, square


def test_simple_opens_the_centre():
    image = render(combat_view(OPENING, version="simple", blocked=list(CORNERS)))
    for square in CENTRE:
        assert count_near(image, square_box(square), HATCH, tolerance=10) == 0, square
    assert count_near(image, square_box("a1"), HATCH, tolerance=10) > 2000


def test_reserve_nests_stand_frozen_on_their_blocked_centre_squares():
    view = advanced_opening(4)
    view["seats"][0]["reserve"] = None  # Red's reserve has entered: c3 is blocked and empty
    del view["board"]["c3"]
    image = render(view)
    for side, colour in (("W", "Y"), ("N", "B"), ("E", "G")):
        box = square_box(RESERVES[side])
        assert count_near(image, box, HATCH, tolerance=10) > 300, side  # still a blocked square
        assert count_near(image, box, FROZEN, tolerance=20) > 600, side
        assert count_near(image, box, face(colour), tolerance=25) > 200, side
    emptied = square_box("c3")
    assert count_near(image, emptied, FROZEN, tolerance=20) == 0
    assert count_near(image, emptied, HATCH, tolerance=10) > 2000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_home_squares_are_tinted_and_start_squares_barred_in_the_players_colour(players):
    view = combat_view(players=players)  # an empty board: only the marks
    image = render(view)
    for side in SIDES[players]:
        colour = SIDE_COLOURS[side]
        for square in START[OPPOSITE[side]]:  # home: the goal, across the board
            tint = home_tint(colour, square_fill(view, square))
            assert count_near(image, inner(square_box(square)), tint, tolerance=10) > 8000, (side, square)
        for square in START[side]:  # start: a thick bar outside the board edge
            bar = start_bar_box(side, square)
            area = (bar[2] - bar[0]) * (bar[3] - bar[1])
            assert count_near(image, bar, PYRAMID_COLOURS[colour], tolerance=10) > area * 0.8, (side, square)
            own_tint = home_tint(colour, square_fill(view, square))
            assert count_near(image, square_box(square), own_tint, tolerance=10) == 0, (side, square)
    for square in ("b2", "e5", "b6", "f5"):  # neither home nor start: untinted
        plain = square_fill(view, square)
        assert count_near(image, inner(square_box(square)), plain, tolerance=4) > 8000, square
    if players == 3:  # East is empty: its start squares are West's home; no green anywhere
        assert count_near(image, BOARD, PYRAMID_COLOURS["G"], tolerance=20) == 0
        assert count_near(image, start_bar_box("E", "f3"), PYRAMID_COLOURS["G"], tolerance=20) == 0


def test_an_eliminated_players_bars_go_grey_and_its_goals_plain():
    view = combat_view(players=3)
    view["seats"][1]["eliminated"] = True  # Yellow, West
    image = render(view)
    bar = start_bar_box("W", "a3")
    area = (bar[2] - bar[0]) * (bar[3] - bar[1])
    assert count_near(image, bar, FAINT, tolerance=6) > area * 0.8
    assert count_near(image, inner(square_box("f3")), home_tint("Y", square_fill(view, "f3")), 10) == 0


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
                flag = goal_flag_box(square_box(square), alone=square not in view["board"])
                assert count_near(image, flag, PYRAMID_COLOURS[colour], tolerance=12) > 150, (side, square)
                assert count_near(image, flag, ink, tolerance=12) > 30, (side, square)
                for other in set("RYBG") - {colour}:  # a nest standing there doesn't confuse it
                    assert count_near(image, flag, PYRAMID_COLOURS[other], tolerance=12) < 10, (square, other)
        for square in ("b2", "e5", "b6", "f5"):  # no goal, no flag
            flag = goal_flag_box(square_box(square), alone=True)
            assert not any(count_near(image, flag, PYRAMID_COLOURS[c], tolerance=12) for c in "RYBG"), square


def test_a_goal_flag_leaves_the_stack_beside_it_alone():
    box = square_box("c6")
    flag = goal_flag_box(box, alone=False)
    for stack in (["R3", "R2", "R1"], ["R1", "R2", "R3"], ["B3"], ["R3", "B2", "Y1"], ["R1", "B2"]):
        for piece in place_stack(box, stack):
            width, height = pyramid_extent(size_of(piece.code), piece.scale)
            left = piece.centre_x - width / 2
            if piece.covered:  # the tray lies under the flag's pole
                assert tray_box(box)[1] >= flag[3] - 1, stack
            else:  # a tower's sides slope: its base is its widest part, right of the flag
                assert left >= flag[2] - 1 or piece.baseline - height >= flag[3], (stack, piece.code)


# --- what is being decided, and what just happened ------------------------------------------


def test_the_combat_opportunity_frames_the_mover_and_the_targets():
    view = offer_view()
    image = render(view)
    for square in ("b4", "c5", "a5"):
        assert count_near(image, square_box(square), ACCENT, tolerance=20) > 600, square
    for square in ("c6", "b5", "a4", "c1"):
        assert count_near(image, square_box(square), ACCENT, tolerance=20) == 0, square
    declined = copy.deepcopy(view)
    declined["offer"] = None
    quiet = render(declined)
    for square in ("b4", "c5", "a5"):
        assert count_near(quiet, square_box(square), ACCENT, tolerance=20) == 0, square


def test_an_aim_leg_frames_the_square_it_goes_on_from():
    view = aim_view()
    assert count_near(render(view), square_box("e3"), ACCENT, tolerance=20) > 600
    view["aim"]["leg"] = None
    assert count_near(render(view), square_box("e3"), ACCENT, tolerance=20) == 0


def test_the_last_actions_tint_and_frame_their_squares_with_arrows():
    view = offer_view()  # M a3-b4
    image = render(view)
    for square in ("a3", "b4"):
        assert count_near(image, square_box(square), LAST, tolerance=15) > 600, square
    for square in ("c5", "a5", "c1", "b3", "a4"):
        assert count_near(image, square_box(square), LAST, tolerance=15) < 80, square
    nothing = copy.deepcopy(view)
    nothing["last"] = []
    assert count_near(render(nothing), BOARD, LAST, tolerance=15) == 0


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


def test_a_finished_game_shows_no_decision_frames():
    view = final_view()
    view["offer"] = {
        "square": "b3",
        "mover": 0,
        "pips": 6,
        "targets": [{"square": "c1", "seat": 1, "pips": 5}],
    }
    assert count_near(render(view), BOARD, ACCENT, tolerance=20) == 0


# --- a tutorial's suggested move --------------------------------------------------------------


def white(image, square: str) -> int:
    return count_near(image, square_box(square), SUGGESTED, tolerance=12)


def test_a_suggested_move_is_framed_in_dashed_white_with_its_arrow_and_nothing_else_changes():
    view = offer_view()  # Red arrived on b4 and may attack c5 or a5
    plain = render(view)
    view["suggested"] = {"squares": ["b4", "c5"], "arrows": [["b4", "c5", False]]}
    marked = render(view)
    for square in ("b4", "c5"):
        assert white(marked, square) > white(plain, square) + 1000, square
    for square in ("a5", "a3", "a4", "c1", "c6", "d6", "b5", "c4"):
        assert crop_bytes(marked, square_box(square)) == crop_bytes(plain, square_box(square)), square
    assert count_near(marked, square_box("a3"), LAST, tolerance=15) > 600, "the last move keeps its pink"
    assert count_near(marked, square_box("c5"), ACCENT, tolerance=20) > 300, "and the targets their amber"


def test_a_suggested_step_marks_the_empty_square_it_goes_to_on_the_private_picture_too():
    view = opening_view()
    view["suggested"] = {"squares": ["c1", "b2"], "arrows": [["c1", "b2", False]]}
    for image in (render(view), decode(render_hand({**view, "seat": 0}, names=NAMES))):
        assert white(image, "b2") > 1500
        assert white(image, "d1") == white(decode(render_board(opening_view(), names=NAMES)), "d1")


@pytest.mark.parametrize("make_view", ALL_VIEWS)
def test_no_suggestion_draws_the_picture_as_before(make_view):
    view = make_view()
    assert render_board({**view, "suggested": {}}, names=NAMES) == render_board(view, names=NAMES)
