"""The Martian Senet pictures: small palette PNGs, with the right marks in the right places.

The views are the engine's, of positions in the spec's notation (rules §9: "S5=aS.bM" is A's small
with B's medium over it). Nothing compares exact pixels: regions come from the renderer's layout
helpers and are compared between views that differ in one thing.
"""

from dataclasses import replace

import pytest

from games.core import with_suggestion
from games.senet import SENET, Piece, log_entry, position, square_view
from games.senet_views import SenetView
from renderers import render_board, render_hand, render_rules_picture
from renderers.common import ACCENT, PENALTY, PYRAMID_COLOURS, mix, text_sizes
from renderers.pieces import pyramid_extent
from renderers.senet import _empty_board, _occupied_square, clear_caches
from renderers.senet_layout import (
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
    coaster_box,
    off_box,
    path_index,
    place_stack,
    tray_box,
)
from renderers.senet_rules import render_senet_rules_picture
from tests.pictures import check_png, count_near, decode, near
from tests.positions import SENET_OPENING as OPENING

NAMES = ["Alice", "Bartholomew the Magnificent of Mars"]
CLASSIC = {"a": ["B"], "b": ["O"]}
TREEHOUSE = {"a": ["G", "B"], "b": ["R", "Y"]}
TREEHOUSE_ALT = {"a": ["C", "P"], "b": ["O", "L"]}

# --- positions, as the engine sees them -------------------------------------------------------


def senet_state(
    text: str = "",
    *,
    colours: dict = CLASSIC,
    to_move: str = "a",
    roll: int | None = 2,
    last: tuple[str, int, str] | None = None,
    log: tuple[tuple[str, int, str], ...] = (),
):
    """`text` (spec notation), `to_move` to use `roll`; `last` and `log` are rolls made before
    (player, roll, action). `colours` paints the pyramids: a player with two colours (Treehouse)
    gets them alternately up each stack, so both show."""
    state = position(text, to_move=to_move, roll=roll)
    for stack in state.stacks:
        stack[:] = [
            piece._replace(colour=colours[piece.owner][k % len(colours[piece.owner])])
            for k, piece in enumerate(stack)
        ]
    if last is not None:
        made = log_entry(dict(zip(("player", "roll", "action"), last, strict=True)))
        state.last = {"player": made.player, "roll": made.roll, "action": made.action}
        state.last |= {"from": made.origin, "to": made.target}
    state.turn_log = [dict(zip(("player", "roll", "action"), entry, strict=True)) for entry in log]
    return state


def senet_view(text: str = "", **made) -> SenetView:
    """The view of `senet_state(text, ...)`, seen by nobody."""
    return senet_state(text, **made).view(None)


def opening_view() -> SenetView:
    """TV1: A to move with a 2 (S3L-S5 and S8L-B9)."""
    return senet_view(OPENING)


def mid_state():
    """A busy position: mixed stacks (TV5's S5, TV6's B4), a B block on S9, B to use a 6: S9M-B4,
    B7L-B1, P1M-P7, P1S-P7 (P6 can't bear off: B still has pyramids on the Source).

    A's last turn was TV10's: 1 (no move), 6 S8L-B5, then 2 S3L-S5; B rolled a 6 since.
    """
    text = (
        "S4=bS.aM S5=aS.bM.aL.bM.aS S6=aL S9=bL.bM.bS B5=aL B8=aM B7=bL "
        "B4=aS.aM.aL P1=bM.bS P3=aS.aM P6=bL.bM"
    )
    return senet_state(
        text,
        to_move="b",
        roll=6,
        last=("a", 2, "S3L-S5"),
        log=(("b", 3, "S7L-B9"), ("a", 1, "-"), ("a", 6, "S8L-B5"), ("a", 2, "S3L-S5")),
    )


def mid_view() -> SenetView:
    return mid_state().view(None)


def bearing_off_state():
    """B, off the Source, to use a 6: B7L-B1, P1M-P7, P1S-P7, and P6L-off, P6M-off."""
    return senet_state("P6=bL.bM B7=bL P1=bM.bS B4=aS.aM.aL", to_move="b", roll=6)


def final_view() -> SenetView:
    """TV11: A bore off the 12th pyramid with P8L-off on a 6 and scores 45."""
    state = senet_state("S2=bS.bM.bL B5=bL.bM.bS B1=bS.bM P2=bL P4=bL.bM P6=bS P8=aL", roll=6)
    state.off["a"] = 11
    state.apply(0, SENET.parse_action("P8L-off"))
    assert state.is_over and state.points() == 45
    return state.view(None)


def treehouse_state(colours: dict = TREEHOUSE, coaster: str = "E"):
    """Two colours each; A has just taken the east coaster to the west end (or, with `coaster`
    W, the west one to the east end) and must use a 5 again."""
    return senet_state(
        "S5=aS.bM.aL.bM.aS B4=aS.aM.aL P7=aL.bM P8=bL.bM.bS S2=bS.bM.bL",
        colours=colours,
        roll=5,
        last=("a", 5, coaster),
        log=(("a", 1, "-"), ("a", 5, coaster)),
    )


def treehouse_view(colours: dict = TREEHOUSE) -> SenetView:
    return treehouse_state(colours).view(None)


def empty_view() -> SenetView:
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


def drawn_texts(view: SenetView) -> set[str]:
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
    view = mid_state().view(1)
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
    placed = place_stack(box, view.squares["P5"])
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


def badge_discs(image, square: str, view: SenetView):
    """For each badge of a square's stack: its owner and the colour of its disc, sampled left of
    the letter, inside the rim."""
    rgb = image.convert("RGB")
    found = []
    for piece in place_stack(board_square_box(square), view.squares[square]):
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
    box = board_square_box("S1")
    one_owner = place_stack(box, square_view([Piece("a", 1, "B"), Piece("a", 2, "B"), Piece("a", 3, "B")]))
    two_owners = place_stack(box, square_view([Piece("a", 1, "B"), Piece("b", 2, "O"), Piece("a", 3, "B")]))
    rows = {piece.baseline for piece in one_owner if piece.locked}
    assert len(rows) == 1 and [piece.badge is None for piece in one_owner] == [True, False, False]
    rows = sorted({piece.baseline for piece in two_owners if piece.locked})
    assert len(rows) == 2 and rows[1] - rows[0] == TRAY_ROW
    assert [piece.owner for piece in two_owners if piece.locked and piece.baseline == rows[1]] == [
        "a"
    ]  # innermost lowest
    # the tower stands on the tray it has, else on the square's floor
    alone = place_stack(box, square_view([Piece("a", 3, "B")]))
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
    nest = view.squares["S5"]
    assert nest.peak == 2 and nest.is_nest
    locked = decode(render_board(view))
    assert count_near(locked, tray("S5"), TRAY_FILL, tolerance=6) > 300
    # drawn as a tower instead, nothing in the tray
    flat = replace(view, squares={"S5": replace(nest, peak=0, is_nest=False, is_tree=True)})
    assert count_near(decode(render_board(flat)), tray("S5"), TRAY_FILL, tolerance=6) < 60


def test_a_block_is_framed_and_nothing_else_is():
    view = senet_view("S9=bL.bM.bS S7=aL.aM")
    assert [name for name, square in view.squares.items() if square.block_owner] == ["S9"]
    image = decode(render_board(view))
    assert count_near(image, board_square_box("S9"), PENALTY, tolerance=30) > 300
    for square in ("S8", "S7", "B9"):
        assert count_near(image, board_square_box(square), PENALTY, tolerance=30) == 0, square
    unmarked = replace(view, squares={**view.squares, "S9": replace(view.squares["S9"], block_owner=None)})
    assert count_near(decode(render_board(unmarked)), board_square_box("S9"), PENALTY, tolerance=30) < 20


# --- the last move, the targets -------------------------------------------------------------


def west_lane(top: str, bottom: str):
    """The lane left of the board between two squares of the ninth column."""
    return (off_box()[0], board_square_box(top)[1], board_square_box(top)[0] - 4, board_square_box(bottom)[3])


def test_the_last_move_tints_its_squares_and_follows_the_path_through_the_flip():
    view = senet_view("B5=aL", last=("a", 6, "S8L-B5"))
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
    nothing = replace(view, last=None)
    assert count_near(decode(render_board(nothing)), board_layout(view).board, LAST, tolerance=30) == 0


def test_bearing_off_points_the_last_move_off_the_board():
    image = decode(render_board(final_view()))
    assert count_near(image, board_square_box("P8"), LAST, tolerance=30) > 1500
    assert count_near(image, board_square_box("P9"), LAST, tolerance=30) > 20
    assert count_near(image, west_lane("P9", "P9"), LAST, tolerance=30) > 100
    assert count_near(image, board_square_box("P7"), LAST, tolerance=30) == 0


@pytest.mark.parametrize(("action", "moved", "stayed"), [("E", 0, 2), ("W", 2, 0)])
def test_a_coaster_move_frames_the_coaster_that_travelled(action, moved, stayed):
    view = treehouse_state(coaster=action).view(None)
    x0, y0, x1, y1 = coaster_box(moved)
    image = decode(render_board(view))
    assert count_near(image, (x0 - 9, y0 - 9, x1 + 9, y1 + 9), LAST, tolerance=30) > 2000  # framed
    assert count_near(image, coaster_box(moved), LAST, tolerance=30) == 0  # no square is the last move
    assert count_near(image, coaster_box(stayed), LAST, tolerance=30) == 0
    assert count_near(image, coaster_box(1), LAST, tolerance=30) == 0


def test_legal_destinations_are_marked_while_the_game_runs():
    view = bearing_off_state().view(None)  # B7L-B1, P1M-P7, P1S-P7, P6L-off, P6M-off
    image = decode(render_board(view))
    assert count_near(image, board_square_box("B1"), ACCENT, tolerance=25) > 150
    assert count_near(image, off_box(), ACCENT, tolerance=25) > 50
    for square in ("B2", "S9", "P6", "B7"):
        assert count_near(image, board_square_box(square), ACCENT, tolerance=25) == 0, square
    assert (
        count_near(decode(render_board(mid_view())), off_box(), ACCENT, tolerance=25) == 0
    )  # no bearing off
    none = replace(view, landings=())
    none_image = decode(render_board(none))
    assert count_near(none_image, board_square_box("B1"), ACCENT, tolerance=25) == 0
    assert count_near(none_image, off_box(), ACCENT, tolerance=25) == 0
    assert count_near(decode(render_board(final_view())), off_box(), ACCENT, tolerance=25) == 0


def test_the_empty_board_is_drawn_once_and_never_changed():
    """Each picture starts from a copy of the cached empty board: drawing a position leaves it as it was."""
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
    views = [mid_view(), final_view(), treehouse_view()]
    clear_caches()
    fresh = [render_board(view) for view in views]
    assert [render_board(view) for view in views] == fresh
    # mid_view's S5, just reached by the last move, in another row and coaster
    moved = senet_view("B2=aS.bM.aL.bM.aS", last=("a", 1, "B3L-B2"))
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


def suggesting(state, action: str) -> SenetView:
    """The view of `state` with `action` of the player to move suggested, as a tutorial shows it."""
    seat = state.to_move[0]
    return with_suggestion(state.view(None), SENET.marks(state, seat, SENET.parse_action(action)))


def test_without_a_suggestion_the_board_is_as_before():
    view = mid_view()
    plain = render_board(view)
    assert render_board(with_suggestion(view, None)) == plain
    assert cyan_in(decode(plain), (0, 0, *decode(plain).size)) == 0  # cyan is the suggestion's alone


def test_a_suggested_move_rings_the_pyramids_that_go_and_frames_where_they_land():
    """Mid game, B to use a 6: the suggestion B7L-B1 (B's large on B7, nothing on it)."""
    state = mid_state()
    view = state.view(None)
    image = decode(render_board(suggesting(state, "B7L")))
    plain = decode(render_board(view))
    assert cyan_in(image, tower("B7")) > 100  # the large's ring
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
    state = senet_state("S5=aS.bM.aL.bM.aS", roll=1)
    image = decode(render_board(suggesting(state, "S5S")))
    placed = place_stack(board_square_box("S5"), state.view(None).squares["S5"])
    small, large = placed[-1], placed[2]
    assert small.size == 1 and large.size == 3
    assert (
        cyan_in(image, (small.centre_x - 30, small.baseline - 60, small.centre_x + 30, small.baseline)) > 20
    )
    assert (
        cyan_in(image, (large.centre_x - 20, large.baseline - 30, large.centre_x + 20, large.baseline)) == 0
    )


def test_a_suggested_bear_off_frames_the_exit():
    image = decode(render_board(suggesting(bearing_off_state(), "P6L")))
    x0, y0, x1, y1 = off_box()
    assert cyan_in(image, (x0 - 4, y0 - 4, x1 + 4, y1 + 4)) > 100


def test_a_suggested_coaster_move_frames_the_coaster_that_would_travel():
    image = decode(render_board(suggesting(treehouse_state(), "W")))
    west, east = coaster_box(0), coaster_box(2)
    assert cyan_in(image, (west[0] - 9, west[1], west[0] - 2, west[3])) > 200  # its left edge
    assert cyan_in(image, (east[2] + 1, east[1], east[2] + 9, east[3])) == 0
    under = (west[0], west[3] + 10, east[2], west[3] + 50)
    assert cyan_in(image, under) > 300  # the arrow to the east end, under the board
