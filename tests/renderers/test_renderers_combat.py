"""The Martian Combat pictures: small palette PNGs, with the right marks in the right places.

The board picture is the board alone, filling the picture (its words are the board message's
text). The views come from the engine: positions in `games.combat.position`'s notation
("c1:[R1 R2 R3] c6:[R3 R2 R1]+K": each square's stack bottom to top, "+K" a capped tree; in
Advanced a stack on a centre square is a waiting reserve nest), played on with scripted dice.
Nothing compares exact pixels: regions come from the renderer's layout helpers and are compared
between views that differ in one thing.
"""

import pytest

from games.combat import COMBAT, Attack, Move, is_nest, position, square_view
from games.combat_views import CombatView, Marks
from games.core import with_suggestion
from renderers import render_board, render_hand, render_rules_picture
from renderers.combat_layout import (
    BOARD_X0,
    BOARD_X1,
    BOARD_Y0,
    BOARD_Y1,
    HEIGHT,
    chip_box,
    goal_flag_box,
    padlock_box,
    place_stack,
    size_of,
    square_box,
    square_index,
    start_bar_box,
    tray_box,
)
from renderers.combat_rules import render_combat_rules_picture, rule_words
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
from tests.games.test_combat import play
from tests.pictures import blob_sizes, check_png, count_near, decode, near
from tests.positions import COMBAT_T1, COMBAT_T14

NAMES = ["Alice", "Bartholomew the Magnificent of Mars", "Chen", "Dee"]
SIDES = {2: "SN", 3: "SWN", 4: "SWNE"}
SIDE_COLOURS = {"S": "R", "W": "Y", "N": "B", "E": "G"}
START = {"S": ["c1", "d1"], "W": ["a3", "a4"], "N": ["c6", "d6"], "E": ["f3", "f4"]}
OPPOSITE = {"S": "N", "N": "S", "W": "E", "E": "W"}
RESERVES = {"S": "c3", "W": "c4", "N": "d4", "E": "d3"}
CORNERS = ["a1", "f1", "a6", "f6"]
CENTRE = ["c3", "d3", "c4", "d4"]
ALL_SQUARES = [f"{file}{rank}" for file in "abcdef" for rank in range(1, 7)]
BOARD = (BOARD_X0, BOARD_Y0, BOARD_X1, BOARD_Y1)

# --- views of real positions ------------------------------------------------------------------


def board_view(text: str = "", **options) -> CombatView:
    """The spectator's view of a position (`games.combat.position`'s options), Red to move."""
    return position(text, **options).view(None)


def opening_view() -> CombatView:
    """T1: the 2-player Standard start, Red to move."""
    return board_view(COMBAT_T1)


def advanced_opening(players: int) -> CombatView:
    """A new Advanced match: every reserve nest waits on its centre square."""
    return COMBAT.new(players, 0, {"version": "advanced"}).view(None)


BUSY = (
    "c3:[R1 R2 R3] c4:[Y1 Y2 Y3] d4:[B1 B2 B3] c6:[R3 R2 R1]+K d6:[R3 B2] a5:[R2] b4:[R3] c5:[B2 B3] "
    "e2:[B3 R2 B1] a3:[Y1 G2] f3:[G1 G2 G3] b5:[Y3 Y2] e4:[R1 B2] a4:[G3 G2 G1]+K b2:[Y2] e5:[G1] "
    "f4:[Y3 Y2 Y1]+K d2:[G3]"
)


def busy_view(seat: int | None = None) -> CombatView:
    """4-player Advanced mid-game: reserves (Green's has entered: d3 stays blocked and empty), caps,
    pins and digs. Red stepped a5-b4 and attacked Blue's c5, 6:3 with equal pips (5 each), so Blue
    decides on a counter-attack."""
    state = position(
        BUSY, players=4, version="advanced", turn=23, removed={0: (1, 0, 0), 1: (0, 2, 1), 3: (1, 1, 1)}
    )
    play(state, "M a5-b4")
    play(state, "X b4>c5", 6, 3)
    return state.view(seat)


def aim_view(*steps: str) -> CombatView:
    """3 players: Red stepped c1-b2, rolled Aim with 5 steps, and aims `steps` (by default on to e3,
    where the leg goes on from)."""
    state = position("c1:[R1 R2 R3] d1:[R1 R2 R3] c6:[B1 B2 B3] d6:[B1 B2 B3] d2:[B3]", players=3, turn=4)
    play(state, "M c1-b2", 5, 5)
    for step in steps or ("AM d1=e2", "AM e2=e3"):
        play(state, step)
    return state.view(None)


T7A = "a3:[R1] b4:[R3 R2] c1:[R1 R2] c5:[B2 B3] a5:[B1] c6:[B1] d6:[B1 B2 B3]"


def offer_state():
    """T7(a): Red steps a3-b4 (6 pips) next to Blue's c5 (5) and a5 (1) and may attack."""
    state = position(T7A, turn=7)
    play(state, "M a3-b4")
    return state


def offer_view() -> CombatView:
    return offer_state().view(None)


def counter_view() -> CombatView:
    """T9: Red (5) attacked Blue (5), 6:3; Blue counter-attacked, 1:6, and won 19 to 17; Red's force
    went back to c1 and Red's action die shows Swap."""
    state = position("a5:[R3 R2] c5:[B2 B3] c6:[B1] d6:[B1 B2 B3]", turn=9)
    play(state, "M a5=b4")
    play(state, "X b4>c5", 6, 3)
    play(state, "C", 1, 6)
    play(state, "RET c1", 2)
    return state.view(None)


def final_view() -> CombatView:
    """T14: Red's Aim step completes the tree on d6 and wins; the leg is left on d6."""
    state = position(f"{COMBAT_T14} c1:[B3 B2] d1:[B1] b3:[B3 B2 B1]", turn=40)
    play(state, "M -", 5, 1)
    play(state, "AM e5-d6")
    return state.view(None)


# --- helpers --------------------------------------------------------------------------------


def face(colour: str):
    """The lit face of a side-view pyramid (pieces.pyramid_sprite)."""
    return mix(PYRAMID_COLOURS[colour], (255, 255, 255), 0.16)


def inner(box, by: int = 10):
    x0, y0, x1, y1 = box
    return (x0 + by, y0 + by, x1 - by, y1 - by)


def crop_bytes(image, box) -> bytes:
    return image.convert("RGB").crop(box).tobytes()


def square_fill(view: CombatView, square: str):
    """A plain square's colour: the board is chequered, a1 on the darker shade."""
    column, row = square_index(square)
    return SQUARE_LIGHT if (column + row) % 2 == 0 else SQUARE_DARK


def render(view: CombatView, names=NAMES):
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
    lambda: COMBAT.new(3, 0, {"version": "simple"}).view(None),
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
    view = busy_view(seat=2)
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
    image = render(COMBAT.new(players, 0, {"version": version}).view(None))
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
    view = board_view(f"{square}:[{colour}2]", players=4)
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
    view = board_view("e2:[B3 R2 B1] d2:[Y1 G2]", players=4)
    image = render(view)
    tree, nest = square_box("e2"), square_box("d2")
    for colour in "BR":
        assert count_near(image, tree, face(colour), tolerance=25) > 100, colour
    assert count_near(image, nest, face("G"), tolerance=25) > 100
    assert count_near(image, tray_box(nest), face("Y"), tolerance=25) > 10  # the covered small
    # one badge per pyramid: a disc of its colour with the letter, in the square's badge places
    for square, stack in (("e2", ("B3", "R2", "B1")), ("d2", ("Y1", "G2"))):
        placed = place_stack(square_box(square), view.board[square])
        assert tuple(piece.code for piece in placed) == stack
        for piece in placed:
            cx, cy = piece.badge
            inside_rim = ((-piece.badge_size * 0.38, 0), (0, -piece.badge_size * 0.38))  # clear of the letter
            ring = [image.convert("RGB").getpixel((round(cx + dx), round(cy + dy))) for dx, dy in inside_rim]
            assert all(near(pixel, PYRAMID_COLOURS[piece.code[0]], 30) for pixel in ring), (square, piece)


def test_a_nest_and_a_tree_of_the_same_pyramids_look_different():
    nest_view = board_view("c2:[R1 B2 R3]")  # Red's L covers Blue's M covers Red's S
    tree_view = board_view("c2:[R3 B2 R1]")  # Red's S on Blue's M on Red's L
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
    view = board_view("c2:[R3 B2 Y1]", players=4)
    placed = place_stack(square_box("c2"), view.board["c2"])
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
    pinned_view = board_view("c2:[R3 B1] b2:[B1 R3]")  # Red's L under Blue's S; Blue's S inside Red's L
    free_view = board_view("c2:[R3 R1] b2:[R1 R3]")
    pinned, free = render(pinned_view), render(free_view)
    white = (250, 250, 250)
    for square in ("c2", "b2"):
        bottom, top = place_stack(square_box(square), pinned_view.board[square])
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
    view = board_view("c2:[R3 B2 B1] d2:[B3 R2 R1]")
    assert view.board["c2"].force.pips == 3 and view.board["d2"].force.pips == 3
    image = render(view)
    assert count_near(image, chip_box("c2"), PYRAMID_COLOURS["B"], tolerance=20) > 400
    assert count_near(image, chip_box("c2"), PYRAMID_COLOURS["R"], tolerance=20) == 0
    assert count_near(image, chip_box("d2"), PYRAMID_COLOURS["R"], tolerance=20) > 400
    other = board_view("c2:[R3 R2 B1] d2:[B3 R2 R1]")  # a different number, another chip
    assert crop_bytes(render(other), chip_box("c2")) != crop_bytes(image, chip_box("c2"))
    assert CHIP_DIGIT * 325 / 1000 >= 10  # px at phone width


def test_a_capped_tree_shows_its_black_cap_and_is_frozen():
    capped_view = board_view("c6:[R3 R2 R1]+K")
    open_view = board_view("c6:[R3 R2 R1]")
    capped, uncapped = render(capped_view), render(open_view)
    box = square_box("c6")
    cap = place_stack(box, capped_view.board["c6"])[-1]
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
    image = render(board_view(COMBAT_T1, version="simple"))
    for square in CENTRE:
        assert count_near(image, square_box(square), HATCH, tolerance=10) == 0, square
    assert count_near(image, square_box("a1"), HATCH, tolerance=10) > 2000


def test_reserve_nests_stand_frozen_on_their_blocked_centre_squares():
    reserves = " ".join(
        f"{RESERVES[side]}:[{SIDE_COLOURS[side]}1 {SIDE_COLOURS[side]}2 {SIDE_COLOURS[side]}3]"
        for side in "WNE"
    )
    view = board_view(reserves, players=4, version="advanced")  # Red's reserve has entered: c3 is empty
    assert view.seats[0].reserve is None
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
    view = board_view(players=players)  # an empty board: only the marks
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
    state = position("b2:[R3] a4:[Y1] e6:[B1]", players=3, version="advanced", removed={1: (2, 3, 3)})
    play(state, "M b2-b3")
    play(state, "X b3>a4", 4, 1, 5, 1)  # Red takes Yellow's (West's) last pyramid
    view = state.view(None)
    assert view.seats[1].eliminated
    image = render(view)
    bar = start_bar_box("W", "a3")
    area = (bar[2] - bar[0]) * (bar[3] - bar[1])
    assert count_near(image, bar, FAINT, tolerance=6) > area * 0.8
    assert count_near(image, inner(square_box("f3")), home_tint("Y", square_fill(view, "f3")), 10) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_goal_squares_fly_their_owners_lettered_flag(players):
    """Colour is not the only cue of whose goal a square is: a flag with the owner's letter says it,
    also under another player's nest (at the start, each side's nests stand on the goals across)."""
    for view in (board_view(players=players), advanced_opening(players)):
        image = render(view)
        for side in SIDES[players]:
            colour = SIDE_COLOURS[side]
            # the letter on the cloth: light on red, dark on the lighter yellow, green and blue
            ink = (250, 250, 250) if colour == "R" else (18, 20, 26)
            for square in START[OPPOSITE[side]]:
                flag = goal_flag_box(square_box(square), alone=square not in view.board)
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
        for piece in place_stack(box, square_view(stack)):
            width, height = pyramid_extent(size_of(piece.code), piece.scale)
            left = piece.centre_x - width / 2
            if piece.covered:  # the tray lies under the flag's pole
                assert tray_box(box)[1] >= flag[3] - 1, stack
            else:  # a tower's sides slope: its base is its widest part, right of the flag
                assert left >= flag[2] - 1 or piece.baseline - height >= flag[3], (stack, piece.code)


# --- what is being decided, and what just happened ------------------------------------------


def test_the_combat_opportunity_frames_the_mover_and_the_targets():
    state = offer_state()
    image = render(state.view(None))
    for square in ("b4", "c5", "a5"):
        assert count_near(image, square_box(square), ACCENT, tolerance=20) > 600, square
    for square in ("c6", "b5", "a4", "c1"):
        assert count_near(image, square_box(square), ACCENT, tolerance=20) == 0, square
    play(state, "X -", 5, 1)  # declined: on to Red's action die (Aim, 1 step)
    quiet = render(state.view(None))
    for square in ("b4", "c5", "a5"):
        assert count_near(quiet, square_box(square), ACCENT, tolerance=20) == 0, square


def test_an_aim_leg_frames_the_square_it_goes_on_from():
    assert count_near(render(aim_view()), square_box("e3"), ACCENT, tolerance=20) > 600
    on_e2 = render(aim_view("AM d1=e2"))
    assert count_near(on_e2, square_box("e3"), ACCENT, tolerance=20) == 0
    assert count_near(on_e2, square_box("e2"), ACCENT, tolerance=20) > 600


def test_the_last_actions_tint_and_frame_their_squares_with_arrows():
    view = offer_view()  # M a3-b4
    image = render(view)
    for square in ("a3", "b4"):
        assert count_near(image, square_box(square), LAST, tolerance=15) > 600, square
    for square in ("c5", "a5", "c1", "b3", "a4"):
        assert count_near(image, square_box(square), LAST, tolerance=15) < 80, square
    nothing = board_view(T7A)  # before the step, nothing logged
    assert count_near(render(nothing), BOARD, LAST, tolerance=15) == 0


def test_a_finished_game_shows_no_decision_frames():
    view = final_view()
    assert view.is_over and view.aim.leg == "d6", "the winning Aim step's leg"
    assert count_near(render(view), BOARD, ACCENT, tolerance=20) == 0


# --- a tutorial's suggested move --------------------------------------------------------------


def white(image, square: str) -> int:
    return count_near(image, square_box(square), SUGGESTED, tolerance=12)


def test_a_suggested_move_is_framed_in_dashed_white_with_its_arrow_and_nothing_else_changes():
    state = offer_state()  # Red arrived on b4 and may attack c5 or a5
    view = state.view(None)
    plain = render(view)
    marked = render(with_suggestion(view, COMBAT.marks(state, 0, Attack("b4", "c5"))))
    for square in ("b4", "c5"):
        assert white(marked, square) > white(plain, square) + 1000, square
    for square in ("a5", "a3", "a4", "c1", "c6", "d6", "b5", "c4"):
        assert crop_bytes(marked, square_box(square)) == crop_bytes(plain, square_box(square)), square
    assert count_near(marked, square_box("a3"), LAST, tolerance=15) > 600, "the last move keeps its pink"
    assert count_near(marked, square_box("c5"), ACCENT, tolerance=20) > 300, "and the targets their amber"


def test_a_suggested_step_marks_the_empty_square_it_goes_to_on_the_private_picture_too():
    state = position(COMBAT_T1)
    marks = COMBAT.marks(state, 0, Move("c1", "b2", False))
    board, own = (with_suggestion(state.view(seat), marks) for seat in (None, 0))
    for image in (render(board), decode(render_hand(own, names=NAMES))):
        assert white(image, "b2") > 1500
        assert white(image, "d1") == white(decode(render_board(opening_view(), names=NAMES)), "d1")


@pytest.mark.parametrize("make_view", ALL_VIEWS)
def test_no_suggestion_draws_the_picture_as_before(make_view):
    view = make_view()
    assert render_board(with_suggestion(view, Marks()), names=NAMES) == render_board(view, names=NAMES)
