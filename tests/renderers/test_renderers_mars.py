"""The Agents of M.A.R.S. pictures: small palette PNGs, with the right things in the right squares.

The views come from engine states: a position (`games.mars.position`, boards like M1 and TV1 of
the rules spec), then the action that leads to the moment shown. Nothing compares exact pixels:
regions come from the renderer's layout helpers and are compared between views that differ in one
thing.
"""

import itertools

import colorspacious
import numpy as np
import pytest
from PIL import Image

from games.core import with_suggestion
from games.mars import MARS, Draw, Place, position
from renderers import render_board, render_hand, render_rules_picture
from renderers.common import PYRAMID_COLOURS
from renderers.mars_layout import board_layout, board_square_box, objective_card_boxes, square_size
from renderers.mars_sprites import LAST, PRIVATE, SUGGESTED, SUGGESTED_SLOTS, letter_inks
from tests.pictures import blob_sizes, check_png, count_near, decode, near
from tests.positions import MARS_M1 as M1
from tests.positions import parse_position

NAMES = ["Alice", "Bartholomew the Magnificent of Mars"]

# --- views of engine states -----------------------------------------------------------------


def board_view(board: dict[str, str], *, files: int = 7):
    """A spectator's view of `board` in a base game (8 files wide: with a fifth colour)."""
    return position(board, options={"five_colours": "+3"} if files == 8 else None).view(None)


def played(board: dict[str, str], action: str, *, seat: int = 1, **setup):
    """The state once `seat` has played `action` on `board` (a placement: of the piece it drew)."""
    parsed = MARS.parse_action(action)
    drawn = str(parsed.piece) if isinstance(parsed, Place) else None
    state = position(board, to_move=seat, drawn=drawn, **setup)
    state.apply(seat, parsed)
    return state


MID_POSITION = """
.. .. Y3 .. .. .. ..
.. R2 R3 B2 G2 .. B3
.. G1 .. R2 .. .. ..
B3 K1 .. Y1 .. .. G2
.. .. K2 B3 B2 G1 ..
G3 .. .. .. B3 .. R3
.. G2 Y1 .. .. G3 ..
.. .. Y3 .. R2 .. ..
"""


def mid_state(**options):
    """Turn 27: P2 has just moved the red medium f6-d6; P1 (seat 0) to move, slots +2 and -1 of its
    objective public."""
    board = parse_position(MID_POSITION)
    board["f6"] = board.pop("d6")
    objectives = ("+2:B +1:G 0:R -1:Y", "+2:Y +1:R 0:G -1:B")
    return played(board, "f6-d6", objectives=objectives, public=((2, -1), ()), turn=26, options=options)


def mid_view():
    """The middle of a match as P1 sees it: +2 B (public), +1 G, 0 R (only P1), -1 Y (public)."""
    return mid_state().view(0)


def early_view():
    """Turn 3: P1 has drawn a large green and must place it; P2 placed a small black on e5."""
    state = played({"c4": "R2"}, "K1@e5", turn=2, bag={"G3": 1})
    state.apply(0, Draw())
    return state.view(None)


FIVE_POSITION = """
P3 P2 .. Y1 .. .. Y3 ..
.. P1 .. R3 G2 .. .. ..
.. P2 .. .. .. R2 .. ..
B3 K1 .. Y1 .. B1 B2 P3
.. .. .. G3 B2 .. .. ..
G3 Y3 K1 .. .. R2 .. ..
.. .. .. Y2 .. .. R1 ..
G1 .. Y3 .. R2 .. .. P1
"""


def five_colour_state(**options):
    """An 8x8 game with purple and a +3 slot: P1 has just swapped the large yellow g5 with the blue
    g8; P1's slots +3 and 0 are public, P2's +2 and -1."""
    board = parse_position(FIVE_POSITION)
    board["g5"], board["g8"] = board["g8"], board["g5"]
    objectives = ("+3:P +2:Y +1:G 0:R -1:B", "+3:Y +2:G +1:P 0:R -1:B")
    options = {"five_colours": "+3", **options}
    return played(
        board, "g5xg8", seat=0, objectives=objectives, public=((3, 0), (2, -1)), turn=30, options=options
    )


def five_colour_view():
    return five_colour_state().view(None)


TV1_OBJECTIVES = ("+2:Y +1:G 0:R -1:B", "+2:B +1:R 0:Y -1:G")


def final_view(**pieces):
    """Board M1 (with `pieces` put in) at the end: P1 fills g1 with a small green. As in TV1: V = R 19,
    G 9, B 11, Y 11; P1 20, P2 32."""
    board = parse_position(M1) | pieces
    del board["g1"]
    return played(board, "G1@g1", seat=0, objectives=TV1_OBJECTIVES, turn=88).view(None)


def setup_view():
    return MARS.new(2, 1).view(None)


# --- helpers --------------------------------------------------------------------------------


def inset(box, by):
    x0, y0, x1, y1 = box
    return (x0 + by, y0 + by, x1 - by, y1 - by)


def edge_strip(box, side, depth=3, trim=14):
    """The outermost `depth` px of a square along one side, without its ends (where the band of a
    crossing side may run): group outlines go there, pieces never do."""
    x0, y0, x1, y1 = box
    return {
        "top": (x0 + trim, y0 + 1, x1 - trim, y0 + 1 + depth),
        "bottom": (x0 + trim, y1 - 1 - depth, x1 - trim, y1 - 1),
        "left": (x0 + 1, y0 + trim, x0 + 1 + depth, y1 - trim),
        "right": (x1 - 1 - depth, y0 + trim, x1 - 1, y1 - trim),
    }[side]


# --- format and size ------------------------------------------------------------------------


@pytest.mark.parametrize("make_view", [setup_view, early_view, mid_view, five_colour_view, final_view])
def test_board_is_a_small_palette_png_filling_the_width(make_view):
    """The squares take the picture's whole width (no side panel), and it is no taller than 1.2
    times its width."""
    view = make_view()
    image = check_png(render_board(view, names=NAMES), min_height=900, max_height=1200)
    layout = board_layout(view)
    assert image.height == layout.height and image.height <= 1.2 * image.width
    assert layout.board[2] - layout.board[0] >= 0.9 * image.width


@pytest.mark.parametrize("make_view", [setup_view, early_view, mid_view, five_colour_view, final_view])
def test_the_board_draws_no_words_but_its_coordinates_big_enough_for_a_phone(make_view):
    """Names, the turn, the bag, the objectives and the result are Discord text; the picture keeps
    the squares' names, 10 px tall or more when a phone shows it 325 px wide."""
    from renderers.common import text_sizes

    view = make_view()
    with text_sizes() as drawn:
        png = render_board(view, names=NAMES)
    width = decode(png).width
    coordinates = set("abcdefgh"[: view.files]) | {str(rank) for rank in range(1, 9)}
    assert {text for _, text in drawn} == coordinates
    assert min(size for size, _ in drawn) * 325 / width >= 10


def test_objective_and_rules_pictures_are_small_palette_pngs():
    check_png(render_hand(mid_view(), names=NAMES), min_height=300, max_height=700)
    check_png(render_hand(five_colour_view(), names=NAMES), min_height=300, max_height=900)
    check_png(render_rules_picture("mars"), min_height=700, max_height=1200)


def test_last_action_is_framed_on_its_squares_with_an_arrow_between():
    view = mid_view()  # P2 moved f6-d6
    image = decode(render_board(view))
    for square in ("f6", "d6"):
        assert count_near(image, board_square_box(view, square), LAST, tolerance=30) > 250, square
    assert count_near(image, board_square_box(view, "e6"), LAST, tolerance=30) > 60  # the arrow
    for square in ("a1", "c4", "g8", "d5", "f5"):
        assert count_near(image, board_square_box(view, square), LAST, tolerance=30) == 0, square

    before = parse_position(MID_POSITION)
    del before["c4"]
    placed = played(before, "K2@c4").view(0)
    image = decode(render_board(placed))
    assert count_near(image, board_square_box(view, "c4"), LAST, tolerance=30) > 250
    for square in ("f6", "d6", "e6"):
        assert count_near(image, board_square_box(view, square), LAST, tolerance=30) == 0, square

    nothing = position(parse_position(MID_POSITION)).view(0)
    assert count_near(decode(render_board(nothing)), board_layout(view).board, LAST, tolerance=30) == 0


@pytest.mark.parametrize("colour", ["R", "G", "B", "Y", "P"])
def test_a_piece_is_drawn_in_its_colour_on_its_square(colour):
    view = board_view({"c4": f"{colour}2"})
    image = decode(render_board(view))
    rgb = PYRAMID_COLOURS[colour]
    assert count_near(image, board_square_box(view, "c4"), rgb, tolerance=30) > 200
    for square in ("b4", "d4", "c3", "c5"):
        assert count_near(image, board_square_box(view, square), rgb, tolerance=60) == 0, square


def test_black_pieces_are_dark_on_the_light_board():
    view = board_view({"c4": "K1", "e5": "B1"})
    image = decode(render_board(view))
    dark = (22, 22, 26)
    assert count_near(image, board_square_box(view, "c4"), dark, tolerance=25) > 40
    assert count_near(image, board_square_box(view, "e5"), dark, tolerance=25) == 0
    assert count_near(image, board_square_box(view, "d4"), dark, tolerance=25) == 0


# --- the colour letter: a second cue beside colour -------------------------------------------

MARS_COLOURS = "RGBYPK"
CVD_TYPES = ("deuteranomaly", "protanomaly", "tritanomaly")


def simulate(image: Image.Image, box, cvd_type: str) -> np.ndarray:
    """A crop of the picture as a viewer with `cvd_type` at full severity sees it (sRGB, 0..1)."""
    crop = np.asarray(image.convert("RGB").crop(box), dtype=float) / 255
    space = {"name": "sRGB1+CVD", "cvd_type": cvd_type, "severity": 100}
    return np.clip(colorspacious.cspace_convert(crop, space, "sRGB1"), 0, 1)


def ink_mask(crop: np.ndarray, ink) -> np.ndarray:
    """The pixels of a crop close to the letter's ink (white and near-black survive any simulation)."""
    return np.abs(crop - np.array(ink) / 255).max(axis=2) < 0.25


def largest_mark(mask: np.ndarray) -> np.ndarray:
    """The largest 4-connected part of a mask: the letter, without the pips."""
    todo = set(zip(*np.nonzero(mask), strict=True))
    best: set = set()
    while todo:
        part, stack = set(), [todo.pop()]
        while stack:
            y, x = stack.pop()
            part.add((y, x))
            for step in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if step in todo:
                    todo.remove(step)
                    stack.append(step)
        best = max(best, part, key=len)
    shape = np.zeros_like(mask)
    for y, x in best:
        shape[y, x] = True
    return shape


def letters_differ(first: np.ndarray, second: np.ndarray) -> bool:
    """Two letters drawn in the same place differ in a good share of their pixels (B and P, the
    closest pair, in their lower bowl)."""
    differ = np.logical_xor(first, second).sum()
    return differ >= max(30, 0.2 * np.logical_or(first, second).sum())


def ink_blobs(image: Image.Image, box, ink) -> list[int]:
    """Sizes of the separate marks drawn in the ink: the letter, then each pip; crumbs dropped."""
    return sorted((n for n in blob_sizes(image, box, lambda c: near(c, ink, 70)) if n >= 8), reverse=True)


@pytest.mark.parametrize("files", [7, 8])
@pytest.mark.parametrize("colour", list(MARS_COLOURS))
def test_every_piece_carries_its_letter_above_its_pips(colour, files):
    """One mark for the letter and one per pip, all apart: the letter never hides a pip. On an 8x8
    board a small piece's letter still covers 60+ px (about 12 at phone width)."""
    view = board_view({"b2": f"{colour}1", "d2": f"{colour}2", "f2": f"{colour}3"}, files=files)
    image = decode(render_board(view))
    ink = letter_inks(colour)[0]
    for square, size in (("b2", 1), ("d2", 2), ("f2", 3)):
        blobs = ink_blobs(image, board_square_box(view, square), ink)
        assert len(blobs) == 1 + size, (square, blobs)
        assert blobs[0] > 60 and blobs[0] > 2.5 * blobs[1], (square, blobs)  # the letter, then pips


@pytest.mark.parametrize("colour", list(MARS_COLOURS))
def test_hollow_pieces_of_the_final_board_keep_their_letter_and_pips(colour):
    from renderers.mars_sprites import SQUARE, hollow_ink, top_sprite

    for size in (1, 2, 3):
        sprite = top_sprite(colour, size, 68, dim=True)
        tile = Image.new("RGB", sprite.size, SQUARE)
        tile.paste(sprite, (0, 0), sprite)
        inside = (4, 4, tile.width - 4, tile.height - 4)  # inside the outline (the ink of black pieces)
        blobs = ink_blobs(tile, inside, hollow_ink(colour))
        assert len(blobs) == 1 + size, (colour, size, blobs)


def letter_pixels_of(colour: str, cvd_type: str, size: int = 2):
    """(mean colour, letter mask) of a piece on an 8x8 board (the smaller squares), as seen with
    `cvd_type`: the middle of its square, inside the piece's footprint."""
    from renderers.mars_sprites import FOOTPRINT

    view = board_view({"c4": f"{colour}{size}"}, files=8)
    side = square_size(view)
    box = inset(board_square_box(view, "c4"), round(side * (1 - FOOTPRINT[size]) / 2) + 2)
    crop = simulate(decode(render_board(view)), box, cvd_type)
    return crop.reshape(-1, 3).mean(axis=0), largest_mark(ink_mask(crop, letter_inks(colour)[0]))


@pytest.mark.parametrize("cvd_type", CVD_TYPES)
def test_the_two_colours_closest_for_colour_blind_players_differ_in_their_letter(cvd_type):
    """Simulated, the closest pair of colours (the reason for the letter) still differs in its letters."""
    seen = {colour: letter_pixels_of(colour, cvd_type) for colour in MARS_COLOURS}
    first, second = min(
        itertools.combinations(MARS_COLOURS, 2),
        key=lambda pair: colorspacious.deltaE(seen[pair[0]][0], seen[pair[1]][0], input_space="sRGB1"),
    )
    (_, first_letter), (_, second_letter) = seen[first], seen[second]
    assert min(first_letter.sum(), second_letter.sum()) > 80
    assert letters_differ(first_letter, second_letter), (first, second)


@pytest.mark.parametrize("size", [1, 2, 3])
@pytest.mark.parametrize("cvd_type", CVD_TYPES)
def test_every_two_colours_differ_in_colour_or_letter_for_colour_blind_players(cvd_type, size):
    seen = {colour: letter_pixels_of(colour, cvd_type, size) for colour in MARS_COLOURS}
    for first, second in itertools.combinations(MARS_COLOURS, 2):
        (first_colour, first_letter), (second_colour, second_letter) = seen[first], seen[second]
        by_colour = colorspacious.deltaE(first_colour, second_colour, input_space="sRGB1") > 20
        assert by_colour or letters_differ(first_letter, second_letter), (first, second)


def footprint(image: Image.Image, box) -> int:
    """Pixels of a square that are not plain board."""
    from renderers.mars_sprites import SQUARE

    total = (box[2] - box[0] - 8) * (box[3] - box[1] - 8)
    return total - count_near(image, inset(box, 4), SQUARE, tolerance=12)


def test_piece_sizes_are_clearly_different():
    view = board_view({"b2": "G1", "d2": "G2", "f2": "G3"})
    image = decode(render_board(view))
    small, medium, large = (footprint(image, board_square_box(view, sq)) for sq in ("b2", "d2", "f2"))
    assert small * 1.6 < medium and medium * 1.4 < large


def test_eight_files_make_a_board_of_smaller_squares():
    seven, eight = mid_view(), five_colour_view()
    assert square_size(eight) < square_size(seven)
    layout = board_layout(eight)
    assert board_square_box(eight, "h1")[2:] == layout.board[2:]
    assert board_square_box(eight, "a8")[:2] == layout.board[:2]
    image = decode(render_board(eight))
    assert count_near(image, board_square_box(eight, "h5"), PYRAMID_COLOURS["P"], tolerance=30) > 200


def test_ranks_run_up_and_files_run_right():
    view = mid_view()
    a1, a8, g1 = (board_square_box(view, sq) for sq in ("a1", "a8", "g1"))
    assert a1[1] > a8[1] and a1[0] == a8[0]
    assert g1[0] > a1[0] and g1[1] == a1[1]


# --- the end of the game --------------------------------------------------------------------


def test_final_board_outlines_scoring_groups_only():
    view = final_view()
    image = decode(render_board(view))
    red, yellow = PYRAMID_COLOURS["R"], PYRAMID_COLOURS["Y"]
    # R {d8, d7, c7, b7, c6} scores: its outer edge is red, e.g. d8's top and c6's bottom
    assert count_near(image, edge_strip(board_square_box(view, "d8"), "top"), red, tolerance=30) > 100
    assert count_near(image, edge_strip(board_square_box(view, "c6"), "bottom"), red, tolerance=30) > 100
    assert count_near(image, edge_strip(board_square_box(view, "c6"), "left"), red, tolerance=30) > 100
    # ... and not inside the group, between d7 and d8
    assert count_near(image, edge_strip(board_square_box(view, "d7"), "top"), red, tolerance=30) == 0
    # Y {c1, c2, d2} has 3 pieces and does not score: no outline
    for square, side in (("c1", "bottom"), ("c2", "left"), ("d2", "right"), ("d2", "top")):
        strip = edge_strip(board_square_box(view, square), side)
        assert count_near(image, strip, yellow, tolerance=30) == 0, (square, side)

    counted = final_view(e2="Y2")  # a fourth yellow beside them: now the group scores
    image = decode(render_board(counted))
    strip = edge_strip(board_square_box(view, "c1"), "bottom")
    assert count_near(image, strip, yellow, tolerance=30) > 100


# --- the objective picture ------------------------------------------------------------------


def test_objective_picture_shows_the_viewers_colours_and_who_sees_them():
    view = mid_view()  # P1: +2 B (public), +1 G, 0 R (only P1), -1 Y (public)
    image = decode(render_hand(view, names=NAMES))
    cards = objective_card_boxes(view)
    assert len(cards) == 4
    for card, colour in zip(cards, "BGRY", strict=True):
        counts = {c: count_near(image, card, PYRAMID_COLOURS[c], tolerance=50) for c in "BGRY"}
        assert counts[colour] > 800 and max(counts, key=counts.get) == colour, (colour, counts)
    private = [count_near(image, card, PRIVATE, tolerance=30) for card in cards]
    assert private[1] > 200 and private[2] > 200
    assert private[0] == 0 and private[3] == 0


def test_objective_picture_hides_what_the_viewer_cannot_see():
    state = mid_state()  # P1's +1 slot (green) is P1's alone: the spectator's picture hides it
    view, hidden = state.view(0), state.view(None)
    shown_card = decode(render_hand(view)).convert("RGB").crop(objective_card_boxes(view)[1])
    hidden_card = decode(render_hand(hidden)).convert("RGB").crop(objective_card_boxes(hidden)[1])
    assert shown_card.tobytes() != hidden_card.tobytes()
    green = PYRAMID_COLOURS["G"]
    assert count_near(hidden_card, (0, 0, *hidden_card.size), green, tolerance=30) == 0


def test_an_objective_still_being_chosen_says_so_not_hidden():
    """While its owner chooses it, an objective is "not chosen yet": "hidden" for your own slots
    would read as if someone had hidden them from you. A draft (the objective prompt's preview)
    shows its colours, still "not chosen yet"."""
    from renderers.common import text_sizes

    state = MARS.new(2, 1)
    state.apply(1, MARS.parse_action("+2:B +1:R 0:Y -1:G"))
    choosing = state.view(0)  # P2 has chosen, unseen by P1
    with text_sizes() as drawn:
        render_hand(choosing, names=NAMES)
    texts = [text for _, text in drawn]
    assert texts.count("not chosen") == texts.count("yet") == 4 and "hidden" not in texts, texts
    draft = choosing.with_draft("YGRB")
    with text_sizes() as drawn:
        image = decode(render_hand(draft, names=NAMES))
    texts = [text for _, text in drawn]
    assert texts.count("not chosen") == 4 and {"yellow", "green", "red", "blue"} <= set(texts), texts
    yellow = PYRAMID_COLOURS["Y"]
    assert count_near(image, objective_card_boxes(draft)[0], yellow, tolerance=50) > 300


def test_objective_cards_read_on_a_phone_whatever_the_number_of_slots():
    """Five slots and Blind Agents' two objectives: every word 10 px or more at 325 px wide, no
    word cut, and the picture no taller than 1.2 times its width."""
    from renderers.common import text_sizes

    blind = five_colour_state(blind=True).view(0)  # P1 sees P2's five slots, three of them alone
    with text_sizes() as drawn:
        image = decode(render_hand(blind, names=NAMES))
    assert image.height <= 1.2 * image.width
    assert min(size for size, _ in drawn) * 325 / image.width >= 10
    texts = [text for _, text in drawn]
    assert not [text for text in texts if text.endswith("…") and "Bartholomew" not in text], texts
    assert "Your objective" in texts and texts.count("only you") == 3  # P2's hidden slots, seen by P1


def test_objective_picture_adds_the_opponents_slots_the_viewer_can_see():
    view = mid_view()
    plain = decode(render_hand(view))
    blind = mid_state(blind=True).view(0)  # Blind Agents: P1 sees P2's slots, not their own
    image = decode(render_hand(blind))
    assert image.height > plain.height
    below = (0, objective_card_boxes(view)[0][3], 1000, image.height)
    assert count_near(image, below, PRIVATE, tolerance=30) > 200


def test_the_other_objective_is_headed_with_its_owners_name_in_any_script():
    """Blind Agents: the board names nobody (its text does), the objective picture heads the
    opponent's slots with their name, drawn as written."""
    blind = mid_state(blind=True).view(0)
    first = decode(render_hand(blind, names=["Ann", "Дмитрий"])).convert("RGB")
    second = decode(render_hand(blind, names=["Ann", "さくら"])).convert("RGB")
    assert first.tobytes() != second.tobytes()
    assert render_board(blind, names=["Ann", "Дмитрий"]) == render_board(blind, names=["Ann", "さくら"])


# --- dispatch and real games ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "options"),
    [(1, None), (2, {"five_colours": "+3"}), (3, {"blind": True, "biggest_only": True})],
)
def test_every_few_states_of_an_engine_game_render(seed, options):
    import random

    from games import GAMES, random_choice

    state = GAMES["mars"].new(2, seed, options)
    chooser = random.Random(seed)
    k = 0
    while not state.is_over:
        seat = state.to_move[0]
        if k % 20 == 0:
            for viewer in (None, seat):
                assert decode(render_board(state.view(viewer), names=NAMES)).mode == "P"
                assert decode(render_hand(state.view(viewer), names=NAMES)).mode == "P"
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        k += 1
    final = state.view(None)
    image = check_png(render_board(final, names=NAMES), min_height=900, max_height=1200)
    assert image.height == board_layout(final).height


# --- a suggested move (a tutorial's): marked apart from the last move ------------------------


def suggested(view, action: str, seat: int = 0):
    """`view` with the engine's marks of `action` (as the bot adds them for a tutorial), on the
    position the view shows."""
    return with_suggestion(view, MARS.marks(position(view.board), seat, MARS.parse_action(action)))


def test_no_suggestion_draws_the_board_and_objective_as_before():
    view = mid_view()
    empty = with_suggestion(view, None)
    assert render_board(empty) == render_board(view)
    assert render_hand(empty) == render_hand(view)
    drawing = suggested(view, "D")  # a draw goes nowhere on the board: nothing to mark
    assert drawing.suggested is None and render_board(drawing) == render_board(view)


@pytest.mark.parametrize(
    ("action", "marked", "between"),
    [("e7-e5", ("e7", "e5"), "e6"), ("g3-g6", ("g3", "g6"), "g5"), ("e1xe3", ("e1", "e3"), "e2")],
)
def test_a_suggested_move_or_swap_is_framed_in_magenta_with_an_arrow(action, marked, between):
    view = mid_view()  # P2's last move f6-d6 is framed in cyan
    assert action in {str(a) for a in position(view.board).legal_actions(0)}
    plain = decode(render_board(view)).convert("RGB")
    image = decode(render_board(suggested(view, action))).convert("RGB")
    for square in marked:
        assert count_near(image, board_square_box(view, square), SUGGESTED, tolerance=30) > 400, square
    assert count_near(image, board_square_box(view, between), SUGGESTED, tolerance=30) > 60  # the arrow
    assert count_near(plain, board_layout(view).board, SUGGESTED, tolerance=30) == 0
    for square in ("a1", "c2", "f2", "d6", "f6"):  # elsewhere, the last move's cyan included: unchanged
        box = board_square_box(view, square)
        assert image.crop(box).tobytes() == plain.crop(box).tobytes(), square


def test_a_suggested_placement_shows_the_drawn_piece_hollow_on_its_square():
    view = early_view()  # P1 drew a large green
    image = decode(render_board(suggested(view, "G3@d4"))).convert("RGB")
    box = board_square_box(view, "d4")
    assert count_near(image, box, SUGGESTED, tolerance=30) > 400
    assert count_near(image, box, PYRAMID_COLOURS["G"], tolerance=30) > 200  # its outline
    assert count_near(image, board_square_box(view, "e5"), SUGGESTED, tolerance=30) == 0  # the last move's
    assert count_near(image, board_square_box(view, "e5"), LAST, tolerance=30) > 250


def test_a_suggested_objective_swap_marks_the_two_cards_on_the_objective_picture():
    view = mid_view()  # P1's objective: +2 B, +1 G, 0 R, -1 Y
    marked = suggested(view, "O+1/-1")
    assert marked.suggested.slots == (1, -1) and marked.suggested.owner == 0
    assert render_board(marked) == render_board(view)  # nothing of it is on the board
    image = decode(render_hand(marked)).convert("RGB")
    cards = objective_card_boxes(marked)
    for index, card in enumerate(cards):
        framed = count_near(image, card, SUGGESTED_SLOTS, tolerance=30)
        assert (framed > 1500) == (index in (1, 3)), index
    top = min(card[1] for card in cards)
    assert count_near(image, (cards[1][0], 0, cards[3][2], top), SUGGESTED_SLOTS, tolerance=30) > 2000
    plain = decode(render_hand(view)).convert("RGB")
    assert count_near(plain, (0, 0, plain.width, plain.height), SUGGESTED_SLOTS, tolerance=30) == 0
