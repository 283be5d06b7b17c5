"""Martian Trickery pictures: the public board, a seat's hand, and the scoring guide.

Made to be read on a phone, where Discord shows a picture about 325 px wide: the pictures hold what
only a picture shows (the cards on the table, the pool, the pyramids each seat took, the hand) and
no words but the seat tags P1-P4; names, scores, cards held, the dealer and whose turn it is are
Discord text (the presenter's seat lines, status and legend).

The board never reads a seat's hand: it is public, whatever view it is given.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from catalogue import N_, tr
from games.pieces import RANK_LABELS, Card, deck
from games.trickery import Trick, TrickerySeatView, TrickeryView

from . import common
from .common import (
    ACCENT,
    BACKGROUND,
    CARD_EDGE,
    CARD_FACE,
    FAINT,
    GOOD,
    MARGIN,
    MUTED,
    ON_ACCENT,
    ON_GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    PENALTY,
    TEXT,
    WIDTH,
    Box,
    Colour,
    Pictures,
    draw_text,
    mix,
    new_canvas,
    once_per_language,
    once_per_picture,
    pill,
    seat_tag,
    to_png,
)
from .pieces import (
    HEIGHT_RATIO,
    badge_overhang,
    card_extent,
    draw_card_slot,
    draw_pyramid,
    draw_pyramid_row,
    draw_suit,
    pyramid_extent,
    row_width,
    suit_colour,
)

GAP = 12
PAD = 16
RADIUS = 16

# The only words drawn: seat tags, 11.7 px tall when the picture is shown 325 px wide.
TAG_SIZE = 36
TAG_H = round(TAG_SIZE * 1.45)  # a pill's height (renderers.common.pill)

# Sizes chosen for a phone: a card's rank (a third of its width) and a small pyramid's colour
# letter stay readable at 325 px.
CARD_W = 144  # on the table and in the hand alike: one set of card tiles
POOL_SCALE = 66
PRIZE_SCALE = POOL_SCALE  # one sprite for a pyramid in the pool and as the prize
TAKEN_SCALE = 54
TAKEN_SCALES = (TAKEN_SCALE, 44, 36, 29, 24)  # a long row shrinks in steps: few sprites to make
PRIZE_COLUMN_W = 150
TABLE_H = PAD + TAG_H + 12 + card_extent(CARD_W)[1] + 20
POOL_H = pyramid_extent(3, POOL_SCALE)[1] + 48
SEAT_H = pyramid_extent(3, TAKEN_SCALE)[1] + 30


# --- layout ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardLayout:
    width: int
    height: int
    table: Box  # the trick: the prize, then a card slot per seat in play order
    pool: Box | None  # the pyramids still on offer (none once the match is over)
    seats: tuple[Box, ...]  # per seat, its tag and the pyramids it took this hand


@once_per_picture
def board_layout(view: TrickeryView) -> BoardLayout:
    """Top to bottom: the table, the pool, then the seats two to a row (P1 P2 / P3 P4)."""
    left, right = MARGIN, WIDTH - MARGIN
    table = (left, MARGIN, right, MARGIN + TABLE_H)
    y = table[3] + GAP
    pool = None
    if not view.is_over:
        pool = (left, y, right, y + POOL_H)
        y = pool[3] + GAP
    seat_w = (right - left - GAP) // 2
    seats = []
    for seat in range(view.num_players):
        row, column = divmod(seat, 2)
        x = left + column * (seat_w + GAP)
        top = y + row * (SEAT_H + GAP)
        seats.append((x, top, x + seat_w, top + SEAT_H))
    return BoardLayout(WIDTH, seats[-1][3] + MARGIN, table, pool, tuple(seats))


# --- the board ------------------------------------------------------------------------------


def render_trickery_board(view: TrickeryView, *, names: list[str] | None = None) -> bytes:
    """The trick on the table, the pool and what each seat took. Names are Discord text, not drawn."""
    layout = board_layout(view)
    _pyramids_of_the_set(view.nests, view.penalty_colour, common.CANVAS_MODE)
    image, draw = new_canvas(layout.width, layout.height)
    _draw_table(image, draw, layout.table, view)
    if layout.pool is not None:
        _draw_pool(image, draw, layout.pool, view)
    for seat, box in enumerate(layout.seats):
        _draw_seat(image, draw, box, view, seat)
    return to_png(image)


@lru_cache(maxsize=8)
def _pyramids_of_the_set(nests: tuple[str, ...], penalty_colour: str, mode: str) -> None:
    """Make every pyramid of the set at the board's scales, on the panels it stands on, the first
    time the set is drawn (each on a scratch canvas of that panel's colour), rather than a few in
    each new position."""

    def on(colour: Colour, code: str, scale: int, *, ghost: bool = False) -> None:
        scratch, _ = _blank(120, 200, colour)
        if ghost:
            draw_ghost(scratch, int(code[1]), 0, 190, scale)
        else:
            draw_pyramid(scratch, code, 0, 190, scale=scale, penalty_colour=penalty_colour)

    for colour in set(nests):
        for size in (1, 2, 3):
            code = f"{colour}{size}"
            on(PANEL, code, POOL_SCALE)
            on(PANEL, code, TAKEN_SCALE)
            on(PANEL_ACTIVE, code, TAKEN_SCALE)
            on(PANEL, code, POOL_SCALE, ghost=True)


def _tag(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    seat: int,
    colours: tuple[Colour, Colour],
    anchor="m",
) -> Box:
    """A seat's tag as a pill; returns its box."""
    fill, ink = colours
    return pill(draw, centre, seat_tag(seat), size=TAG_SIZE, fill=fill, text_fill=ink, anchor=anchor)


def _blank(width: int, height: int, colour: Colour) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas like the picture's (palette or RGB reference), all `colour`: a tile to draw once."""
    tile, draw = new_canvas(width, height)
    draw.rectangle((0, 0, width, height), fill=colour)
    return tile, draw


# A tutorial's suggested move (the view's `suggested`, the engine's marks): pink, which nothing else in
# these pictures is; a card in a frame twice as thick as the legal cards' yellow one, and lifted
# higher, with the prize of a lead on it; in the pool, a block under the prize.
SUGGESTED = (255, 104, 196)
SUGGESTED_FRAME = 12  # px around the suggested card: twice the legal cards' frame
SUGGESTED_LIFT = 22  # px: above the lifted legal cards, yet clear of the picture's top edge

PLAIN_TAG = (TEXT, BACKGROUND)
WAITING_TAG = (FAINT, BACKGROUND)
TURN_TAG = (ACCENT, ON_ACCENT)
WON_TAG = (GOOD, ON_GOOD)


def _draw_seat(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: TrickeryView, seat: int
) -> None:
    """The seat's tag and the pyramids it took this hand (at the end: in the last hand), point
    pyramids first; framed in yellow while it must play, in green if it won the match."""
    to_move = seat in view.to_move
    won = seat in view.winners
    edge, edge_width = (ACCENT, 6) if to_move else ((GOOD, 6) if won else (PANEL_EDGE, 2))
    fill = PANEL_ACTIVE if to_move else PANEL
    draw.rounded_rectangle(box, radius=RADIUS, fill=fill, outline=edge, width=edge_width)
    x0, y0, x1, y1 = box
    colours = TURN_TAG if to_move else (WON_TAG if won else PLAIN_TAG)
    tag = _tag(draw, (x0 + PAD, (y0 + y1) / 2), seat, colours, anchor="l")
    taken = view.seats[seat].taken
    room = x1 - PAD - tag[2] - 18
    scale = next((s for s in TAKEN_SCALES if row_width(taken, s, 6) <= room), TAKEN_SCALES[-1])
    draw_pyramid_row(
        image, taken, tag[2] + 18, y1 - 12, scale=scale, gap=6, penalty_colour=view.penalty_colour
    )


# --- the pool -------------------------------------------------------------------------------


def _draw_pool(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: TrickeryView) -> None:
    """The nests side by side across the width; a taken pyramid, or the prize at stake, leaves a
    faint outline."""
    x0, _, x1, y1 = box
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL, outline=PANEL_EDGE, width=2)
    nests = view.pool_nests
    gap = 10
    nest_w = sum(pyramid_extent(size, POOL_SCALE)[0] for size in (1, 2, 3)) + 2 * gap
    between = (x1 - x0 - 2 * PAD - len(nests) * nest_w) / (len(nests) + 1)
    baseline = y1 - 20
    x = x0 + PAD + between
    suggested = view.suggested.prize if view.suggested else None
    for nest in nests:
        for size, here in zip((1, 2, 3), nest.left, strict=True):
            code = f"{nest.colour}{size}"
            if here:
                if code == suggested:
                    _mark_suggested_pyramid(draw, x, baseline, int(size), POOL_SCALE)
                    suggested = None  # one mark, where the set has two nests of a colour
                x += draw_pyramid(
                    image, code, x, baseline, scale=POOL_SCALE, penalty_colour=view.penalty_colour
                )
            else:
                x += draw_ghost(image, size, x, baseline, POOL_SCALE)
            x += gap
        x += between - gap


def _mark_suggested_pyramid(
    draw: ImageDraw.ImageDraw, x: float, baseline: float, size: int, scale: int
) -> None:
    """Under the suggested prize (its base's left end at x, baseline), drawn before it: a pink
    block from the panel's foot to above its apex, as wide as the gaps to its neighbours allow."""
    width, height = pyramid_extent(size, scale)
    over = badge_overhang(scale)
    draw.rounded_rectangle(
        (x - 5, baseline - height - over - 8, x + width + over // 2 + 5, baseline + 12),
        radius=8,
        fill=SUGGESTED,
    )


def draw_ghost(image: Image.Image, size: int, x: float, baseline: float, scale: int) -> int:
    """The faint outline of a place with no pyramid: one sprite per size, whatever colour is missing."""
    return draw_pyramid(image, f"R{size}", x, baseline, scale=scale, ghost=True)


# --- the trick ------------------------------------------------------------------------------


def _draw_table(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: TrickeryView) -> None:
    """The prize, then one slot per seat in play order with its tag above it: the leader's first.
    The winning card is framed in green; the slot of the seat to play next in yellow."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL, outline=PANEL_EDGE, width=2)
    trick = view.table
    over = trick.over
    card_w, card_h = card_extent(CARD_W)
    card_top = y0 + PAD + TAG_H + 12
    _draw_prize(image, draw, (x0 + PAD, card_top, x0 + PAD + PRIZE_COLUMN_W, card_top + card_h), trick, view)
    n = view.num_players
    start = x0 + PAD + PRIZE_COLUMN_W + 20
    step = min(card_w + 60, (x1 - PAD - start - card_w) / (n - 1))
    start += (x1 - PAD - start - (step * (n - 1) + card_w)) / 2  # centred in the room left
    plays = trick.plays
    winner = trick.winner
    for i in range(n):
        seat = (trick.leader + i) % n
        x = round(start + i * step)
        next_up = not over and seat in view.to_move
        if i < len(plays):
            frame = GOOD if seat == winner else None
            draw_card(image, plays[i].card, (x, card_top), card_w, dim=over and seat != winner, frame=frame)
        else:
            draw_card_slot(draw, (x, card_top), card_w, colour=ACCENT if next_up else FAINT)
        if seat == winner and i < len(plays):
            colours = WON_TAG
        elif next_up:
            colours = TURN_TAG
        else:
            colours = WAITING_TAG if over or i >= len(plays) else PLAIN_TAG
        _tag(draw, (x + card_w / 2, y0 + PAD + TAG_H / 2), seat, colours)


def _draw_prize(
    image: Image.Image, draw: ImageDraw.ImageDraw, column: Box, trick: Trick, view: TrickeryView
) -> None:
    """The prize pyramid standing level with the cards; before the lead, an empty outline."""
    x0, _, x1, bottom = column
    centre = (x0 + x1) / 2
    prize = trick.prize
    width, height = pyramid_extent(int(prize[1]) if prize else 3, PRIZE_SCALE)
    if prize:
        draw_pyramid(
            image,
            prize,
            centre - width / 2,
            bottom - 4,
            scale=PRIZE_SCALE,
            penalty_colour=view.penalty_colour,
        )
    else:
        draw_ghost(image, 3, centre - width / 2, bottom - 4, PRIZE_SCALE)
        draw_text(
            draw,
            (centre, bottom - 4 - height * 0.38),
            "?",
            size=TAG_SIZE + 8,
            fill=FAINT,
            anchor="mm",
            bold=True,
        )


# --- cards ----------------------------------------------------------------------------------

DIM = 0.62  # how far a card that can't be played fades into the background


def draw_card(
    image: Image.Image,
    code: str,
    xy: tuple[float, float],
    width: int,
    *,
    dim: bool = False,
    under: Colour = PANEL,
    frame: Colour | None = None,
    frame_width: int = 6,
) -> None:
    """A card whose top-left corner is at xy, on a background of colour `under`, in a frame of
    colour `frame` if given (`frame_width` px around it)."""
    _deck_made_once(common.CANVAS_MODE)
    margin = frame_width if frame else 0
    tile = _card_tile(code, width, dim, under, frame, margin, common.CANVAS_MODE)
    image.paste(tile, (round(xy[0]) - margin, round(xy[1]) - margin))


@lru_cache(maxsize=2)
def _deck_made_once(mode: str) -> None:
    """Make every card of the decks, plain and faded, the first time a card is drawn: their parts
    (ranks and suit signs in each ink) are then ready for any card tile."""
    for card in deck(range(3, 15)):
        for dim in (False, True):
            _card_tile(str(card), CARD_W, dim, PANEL, None, 0, mode)


@lru_cache(maxsize=512)
def _card_tile(
    code: str, width: int, dim: bool, under: Colour, frame: Colour | None, margin: int, mode: str
) -> Image.Image:
    """A card face made once per card, shade, background and frame (`margin` px wide) from shared
    parts (a panel, the rank, two suit signs): the deck is small, so after a few positions every card
    is a copy."""
    card = Card.parse(code)
    _, height = card_extent(width)
    tile, draw = _blank(width + 2 * margin, height + 2 * margin, under)
    if frame:
        draw.rounded_rectangle((0, 0, tile.width - 1, tile.height - 1), radius=12 + margin, fill=frame)
    face, edge, ink = CARD_FACE, CARD_EDGE, suit_colour(card.suit)
    if dim:
        face, edge, ink = (mix(colour, BACKGROUND, DIM) for colour in (face, edge, ink))
    x = y = margin
    draw.rounded_rectangle(
        (x, y, x + width, y + height), radius=round(width * 0.1), fill=face, outline=edge, width=2
    )
    rank_size = round(width * 0.34)
    rank = RANK_LABELS.get(card.rank, str(card.rank))
    draw_text(draw, (x + width * 0.09, y + width * 0.06), rank, size=rank_size, fill=ink, bold=True)
    small = round(width * 0.2)
    draw_suit(tile, card.suit, (x + width * 0.1, y + width * 0.06 + rank_size * 1.05), small, ink)
    big = round(width * 0.56)
    draw_suit(tile, card.suit, (x + width - big - width * 0.1, y + height - big - width * 0.1), big, ink)
    return tile


# --- the hand -------------------------------------------------------------------------------

HAND_PER_ROW = 6  # twelve cards make two rows
HAND_CARD_GAP = 20
HAND_LIFT = 14
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


def hand_card_boxes(view: TrickerySeatView) -> list[Box]:
    """Where render_trickery_hand puts each card before lifting it: rows of up to six, halves of
    the hand when it has more (for tests and click maps)."""
    cards = view.hand
    per_row = (len(cards) + 1) // 2 if len(cards) > HAND_PER_ROW else len(cards)
    rows = [cards[i : i + per_row] for i in range(0, len(cards), per_row)] if cards else []
    card_w, card_h = card_extent(CARD_W)
    boxes = []
    for r, row in enumerate(rows):
        top = MARGIN + HAND_LIFT + 6 + r * (card_h + HAND_CARD_GAP + 6)
        left = (WIDTH - len(row) * card_w - (len(row) - 1) * HAND_CARD_GAP) / 2
        for i in range(len(row)):
            x = round(left + i * (card_w + HAND_CARD_GAP))
            boxes.append((x, top, x + card_w, top + card_h))
    return boxes


# --- the scoring guide ----------------------------------------------------------------------

GUIDE_SCALE = 52  # the small pyramids' letters read at phone width
GUIDE_ROW_H = 104
GUIDE_TITLE_SIZE = 40
GUIDE_LABEL_SIZE = 34
GUIDE_VALUE_SIZE = 46

# (pyramids, title, description, value): the guide draws the title and value, the presenter's
# rules_alt says all of it. Texts marked here, said in the spoken language when used.
POINT_GROUPS = (
    (["G2"], N_("Single pyramid"), N_("Any pyramid left out of a group"), "1"),
    (["R2", "G2", "B2"], N_("Three of a size"), N_("Same size, any colours"), "7"),
    (["B1", "R2", "G3"], N_("Mixed tree"), N_("Small + medium + large"), "5"),
    (["R1", "R2", "R3"], N_("One-colour tree"), N_("Small + medium + large of one colour"), "7"),
)
PENALTY_GROUPS = (
    (["K2"], N_("Take 1"), N_("Your pyramids of its size score nothing"), N_("size = 0")),
    (["K1", "K3"], N_("Take 2"), N_("Your score for the hand counts against you"), N_("−score")),
    (["K1", "K2", "K3"], N_("Take all 3"), N_("Bonus on top of your score"), "+21"),
)
GUIDE_TITLE = N_("Martian Trickery scoring")
PENALTY_HEADING = N_("Penalty pyramids (black; white in the Xeno set)")


@once_per_language
def render_trickery_scoring_guide() -> bytes:
    """The /rules picture: what each group of pyramids is worth, and what penalty pyramids do, in
    a few big words (the rules text explains the rest)."""
    height = 76 + GUIDE_ROW_H * len(POINT_GROUPS) + 64 + GUIDE_ROW_H * len(PENALTY_GROUPS) + MARGIN
    image, draw = new_canvas(WIDTH, height)
    draw_text(
        draw, (MARGIN + 4, 40), tr(GUIDE_TITLE), size=GUIDE_TITLE_SIZE, fill=TEXT, anchor="lm", bold=True
    )
    y = 76
    for group in POINT_GROUPS:
        _draw_guide_row(image, draw, y, *group, accent=TEXT)
        y += GUIDE_ROW_H
    draw_text(
        draw,
        (MARGIN + 4, y + 30),
        tr(PENALTY_HEADING),
        size=GUIDE_LABEL_SIZE,
        fill=PENALTY,
        anchor="lm",
        bold=True,
    )
    y += 64
    for group in PENALTY_GROUPS:
        _draw_guide_row(image, draw, y, *group, accent=PENALTY)
        y += GUIDE_ROW_H
    return to_png(image)


def _draw_guide_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    codes: list[str],
    title: str,
    description: str,
    value: str,
    *,
    accent: tuple[int, int, int],
) -> None:
    box = (MARGIN, y, WIDTH - MARGIN, y + GUIDE_ROW_H - 10)
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL)
    middle = (box[1] + box[3]) / 2
    draw_pyramid_row(image, codes, MARGIN + PAD, box[3] - 8, scale=GUIDE_SCALE, gap=10, penalty_colour="K")
    draw_text(
        draw, (MARGIN + 220, middle), tr(title), size=GUIDE_LABEL_SIZE, fill=TEXT, anchor="lm", bold=True
    )
    draw_text(
        draw,
        (box[2] - PAD - 8, middle),
        tr(value),
        size=GUIDE_VALUE_SIZE,
        fill=accent,
        anchor="rm",
        bold=True,
    )


PICTURES = Pictures(
    board=render_trickery_board, private=render_trickery_hand, rules=render_trickery_scoring_guide
)
