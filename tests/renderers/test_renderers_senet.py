"""The Martian Senet pictures: small palette PNGs, with the right marks in the right places.

The views are written by hand in the engine's view format (briefs/senet_view.md), positions in the
spec's notation (rules §9: "S5=aS.bM" is A's small with B's medium over it). Nothing compares exact
pixels: regions come from the renderer's layout helpers and are compared between views that differ
in one thing.
"""

import copy

import pytest

from games.senet import log_entry
from renderers import render_board, render_hand, render_rules_picture
from renderers.common import ACCENT, PENALTY, PYRAMID_COLOURS, mix, text_sizes
from renderers.pieces import pyramid_extent
from renderers.senet import (
    BADGE,
    BADGE_DARK,
    BADGE_LIGHT,
    LABEL_SIZE,
    LAST,
    LAST_TINT,
    SQUARE_FILL,
    SUGGESTED,
    TRAY_FILL,
    TRAY_ROW,
    board_layout,
    board_square_box,
    clear_caches,
    coaster_box,
    moved_squares,
    off_box,
    path_index,
    place_stack,
    render_senet_rules_picture,
    tray_box,
)
from tests.pictures import check_png, count_near, decode, near

NAMES = ["Alice", "Bartholomew the Magnificent of Mars"]
SIZES = {"S": 1, "M": 2, "L": 3}
CLASSIC = {"a": ["B"], "b": ["O"]}
TREEHOUSE = {"a": ["G", "B"], "b": ["R", "Y"]}
TREEHOUSE_ALT = {"a": ["C", "P"], "b": ["O", "L"]}
OPENING = "S1=aS.aM.aL S2=bS.bM.bL S3=aS.aM.aL S4=bS.bM.bL S6=aS.aM.aL S7=bS.bM.bL S8=aS.aM.aL S9=bS.bM.bL"

# --- hand-written views ---------------------------------------------------------------------


def parse_position(text: str, colours: dict) -> tuple[dict, dict, list]:
    """ "S5=aS.bM B4=aL" -> squares, peaks and blocks as the view has them.

    A player with two colours (Treehouse) gets them alternately up each stack, so both show.
    """
    squares, peaks, blocks = {}, {}, []
    for item in text.split():
        square, _, body = item.partition("=")
        stack = []
        for k, token in enumerate(body.split(".")):
            owner = token[0]
            stack.append([owner, SIZES[token[1]], colours[owner][k % len(colours[owner])]])
        squares[square] = stack
        peak = 0
        while peak + 1 < len(stack) and stack[peak + 1][1] == stack[peak][1] + 1:
            peak += 1
        peaks[square] = peak
        top = stack[-3:]
        if peak <= len(stack) - 3 and [p[1] for p in top] == [3, 2, 1] and len({p[0] for p in top}) == 1:
            blocks.append(square)
    return squares, peaks, blocks


def senet_view(position: str = "", *, colours: dict = CLASSIC, **changes) -> dict:
    """A view of `position`, A (seat 0) to use a pending 2, nothing played yet, seen by nobody."""
    squares, peaks, blocks = parse_position(position, colours)
    view = {
        "game": "senet",
        "seat": None,
        "a_seat": 0,
        "colours": colours,
        "squares": squares,
        "peaks": peaks,
        "blocks": blocks,
        "off": {"a": 0, "b": 0},
        "current": "a",
        "to_move": [0],
        "roll": 2,
        "legal": [],
        "targets": {},
        "last": None,
        "log": [],
        "turn": 1,
        "is_over": False,
        "winner": None,
        "points": None,
        "breakdown": None,
        "track_points": {"S": 3, "B": 2, "P": 1},
        "pyramids_each": 12,
        "coaster_roll": False,
        "roll_again": False,
    }
    view.update(changes)
    return view


def opening_view() -> dict:
    """TV1: A to move with a 2."""
    return senet_view(OPENING, legal=["S3L-S5", "S8L-B9"], targets={"S3L-S5": "S5", "S8L-B9": "B9"})


def entry(player: str, roll: int, action: str) -> dict:
    """A roll of the log as the engine's view gives it, with its move's facts."""
    return log_entry({"player": player, "roll": roll, "action": action})


def mid_view() -> dict:
    """A busy position: mixed stacks (TV5's S5, TV6's B4), a B block on S9, B to use a 6.

    A's last turn was TV10's: 1 (no move), 6 S8L-B5, then 2 S3L-S5; B rolled a 6 since.
    """
    position = (
        "S1=aS.aM.aL S4=bS.aM S5=aS.bM.aL.bM.aS S6=aL.bM S9=bL.bM.bS B5=aL B8=aM B6=bL "
        "B4=aS.aM.aL P1=bM.bS P3=aS.aM P6=bL.bM"
    )
    return senet_view(
        position,
        current="b",
        to_move=[1],
        roll=6,
        roll_again=True,
        turn=14,
        off={"a": 3, "b": 5},
        legal=["S4S-S9", "B6L-B1", "P6L-off"],
        targets={"B6L-B1": "B1", "P6L-off": "off"},
        last={"player": "a", "roll": 2, "action": "S3L-S5", "from": "S3", "to": "S5"},
        log=[entry("b", 3, "S7L-B9"), entry("a", 1, "-"), entry("a", 6, "S8L-B5"), entry("a", 2, "S3L-S5")],
    )


def final_view() -> dict:
    """TV11: A bore off the 12th pyramid with P8L-off on a 6 and scores 45."""
    position = "S2=bS.bM.bL B5=bL.bM.bS B1=bS.bM P2=bL P4=bL.bM P6=bS"
    return senet_view(
        position,
        roll=None,
        to_move=[],
        turn=61,
        off={"a": 12, "b": 0},
        is_over=True,
        winner="a",
        points=45,
        breakdown={"S": 6, "B": 9, "P": 9},
        last={"player": "a", "roll": 6, "action": "P8L-off", "from": "P8", "to": "off"},
        log=[entry("b", 4, "B5L-B1"), entry("a", 6, "P8L-off")],
    )


def treehouse_view(colours: dict = TREEHOUSE) -> dict:
    """Two colours each; A has just taken the east coaster to the west end and must use a 5 again."""
    position = "S5=aS.bM.aL.bM.aS B4=aS.aM.aL P7=aL.bM P8=bL.bM.bS S2=bS.bM.bL"
    return senet_view(
        position,
        colours=colours,
        roll=5,
        coaster_roll=True,
        roll_again=True,
        legal=["E", "W"],
        last={"player": "a", "roll": 5, "action": "E", "from": None, "to": None},
        log=[entry("a", 1, "-"), entry("a", 5, "E")],
    )


def empty_view() -> dict:
    return senet_view(roll=None)


# --- helpers --------------------------------------------------------------------------------


def tray(square: str):
    """The bottom of a square, where the pyramids locked in a nest are shown (two rows' room)."""
    return tray_box(board_square_box(square))


def tower(square: str):
    """A square above its tray."""
    x0, y0, x1, _ = tray(square)
    return (x0, board_square_box(square)[1] + 4, x1, y0 - 1)


def mean_row(image, box, target, tolerance=40) -> float:
    """The mean y (in the box) of the pixels close to `target`."""
    crop = image.convert("RGB").crop(box)
    pixels = crop.load()
    rows = [
        y
        for y in range(crop.height)
        for x in range(crop.width)
        if sum((a - b) ** 2 for a, b in zip(pixels[x, y], target, strict=True)) <= tolerance**2
    ]
    assert rows, "no such pixel"
    return sum(rows) / len(rows)


def drawn_texts(view: dict) -> set[str]:
    with text_sizes() as drawn:
        render_board(view, names=NAMES)
    return {text for _, text in drawn}


# --- format and size ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "make_view",
    [opening_view, mid_view, final_view, treehouse_view, empty_view, lambda: treehouse_view(TREEHOUSE_ALT)],
)
def test_board_is_a_small_palette_png_wider_than_tall(make_view):
    view = make_view()
    png = render_board(view, names=NAMES)
    image = check_png(png, min_height=650, max_height=800)
    assert image.height == board_layout(view).height
    assert len(png) < 40_000


def test_hand_is_the_board_and_the_rules_picture_is_drawn_once():
    view = mid_view()
    view["seat"] = 1
    assert render_hand(view, names=NAMES) == render_board(view, names=NAMES)
    first = render_rules_picture("senet")
    check_png(first, min_height=600, max_height=1000)
    assert render_senet_rules_picture() is first


# --- the picture is the board: words are the text's ------------------------------------------


def test_the_board_names_nobody_and_draws_only_big_short_labels():
    """Names, counts, the roll and the log are in the board's text now; the picture keeps its
    coordinates, the owners' letters and the exit, each at least LABEL_SIZE."""
    clear_caches()  # labels are drawn into cached sprites: draw them again
    view = mid_view()
    with text_sizes() as drawn:
        named = render_board(view, names=NAMES)
    assert named == render_board(view, names=None) == render_board(view, names=["x", "y"])
    labels = {text for _, text in drawn}
    assert labels == {*map(str, range(1, 10)), "S", "B", "P", "W", "E", "off", "A"}
    assert min(size for size, _ in drawn) >= LABEL_SIZE >= 31  # 10 px at 325 px wide


def test_the_picture_spans_the_width_with_the_board():
    layout = board_layout(mid_view())
    x0, _, x1, y1 = layout.board
    assert x0 < 100 and x1 > layout.width - 100  # no side panel
    assert layout.height - y1 < 80  # and nothing under it but the exit
    assert layout.height <= 0.8 * layout.width


# --- geometry -------------------------------------------------------------------------------


def test_squares_lie_east_on_the_right_in_three_separate_coasters():
    s1, s9, b1, p9 = (board_square_box(square) for square in ("S1", "S9", "B1", "P9"))
    assert s1[0] > s9[0] and s1[1] == s9[1]  # columns count from the east, on the right
    assert s1[1] < b1[1] < board_square_box("P1")[1] and b1[0] == s1[0]  # Source, Balance, Perfect
    assert p9[0] == s9[0]
    layout = board_layout(opening_view())
    boxes = [board_square_box(f"{track}{column}") for track in "SBP" for column in range(1, 10)]
    for i, a in enumerate(boxes):
        assert layout.board[0] <= a[0] and a[2] <= layout.board[2]
        assert layout.board[1] <= a[1] and a[3] <= layout.board[3]
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    west, middle, east = (coaster_box(position) for position in range(3))
    assert west[2] < middle[0] and middle[2] < east[0]  # a gap between tiles
    for column, coaster in ((1, east), (3, east), (4, middle), (6, middle), (7, west), (9, west)):
        box = board_square_box(f"B{column}")
        assert coaster[0] <= box[0] and box[2] <= coaster[2], column
    assert [path_index(square) for square in ("S1", "S9", "B9", "B1", "P1", "P9")] == [1, 9, 10, 18, 19, 27]


def test_the_gaps_between_coasters_show_the_table():
    image = decode(render_board(opening_view()))
    _, y0, x1, y1 = coaster_box(0)
    gap = (x1 + 5, y0 + 10, coaster_box(1)[0] - 5, y1 - 10)
    assert count_near(image, gap, SQUARE_FILL, tolerance=6) == 0


TALLEST = ["aS.bM.aL.bM.aS", "bS.aM.aL.bM.bS", "aM.bL.aM.bS", "aS.aM.aL", "bL.bM.bS", "aS"]


@pytest.mark.parametrize("stack", TALLEST)
def test_every_stack_fits_its_square_without_overlaps(stack):
    """The tallest stacks (a nest of two owners with a tree on it) keep pyramids and badges inside
    the square, badges apart from one another and right of the tower."""
    view = senet_view(f"P5={stack}")
    box = board_square_box("P5")
    placed = place_stack(box, tuple(map(tuple, view["squares"]["P5"])), view["peaks"]["P5"])
    assert len(placed) == len(stack.split("."))
    badges = [piece.badge for piece in placed if piece.badge is not None]
    for x, y in badges:
        assert (
            box[0] < x - BADGE / 2
            and x + BADGE / 2 < box[2]
            and box[1] < y - BADGE / 2
            and y + BADGE / 2 < box[3]
        )
    for i, (_, y) in enumerate(badges):
        assert all(abs(y - other) >= BADGE for _, other in badges[i + 1 :])
    for piece in placed:
        width, height = pyramid_extent(piece.size, piece.scale)
        assert (
            box[0] < piece.centre_x - width / 2 and piece.centre_x + width / 2 < badges[0][0] - BADGE / 2 + 4
        )
        assert box[1] < piece.baseline - height and piece.baseline < box[3]


# --- pieces ---------------------------------------------------------------------------------


def face_colour(colour: str):
    """The lit face of a side-view pyramid (pieces.pyramid_sprite); clear ones show the square through."""
    face = mix(PYRAMID_COLOURS[colour], (255, 255, 255), 0.16)
    return mix(SQUARE_FILL, face, 120 / 255) if colour == "L" else face


@pytest.mark.parametrize(
    ("colour", "square"), [("B", "S5"), ("O", "B2"), ("G", "P8"), ("R", "S9"), ("Y", "B7")]
)
def test_a_piece_is_drawn_in_its_colour_on_its_square(colour, square):
    view = senet_view(f"{square}=aM", colours={"a": [colour], "b": ["P"]})
    image = decode(render_board(view))
    assert count_near(image, board_square_box(square), face_colour(colour), tolerance=30) > 150
    track, column = square[0], int(square[1:])
    neighbours = [f"{track}{c}" for c in (column - 1, column + 1) if 1 <= c <= 9]
    neighbours += [f"{t}{column}" for t in "SBP" if t != track]
    for other in neighbours:
        assert count_near(image, board_square_box(other), face_colour(colour), tolerance=30) == 0, other


@pytest.mark.parametrize("colours", [TREEHOUSE, TREEHOUSE_ALT])
def test_treehouse_colours_all_render(colours):
    view = treehouse_view(colours)
    image = decode(render_board(view, names=NAMES))
    # S5 = aS.bM.aL.bM.aS: A's first colour, B's second, A's first, B's second, A's first
    a1, a2 = colours["a"]
    b1, b2 = colours["b"]
    s5 = board_square_box("S5")
    assert count_near(image, s5, face_colour(a1), tolerance=25) > 100
    assert count_near(image, s5, face_colour(b2), tolerance=25) > 60
    # P8 = bL.bM.bS: both of B's colours; B4 = aS.aM.aL: both of A's
    assert count_near(image, board_square_box("P8"), face_colour(b1), tolerance=25) > 100
    assert count_near(image, board_square_box("P8"), face_colour(b2), tolerance=25) > 60
    assert count_near(image, board_square_box("B4"), face_colour(a2), tolerance=25) > 20


def badge_discs(image, square: str, view: dict):
    """For each badge of a square's stack: its owner and the colour of its disc, sampled left of
    the letter, inside the rim."""
    stack = tuple(tuple(piece) for piece in view["squares"][square])
    rgb = image.convert("RGB")
    found = []
    for piece in place_stack(board_square_box(square), stack, view["peaks"][square]):
        if piece.badge is None:
            continue
        cx, cy = piece.badge
        left = round(cx - BADGE / 2)
        patch = [
            rgb.getpixel((x, y))
            for x in range(left + 3, left + 5)
            for y in range(round(cy) - 2, round(cy) + 3)
        ]
        found.append((piece.owner, patch))
    return found


def test_owner_badges_tell_players_apart_when_colours_do_not():
    """One colour for both players: A's badges are light discs, B's dark ones, in tower and tray
    (the tray's run of B's pyramids shares one badge)."""
    view = senet_view("S5=aS.bM.aL.bM.aS B4=bS.aM P2=bS.bM.aL", colours={"a": ["G"], "b": ["G"]})
    image = decode(render_board(view))
    for square, owners in (("S5", "abab" + "a"), ("B4", "ba"), ("P2", "ba")):
        discs = badge_discs(image, square, view)
        assert [owner for owner, _ in discs] == list(owners)
        for owner, patch in discs:
            expected = BADGE_LIGHT if owner == "a" else BADGE_DARK
            assert all(near(colour, expected, 25) for colour in patch), (square, owner, patch)


def test_the_tray_holds_a_row_per_owner_among_the_locked_pyramids():
    one_owner = place_stack(board_square_box("S1"), (("a", 1, "B"), ("a", 2, "B"), ("a", 3, "B")), 2)
    two_owners = place_stack(board_square_box("S1"), (("a", 1, "B"), ("b", 2, "O"), ("a", 3, "B")), 2)
    rows = {piece.baseline for piece in one_owner if piece.locked}
    assert len(rows) == 1 and [piece.badge is None for piece in one_owner] == [True, False, False]
    rows = sorted({piece.baseline for piece in two_owners if piece.locked})
    assert len(rows) == 2 and rows[1] - rows[0] == TRAY_ROW
    assert [piece.owner for piece in two_owners if piece.locked and piece.baseline == rows[1]] == [
        "a"
    ]  # innermost lowest
    # the tower stands on the tray it has, else on the square's floor
    alone = place_stack(board_square_box("S1"), (("a", 3, "B"),), 0)
    assert alone[0].baseline > one_owner[-1].baseline > two_owners[-1].baseline


def test_a_nest_shows_its_locked_pyramids_in_the_tray_and_a_tree_stands_above():
    colours = {"a": ["B"], "b": ["O"]}
    orange = face_colour("O")
    nest = decode(render_board(senet_view("S5=bM.aL", colours=colours)))  # A's L covers B's M
    tree = decode(render_board(senet_view("S5=aL.bM", colours=colours)))  # B's M sits on A's L
    alone = decode(render_board(senet_view("S5=aL", colours=colours)))
    assert count_near(nest, tray("S5"), orange, tolerance=30) > 10
    assert count_near(nest, tray("S5"), TRAY_FILL, tolerance=6) > 600  # the tray itself
    assert count_near(tree, tray("S5"), TRAY_FILL, tolerance=6) < 60  # a pyramid's dark edge at most
    assert count_near(nest, tower("S5"), orange, tolerance=30) == 0
    assert count_near(tree, board_square_box("S5"), orange, tolerance=30) > 100
    whole = board_square_box("S5")
    assert mean_row(tree, whole, orange, 30) < mean_row(tree, whole, face_colour("B"), 30)
    assert count_near(alone, tray("S5"), TRAY_FILL, tolerance=6) < 60


def test_the_peak_comes_from_the_view():
    view = senet_view("S5=aS.aM.aL")  # a nest: S and M locked under the L
    assert view["peaks"]["S5"] == 2
    locked = decode(render_board(view))
    assert count_near(locked, tray("S5"), TRAY_FILL, tolerance=6) > 300
    flat = copy.deepcopy(view)
    flat["peaks"]["S5"] = 0  # drawn as a tower instead, nothing in the tray
    assert count_near(decode(render_board(flat)), tray("S5"), TRAY_FILL, tolerance=6) < 60


def test_a_block_is_framed_and_nothing_else_is():
    view = senet_view("S9=bL.bM.bS S7=aL.aM")
    assert view["blocks"] == ["S9"]
    image = decode(render_board(view))
    assert count_near(image, board_square_box("S9"), PENALTY, tolerance=30) > 300
    for square in ("S8", "S7", "B9"):
        assert count_near(image, board_square_box(square), PENALTY, tolerance=30) == 0, square
    unmarked = copy.deepcopy(view)
    unmarked["blocks"] = []
    assert count_near(decode(render_board(unmarked)), board_square_box("S9"), PENALTY, tolerance=30) < 20


# --- the last move, the targets -------------------------------------------------------------


def west_lane(top: str, bottom: str):
    """The lane left of the board between two squares of the ninth column."""
    return (off_box()[0], board_square_box(top)[1], board_square_box(top)[0] - 4, board_square_box(bottom)[3])


def test_the_last_move_tints_its_squares_and_follows_the_path_through_the_flip():
    view = senet_view("B5=aL", last={"player": "a", "roll": 6, "action": "S8L-B5", "from": "S8", "to": "B5"})
    image = decode(render_board(view))
    for square in ("S8", "B5"):  # tinted and framed
        assert count_near(image, board_square_box(square), LAST_TINT, tolerance=12) > 6000, square
        assert count_near(image, board_square_box(square), LAST, tolerance=30) > 1500, square
    for square in ("S9", "S7", "B6", "B4", "P5"):
        assert count_near(image, board_square_box(square), LAST_TINT, tolerance=12) == 0, square
    # the arrow runs S8 -> S9 -> Birth flip -> B9 ... B6 -> B5 along the squares' top band
    for square in ("S9", "B9", "B7"):
        assert 20 < count_near(image, board_square_box(square), LAST, tolerance=30) < 800, square
    assert count_near(image, west_lane("S9", "B9"), LAST, tolerance=30) > 100
    for square in ("S7", "B4", "P5", "S5"):
        assert count_near(image, board_square_box(square), LAST, tolerance=30) == 0, square
    nothing = copy.deepcopy(view)
    nothing["last"] = None
    assert count_near(decode(render_board(nothing)), board_layout(view).board, LAST, tolerance=30) == 0
    assert moved_squares(view["last"]) >= {"S8", "S9", "B9", "B5"}


def test_bearing_off_points_the_last_move_off_the_board():
    image = decode(render_board(final_view()))
    assert count_near(image, board_square_box("P8"), LAST, tolerance=30) > 1500
    assert count_near(image, board_square_box("P9"), LAST, tolerance=30) > 20
    assert count_near(image, west_lane("P9", "P9"), LAST, tolerance=30) > 100
    assert count_near(image, board_square_box("P7"), LAST, tolerance=30) == 0


@pytest.mark.parametrize(("action", "moved", "stayed"), [("E", 0, 2), ("W", 2, 0)])
def test_a_coaster_move_frames_the_coaster_that_travelled(action, moved, stayed):
    view = treehouse_view()
    view["last"] = {"player": "a", "roll": 5, "action": action, "from": None, "to": None}

    x0, y0, x1, y1 = coaster_box(moved)
    image = decode(render_board(view))
    assert count_near(image, (x0 - 9, y0 - 9, x1 + 9, y1 + 9), LAST, tolerance=30) > 2000  # framed
    assert count_near(image, coaster_box(moved), LAST, tolerance=30) == 0  # no square is the last move
    assert count_near(image, coaster_box(stayed), LAST, tolerance=30) == 0
    assert count_near(image, coaster_box(1), LAST, tolerance=30) == 0


def test_legal_destinations_are_marked_while_the_game_runs():
    view = mid_view()  # B6L-B1 and P6L-off
    image = decode(render_board(view))
    assert count_near(image, board_square_box("B1"), ACCENT, tolerance=25) > 150
    assert count_near(image, off_box(), ACCENT, tolerance=25) > 50
    for square in ("B2", "S9", "P6", "B6"):
        assert count_near(image, board_square_box(square), ACCENT, tolerance=25) == 0, square
    none = copy.deepcopy(view)
    none["targets"] = {}
    none_image = decode(render_board(none))
    assert count_near(none_image, board_square_box("B1"), ACCENT, tolerance=25) == 0
    assert count_near(none_image, off_box(), ACCENT, tolerance=25) == 0
    assert count_near(decode(render_board(final_view())), off_box(), ACCENT, tolerance=25) == 0


def test_the_empty_board_is_drawn_once_and_never_changed():
    """Each picture starts from a copy of the cached empty board: drawing a position leaves it as it was."""
    from renderers.senet import _empty_board

    before = render_board(empty_view())
    render_board(mid_view())
    assert render_board(empty_view()) == before
    assert _empty_board.cache_info().hits >= 2


# --- real games -----------------------------------------------------------------------------


def test_every_few_states_of_an_engine_game_render():
    import random

    from games import GAMES, random_choice

    state = GAMES["senet"].new(2, 5, None)
    chooser = random.Random(5)
    k = 0
    while not state.is_over and k < 3000:
        seat = state.to_move[0]
        if k % 25 == 0:
            view = state.view(None)
            image = check_png(render_board(view, names=NAMES), min_height=650, max_height=800)
            assert image.height == board_layout(view).height
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        k += 1
    final = state.view(None)
    image = check_png(render_board(final, names=NAMES), min_height=650, max_height=800)
    assert image.height == board_layout(final).height


def test_a_square_pasted_from_the_cache_looks_as_drawn_afresh():
    """Occupied squares are drawn once per stack and marks, then pasted whole, wherever they lie."""
    from renderers.senet import _occupied_square

    views = [mid_view(), final_view(), treehouse_view()]
    clear_caches()
    fresh = [render_board(view) for view in views]
    assert [render_board(view) for view in views] == fresh
    # mid_view's S5, just reached by the last move, in another row and coaster
    moved = senet_view(
        "B2=aS.bM.aL.bM.aS", last={"player": "a", "roll": 1, "action": "B3L-B2", "from": "B3", "to": "B2"}
    )
    clear_caches()
    alone = render_board(moved)
    clear_caches()
    render_board(mid_view())
    hits = _occupied_square.cache_info().hits
    assert render_board(moved) == alone
    assert _occupied_square.cache_info().hits == hits + 1  # B2 was S5's square, pasted


# --- a tutorial's suggested move --------------------------------------------------------------


def cyan_in(image, box) -> int:
    return count_near(image, box, SUGGESTED, tolerance=30)


def test_without_a_suggestion_the_board_is_as_before():
    view = mid_view()
    plain = render_board(view)
    assert render_board({**view, "suggested": {}}) == plain
    assert cyan_in(decode(plain), (0, 0, *decode(plain).size)) == 0  # cyan is the suggestion's alone


def test_a_suggested_move_rings_the_pyramids_that_go_and_frames_where_they_land():
    """Mid game, B to use a 6: the suggestion B6L-B1 (B's large on B6, nothing on it)."""
    view = mid_view()
    suggested = {"player": "b", "roll": 6, "action": "B6L-B1", "from": "B6", "to": "B1", "size": 3}
    image = decode(render_board({**view, "suggested": suggested}))
    plain = decode(render_board(view))
    assert cyan_in(image, tower("B6")) > 100  # the large's ring
    x0, y0, _, y1 = board_square_box("B1")
    assert cyan_in(image, (x0, y0 + 20, x0 + 10, y1 - 20)) > 60  # the landing square's frame
    band = (board_square_box("B5")[0], y0, board_square_box("B2")[2], y0 + 16)
    assert cyan_in(image, band) > 150  # the arrow along the Balance's top band
    for square in ("S5", "B4", "P6", "S9"):  # elsewhere nothing changes
        box = board_square_box(square)
        inside = (box[0] + 4, box[1] + 18, box[2] - 4, box[3] - 4)
        assert image.crop(inside).tobytes() == plain.crop(inside).tobytes(), square
    assert cyan_in(image, off_box()) == 0


def test_a_suggested_move_in_a_mixed_stack_rings_only_the_unit_that_goes():
    """S5 = aS.bM.aL.bM.aS: A's small on top goes alone; the large under it stays unringed."""
    view = senet_view("S5=aS.bM.aL.bM.aS", roll=1, roll_again=True)
    suggested = {"player": "a", "roll": 1, "action": "S5S-S6", "from": "S5", "to": "S6", "size": 1}
    image = decode(render_board({**view, "suggested": suggested}))
    placed = place_stack(board_square_box("S5"), view_stack(view, "S5"), view["peaks"]["S5"])
    small, large = placed[-1], placed[2]
    assert small.size == 1 and large.size == 3
    assert (
        cyan_in(image, (small.centre_x - 30, small.baseline - 60, small.centre_x + 30, small.baseline)) > 20
    )
    assert (
        cyan_in(image, (large.centre_x - 20, large.baseline - 30, large.centre_x + 20, large.baseline)) == 0
    )


def view_stack(view: dict, square: str):
    return tuple((owner, size, colour) for owner, size, colour in view["squares"][square])


def test_a_suggested_bear_off_frames_the_exit():
    view = mid_view()
    suggested = {"player": "b", "roll": 6, "action": "P6L-off", "from": "P6", "to": "off", "size": 3}
    image = decode(render_board({**view, "suggested": suggested}))
    x0, y0, x1, y1 = off_box()
    assert cyan_in(image, (x0 - 4, y0 - 4, x1 + 4, y1 + 4)) > 100


def test_a_suggested_coaster_move_frames_the_coaster_that_would_travel():
    view = treehouse_view()
    suggested = {"player": "a", "roll": 5, "action": "W", "from": None, "to": None}
    image = decode(render_board({**view, "suggested": suggested}))
    west, east = coaster_box(0), coaster_box(2)
    assert cyan_in(image, (west[0] - 9, west[1], west[0] - 2, west[3])) > 200  # its left edge
    assert cyan_in(image, (east[2] + 1, east[1], east[2] + 9, east[3])) == 0
    under = (west[0], west[3] + 10, east[2], west[3] + 50)
    assert cyan_in(image, under) > 300  # the arrow to the east end, under the board
