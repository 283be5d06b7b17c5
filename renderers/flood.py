"""Martian Flood pictures: the board (also every seat's "hand": nothing in Flood is hidden) and the rules.

The board, top to bottom:
  - the header: round, and "last turn of the round" when it is;
  - a status strip: the direction and this round's turn order (the current player ringed, their
    action slot), the draw deck and the discard pile with its top card;
  - while a DRAW waits for its keep choice, the two revealed cards; while an infiltrated ship waits
    to be placed, that ship and the towers it may go on;
  - one full-width panel per seat, in seat order: colour, stash, cards in play, and the area itself
    as small playing cards (sector number and suit) carrying a ship lying on its side, a tower
    standing (bottom biggest) or nothing; infiltrated ships still pending come last, framed in pink
    with their sender under them; at the end each panel adds its score breakdown;
  - the latest flood: each roll as three dice, its sector and the towers it washed, before -> after;
  - the last turns' actions in words.

Cards shrink (84 -> 70 px wide) when that saves a row (an area of 11-12 cards stays on one), and
once an area wraps anyway they stay big; every panel uses the same card size so towers compare
across players. Every picture goes through `to_png`
(64 colours), so marks reuse the kit's palette and a few shades.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.flood import SECTOR_OF_CARD
from games.pieces import COLOUR_NAMES, SIZE_NAMES

from .common import (
    ACCENT,
    BACKGROUND,
    BODY_SIZE,
    CARD_EDGE,
    CARD_FACE,
    EM_DASH,
    FAINT,
    GOOD,
    HEADER_H,
    MARGIN,
    MINUS,
    MUTED,
    ON_ACCENT,
    ON_GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    PENALTY,
    PYRAMID_COLOURS,
    SMALL_SIZE,
    SUIT_BLACK,
    SUPERSAMPLE,
    TEXT,
    TITLE_SIZE,
    WIDTH,
    Box,
    Colour,
    Pictures,
    dashed_frame,
    draw_picture_heading,
    draw_suit,
    draw_text,
    fit_text,
    luminance,
    mix,
    new_canvas,
    paste,
    pill,
    pyramid_extent,
    pyramid_sprite,
    seat_label,
    seat_name,
    seat_tag,
    suit_colour,
    text_width,
    to_png,
)
from .common import (
    panel_card as _panel,
)
from .senet import die_sprite, wrap

# --- layout ---------------------------------------------------------------------------------------

GAP = 10
PAD = 14
RADIUS = 14
INNER_W = WIDTH - 2 * MARGIN - 2 * PAD  # the width cards flow in, inside a panel
STATUS_H = 96
STRIP_H = 112  # the drawn pair, or the ship being placed
PANEL_HEAD_H = 48
ROW_GAP = 10
PENDING_CAPTION_H = 30  # "from P1" under a pending ship's card
RESULT_H = 38
CARD_GAP = 8
PENDING_GAP = 16  # between a player's own cards and the ships pending on them
PENDING_SPACING = 20  # more between pending cards: their "from P1" captions are wider than a small card
PENDING_CAPTION_W = 90  # room for "from P1" under a pending card, however narrow the card
MAX_CARD_W = 84
MIN_CARD_W = 70  # smaller, and sector numbers and towers stop reading on a phone: wrap instead
CARD_RATIO = 1.36  # a little squatter than a real card (1.4): four areas must fit a phone screen
TOWER_LIFT = 0.58  # a pyramid stands this far up the one below it (it sits on the tip)
SIDE_CARD_W = 52  # deck and discard
STRIP_CARD_W = 62
FLOOD_TITLE_H = 44
FLOOD_ROW_MIN = 58
FLOOD_ROW_MAX = 116
FLOOD_DIE = 32
MINI_SCALE = 24  # the towers in the flood panel
HIT_ARROW_W = 30  # before -> after
HIT_GAP = 16  # between two towers one roll hit
LOG_LINE_H = 34

PENDING = (255, 104, 196)  # infiltrated ships waiting: no seat colour is pink
EMPTY_FACE = mix(CARD_FACE, PANEL, 0.3)  # an empty card, so the ones with pieces stand out
HEIGHT_BADGE = (32, 36, 46)
ROLL_FILL = mix(PANEL, PANEL_EDGE, 0.35)
DECK_BACK = (60, 84, 140)


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def seat_colour(view: dict, seat: int) -> str:
    return view["colours"][seat]


def seat_rgb(view: dict, seat: int) -> Colour:
    return PYRAMID_COLOURS.get(seat_colour(view, seat), (200, 200, 200))


def ink_on(rgb: Colour) -> Colour:
    return SUIT_BLACK if luminance(rgb) > 150 else (250, 250, 250)


def pyramid_size(code: str) -> int:
    return int(code[1])


def area_indices(view: dict, seat: int) -> list[int]:
    """The indices of a seat's area drawn as its own cards: a card also listed as pending is drawn
    once, among the pending ships (the view may list it in both places)."""
    pending = {entry["card"] for entry in pending_of(view, seat)}
    return [i for i, entry in enumerate(view["areas"][seat]) if entry["card"] not in pending]


def pending_of(view: dict, seat: int) -> list[dict]:
    pending = view.get("pending") or []
    return list(pending[seat]) if seat < len(pending) else []


def status_pills(
    view: dict, seat: int, *, current: bool, won: bool, over: bool
) -> list[tuple[str, Colour, Colour]]:
    """The labels beside a player's name: to act, winner, and ships still waiting to land (not
    once the match is over: they never will)."""
    pills = []
    if current:
        pills.append((f"TO ACT {EM_DASH} {view.get('slot', 1)} OF 2", ACCENT, ON_ACCENT))
    if won:
        pills.append(("WINNER", GOOD, ON_GOOD))
    pending = pending_of(view, seat)
    if pending and not over:
        pills.append((f"{len(pending)} PENDING", PENDING, SUIT_BLACK))
    return pills


def cards_in_play(view: dict, seat: int) -> int:
    """Every card in front of the player, empty ones and pending ships' included (spec R6)."""
    return len(area_indices(view, seat)) + len(pending_of(view, seat))


def pending_overhang(width: int) -> int:
    """How far a pending card's frame reaches past the card on each side, to hold its caption."""
    return max(4, (PENDING_CAPTION_W - width + 1) // 2)


def card_width(view: dict) -> int:
    """One card size for every panel, 70..84 px: the largest that needs no more rows than the smallest.

    So cards shrink to keep a big area on one row, and once it wraps anyway they stay big.
    """

    def rows(width: int) -> int:
        return sum(_flow_panel(view, seat, 0, width)[3] for seat in range(view["players"]))

    fewest = rows(MIN_CARD_W)
    return next(width for width in range(MAX_CARD_W, MIN_CARD_W - 1, -1) if rows(width) == fewest)


@dataclass(frozen=True)
class RollPlace:
    """Where one flood roll is drawn: its box, its three dice, and each tower it hit."""

    box: Box
    dice: tuple[Box, ...]
    hits: tuple[Box, ...]
    short: bool = False  # hits labelled by card only, to fit


@dataclass(frozen=True)
class FloodLayout:
    width: int
    height: int
    card_width: int
    status: Box | None  # turn order, deck and discard (not once the game is over)
    strip: Box | None  # the drawn pair or the ship being placed
    panels: tuple[Box, ...]  # per seat
    cards: dict[tuple[int, int], Box]  # (seat, index in the area) -> the card
    pending: dict[tuple[int, int], Box]  # (seat, index in the pending queue) -> the card
    results: dict[int, Box]  # per seat, at the end: the score breakdown row in its panel
    flood: Box | None
    rolls: tuple[RollPlace, ...]
    log: Box | None


def _flow_panel(
    view: dict, seat: int, top: int, width: int
) -> tuple[int, dict[tuple[int, int], Box], dict[tuple[int, int], Box], int]:
    """Lay a panel's cards out in rows, its own cards then the pending ships.

    Returns the bottom of the last row, the boxes of its cards and of its pending ships, and the
    number of rows.
    """
    height = card_height(width)
    left, right = MARGIN + PAD, WIDTH - MARGIN - PAD
    overhang = pending_overhang(width)
    own = area_indices(view, seat)
    items = [("own", i) for i in own] + [("pending", i) for i in range(len(pending_of(view, seat)))]
    cards: dict[tuple[int, int], Box] = {}
    pending: dict[tuple[int, int], Box] = {}
    x, y, rows = left, top, 1
    row_has_pending = False
    for kind, index in items:
        if kind == "pending":  # set apart from the own cards, and room for the captions
            x += PENDING_SPACING if pending else (PENDING_GAP if own else overhang)
        if x + width + (overhang if kind == "pending" else 0) > right and x > left:
            y += height + ROW_GAP + (PENDING_CAPTION_H if row_has_pending else 0)
            x, rows, row_has_pending = left + (overhang if kind == "pending" else 0), rows + 1, False
        box = (x, y, x + width, y + height)
        if kind == "own":
            cards[(seat, index)] = box
        else:
            pending[(seat, index)] = box
            row_has_pending = True
        x += width + CARD_GAP
    bottom = y + height + (PENDING_CAPTION_H if row_has_pending else 0)
    return bottom, cards, pending, rows


def _roll_hit_width(hit: dict, *, short: bool = False) -> int:
    label = measure(hit_label(hit, short=short), SMALL_SIZE, True)
    after = _mini_tower_width(hit.get("after") or []) or round(measure("empty", SMALL_SIZE)) + 4
    return round(label) + 8 + _mini_tower_width(hit.get("before") or []) + HIT_ARROW_W + after + HIT_GAP


def _roll_head_width(roll: dict) -> int:
    dice = 3 * FLOOD_DIE + 2 * 5
    return PAD + dice + 10 + round(measure(f"= {roll.get('sector', '?')}", BODY_SIZE, True)) + 12


def _no_hit_text(view: dict, roll: dict) -> str:
    return "no tower" if roll.get("sector") in view["card_sectors"] else "no card"


def _roll_width(view: dict, roll: dict, *, short: bool = False) -> int:
    hits = roll.get("hits") or []
    if not hits:
        return _roll_head_width(roll) + round(measure(_no_hit_text(view, roll), SMALL_SIZE)) + PAD
    return _roll_head_width(roll) + sum(_roll_hit_width(hit, short=short) for hit in hits) - HIT_GAP + PAD


def _roll_height(roll: dict) -> int:
    """A roll's row is as tall as the tallest tower it hit (before), within limits."""
    towers = [hit.get("before") or [] for hit in roll.get("hits") or []]
    tallest = max((tower_height(codes, MINI_SCALE) for codes in towers), default=0)
    return max(FLOOD_ROW_MIN, min(FLOOD_ROW_MAX, round(tallest) + 14))


def _flow_rolls(view: dict, top: int) -> tuple[int, tuple[RollPlace, ...]]:
    """The rolls left to right, wrapping; each row as tall as its tallest roll."""
    rolls = (view.get("flood") or {}).get("rolls") or []
    left, right = MARGIN + PAD, WIDTH - MARGIN - PAD
    rows: list[list[tuple[dict, int, int, bool]]] = [[]]  # (roll, x, width, short labels)
    x = left
    for roll in rolls:
        short = _roll_width(view, roll) > right - left  # four towers hit: their labels lose the seat
        width = min(_roll_width(view, roll, short=short), right - left)
        if x + width > right and x > left:
            rows.append([])
            x = left
        rows[-1].append((roll, x, width, short))
        x += width + 10
    places = []
    y = top
    for row in rows:
        height = max((_roll_height(roll) for roll, _, _, _ in row), default=0)
        for roll, x, width, short in row:
            box = (x, y, x + width, y + height)
            die_top = y + (height - FLOOD_DIE) // 2
            dice = tuple(
                (
                    x + PAD + i * (FLOOD_DIE + 5),
                    die_top,
                    x + PAD + i * (FLOOD_DIE + 5) + FLOOD_DIE,
                    die_top + FLOOD_DIE,
                )
                for i in range(3)
            )
            hx = x + _roll_head_width(roll)
            hits = []
            for hit in roll.get("hits") or []:
                hit_w = _roll_hit_width(hit, short=short) - HIT_GAP
                hits.append((hx, y + 4, min(hx + hit_w, box[2] - 4), y + height - 4))
                hx += hit_w + HIT_GAP
            places.append(RollPlace(box, dice, tuple(hits), short))
        if row:
            y += height + 8
    return (y - 8 if rolls else top), tuple(places)


def board_layout(view: dict) -> FloodLayout:
    """Where everything goes, top to bottom (see the module's docstring)."""
    over = bool(view.get("is_over"))
    width = card_width(view)
    y = HEADER_H + 2
    status = None
    if not over:
        status = (MARGIN, y, WIDTH - MARGIN, y + STATUS_H)
        y = status[3] + GAP
    strip = None
    if not over and (view.get("drawn") or view.get("resolving")):
        strip = (MARGIN, y, WIDTH - MARGIN, y + STRIP_H)
        y = strip[3] + GAP
    panels = []
    cards: dict[tuple[int, int], Box] = {}
    pending: dict[tuple[int, int], Box] = {}
    results: dict[int, Box] = {}
    for seat in range(view["players"]):
        bottom, seat_cards, seat_pending, _ = _flow_panel(view, seat, y + PANEL_HEAD_H, width)
        cards.update(seat_cards)
        pending.update(seat_pending)
        if over:
            results[seat] = (MARGIN + PAD, bottom + 8, WIDTH - MARGIN - PAD, bottom + 8 + RESULT_H)
            bottom = results[seat][3]
        panels.append((MARGIN, y, WIDTH - MARGIN, bottom + PAD))
        y = bottom + PAD + GAP
    flood = None
    rolls: tuple[RollPlace, ...] = ()
    if view.get("flood"):
        bottom, rolls = _flow_rolls(view, y + FLOOD_TITLE_H)
        flood = (MARGIN, y, WIDTH - MARGIN, bottom + PAD)
        y = flood[3] + GAP
    log = None
    lines = log_lines(view)
    if lines:
        log = (MARGIN, y, WIDTH - MARGIN, y + LOG_LINE_H * len(lines) + 16)
        y = log[3] + GAP
    return FloodLayout(
        WIDTH,
        y - GAP + MARGIN,
        width,
        status,
        strip,
        tuple(panels),
        cards,
        pending,
        results,
        flood,
        rolls,
        log,
    )


def card_box(view: dict, seat: int, index: int) -> Box:
    """The box of card `index` of `seat`'s area (view["areas"][seat][index])."""
    return board_layout(view).cards[(seat, index)]


def pending_box(view: dict, seat: int, index: int) -> Box:
    """The box of the card of the `index`th ship pending on `seat` (view["pending"][seat][index])."""
    return board_layout(view).pending[(seat, index)]


def panel_box(view: dict, seat: int) -> Box:
    return board_layout(view).panels[seat]


# --- sprites --------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def flood_card_sprite(code: str, sector: int, width: int, *, empty: bool = False) -> Image.Image:
    """A card face showing its sector number big in the top-left corner and its suit under it.

    Empty cards are greyed, so the eye goes to the cards with pieces.
    """
    height = card_height(width)
    s = SUPERSAMPLE
    shape = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1),
        radius=round(width * 0.1) * s,
        fill=(*(EMPTY_FACE if empty else CARD_FACE), 255),
        outline=(*CARD_EDGE, 255),
        width=2 * s,
    )
    sprite = shape.reduce(s)
    suit = code[1].lower()
    ink = suit_colour(suit)
    number_size = max(SMALL_SIZE + 2, round(width * 0.36))
    draw_text(
        ImageDraw.Draw(sprite),
        (width * 0.08, width * 0.05),
        str(sector),
        size=number_size,
        fill=ink,
        bold=True,
    )
    suit_size = round(width * 0.22)
    draw_suit(sprite, suit, (width * 0.09, width * 0.07 + number_size * 1.02), suit_size, ink)
    return sprite


@lru_cache(maxsize=64)
def ship_sprite(colour: str, size: int, scale: int) -> Image.Image:
    """A pyramid lying on its side, apex to the right: the piece sprite turned a quarter clockwise."""
    sprite = pyramid_sprite(colour, size, scale)
    width, height = pyramid_extent(size, scale)
    over = sprite.height - height  # the room the kit leaves above for a penalty badge
    return sprite.crop((0, over, width, over + height)).rotate(-90, expand=True)


@lru_cache(maxsize=8)
def deck_back_sprite(width: int) -> Image.Image:
    """The back of a face-down card: a blue face with a lighter diagonal lattice."""
    height = card_height(width)
    s = SUPERSAMPLE
    image = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    box = (0, 0, width * s - 1, height * s - 1)
    draw.rounded_rectangle(box, radius=round(width * 0.1) * s, fill=(*CARD_FACE, 255))
    inner = (4 * s, 4 * s, width * s - 4 * s, height * s - 4 * s)
    draw.rounded_rectangle(inner, radius=round(width * 0.07) * s, fill=(*DECK_BACK, 255))
    lattice = Image.new("L", image.size, 0)
    lines = ImageDraw.Draw(lattice)
    step = 10 * s
    for offset in range(-height * s, width * s + height * s, step):
        lines.line((offset, 0, offset + height * s, height * s), fill=255, width=s * 2)
        lines.line((offset, height * s, offset + height * s, 0), fill=255, width=s * 2)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=round(width * 0.07) * s, fill=255)
    lattice = Image.composite(lattice, Image.new("L", image.size, 0), mask)
    image.paste((*mix(DECK_BACK, CARD_FACE, 0.35), 255), (0, 0), lattice)
    return image.reduce(s)


@lru_cache(maxsize=8)
def direction_sprite(clockwise: bool, size: int, colour: Colour) -> Image.Image:
    """A circular arrow: turning clockwise (to the left around the table) or counter-clockwise."""
    s = SUPERSAMPLE
    n = size * s
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    thickness = round(n * 0.15)
    inset = round(n * 0.25)
    radius = (n - 2 * inset) / 2 - thickness / 2
    centre = n / 2
    # Pillow's angles grow clockwise on screen; the ring leaves a gap at the top, the head goes on
    # the end the arrow turns towards, pointing along the ring
    draw.arc((inset, inset, n - inset, n - inset), start=-40, end=220, fill=(*colour, 255), width=thickness)
    angle = math.radians(220 if clockwise else -40)
    sign = 1 if clockwise else -1
    tx, ty = -math.sin(angle) * sign, math.cos(angle) * sign
    nx, ny = -ty, tx
    tip_x, tip_y = centre + radius * math.cos(angle), centre + radius * math.sin(angle)
    head = thickness * 1.35
    draw.polygon(
        [
            (tip_x + tx * head * 1.3, tip_y + ty * head * 1.3),
            (tip_x + nx * head, tip_y + ny * head),
            (tip_x - nx * head, tip_y - ny * head),
        ],
        fill=(*colour, 255),
    )
    return image.reduce(s)


def _paste_pyramid(image: Image.Image, code: str, scale: int, centre_x: float, baseline: float) -> None:
    """A standing pyramid on `baseline`, centred on `centre_x`."""
    size = pyramid_size(code)
    width, _ = pyramid_extent(size, scale)
    sprite = pyramid_sprite(code[0], size, scale)
    paste(image, sprite, (centre_x - width / 2, baseline - sprite.height))


def _paste_ship(image: Image.Image, code: str, scale: int, centre_x: float, baseline: float) -> None:
    """A ship lying on `baseline`, centred on `centre_x`."""
    sprite = ship_sprite(code[0], pyramid_size(code), scale)
    paste(image, sprite, (centre_x - sprite.width / 2, baseline - sprite.height))


def tower_height(codes: list[str], scale: int) -> float:
    heights = [pyramid_extent(pyramid_size(code), scale)[1] for code in codes]
    return sum(heights[:-1]) * TOWER_LIFT + (heights[-1] if heights else 0)


def tower_scale(codes: list[str], scale: int, max_height: float) -> int:
    """The largest scale up to `scale` at which the tower is at most `max_height` tall."""
    while scale > 8 and tower_height(codes, scale) > max_height:
        scale -= 1
    return scale


def draw_tower(image: Image.Image, codes: list[str], scale: int, centre_x: float, baseline: float) -> None:
    """Pyramids bottom to top, each standing partway up the one below (it rests on the tip)."""
    for code in codes:
        _paste_pyramid(image, code, scale, centre_x, baseline)
        baseline -= pyramid_extent(pyramid_size(code), scale)[1] * TOWER_LIFT


def _mini_tower_width(codes: list[str]) -> int:
    if not codes:
        return 0
    return max(pyramid_extent(pyramid_size(code), MINI_SCALE)[0] for code in codes)


# --- drawing helpers ------------------------------------------------------------------------------

TEXT_BLEED = 4  # room around a text sprite for the faux-bold stroke


@lru_cache(maxsize=2048)
def measure(text: str, size: int, bold: bool = False) -> float:
    """`text_width`, remembered: layout measures the same labels on every board."""
    return text_width(text, size, bold=bold)


@lru_cache(maxsize=1024)
def text_sprite(text: str, size: int, fill: Colour, bold: bool) -> Image.Image:
    """One line of text on a transparent strip, its vertical middle at y = size."""
    width = math.ceil(text_width(text, size, bold=bold)) + 2 * TEXT_BLEED
    sprite = Image.new("RGBA", (width, 2 * size), (*fill, 0))
    draw_text(ImageDraw.Draw(sprite), (TEXT_BLEED, size), text, size=size, fill=fill, anchor="lm", bold=bold)
    return sprite


def put_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: Colour,
    anchor: str = "lm",
    bold: bool = False,
) -> float:
    """`draw_text` for a line centred on xy[1] (anchors lm, mm, rm), pasted from a cached sprite:
    rendering glyphs is most of a board's drawing time, and the same labels come back every board."""
    if not text:
        return 0.0
    sprite = text_sprite(text, size, fill, bold)
    width = sprite.width - 2 * TEXT_BLEED
    x = xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor[0]] - TEXT_BLEED
    paste(image, sprite, (x, xy[1] - size))
    return measure(text, size, bold)


def seat_chip(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], view: dict, seat: int, *, anchor: str = "l"
) -> Box:
    """The seat tag in a pill of the seat's colour."""
    rgb = seat_rgb(view, seat)
    return pill(draw, xy, seat_tag(seat), size=SMALL_SIZE, fill=rgb, text_fill=ink_on(rgb), anchor=anchor)


def right_arrow(draw: ImageDraw.ImageDraw, x: float, y: float, length: float, colour: Colour) -> None:
    """A small arrow pointing right (the font has no arrow glyphs)."""
    head = 8
    draw.line((x, y, x + length - head, y), fill=colour, width=3)
    draw.polygon(
        [(x + length, y), (x + length - head - 2, y - 7), (x + length - head - 2, y + 7)], fill=colour
    )


def draw_flood_card(image: Image.Image, draw: ImageDraw.ImageDraw, entry: dict, box: Box) -> None:
    """A card with what is on it: a ship lying down, a tower standing, or nothing."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    ship, tower = entry.get("ship"), entry.get("tower") or []
    sprite = flood_card_sprite(entry["card"], entry["sector"], width, empty=not ship and not tower)
    paste(image, sprite, (x0, y0))
    scale = round(width * 0.33)
    if ship:
        _paste_ship(image, ship, scale, x0 + width * 0.56, y1 - 8)
    elif tower:
        top_room = width * 0.16  # the tower may rise beside the sector number, not above the card
        scale = tower_scale(tower, scale, (y1 - y0) - 8 - top_room)
        draw_tower(image, tower, scale, x0 + width * 0.62, y1 - 7)
        if len(tower) >= 2:  # a stack: its height in a dark badge, bottom-left
            label = str(len(tower))
            badge_w = round(measure(label, SMALL_SIZE, True)) + 12
            badge = (x0 + 5, y1 - 32, x0 + 5 + badge_w, y1 - 6)
            draw.rounded_rectangle(badge, radius=7, fill=HEIGHT_BADGE)
            put_text(
                image,
                ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2),
                label,
                size=SMALL_SIZE,
                fill=TEXT,
                anchor="mm",
                bold=True,
            )


def describe_action(facts: dict) -> str:
    """A turn log entry's facts in words: a draw of 7h and 3c keeping 7h with a medium ship ->
    "drew 7h 3c, kept 7h (medium ship)"."""
    kind = facts["kind"]
    if kind == "pass":
        return "passed"
    if kind == "draw":
        drawn = " ".join(
            card["card"] + (" (discard)" if card["from_discard"] else "") for card in facts["drawn"]
        )
        return f"drew {drawn}, kept {facts['kept']} ({SIZE_NAMES[facts['size']]} ship)"
    if kind == "scrap":
        moves = [
            f"{move['card']} stood up" if move["dest"] is None else f"{move['card']} onto {move['dest']}"
            for move in facts["moves"]
        ]
        return "scrapped: " + ", ".join(moves)
    if kind == "build":
        return f"built a {SIZE_NAMES[facts['size']]} on {facts['card']}"
    if kind == "infiltrate":
        return f"sent the {facts['card']} ship to {seat_tag(facts['target'])}"
    if facts["dest"] is None:  # a resolve
        return f"stood the {facts['card']} ship up (forced)"
    return f"put the {facts['card']} ship on {facts['dest']} (forced)"


def log_lines(view: dict) -> list[tuple[int, list[dict]]]:
    """The turn log grouped by turn, (seat, each action's facts), oldest first, at most two turns;
    the round's start rolls lead when there is room."""
    lines: list[tuple[int, list[dict]]] = []
    for entry in view.get("turn_log") or []:
        seat = entry["seat"]
        if lines and lines[-1][0] == seat:
            lines[-1][1].append(entry["facts"])
        else:
            lines.append((seat, [entry["facts"]]))
    lines = lines[-2:]
    rolls = view.get("start_rolls") or []
    if rolls and len(lines) < 2 and not view.get("is_over"):
        lines.insert(0, (-1, []))  # the start rolls, drawn from the view
    return lines


# --- the board ------------------------------------------------------------------------------------


def render_flood_board(view: dict, *, names: list[str] | None = None) -> bytes:
    """Header, status, drawn cards or the ship being placed, a panel per seat, the flood, the log."""
    layout = board_layout(view)
    image, draw = new_canvas(layout.width, layout.height)
    _draw_header(image, draw, view)
    if layout.status:
        _draw_status(image, draw, layout.status, view)
    if layout.strip:
        if view.get("drawn"):
            _draw_drawn(image, draw, layout.strip, view, names)
        else:
            _draw_resolving(image, draw, layout.strip, view, names)
    for seat, box in enumerate(layout.panels):
        _draw_player_panel(image, draw, layout, box, view, seat, names)
    if layout.flood:
        _draw_flood(image, draw, layout, view)
    if layout.log:
        _draw_log(image, draw, layout.log, view, names)
    return to_png(image)


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict) -> None:
    middle = HEADER_H / 2 + 2
    over = bool(view.get("is_over"))
    progress = "Final" if over else f"Round {view.get('round', 1)} of {view['rounds']}"
    title = f"Martian Flood {EM_DASH} {progress}"
    put_text(image, (MARGIN + 4, middle), title, size=TITLE_SIZE, fill=TEXT, anchor="lm", bold=True)
    if over:
        winners = view.get("winners") or []
        if winners:
            tags = " & ".join(seat_tag(seat) for seat in winners)
            text = f"{tags} {'WINS' if len(winners) == 1 else 'SHARE THE WIN'}"
            pill(
                draw,
                (WIDTH - MARGIN, middle),
                text,
                size=SMALL_SIZE,
                fill=GOOD,
                text_fill=ON_GOOD,
                anchor="r",
            )
    elif view.get("last_turn"):
        pill(
            draw,
            (WIDTH - MARGIN, middle),
            "LAST TURN OF THE ROUND",
            size=SMALL_SIZE,
            fill=PENALTY,
            text_fill=(255, 255, 255),
            anchor="r",
        )


def _draw_status(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """Direction and turn order on the left (the current player ringed); deck and discard on the right."""
    x0, y0, x1, y1 = box
    _panel(draw, box)
    row1, row2 = y0 + 26, y0 + 66
    clockwise = view.get("direction", "cw") != "ccw"
    icon = direction_sprite(clockwise, 30, TEXT)
    paste(image, icon, (x0 + PAD, row1 - 15))
    x = x0 + PAD + 38
    direction = "clockwise" if clockwise else "counter-clockwise"
    x += put_text(image, (x, row1), direction, size=SMALL_SIZE, fill=TEXT, anchor="lm", bold=True)
    put_text(image, (x + 10, row1), "turn order:", size=SMALL_SIZE, fill=MUTED, anchor="lm")

    current = view.get("current")
    x = x0 + PAD
    order = view.get("order") or list(range(view["players"]))
    for k, seat in enumerate(order):
        chip = seat_chip(draw, (x, row2), view, seat)
        if seat == current:
            draw.rounded_rectangle(
                (chip[0] - 4, chip[1] - 4, chip[2] + 4, chip[3] + 4), radius=20, outline=ACCENT, width=3
            )
        x = chip[2] + 6
        if k < len(order) - 1:
            right_arrow(draw, x, row2, 20, MUTED)
            x += 26
    if current is not None:
        slot = view.get("slot", 1)
        x += 18
        x += put_text(
            image,
            (x, row2),
            f"{seat_tag(current)} to act,",
            size=SMALL_SIZE,
            fill=ACCENT,
            anchor="lm",
            bold=True,
        )
        put_text(
            image, (x + 8, row2), f"action {slot} of {view['slots']}", size=SMALL_SIZE, fill=TEXT, anchor="lm"
        )

    # deck and discard, right-aligned
    card_h = card_height(SIDE_CARD_W)
    card_y = y0 + (y1 - y0 - card_h) // 2
    discard = view.get("discard") or []
    label_w = 112
    discard_x = x1 - PAD - label_w - SIDE_CARD_W
    deck_x = discard_x - 26 - label_w - SIDE_CARD_W
    deck = int(view.get("deck_count") or 0)
    if deck:
        paste(image, deck_back_sprite(SIDE_CARD_W), (deck_x, card_y))
    else:
        draw.rounded_rectangle(
            (deck_x, card_y, deck_x + SIDE_CARD_W, card_y + card_h), radius=6, outline=FAINT, width=3
        )
    if discard:
        top_card = flood_card_sprite(discard[-1], view["discard_sectors"][-1], SIDE_CARD_W)
        paste(image, top_card, (discard_x, card_y))
    else:
        draw.rounded_rectangle(
            (discard_x, card_y, discard_x + SIDE_CARD_W, card_y + card_h), radius=6, outline=FAINT, width=3
        )
    for x, title, count in (
        (deck_x, "Deck", f"{deck} left"),
        (discard_x, "Discard", f"{len(discard)} card{'s' if len(discard) != 1 else ''}"),
    ):
        tx = x + SIDE_CARD_W + 10
        put_text(image, (tx, (y0 + y1) / 2 - 14), title, size=SMALL_SIZE, fill=MUTED, anchor="lm")
        put_text(image, (tx, (y0 + y1) / 2 + 14), count, size=SMALL_SIZE, fill=TEXT, anchor="lm", bold=True)


def _draw_drawn(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None
) -> None:
    """DRAW: the two revealed cards, waiting for the keep choice."""
    x0, y0, x1, y1 = box
    _panel(draw, box, fill=PANEL_ACTIVE, edge=ACCENT, width=4)
    drawn = view["drawn"]
    seat = view.get("current", 0)
    x = x0 + PAD
    card_h = card_height(STRIP_CARD_W)
    card_y = y0 + (y1 - y0 - card_h) // 2
    from_discard = list(drawn.get("from_discard") or [])
    for i, (code, sector) in enumerate(zip(drawn["cards"], drawn["sectors"], strict=True)):
        paste(image, flood_card_sprite(code, sector, STRIP_CARD_W), (x, card_y))
        if i < len(from_discard) and from_discard[i]:
            pill(
                draw,
                (x + STRIP_CARD_W / 2, card_y + card_h - 16),
                "discard",
                size=SMALL_SIZE,
                fill=MUTED,
                text_fill=BACKGROUND,
                anchor="m",
            )
        x += STRIP_CARD_W + 12
    tx = x + 10
    put_text(image, (tx, y0 + 28), "DRAWN: KEEP ONE", size=BODY_SIZE, fill=ACCENT, anchor="lm", bold=True)
    who = fit_text(seat_label(seat, names), SMALL_SIZE, x1 - PAD - tx, bold=True)
    put_text(image, (tx, y0 + 60), who, size=SMALL_SIZE, fill=TEXT, anchor="lm", bold=True)
    draw_text(
        draw,
        (tx, y0 + 88),
        fit_text(
            "lays a ship on the kept card; the other goes on the discard pile", SMALL_SIZE, x1 - PAD - tx
        ),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="lm",
    )


def _draw_resolving(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None
) -> None:
    """An infiltrated ship the current player must place on one of their towers."""
    x0, y0, x1, y1 = box
    _panel(draw, box, fill=PANEL_ACTIVE, edge=ACCENT, width=4)
    resolving = view["resolving"]
    seat = view.get("current", 0)
    card_h = card_height(STRIP_CARD_W)
    card_y = y0 + (y1 - y0 - card_h) // 2
    entry = {
        "card": resolving["card"],
        "sector": resolving["sector"],
        "ship": resolving.get("ship"),
        "tower": None,
    }
    draw_flood_card(image, draw, entry, (x0 + PAD, card_y, x0 + PAD + STRIP_CARD_W, card_y + card_h))
    tx = x0 + PAD + STRIP_CARD_W + 22
    sender = resolving.get("from")
    title = "INFILTRATED SHIP TO PLACE"
    put_text(image, (tx, y0 + 28), title, size=BODY_SIZE, fill=ACCENT, anchor="lm", bold=True)
    whose = f"{seat_tag(sender)}'s ship" if sender is not None else "the ship"
    line = seat_label(seat, names)
    put_text(
        image,
        (tx, y0 + 60),
        fit_text(f"{line} must put {whose}", SMALL_SIZE, x1 - PAD - tx, bold=True),
        size=SMALL_SIZE,
        fill=TEXT,
        anchor="lm",
        bold=True,
    )
    towers = resolving.get("towers") or []
    x = tx
    if towers:
        where = "on one of the towers" if len(towers) > 1 else "on the tower"
        x += put_text(image, (x, y0 + 88), where, size=SMALL_SIZE, fill=MUTED) + 8
        x += put_text(image, (x, y0 + 88), " or ".join(towers), size=SMALL_SIZE, fill=TEXT, bold=True) + 8
        put_text(image, (x, y0 + 88), "(framed below)", size=SMALL_SIZE, fill=MUTED)
    else:
        put_text(
            image, (x, y0 + 88), "no tower fits: it stands up on its own card", size=SMALL_SIZE, fill=MUTED
        )


def _draw_stash(
    image: Image.Image, draw: ImageDraw.ImageDraw, right: float, middle: float, view: dict, seat: int
) -> float:
    """The stash's S, M, L counts as small pyramids with numbers, right-aligned; returns the left end."""
    colour = seat_colour(view, seat)
    stash = (view.get("stash") or [[0, 0, 0]] * 4)[seat]
    x = right
    for size in (3, 2, 1):
        count = int(stash[size - 1]) if size - 1 < len(stash) else 0
        text = str(count)
        x -= put_text(
            image, (x, middle), text, size=SMALL_SIZE, fill=TEXT if count else FAINT, anchor="rm", bold=True
        )
        width, _ = pyramid_extent(size, 18)
        x -= 4 + width
        sprite = pyramid_sprite(colour, size, 18, ghost=not count)
        paste(image, sprite, (x, middle + 13 - sprite.height))
        x -= 14
    return x + 14


def _draw_player_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    layout: FloodLayout,
    box: Box,
    view: dict,
    seat: int,
    names: list[str] | None,
) -> None:
    x0, y0, x1, _ = box
    over = bool(view.get("is_over"))
    current = not over and view.get("current") == seat
    won = over and seat in (view.get("winners") or [])
    if current:
        _panel(draw, box, fill=PANEL_ACTIVE, edge=ACCENT, width=5)
    elif won:
        _panel(draw, box, fill=mix(PANEL, GOOD, 0.16), edge=GOOD, width=5)
    else:
        _panel(draw, box)

    # header: seat chip and name, status pills; stash and card count on the right (the score at the end)
    middle = y0 + PANEL_HEAD_H / 2 + 2
    chip = seat_chip(draw, (x0 + PAD, middle), view, seat)
    right = x1 - PAD
    if over:
        scores = view.get("scores") or []
        if seat < len(scores):
            right -= put_text(image, (right, middle), "pts", size=SMALL_SIZE, fill=MUTED, anchor="rm") + 6
            right -= put_text(
                image,
                (right, middle + 1),
                str(scores[seat]),
                size=TITLE_SIZE,
                fill=TEXT,
                anchor="rm",
                bold=True,
            )
            right -= 22
    count = cards_in_play(view, seat)
    right -= put_text(
        image,
        (right, middle),
        f"{count} card{'s' if count != 1 else ''}",
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="rm",
    )
    right -= 20
    right = _draw_stash(image, draw, right, middle, view, seat)
    put_text(image, (right - 8, middle), "stash", size=SMALL_SIZE, fill=MUTED, anchor="rm")
    right -= 8 + measure("stash", SMALL_SIZE) + 18

    pills = status_pills(view, seat, current=current, won=won, over=over)
    pending = pending_of(view, seat)
    pill_w = sum(
        round(measure(text, SMALL_SIZE, True)) + 2 * round(SMALL_SIZE * 0.55) + 10 for text, _, _ in pills
    )
    x = chip[2] + 10
    name = fit_text(
        seat_name(seat, names) or COLOUR_NAMES.get(seat_colour(view, seat), ""),
        BODY_SIZE,
        right - x - pill_w - 10,
        bold=True,
    )
    if name:
        x += put_text(image, (x, middle), name, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True) + 12
    for text, fill, ink in pills:
        x = pill(draw, (x, middle), text, size=SMALL_SIZE, fill=fill, text_fill=ink)[2] + 10

    resolving = None if over else view.get("resolving")
    candidates = set(resolving.get("towers") or []) if resolving and view.get("current") == seat else set()
    area = view["areas"][seat]
    for index in area_indices(view, seat):
        card = layout.cards[(seat, index)]
        entry = area[index]
        if entry["card"] in candidates:
            cx0, cy0, cx1, cy1 = card
            dashed_frame(draw, (cx0 - 5, cy0 - 5, cx1 + 4, cy1 + 4), colour=ACCENT, width=4)
        draw_flood_card(image, draw, entry, card)
    if not area and not pending:
        put_text(
            image,
            (x0 + PAD, y0 + PANEL_HEAD_H + 40),
            "no cards yet",
            size=SMALL_SIZE,
            fill=FAINT,
            anchor="lm",
        )
    for index, entry in enumerate(pending):
        card = layout.pending[(seat, index)]
        placing = (
            bool(resolving) and resolving.get("card") == entry.get("card") and view.get("current") == seat
        )
        colour = ACCENT if placing else PENDING
        cx0, cy0, cx1, cy1 = card
        side = pending_overhang(cx1 - cx0)
        frame = (cx0 - side, cy0 - 4, cx1 + side, cy1 + PENDING_CAPTION_H - 2)
        draw.rounded_rectangle(frame, radius=8, fill=mix(PANEL, colour, 0.22))
        dashed_frame(draw, frame, colour=colour, width=3)
        draw_flood_card(image, draw, {**entry, "tower": None}, card)
        sender = entry.get("from")
        caption = f"from {seat_tag(sender)}" if sender is not None else "pending"
        put_text(
            image,
            ((cx0 + cx1) / 2, cy1 + PENDING_CAPTION_H / 2 - 1),
            fit_text(caption, SMALL_SIZE, frame[2] - frame[0] - 4, bold=True),
            size=SMALL_SIZE,
            fill=colour,
            anchor="mm",
            bold=True,
        )
    if over and seat in layout.results:
        _draw_result_row(image, draw, layout.results[seat], view, seat)


def _draw_result_row(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, seat: int) -> None:
    """The score breakdown: tallest, singles, own towers' sectors, towers holding this seat's colour."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=10, fill=mix(PANEL, BACKGROUND, 0.45))
    middle = (y0 + y1) / 2
    breakdown = (view.get("breakdown") or [None] * 4)[seat] or {}
    own = breakdown.get("own") or []
    colour = breakdown.get("colour") or []

    def points(value: int) -> str:
        return f"+{value}" if value else "0"

    def cards(items: list[dict]) -> str:
        return "".join(f" {item.get('card', '')}" for item in items)

    own_points = sum(int(item.get("points", 0)) for item in own)
    colour_points = sum(int(item.get("points", 0)) for item in colour)
    parts = [
        ("tallest", points(int(breakdown.get("tallest") or 0))),
        ("singles", points(int(breakdown.get("singles") or 0))),
        (f"own towers{cards(own)}", points(own_points)),
        (f"your colour{' in' + cards(colour) if colour else ''}", points(colour_points)),
    ]
    total = breakdown.get("total", (view.get("scores") or [0] * 4)[seat])
    total_w = put_text(
        image, (x1 - 12, middle), f"= {total}", size=BODY_SIZE, fill=TEXT, anchor="rm", bold=True
    )
    x = x0 + 12
    room = x1 - 12 - total_w - 16 - x
    widths = [measure(name, SMALL_SIZE) + 6 + measure(value, SMALL_SIZE, True) + 22 for name, value in parts]
    if sum(widths) > room:  # the lists of cards give way first
        parts[2:] = [("own towers", parts[2][1]), ("your colour", parts[3][1])]
    for name, value in parts:
        x += put_text(image, (x, middle), name, size=SMALL_SIZE, fill=MUTED) + 6
        ink = GOOD if value != "0" else FAINT
        x += put_text(image, (x, middle), value, size=SMALL_SIZE, fill=ink, bold=True) + 22


def hit_label(hit: dict, *, short: bool = False) -> str:
    """A flooded tower's card, after its controller's seat ("P1 8h") when there is room."""
    card = str(hit.get("card", ""))
    return card if short else f"{seat_tag(int(hit.get('seat', 0)))} {card}"


def _draw_flood(image: Image.Image, draw: ImageDraw.ImageDraw, layout: FloodLayout, view: dict) -> None:
    """Each roll: three dice, "= sector", and every tower it hit, before -> after."""
    box = layout.flood
    x0, y0, x1, _ = box
    _panel(draw, box)
    flood = view["flood"]
    rolls = flood.get("rolls") or []
    title = f"Flood after round {flood.get('round', '?')}"
    x = (
        x0
        + PAD
        + put_text(image, (x0 + PAD, y0 + 24), title, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    )
    note = f"{len(rolls)} roll{'s' if len(rolls) != 1 else ''} of 3 dice, {MINUS}1 = the sector; towers there lose their bottom size"
    put_text(
        image,
        (x + 14, y0 + 25),
        fit_text(note, SMALL_SIZE, x1 - PAD - x - 14),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="lm",
    )
    for roll, place in zip(rolls, layout.rolls, strict=False):
        _, ry0, _, ry1 = place.box
        draw.rounded_rectangle(place.box, radius=10, fill=ROLL_FILL)
        middle = (ry0 + ry1) / 2
        for value, die in zip(roll.get("dice") or [], place.dice, strict=False):
            paste(image, die_sprite(int(value), FLOOD_DIE), die[:2])
        x = place.dice[-1][2] + 10
        x += put_text(
            image,
            (x, middle),
            f"= {roll.get('sector', '?')}",
            size=BODY_SIZE,
            fill=TEXT,
            anchor="lm",
            bold=True,
        )
        if not roll.get("hits"):
            put_text(
                image, (x + 18, middle), _no_hit_text(view, roll), size=SMALL_SIZE, fill=FAINT, anchor="lm"
            )
            continue
        for hit, hit_box in zip(roll["hits"], place.hits, strict=False):
            _draw_hit(image, draw, hit, hit_box, short=place.short)


def _draw_hit(image: Image.Image, draw: ImageDraw.ImageDraw, hit: dict, box: Box, *, short: bool) -> None:
    """A flooded tower: its card, the tower before, an arrow, what is left (or "empty")."""
    x0, y0, _, y1 = box
    middle = (y0 + y1) / 2
    x = (
        x0
        + put_text(image, (x0, middle), hit_label(hit, short=short), size=SMALL_SIZE, fill=TEXT, bold=True)
        + 8
    )
    before, after = hit.get("before") or [], hit.get("after") or []
    room = y1 - y0 - 8
    scale = tower_scale(before, MINI_SCALE, room) if before else MINI_SCALE
    # both towers on one baseline (what is left stands where it stood), the taller centred in the row
    baseline = min(y1 - 4, middle + tower_height(before, scale) / 2 + 2)
    for codes, is_after in ((before, False), (after, True)):
        if codes:
            width = _mini_tower_width(codes)
            draw_tower(image, codes, scale, x + width / 2, baseline)
            x += width
        elif is_after:
            put_text(image, (x, middle), "empty", size=SMALL_SIZE, fill=FAINT, anchor="lm")
        if not is_after:
            right_arrow(draw, x + 6, middle, HIT_ARROW_W - 12, MUTED)
            x += HIT_ARROW_W


def _draw_log(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None
) -> None:
    """The last turns, one line each: the seat and its actions in words."""
    x0, y0, x1, _ = box
    _panel(draw, box)
    for row, (seat, actions) in enumerate(log_lines(view)):
        middle = y0 + 8 + LOG_LINE_H * (row + 0.5)
        if seat < 0:
            rolls = view.get("start_rolls") or []
            text = "Start rolls: " + ", ".join(
                f"{seat_tag(int(r['seat']))} {r.get('sum', sum(r.get('dice') or []))}" for r in rolls
            )
            order = view.get("order") or []
            if order:
                text += f"; {seat_tag(order[0])} starts"
            put_text(
                image,
                (x0 + PAD, middle),
                fit_text(text, SMALL_SIZE, x1 - x0 - 2 * PAD),
                size=SMALL_SIZE,
                fill=TEXT,
                anchor="lm",
            )
            continue
        chip = seat_chip(draw, (x0 + PAD, middle), view, seat)
        text = " ; ".join(describe_action(action) for action in actions)
        put_text(
            image,
            (chip[2] + 10, middle),
            fit_text(text, SMALL_SIZE, x1 - PAD - chip[2] - 10),
            size=SMALL_SIZE,
            fill=TEXT,
            anchor="lm",
        )


# --- the rules picture ----------------------------------------------------------------------------


RULE_CARD_W = 64
ACTION_BOX_H = 232
ACTIONS = [
    (
        "Draw",
        "Draw 2 cards and keep 1: lay a ship from your stash on it. The other card goes on the discard pile.",
    ),
    (
        "Scrap two ships",
        "Each of two of your ships stands up as a new tower, or goes on top of one of your towers.",
    ),
    ("Build", "Put a pyramid from your stash on top of one of your towers."),
    (
        "Infiltrate",
        "Send a ship, card and all, to an opponent. Their next turn starts by placing it on one of their towers (or alone): one action gone.",
    ),
]
SCORING = [
    ("+15", "the tallest tower (the most pyramids), to whoever controls it"),
    ("+10", "the most single-pyramid towers"),
    ("+N", "each of your towers of 2+ pyramids on a card numbered N"),
    ("+N", "each opponent's tower on a card N holding your colour (once a tower)"),
]


def _rule_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, code: str, x: float, y: float, **piece: object
) -> Box:
    """A diagram card: `ship="R2"`, `tower=[...]` or nothing; returns its box."""
    box = (round(x), round(y), round(x) + RULE_CARD_W, round(y) + card_height(RULE_CARD_W))
    entry = {
        "card": code,
        "sector": SECTOR_OF_CARD[code],
        "ship": piece.get("ship"),
        "tower": piece.get("tower"),
    }
    draw_flood_card(image, draw, entry, box)
    return box


def _mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], *, good: bool) -> None:
    """A tick (allowed) or a cross (not allowed) in a disc: the font has neither."""
    cx, cy = centre
    radius = 15
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=GOOD if good else PENALTY)
    ink = ON_GOOD if good else (255, 255, 255)
    if good:
        draw.line([(cx - 8, cy + 1), (cx - 2, cy + 7), (cx + 8, cy - 6)], fill=ink, width=4, joint="curve")
    else:
        draw.line((cx - 6, cy - 6, cx + 6, cy + 6), fill=ink, width=4)
        draw.line((cx - 6, cy + 6, cx + 6, cy - 6), fill=ink, width=4)


def _down_arrow(draw: ImageDraw.ImageDraw, x: float, y0: float, y1: float, colour: Colour) -> None:
    draw.line((x, y0, x, y1 - 8), fill=colour, width=3)
    draw.polygon([(x, y1), (x - 7, y1 - 10), (x + 7, y1 - 10)], fill=colour)


def _action_diagram(image: Image.Image, draw: ImageDraw.ImageDraw, kind: str, x: float, y: float) -> None:
    """The small picture of one action, its top-left at (x, y)."""
    card_h = card_height(RULE_CARD_W)
    middle = y + card_h / 2
    if kind == "Draw":
        # face up, nothing on them yet
        paste(image, flood_card_sprite("7h", SECTOR_OF_CARD["7h"], RULE_CARD_W), (x, y))
        paste(image, flood_card_sprite("3c", SECTOR_OF_CARD["3c"], RULE_CARD_W), (x + 22, y + 10))
        right_arrow(draw, x + RULE_CARD_W + 32, middle + 5, 34, MUTED)
        _rule_card(image, draw, "7h", x + RULE_CARD_W + 74, y + 5, ship="R2")
    elif kind == "Scrap two ships":
        _rule_card(image, draw, "5d", x, y, ship="R2")
        right_arrow(draw, x + RULE_CARD_W + 8, middle, 34, MUTED)
        _rule_card(image, draw, "5d", x + RULE_CARD_W + 50, y, tower=["R2"])
    elif kind == "Build":
        _rule_card(image, draw, "9s", x, y + 8, tower=["R3", "B2"])
        _paste_pyramid(image, "R1", round(RULE_CARD_W * 0.33), x + RULE_CARD_W + 40, y + 36)
        _down_arrow(draw, x + RULE_CARD_W + 40, y + 44, y + 84, MUTED)
        right_arrow(draw, x + RULE_CARD_W + 62, middle, 30, MUTED)
        _rule_card(image, draw, "9s", x + RULE_CARD_W + 100, y + 8, tower=["R3", "B2", "R1"])
    else:
        _rule_card(image, draw, "6s", x, y, ship="R2")
        right_arrow(draw, x + RULE_CARD_W + 8, middle, 34, MUTED)
        chip = pill(
            draw,
            (x + RULE_CARD_W + 50, middle),
            "P2",
            size=SMALL_SIZE,
            fill=PYRAMID_COLOURS["B"],
            text_fill=TEXT,
        )
        dashed_frame(draw, (chip[2] + 10, y - 4, chip[2] + 18 + RULE_CARD_W, y + card_h + 4), colour=PENDING)
        _rule_card(image, draw, "6s", chip[2] + 14, y, ship="R2")


def _rule_actions(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    put_text(
        image,
        (MARGIN + 4, top + 20),
        "Your turn: two actions (the same one twice is fine)",
        size=BODY_SIZE,
        fill=TEXT,
        bold=True,
    )
    top += 44
    column_w = (WIDTH - 2 * MARGIN - GAP) // 2
    for k, (title, text) in enumerate(ACTIONS):
        row, column = divmod(k, 2)
        x0 = MARGIN + column * (column_w + GAP)
        y0 = top + row * (ACTION_BOX_H + GAP)
        box = (x0, y0, x0 + column_w, y0 + ACTION_BOX_H)
        _panel(draw, box)
        put_text(image, (x0 + PAD, y0 + 24), f"{k + 1}. {title}", size=BODY_SIZE, fill=ACCENT, bold=True)
        _action_diagram(image, draw, title, x0 + PAD + 6, y0 + 46)
        for i, line in enumerate(wrap(text, SMALL_SIZE, column_w - 2 * PAD)[:3]):
            put_text(image, (x0 + PAD, y0 + 160 + 26 * i), line, size=SMALL_SIZE, fill=MUTED)
    return top + 2 * ACTION_BOX_H + GAP


def _rule_stacking(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Three towers: bigger under smaller and equal sizes are fine, bigger on top is not."""
    box = (MARGIN, top, WIDTH - MARGIN, top + 176)
    _panel(draw, box)
    put_text(
        image, (MARGIN + PAD, top + 26), "Stacking: never bigger on top", size=BODY_SIZE, fill=TEXT, bold=True
    )
    x = MARGIN + PAD + 6
    for tower, good in ((["G3", "R2", "G1"], True), (["B2", "B2"], True), (["R1", "R2"], False)):
        card = _rule_card(image, draw, "4c", x, top + 52, tower=tower)
        _mark(draw, (card[2] + 4, card[1] + 4), good=good)
        x = card[2] + 46
    notes = [
        "A pyramid goes on one the same size or bigger.",
        "A card's tower never gets bigger going up.",
        "Pyramids keep their colour wherever they stand;",
        "a tower belongs to the player it stands in front of.",
    ]
    for i, line in enumerate(notes):
        put_text(image, (x + 10, top + 66 + 28 * i), line, size=SMALL_SIZE, fill=MUTED if i else TEXT)
    return box[3]


def _rule_flood(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Dice, the sector they name, and a tower losing its bottom size."""
    box = (MARGIN, top, WIDTH - MARGIN, top + 226)
    _panel(draw, box)
    put_text(
        image,
        (MARGIN + PAD, top + 26),
        "The flood: after each round, 3, 4, then 5 rolls",
        size=BODY_SIZE,
        fill=TEXT,
        bold=True,
    )
    x = MARGIN + PAD + 4
    middle = top + 104
    for value in (2, 3, 4):
        paste(image, die_sprite(value, 40), (x, middle - 20))
        x += 46
    x += 6 + put_text(
        image, (x + 6, middle), f"= 9, {MINUS}1 = sector 8", size=BODY_SIZE, fill=TEXT, bold=True
    )
    card_y = middle - card_height(RULE_CARD_W) / 2
    before = _rule_card(image, draw, "8h", x + 24, card_y, tower=["R3", "B3", "R2", "G1"])
    right_arrow(draw, before[2] + 10, middle, 34, MUTED)
    after = _rule_card(image, draw, "8h", before[2] + 54, card_y, tower=["R2", "G1"])
    put_text(image, (after[2] + 14, middle - 14), "R3 and B3 go back", size=SMALL_SIZE, fill=MUTED)
    put_text(image, (after[2] + 14, middle + 14), "to their stashes", size=SMALL_SIZE, fill=MUTED)
    notes = [
        "Every tower on a card of that number loses all the pyramids of its bottom (largest) size.",
        "Ships are never flooded. Sector 1 (A) never floods; 11 and up floods nothing.",
    ]
    for i, line in enumerate(notes):
        put_text(
            image, (MARGIN + PAD, top + 168 + 28 * i), line, size=SMALL_SIZE, fill=TEXT if i == 0 else MUTED
        )
    return box[3]


def _rule_scoring(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    box = (MARGIN, top, WIDTH - MARGIN, top + 70 + 36 * len(SCORING) + 40)
    _panel(draw, box)
    put_text(
        image,
        (MARGIN + PAD, top + 26),
        "Scoring, after the flood of round 3",
        size=BODY_SIZE,
        fill=TEXT,
        bold=True,
    )
    for i, (points, text) in enumerate(SCORING):
        middle = top + 68 + 36 * i
        pill(
            draw,
            (MARGIN + PAD + 60, middle),
            points,
            size=SMALL_SIZE,
            fill=GOOD,
            text_fill=ON_GOOD,
            anchor="r",
        )
        put_text(image, (MARGIN + PAD + 76, middle), text, size=SMALL_SIZE, fill=TEXT)
    put_text(
        image,
        (MARGIN + PAD, box[3] - 26),
        "Ties share a bonus, and share the win. Ships and empty cards score nothing.",
        size=SMALL_SIZE,
        fill=MUTED,
    )
    return box[3]


@lru_cache(maxsize=1)
def render_flood_rules_picture() -> bytes:
    """The /rules picture: the four actions, the stacking rule, the flood and the scoring.

    It never changes, so it is drawn once per process.
    """
    height = 1600  # cropped to the content below
    image, draw = new_canvas(WIDTH, height)
    y = draw_picture_heading(
        draw,
        MARGIN + 4,
        "Martian Flood in brief",
        [
            "Cards in front of you hold a ship (lying), a tower (standing) or nothing.",
            "A card's number is its sector: A = 1 up to 10; suits do not matter.",
        ],
    )
    y = _rule_actions(image, draw, y)
    y = _rule_stacking(image, draw, y + GAP)
    y = _rule_flood(image, draw, y + GAP)
    y = _rule_scoring(image, draw, y + GAP)
    lines = [
        "A round ends after the turn in which the deck runs out or someone places their last pyramid.",
        "Rounds 1-2 go clockwise, round 3 counter-clockwise; the fewest cards in play starts.",
    ]
    for i, line in enumerate(lines):
        put_text(image, (MARGIN + 4, y + 26 + 28 * i), line, size=SMALL_SIZE, fill=MUTED)
    return to_png(image.crop((0, 0, WIDTH, min(height, y + 26 + 28 * len(lines)))))


# Nothing in Flood is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_flood_board, private=render_flood_board, rules=render_flood_rules_picture)
