"""A seat's own Martian Trickery picture: its hand, the playable cards lifted on its turn."""

from __future__ import annotations

from PIL import Image

from catalogue import tr
from games.trickery import TrickerySeatView

from .common import ACCENT, BACKGROUND, MARGIN, MUTED, WIDTH, draw_text, new_canvas, to_png
from .pieces import HEIGHT_RATIO, badge_overhang, draw_pyramid, pyramid_extent
from .trickery_layout import HAND_LIFT, hand_card_boxes
from .trickery_sprites import SUGGESTED, SUGGESTED_FRAME, SUGGESTED_LIFT, draw_card

NOTHING_SIZE = 40


def render_trickery_hand(view: TrickerySeatView, *, names: list[str] | None = None) -> bytes:
    """The seat's own cards; on their turn, playable cards are lifted and framed, the rest dimmed."""
    cards = view.hand
    my_turn = view.seat in view.to_move
    legal = set(view.legal) if my_turn else set(cards)
    boxes = hand_card_boxes(view)
    bottom = max((box[3] for box in boxes), default=0)
    image, draw = new_canvas(WIDTH, max(bottom + MARGIN, 240))
    if not cards:
        draw_text(draw, (WIDTH / 2, 120), tr("No cards left"), size=NOTHING_SIZE, fill=MUTED, anchor="mm")
    suggested = view.suggested
    for card, (x0, y0, x1, _) in zip(cards, boxes, strict=True):
        playable = card in legal
        lifted = my_turn and playable  # lift and frame what may be played
        y = y0 - HAND_LIFT if lifted else y0
        if suggested and card == suggested.card:
            y = y0 - SUGGESTED_LIFT
            draw_card(
                image, card, (x0, y), x1 - x0, under=BACKGROUND, frame=SUGGESTED, frame_width=SUGGESTED_FRAME
            )
            if suggested.prize:
                _draw_prize_on_card(image, suggested.prize, (x1, y), view.penalty_colour)
            continue
        frame = ACCENT if lifted else None
        draw_card(image, card, (x0, y), x1 - x0, dim=not playable, under=BACKGROUND, frame=frame)
    return to_png(image)


CARD_PRIZE_HEIGHT = 64  # px: the prize on a suggested lead's card, beside the rank and above the suit


def _draw_prize_on_card(
    image: Image.Image, prize: str, top_right: tuple[int, int], penalty_colour: str
) -> None:
    """The prize a suggested lead is for, standing in the card's top right corner: as tall as the
    corner allows whatever its size (its pips tell the size; nothing beside it to compare with)."""
    right, top = top_right
    size = int(prize[1])
    scale = round(CARD_PRIZE_HEIGHT / HEIGHT_RATIO[size])
    width, height = pyramid_extent(size, scale)
    over = badge_overhang(scale)
    left = right - 14 - width - over  # a penalty badge overhangs to the right
    draw_pyramid(image, prize, left, top + 10 + over + height, scale=scale, penalty_colour=penalty_colour)
