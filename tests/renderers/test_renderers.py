"""The image renderers: valid small palette PNGs, and the right things drawn in the right places.

Nothing here compares exact pixels; regions are found through the renderers' own layout helpers
and compared between views that differ in one thing.
"""

import importlib
import random

import pytest
from PIL import Image, ImageStat

from games import GAMES, View
from games.pieces import Pyramid
from renderers import pictures_for, render_board, render_hand, render_rules_picture
from renderers.common import ACCENT, GOOD, PENALTY, fit_text, text_width
from renderers.pieces import pyramid_extent
from renderers.trickery_layout import (
    HAND_LIFT,
    POOL_SCALE,
    PRIZE_SCALE,
    TAKEN_SCALE,
    board_layout,
    hand_card_boxes,
)
from renderers.trickery_rules import GUIDE_SCALE
from renderers.trickery_sprites import _card_tile
from tests.pictures import check_png, count_near, decode

NAMES = ["Alice", "Bartholomew the Magnificent of Mars", "Chen", "Dee"]


def play(num_players, seed, *, steps=10_000, options=None, until=None):
    """A random game: `steps` random legal actions, or fewer if it ends or `until(state)` holds."""
    state = GAMES["trickery"].new(num_players, seed, options)
    for k in range(steps):
        if state.is_over or (until and until(state)):
            break
        seat = state.to_move[0]
        state.apply(seat, random.Random(k).choice(state.legal_actions(seat)))
    return state


def pyramids(codes: str) -> list[Pyramid]:
    return [Pyramid.parse(code) for code in codes.split()]


def brightness(image: Image.Image, box) -> float:
    return ImageStat.Stat(image.convert("L").crop(box)).mean[0]


# --- format and size ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("num_players", "seed", "steps", "options"),
    [
        (4, 1, 0, None),
        (4, 2, 37, None),
        (3, 3, 50, {"pyramids": "xeno"}),
        (3, 4, 200, {"pyramids": "mono"}),
        (4, 5, 10_000, None),  # played to the end
        (3, 6, 10_000, {"pyramids": "xeno"}),
    ],
)
def test_board_is_a_small_palette_png_no_taller_than_wide(num_players, seed, steps, options):
    state = play(num_players, seed, steps=steps, options=options)
    image = check_png(
        render_board(state.view(None), names=NAMES), width=1000, min_height=500, max_height=1000
    )
    assert image.getcolors(256) is not None  # at most the 256 colours of the fixed palette


def test_hand_and_guide_are_small_palette_pngs():
    state = play(4, 7, steps=5)
    seat = state.to_move[0]
    check_png(render_hand(state.view(seat), names=NAMES), width=1000, min_height=240, max_height=520)
    check_png(render_rules_picture("trickery"), width=1000, min_height=600, max_height=1200)


def test_every_state_of_a_few_games_renders():
    for num_players, seed, options in [(4, 11, None), (3, 12, {"pyramids": "mono"})]:
        state = GAMES["trickery"].new(num_players, seed, options)
        k = 0
        while not state.is_over and state.hand_number == 1:
            seat = state.to_move[0]
            if k % 5 == 0:
                assert decode(render_board(state.view(seat))).mode == "P"
                assert decode(render_hand(state.view(seat))).mode == "P"
            state.apply(seat, random.Random(k).choice(state.legal_actions(seat)))
            k += 1


def test_unknown_game_is_refused():
    unknown = View(game="pyramid-golf", seat=None, to_move=(), is_over=False)
    with pytest.raises(ValueError, match="No renderer"):
        render_board(unknown)
    with pytest.raises(ValueError, match="No renderer"):
        render_hand(unknown)


# --- what the board shows -------------------------------------------------------------------


def test_board_never_draws_a_hand():
    state = play(4, 8, steps=21)
    public = render_board(state.view(None), names=NAMES)
    for seat in range(4):
        view = state.view(seat)
        assert view.hand
        assert render_board(view, names=NAMES) == public


def test_the_board_draws_no_words_but_seat_tags():
    """Names, scores, cards held, the dealer and whose turn it is are Discord text: the picture
    is the same whoever sits at the table, and its only words are P1-P4 (and "?" for a prize not
    chosen yet), big enough for a phone."""
    from renderers.common import text_sizes

    for state in (play(4, 2, steps=37), play(3, 3, steps=0), play(4, 5)):
        view = state.view(None)
        _card_tile.cache_clear()  # cards are made once: made again, so their ranks are measured
        with text_sizes() as drawn:
            picture = render_board(view, names=NAMES)
        assert picture == render_board(view, names=["A", "B", "C", "D"]) == render_board(view)
        ranks = {"3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}  # on the cards played
        assert {text for _, text in drawn} <= {"P1", "P2", "P3", "P4", "?", *ranks}
        assert min(size for size, _ in drawn) * 325 / 1000 >= 10


def test_turn_highlight_sits_in_the_cell_of_the_seat_to_move():
    first = play(4, 9, until=lambda state: state.to_move == (0,)).view(None)
    third = play(4, 9, until=lambda state: state.to_move == (2,)).view(None)
    seats = board_layout(first).seats
    assert seats == board_layout(third).seats

    def edge_is_highlighted(image, seat):
        x0, y0, _, y1 = seats[seat]
        edge = (x0 + 1, (y0 + y1) // 2 - 20, x0 + 4, (y0 + y1) // 2 + 20)
        return count_near(image, edge, ACCENT) > 60

    image_first, image_third = decode(render_board(first)), decode(render_board(third))
    assert edge_is_highlighted(image_first, 0) and not edge_is_highlighted(image_first, 2)
    assert edge_is_highlighted(image_third, 2) and not edge_is_highlighted(image_third, 0)
    assert not any(
        edge_is_highlighted(image, seat) for image in (image_first, image_third) for seat in (1, 3)
    )


def test_penalty_pyramid_is_marked_in_the_cell_that_took_it():
    state = play(4, 10, steps=3)
    state.taken = [pyramids("R1 R2 R3"), pyramids("G1 K2"), pyramids("R1"), pyramids("B3")]
    view = state.view(None)
    state.taken[1] = pyramids("G1 G2")
    clean = state.view(None)
    image, clean_image = decode(render_board(view)), decode(render_board(clean))
    seats = board_layout(view).seats
    marked = [count_near(image, box, PENALTY, tolerance=20) for box in seats]
    assert marked[1] > 40
    assert marked[0] == marked[2] == marked[3] == 0  # red point pyramids do not look like penalties
    assert count_near(clean_image, seats[1], PENALTY, tolerance=20) == 0


def test_black_and_white_penalty_pyramids_are_both_marked():
    for pyramid_set, penalty in [("rainbow", "K3"), ("xeno", "W3")]:
        state = play(3, 13, steps=3, options={"pyramids": pyramid_set})
        state.taken = [pyramids(penalty), [], []]
        view = state.view(None)
        image = decode(render_board(view))
        assert count_near(image, board_layout(view).seats[0], PENALTY, tolerance=20) > 40, pyramid_set


def test_a_long_row_of_pyramids_taken_stays_inside_its_cell():
    state = play(4, 10, steps=3)
    state.taken = [pyramids("R1 R2 R3 G1 G2 G3 B1 B2 B3 K1 K2 K3"), [], [], []]
    view = state.view(None)
    image = decode(render_board(view))
    x0, y0, x1, y1 = board_layout(view).seats[0]
    beside = (x1 + 2, y0, board_layout(view).seats[1][0] - 2, y1)
    assert count_near(image, (x0, y0, x1, y1), PENALTY, tolerance=20) > 40
    assert count_near(image, beside, PENALTY, tolerance=20) == 0


def test_last_trick_is_shown_with_its_winner_until_the_next_lead():
    def between_tricks(state):
        return state.done_tricks and not state.plays

    state = play(4, 14, steps=5, until=between_tricks)
    view = state.view(None)
    assert view.table.over and not view.trick.plays
    state.done_tricks = []
    fresh = state.view(None)
    assert not fresh.table.over
    table = board_layout(view).table
    assert count_near(decode(render_board(view)), table, GOOD) > 200
    assert count_near(decode(render_board(fresh)), table, GOOD) == 0


def test_the_prize_taken_from_the_pool_leaves_its_place_empty():
    state = play(4, 2, steps=37)
    view = state.view(None)
    prize = view.trick.prize
    nests = {nest.colour: nest.left for nest in view.pool_nests}
    assert not nests[prize[0]][int(prize[1]) - 1] and prize not in view.pool
    assert Pyramid.parse(prize) in state.pool  # at stake, still the pool's until the trick is won


def test_final_board_has_no_pool_and_frames_the_winner_in_green():
    final = play(4, 15).view(None)
    assert final.is_over
    layout = board_layout(final)
    assert layout.pool is None
    image = decode(render_board(final, names=NAMES))
    (winner,) = final.winners
    for seat, (x0, y0, _, y1) in enumerate(layout.seats):
        edge = (x0 + 1, (y0 + y1) // 2 - 20, x0 + 4, (y0 + y1) // 2 + 20)
        assert (count_near(image, edge, GOOD) > 60) == (seat == winner), seat
    assert image.height < decode(render_board(play(4, 15, steps=40).view(None))).height


def test_pyramids_are_drawn_large_enough_for_their_letter():
    """At every place the board or the guide draws pyramids at full scale, even a small one carries
    its colour letter (the second cue beside colour) at 16 px or more."""
    from renderers.pieces import letter_size

    for scale in (TAKEN_SCALE, POOL_SCALE, PRIZE_SCALE, GUIDE_SCALE):
        assert letter_size(pyramid_extent(1, scale)[0]) >= 16, scale


# --- the hand -------------------------------------------------------------------------------


def must_follow_suit(state):
    seat = state.to_move[0]
    return bool(state.plays) and 0 < len(state.legal_cards(seat)) < len(state.hands[seat])


def test_hand_dims_cards_that_cannot_be_played():
    state = play(4, 17, until=must_follow_suit)
    view = state.view(state.to_move[0])
    legal = set(view.legal)
    boxes = dict(zip(view.hand, hand_card_boxes(view), strict=True))
    image = decode(render_hand(view))

    def face(card):  # the part of the card that is covered whether it is lifted or not
        x0, y0, x1, y1 = boxes[card]
        return (x0 + 8, y0 + 4, x1 - 8, y1 - HAND_LIFT - 4)

    lit = [brightness(image, face(card)) for card in view.hand if card in legal]
    dim = [brightness(image, face(card)) for card in view.hand if card not in legal]
    assert min(lit) > max(dim) + 60


def test_hand_is_not_dimmed_when_it_is_not_your_turn():
    state = play(4, 18, until=must_follow_suit)
    waiting = next(seat for seat in range(4) if seat not in state.to_move)
    view = state.view(waiting)
    image = decode(render_hand(view))
    levels = [brightness(image, box) for box in hand_card_boxes(view)]
    assert max(levels) - min(levels) < 25
    assert count_near(image, (0, 0, image.width, image.height), ACCENT) == 0  # no frames


def test_hand_lays_out_up_to_twelve_cards_in_at_most_two_rows_with_ranks_readable_on_a_phone():
    from renderers.common import text_sizes

    view = play(3, 19, steps=0).view(0)
    assert len(view.hand) == 12
    boxes = hand_card_boxes(view)
    assert len({box[1] for box in boxes}) == 2
    assert all(box[0] >= 0 and box[2] <= 1000 for box in boxes)
    image = decode(render_hand(view))
    assert all(box[3] <= image.height for box in boxes)
    _card_tile.cache_clear()  # made once: drawn again, so its rank is measured
    with text_sizes() as drawn:
        render_hand(view)
    ranks = [size for size, text in drawn if text in {"6", "7", "8", "9", "10", "J", "Q", "K", "A"}]
    assert ranks and min(ranks) * 325 / image.width >= 15


# --- the kit --------------------------------------------------------------------------------


def test_pyramid_sizes_differ_clearly():
    heights = [pyramid_extent(size, 30)[1] for size in (1, 2, 3)]
    assert heights[0] * 1.3 <= heights[1] and heights[1] * 1.2 <= heights[2]


def test_long_names_are_cut_with_an_ellipsis():
    cut = fit_text(NAMES[1], 26, 150)
    assert cut.endswith("…") and len(cut) < len(NAMES[1])
    assert text_width(cut, 26) <= 150
    assert fit_text("Dee", 26, 150) == "Dee"


@pytest.mark.parametrize(
    ("game_id", "board", "private", "rules"),
    [
        ("trickery", "render_trickery_board", "render_trickery_hand", "render_trickery_scoring_guide"),
        ("mars", "render_mars_board", "render_mars_objective", "render_mars_rules_picture"),
        ("senet", "render_senet_board", "render_senet_board", "render_senet_rules_picture"),
        ("flood", "render_flood_board", "render_flood_board", "render_flood_rules_picture"),
        ("combat", "render_combat_board", "render_combat_board", "render_combat_rules_picture"),
    ],
)
def test_every_game_declares_its_pictures_once(game_id, board, private, rules):
    """Games without secrets show a seat the board itself; the dispatchers find each game's module."""
    module = importlib.import_module(f"renderers.{game_id}")
    pictures = pictures_for(game_id)
    assert (pictures.board, pictures.private, pictures.rules) == (
        getattr(module, board),
        getattr(module, private),
        getattr(module, rules),
    )
    with pytest.raises(ValueError, match="No renderer"):
        pictures_for("../etc")
