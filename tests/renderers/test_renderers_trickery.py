"""Martian Trickery's pictures of a tutorial's suggested move (the view's `suggested`, the engine's marks):
the card in the hand, with the prize of a lead on it, and the prize in the pool, all in pink."""

from dataclasses import replace

import pytest
from PIL import Image, ImageChops

from games import GAMES
from games.core import with_suggestion
from renderers import render_board, render_hand
from renderers.trickery_layout import board_layout, hand_card_boxes
from renderers.trickery_sprites import SUGGESTED, SUGGESTED_FRAME, SUGGESTED_LIFT
from tests.pictures import count_near, decode

GAME = GAMES["trickery"]


def first_lead(prize: str):
    """The first position of a 3-player match, and the leader's move leading its first legal card
    for `prize`."""
    state = GAME.new(3, 11, {"first_dealer": 3})
    seat = state.to_move[0]
    card = state.legal_actions(seat)[0].card
    return state, seat, GAME.parse_action(f"L {prize} {card}")


def around(box, margin: int) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return x0 - margin, y0 - margin - SUGGESTED_LIFT, x1 + margin, y1 + margin


@pytest.mark.parametrize("prize", ["R3", "K1"])
def test_the_hand_marks_the_suggested_card_with_its_prize_on_it(prize):
    state, seat, action = first_lead(prize)
    marks = GAME.marks(state, seat, action)
    view = state.view(seat)
    plain = decode(render_hand(view)).convert("RGB")
    marked = decode(render_hand(with_suggestion(view, marks))).convert("RGB")
    boxes = hand_card_boxes(view)
    index = view.hand.index(marks.card)
    frame = around(boxes[index], SUGGESTED_FRAME)
    assert count_near(plain, (0, 0, *plain.size), SUGGESTED) == 0
    assert count_near(marked, frame, SUGGESTED) > 4000  # a thick frame all round
    assert count_near(marked, (0, 0, *marked.size), SUGGESTED) == count_near(marked, frame, SUGGESTED)
    # the prize stands in the card's top right corner: all that a lead's mark adds to its card's
    card_only = decode(render_hand(with_suggestion(view, replace(marks, prize=None)))).convert("RGB")
    x0, y0, x1, _ = boxes[index]
    corner = (x0 + (x1 - x0) // 2, y0 - SUGGESTED_LIFT, x1, y0 - SUGGESTED_LIFT + 100)
    assert changed(card_only, marked, corner) > 800
    assert changed(card_only, marked, (0, 0, *marked.size)) == changed(card_only, marked, corner)
    for other, box in enumerate(boxes):  # every other card as it was
        if other != index and not overlaps(box, frame):
            assert marked.crop(box).tobytes() == plain.crop(box).tobytes()


def changed(first, second, box) -> int:
    """How many pixels of `box` differ between two pictures."""
    difference = ImageChops.difference(first.crop(box), second.crop(box)).convert("L")
    return sum(count for count, value in difference.getcolors(1 << 20) if value)


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_a_follow_marks_only_the_card():
    state, seat, action = first_lead("G2")
    state.apply(seat, action)
    seat = state.to_move[0]
    follow = state.legal_actions(seat)[-1]
    marks = GAME.marks(state, seat, follow)
    assert marks.prize is None
    view = state.view(seat)
    marked = decode(render_hand(with_suggestion(view, marks))).convert("RGB")
    boxes = hand_card_boxes(view)
    frame = around(boxes[view.hand.index(marks.card)], SUGGESTED_FRAME)
    assert count_near(marked, frame, SUGGESTED) > 4000
    assert count_near(marked, (0, 0, *marked.size), SUGGESTED) == count_near(marked, frame, SUGGESTED)


@pytest.mark.parametrize(("prize", "nest"), [("R3", 0), ("B1", 2), ("K2", 3)])
def test_the_board_marks_the_suggested_prize_in_the_pool(prize, nest):
    """A pink block behind the prize, in the pool and centred in its nest's quarter of it (the
    penalty nest last); nothing pink anywhere else."""
    state, seat, action = first_lead(prize)
    view = state.view(None)
    marked = decode(render_board(with_suggestion(view, GAME.marks(state, seat, action)))).convert("RGB")
    assert count_near(decode(render_board(view)).convert("RGB"), (0, 0, *marked.size), SUGGESTED) == 0
    pool = board_layout(view).pool
    assert count_near(marked, pool, SUGGESTED) > 1500
    assert count_near(marked, (0, 0, *marked.size), SUGGESTED) == count_near(marked, pool, SUGGESTED)
    left, _, right, _ = pink_bounds(marked)
    quarter = (pool[2] - pool[0]) / 4
    assert pool[0] + nest * quarter < (left + right) / 2 < pool[0] + (nest + 1) * quarter


def pink_bounds(image) -> tuple[int, int, int, int]:
    """The box around every pixel of the suggestion's pink (each channel within 40 of it)."""
    difference = ImageChops.difference(image, Image.new("RGB", image.size, SUGGESTED))
    red, green, blue = difference.split()
    farthest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return farthest.point(lambda value: 255 if value <= 40 else 0).getbbox()


def test_without_marks_nothing_changes():
    """No mark (nothing to show) draws the picture as it was; a follow's mark (a card, no prize)
    leaves the board as it was."""
    state, seat, action = first_lead("R3")
    for draw, view in ((render_board, state.view(None)), (render_hand, state.view(seat))):
        assert draw(with_suggestion(view, None)) == draw(view)
    card_only = replace(GAME.marks(state, seat, action), prize=None)
    assert render_board(with_suggestion(state.view(None), card_only)) == render_board(state.view(None))
