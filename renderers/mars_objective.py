"""The Agents of M.A.R.S. objective picture (a seat's private one): a card per slot with its value,
its colour and who may see it; in Blind Agents the opponent's objective too. A suggested objective
swap frames its two cards in amber."""

from __future__ import annotations

from PIL import Image, ImageDraw

from catalogue import tr
from games.mars_views import MarsView, ObjectiveSlot

from .common import (
    FAINT,
    GOOD,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    PENALTY,
    TEXT,
    WIDTH,
    Box,
    dashed_frame,
    draw_arrow,
    draw_text,
    fit_text,
    new_canvas,
    paste,
    seat_label,
    signed,
    to_png,
)
from .mars_layout import (
    CARD_PAD,
    LABEL_SIZE,
    NAME_SIZE,
    OBJECTIVE_SCALE,
    OTHER_SCALE,
    RADIUS,
    STATUS_LINE_H,
    STATUS_ROOM,
    SWAP_BAND,
    VALUE_SIZE,
    objective_layout,
    suggested_slot_swap,
)
from .mars_sprites import (
    PRIVATE,
    SQUARE_ARROW,
    SUGGESTED_SLOTS,
    wrap,
)
from .mars_words import status_word
from .pieces import pyramid_extent, pyramid_sprite
from .words import colour_name


def render_mars_objective(view: MarsView, *, names: list[str] | None = None) -> bytes:
    """The viewer's objective as a card per slot: value, colour and who may see it; in Blind Agents
    the opponent's too (the viewer sees that one, not their own)."""
    layout = objective_layout(view)
    image, draw = new_canvas(WIDTH, layout[-1][2][0][3] + MARGIN)
    viewer = view.seat
    for index, (seat, heading, cards) in enumerate(layout):
        if heading:
            title = (
                tr("Your objective")
                if seat == viewer
                else tr("{player}'s objective", player=seat_label(seat, names))
            )
            title = fit_text(title, LABEL_SIZE, heading[2] - heading[0] - 8, bold=True)
            middle = (heading[1] + heading[3]) / 2
            draw_text(
                draw, (heading[0] + 4, middle), title, size=LABEL_SIZE, fill=TEXT, anchor="lm", bold=True
            )
        scale = OBJECTIVE_SCALE if index == 0 else OTHER_SCALE
        for slot, box in zip(view.objectives[seat].slots, cards, strict=False):
            _draw_objective_card(image, draw, box, slot, scale)
    swap = suggested_slot_swap(view)
    if swap:
        owner, values = swap
        cards = next((cards for seat, _, cards in layout if seat == owner), [])
        slots = [slot.value for slot in view.objectives[owner].slots]
        boxes = [cards[slots.index(value)] for value in values if value in slots[: len(cards)]]
        if len(boxes) == 2:
            _draw_suggested_slot_swap(draw, boxes[0], boxes[1])
    return to_png(image)


def _draw_suggested_slot_swap(draw: ImageDraw.ImageDraw, first: Box, second: Box) -> None:
    """The two cards a suggested objective swap exchanges: framed in amber and joined above by a
    bracket with an arrowhead down into each."""
    width = 8
    for box in (first, second):
        draw.rounded_rectangle(box, radius=RADIUS, outline=SUGGESTED_SLOTS, width=width)
    top = first[1]
    bar = top - SWAP_BAND * 0.55
    left, right = sorted(((first[0] + first[2]) / 2, (second[0] + second[2]) / 2))
    draw.line([(left, bar), (right, bar)], fill=SUGGESTED_SLOTS, width=width)
    for x in (left, right):
        draw_arrow(
            draw,
            (x, bar - width / 2),
            (x, top + 2),
            colour=SUGGESTED_SLOTS,
            outline=SUGGESTED_SLOTS,
            width=width,
            shape=SQUARE_ARROW,
        )


STATUS_INK = {"private": PRIVATE, "public": MUTED, "hidden": FAINT, "unchosen": FAINT}


def _draw_objective_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, slot: ObjectiveSlot, scale: int
) -> None:
    """Value, a large pyramid in the slot's colour (or "?" / "–"), the colour's name and who may see it."""
    x0, y0, x1, y1 = box
    centre = (x0 + x1) / 2
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL)
    if slot.status == "private":
        dashed_frame(draw, box, colour=PRIVATE, width=4, dash=10)
    else:
        draw.rounded_rectangle(
            box, radius=RADIUS, outline=MUTED if slot.status == "public" else PANEL_EDGE, width=3
        )
    value_ink = GOOD if slot.value > 0 else (PENALTY if slot.value < 0 else TEXT)
    draw_text(
        draw, (centre, y0 + 40), signed(slot.value), size=VALUE_SIZE, fill=value_ink, anchor="mm", bold=True
    )
    status_top = y1 - 10 - STATUS_ROOM
    name_y = status_top - 22
    art_bottom = name_y - 26
    art_top = y0 + 72
    if slot.colour is None:
        mark = "–" if slot.status == "unchosen" else "?"
        middle = (art_top + art_bottom) / 2
        draw_text(draw, (centre, middle), mark, size=VALUE_SIZE + 16, fill=FAINT, anchor="mm", bold=True)
    else:
        width = pyramid_extent(3, scale)[0]
        sprite = pyramid_sprite(slot.colour, 3, scale)
        paste(image, sprite, (centre - width / 2, art_bottom - sprite.height))
        name = fit_text(colour_name(slot.colour), NAME_SIZE, x1 - x0 - 2 * CARD_PAD, bold=True)
        draw_text(draw, (centre, name_y), name, size=NAME_SIZE, fill=TEXT, anchor="mm", bold=True)
    lines = wrap(status_word(slot), LABEL_SIZE, x1 - x0 - 2 * CARD_PAD)[:2]
    first = status_top + STATUS_ROOM / 2 - STATUS_LINE_H * (len(lines) - 1) / 2
    for j, line in enumerate(lines):
        draw_text(
            draw,
            (centre, first + STATUS_LINE_H * j),
            line,
            size=LABEL_SIZE,
            fill=STATUS_INK[slot.status],
            anchor="mm",
        )
