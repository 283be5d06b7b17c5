"""Martian Flood pictures: the board (also every seat's "hand": nothing in Flood is hidden) and the rules.

Discord shows a picture about 450 px wide on a phone, so the board stays within 1000 x 1200 and
draws the pieces big. Top to bottom:
  - the header: round, and "last turn of the round" when it is;
  - a status strip: the direction and this round's turn order (the current player ringed), the draw
    deck and the discard pile with its top card;
  - while a DRAW waits for its keep choice, the two revealed cards; while an infiltrated ship waits
    to be placed, that ship (the towers it may go on are framed in their panel);
  - a panel per seat, two side by side in seat order (the third of three spans the width; a
    crowded area may take up to two thirds of its row): seat, name and labels (the score at the
    end), then stash and card count (the score breakdown at the end), then the area. A card is a
    low tile (sector number and suit) with its piece on it: a ship lying on its side, or a tower
    standing (its height in a dark badge beside it). Empty cards (nothing goes on them again) are
    small grey tiles in a block at the end under the word "empty"; infiltrated ships still pending
    come last, framed in pink with their sender under them;
  - the latest flood: each roll as three dice, its sector and, per tower it hit, the pyramids it
    washed off;
  - the last turns' actions in words.

Every panel uses one scale, so towers compare across players: the largest (44 px for a small
pyramid, down to 30, where it still carries its colour's letter) that keeps the board within 1.2
times its width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache, reduce

from PIL import Image, ImageDraw

from catalogue import N_, tr, trn
from games.flood import SECTOR_OF_CARD

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
    HEADING_NOTE_SIZE,
    MARGIN,
    MIN_LETTER,
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
    colour_letter,
    dashed_frame,
    draw_on,
    draw_picture_heading,
    draw_suit,
    draw_text,
    fit_text,
    ink_on,
    letter_size,
    mix,
    new_canvas,
    once_per_language,
    once_per_picture,
    paste,
    pill,
    pyramid_extent,
    pyramid_sprite,
    seat_name,
    seat_tag,
    stamp,
    suit_colour,
    text_width,
    to_png,
)
from .common import (
    panel_card as _panel,
)
from .common import (
    text_sprite as glyphs,
)
from .senet import die_sprite, wrap
from .words import colour_name

# --- layout ---------------------------------------------------------------------------------------

GAP = 10
PAD = 12
MAX_HEIGHT = round(WIDTH * 1.2)  # a phone shows the whole picture without scrolling past a screen
ROW_W = WIDTH - 2 * MARGIN
# the left panel's share of a row of two, evenly first: a crowded area may take more of the row
EVEN = 0.5
SPLITS = (0.42, 0.58, 0.36, 0.64)  # the left panel's share of a row, tried after EVEN
SPLIT_GAIN = 24  # px a row must get shorter to be split unevenly
STATUS_H = 60
DRAWN_H = 64  # the drawn pair
RESOLVING_H = 84  # the ship being placed: its card, and two lines
HEAD_LINE_H = 34  # a panel's header: seat and name; then the stash, or at the end the score breakdown
HEAD_TOP = 6
PANEL_HEAD_H = HEAD_TOP + 2 * HEAD_LINE_H + 6
SCALES = (44, 42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20)  # from 30 up a small pyramid shows its letter
TILE_H = 42  # a card, seen as a low tile under its piece
TILE_SINK = 7  # a piece stands this far down into its tile: it is on the card, not behind it
TILE_NUMBER_SIZE = BODY_SIZE
TILE_SUIT_SIZE = 16
TILE_TEXT_X = 7
STRIP_TILE_W = 74  # the drawn cards and the deck and discard: no piece on them
MIN_TILE_W = 60
ITEM_GAP = 8
ROW_GAP = 10
PENDING_GAP = 16  # between a player's own cards and the ships pending on them
PENDING_CAPTION_H = 28  # "from P1" under a pending ship's card
BADGE_W = 22  # a tower's height, beside its bottom pyramid
BADGE_H = 28
TOWER_LIFT = 0.58  # a pyramid stands this far up the one below it (it sits on the tip)
EMPTY_LABEL_H = 28  # "empty" above a run of empty cards
EMPTY_GAP = 4  # empty cards sit close together, in a block of columns
EMPTY_TILE_H = 32
EMPTY_NUMBER_SIZE = SMALL_SIZE
EMPTY_SUIT_SIZE = 13
STASH_SCALE = 22  # a medium or large stash pyramid shows its letter
STASH_GAP = 12
MIN_NAME_W = 140  # labels that would leave the name less room move to the header's second line
RESULT_LINE_H = 30
RESULT_PART_GAP = 18
FLOOD_TITLE_H = 38
# the washed-off pyramids, by size: 40, 46 and 53 px tall, so sizes stay in order and even a small
# one's letter reads on a phone
FLOOD_SCALES = {1: 40, 2: 34, 3: 31}
FLOOD_DIE = 28
HIT_GAP = 18  # between two towers one roll hit
ROLL_GAP = 10
LOG_LINE_H = 32

PENDING = (255, 104, 196)  # infiltrated ships waiting: no seat colour is pink
EMPTY_FACE = mix(CARD_FACE, PANEL, 0.3)  # an empty card, so the ones with pieces stand out
EMPTY_EDGE = FAINT  # fanned grey tiles need a darker edge to tell them apart
HEIGHT_BADGE = (32, 36, 46)
ROLL_FILL = mix(PANEL, PANEL_EDGE, 0.35)
RESULT_FILL = mix(PANEL, BACKGROUND, 0.45)
DECK_BACK = (60, 84, 140)

# One text per size or colour where other languages inflect the word or write it differently.
OTHERS_TOWERS = {
    "R": N_("red in others' towers{cards}"),
    "B": N_("blue in others' towers{cards}"),
    "G": N_("green in others' towers{cards}"),
    "Y": N_("yellow in others' towers{cards}"),
}
DREW_KEPT = {
    1: N_("drew {drawn}, kept {kept} (small ship)"),
    2: N_("drew {drawn}, kept {kept} (medium ship)"),
    3: N_("drew {drawn}, kept {kept} (large ship)"),
}
BUILT = {
    1: N_("built a small on {card}"),
    2: N_("built a medium on {card}"),
    3: N_("built a large on {card}"),
}


def seat_colour(view: dict, seat: int) -> str:
    return view["colours"][seat]


def seat_rgb(view: dict, seat: int) -> Colour:
    return PYRAMID_COLOURS.get(seat_colour(view, seat), (200, 200, 200))


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


def is_empty(entry: dict) -> bool:
    return not entry.get("ship") and not entry.get("tower")


def status_pills(
    view: dict, seat: int, *, current: bool, won: bool, over: bool
) -> list[tuple[str, Colour, Colour]]:
    """The labels beside a player's name: to act, winner, and ships still waiting to land (not
    once the match is over: they never will)."""
    pills = []
    if current:
        pills.append(
            (tr("TO ACT {dash} {slot} OF 2", dash=EM_DASH, slot=view.get("slot", 1)), ACCENT, ON_ACCENT)
        )
    if won:
        pills.append((tr("WINNER"), GOOD, ON_GOOD))
    pending = pending_of(view, seat)
    if pending and not over:
        count = len(pending)
        pills.append((trn("{count} PENDING", "{count} PENDING", count, count=count), PENDING, SUIT_BLACK))
    return pills


def pill_width(text: str) -> int:
    """The width `pill` gives a label at SMALL_SIZE."""
    return round(measure(text, SMALL_SIZE, True)) + 2 * round(SMALL_SIZE * 0.55)


def cards_in_play(view: dict, seat: int) -> int:
    """Every card in front of the player, empty ones and pending ships' included (spec R6)."""
    return len(area_indices(view, seat)) + len(pending_of(view, seat))


def tile_width(scale: int) -> int:
    """A card wide enough for a large pyramid with the height badge beside it, or a large ship."""
    large_w, large_h = pyramid_extent(3, scale)
    return max(MIN_TILE_W, BADGE_W + 6 + large_w, large_h + 8)


def tower_height(codes: list[str], scale: int) -> float:
    heights = [pyramid_extent(pyramid_size(code), scale)[1] for code in codes]
    return sum(heights[:-1]) * TOWER_LIFT + (heights[-1] if heights else 0)


def piece_height(entry: dict, scale: int) -> float:
    """How tall the piece on a card stands: a ship lies as tall as its pyramid is wide."""
    if entry.get("ship"):
        return pyramid_extent(pyramid_size(entry["ship"]), scale)[0]
    if entry.get("tower"):
        return tower_height(entry["tower"], scale)
    return 0


def empty_tile_width(view: dict, indices: list[int], seat: int) -> int:
    """Empty cards never hold a piece again (spec E10): their tiles are small, all as wide as the
    widest label among them."""
    area = view["areas"][seat]
    widest = max(measure(str(area[i]["sector"]), EMPTY_NUMBER_SIZE, True) for i in indices)
    return TILE_TEXT_X + round(widest) + 3 + EMPTY_SUIT_SIZE + 6


def pending_width(tile_w: int) -> int:
    """A pending ship's frame: its card, or its "from P1" caption if wider."""
    return max(tile_w + 8, round(measure(tr("from {seat}", seat="P4"), SMALL_SIZE, True)) + 12)


@dataclass(frozen=True)
class RollPlace:
    """Where one flood roll is drawn: its box, its three dice, and each tower it hit."""

    box: Box
    dice: tuple[Box, ...]
    hits: tuple[Box, ...]


@dataclass(frozen=True)
class FloodLayout:
    width: int
    height: int
    scale: int  # of every piece in the panels
    tile_width: int
    status: Box | None  # turn order, deck and discard (not once the game is over)
    strip: Box | None  # the drawn pair or the ship being placed
    panels: tuple[Box, ...]  # per seat
    cards: dict[tuple[int, int], Box]  # (seat, index in the area) -> the card and the room above it
    pending: dict[tuple[int, int], Box]  # (seat, index in the pending queue) -> the card
    tiles: dict[tuple[int, int], int]  # (seat, index in the area) -> the top of its tile
    empty_runs: dict[int, list[Box]]  # per seat: each row's run of empty cards, with its label above
    results: dict[int, Box]  # per seat, at the end: the score breakdown in its panel
    flood: Box | None
    rolls: tuple[RollPlace, ...]
    log: Box | None


@dataclass
class Placed:
    """One thing in a panel's row: a card with its piece, the block of empty cards, or a pending ship."""

    kind: str  # "card", "empty" or "pending"
    indices: tuple[int, ...]  # into the area ("card", "empty") or the pending queue ("pending")
    x: int
    width: int
    above: int  # how far it rises above the top of the row's tiles
    stack: int = 1  # empty cards: how many to a column


def _empty_block(count: int, stack: int, empty_w: int) -> tuple[int, int]:
    """The width of a block of `count` empty cards `stack` to a column, and how far it rises above
    the row's tiles (its label included)."""
    columns = math.ceil(count / stack)
    height = EMPTY_LABEL_H + stack * EMPTY_TILE_H + (stack - 1) * EMPTY_GAP
    width = max(columns * (empty_w + EMPTY_GAP) - EMPTY_GAP, round(measure(tr("empty"), SMALL_SIZE)) + 2)
    return width, height - TILE_H


def _empty_stack(count: int, empty_w: int, row: list[Placed], left: int, right: int) -> int:
    """How many empty cards to a column: as many as the row is high already, or one more if that
    keeps the block in the row; in a row of their own, as few as fit."""
    room_above = max((placed.above for placed in row), default=0)
    stack = max(1, (room_above + TILE_H - EMPTY_LABEL_H + EMPTY_GAP) // (EMPTY_TILE_H + EMPTY_GAP))
    x = row[-1].x + row[-1].width + ITEM_GAP if row else left
    for tries in (stack, stack + 1):
        if x + _empty_block(count, min(tries, count), empty_w)[0] <= right:
            return min(tries, count)
    columns = max(1, (right - left + EMPTY_GAP) // (empty_w + EMPTY_GAP))
    return math.ceil(count / columns)


@dataclass(frozen=True)
class PanelFlow:
    height: int  # from the panel's top to the bottom of its last row
    cards: dict[tuple[int, int], Box]
    pending: dict[tuple[int, int], Box]
    tiles: dict[tuple[int, int], int]
    empty_runs: list[Box]


def _flow_panel(view: dict, seat: int, box: Box, head_h: int, scale: int, tile_w: int) -> PanelFlow:
    """Lay a panel out in rows under its header: its cards with pieces in area order, then its
    empty cards as one block, then the pending ships. Each row is as tall as its tallest piece."""
    x0, y0, x1, _ = box
    left, right = x0 + PAD, x1 - PAD
    area = view["areas"][seat]
    own = area_indices(view, seat)
    rows: list[list[Placed]] = [[]]

    def place(kind: str, indices: tuple[int, ...], width: int, above: int, gap: int, stack: int = 1) -> None:
        row = rows[-1]
        x = row[-1].x + row[-1].width + gap if row else left
        if row and x + width > right:
            rows.append([])
            x = left
        rows[-1].append(Placed(kind, indices, x, width, above, stack))

    for i in own:
        if not is_empty(area[i]):
            place("card", (i,), tile_w, math.ceil(piece_height(area[i], scale)) - TILE_SINK, ITEM_GAP)
    empties = tuple(i for i in own if is_empty(area[i]))
    if empties:
        empty_w = empty_tile_width(view, list(empties), seat)
        stack = _empty_stack(len(empties), empty_w, rows[-1], left, right)
        width, above = _empty_block(len(empties), stack, empty_w)
        place("empty", empties, width, above, ITEM_GAP, stack)
    for k, entry in enumerate(pending_of(view, seat)):
        above = math.ceil(piece_height(entry, scale)) - TILE_SINK
        place("pending", (k,), pending_width(tile_w), above, ITEM_GAP if k else PENDING_GAP)

    cards: dict[tuple[int, int], Box] = {}
    pending: dict[tuple[int, int], Box] = {}
    tiles: dict[tuple[int, int], int] = {}
    empty_runs: list[Box] = []
    y = y0 + head_h
    for row in rows:
        if not row:  # no cards yet: room for a line saying so
            y += TILE_H + ROW_GAP
            continue
        tile_top = y + max(max(placed.above for placed in row), 0)
        tile_bottom = tile_top + TILE_H
        for placed in row:
            x = placed.x
            if placed.kind == "card":
                cards[(seat, placed.indices[0])] = (x, y, x + tile_w, tile_bottom)
                tiles[(seat, placed.indices[0])] = tile_top
            elif placed.kind == "pending":
                left_x = x + (placed.width - tile_w) // 2
                pending[(seat, placed.indices[0])] = (left_x, y, left_x + tile_w, tile_bottom)
            else:
                top = tile_top - placed.above
                empty_w = empty_tile_width(view, list(placed.indices), seat)
                empty_runs.append((x, top, x + placed.width, tile_bottom))
                for j, i in enumerate(placed.indices):
                    column, level = divmod(j, placed.stack)
                    ex = x + column * (empty_w + EMPTY_GAP)
                    ey = top + EMPTY_LABEL_H + level * (EMPTY_TILE_H + EMPTY_GAP)
                    cards[(seat, i)] = (ex, ey, ex + empty_w, ey + EMPTY_TILE_H)
                    tiles[(seat, i)] = ey
        captions = any(placed.kind == "pending" for placed in row)
        y = tile_bottom + (PENDING_CAPTION_H if captions else 0) + ROW_GAP
    return PanelFlow(y - ROW_GAP - y0, cards, pending, tiles, empty_runs)


@once_per_picture
def result_lines(view: dict, seat: int, width: int) -> list[list[tuple[str, str]]]:
    """The score breakdown's parts (name, points) in lines that fit `width`; the lists of cards
    give way if they would need a fourth line or not fit at all."""
    breakdown = (view.get("breakdown") or [None] * 4)[seat] or {}
    own = breakdown.get("own") or []
    others = breakdown.get("colour") or []

    def points(value: int) -> str:
        return f"+{value}" if value else "0"

    def cards(items: list[dict]) -> str:
        return "".join(f" {item.get('card', '')}" for item in items)

    colour = seat_colour(view, seat)
    own_points = points(sum(int(item.get("points", 0)) for item in own))
    colour_points = points(sum(int(item.get("points", 0)) for item in others))
    for with_cards in (True, False):
        parts = [
            (tr("tallest"), points(int(breakdown.get("tallest") or 0))),
            (tr("singles"), points(int(breakdown.get("singles") or 0))),
            (tr("own towers{cards}", cards=cards(own) if with_cards else ""), own_points),
            (others_towers(colour, cards(others) if with_cards else ""), colour_points),
        ]
        lines: list[list[tuple[str, str]]] = [[]]
        x = 0.0
        for part in parts:
            part_w = _result_part_width(part)
            if lines[-1] and x + part_w > width:
                lines.append([])
                x = 0
            lines[-1].append(part)
            x += part_w
        widest = max(_result_part_width(part) - RESULT_PART_GAP for part in parts)
        if len(lines) <= 3 and widest <= width:
            break
    return lines


def others_towers(colour: str, cards: str) -> str:
    """The score part for `colour`'s pyramids in opponents' towers, "red in others' towers 7h"."""
    if colour in OTHERS_TOWERS:
        return tr(OTHERS_TOWERS[colour], cards=cards)
    return tr("{colour} in others' towers{cards}", colour=colour_name(colour), cards=cards)


def _result_part_width(part: tuple[str, str]) -> float:
    name, value = part
    return measure(name, SMALL_SIZE) + 6 + measure(value, SMALL_SIZE, True) + RESULT_PART_GAP


def _removed(hit: dict) -> list[str]:
    """The pyramids a flood washed off a tower: its bottom size, all of them at the bottom."""
    before, after = hit.get("before") or [], hit.get("after") or []
    return list(before[: len(before) - len(after)])


def washed_extent(code: str) -> tuple[int, int]:
    size = pyramid_size(code)
    return pyramid_extent(size, FLOOD_SCALES[size])


def _hit_width(hit: dict) -> int:
    removed = _removed(hit)
    width = measure(hit_label(hit), SMALL_SIZE, True) + 8
    width += sum(washed_extent(code)[0] + 4 for code in removed) - 4
    if not hit.get("after"):
        width += 8 + 28 + measure(tr("empty"), SMALL_SIZE)
    return round(width)


def _roll_head_width(roll: dict) -> int:
    dice = 3 * FLOOD_DIE + 2 * 4
    return PAD + dice + 10 + round(measure(f"= {roll.get('sector', '?')}", BODY_SIZE, True)) + 16


def _no_hit_text(view: dict, roll: dict) -> str:
    return tr("no tower") if roll.get("sector") in view["card_sectors"] else tr("no card")


def _roll_height(roll: dict) -> int:
    """A roll's row is as tall as the tallest pyramid it washed off."""
    tallest = max(
        (washed_extent(code)[1] for hit in roll.get("hits") or [] for code in _removed(hit)),
        default=0,
    )
    return max(FLOOD_DIE + 18, tallest + 16)


def _flow_rolls(view: dict, top: int) -> tuple[int, tuple[RollPlace, ...]]:
    """The rolls left to right, wrapping; each row as tall as its tallest roll. A roll too wide for
    a row gets a row to itself, its hits wrapping under one another."""
    rolls = (view.get("flood") or {}).get("rolls") or []
    left, right = MARGIN + PAD, WIDTH - MARGIN - PAD
    places = []
    x, y, row_h = left, top, 0
    for roll in rolls:
        head = _roll_head_width(roll)
        hits = roll.get("hits") or []
        # the hits in lines, each line as wide as the room after the dice allows
        lines: list[list[tuple[dict, int]]] = [[]]
        line_x = 0
        for hit in hits:
            hit_w = _hit_width(hit)
            if lines[-1] and head + line_x + hit_w + PAD > right - left:
                lines.append([])
                line_x = 0
            lines[-1].append((hit, line_x))
            line_x += hit_w + HIT_GAP
        widest = max((hx + _hit_width(hit) for line in lines for hit, hx in line), default=0)
        if hits:
            width = head + widest + PAD
        else:
            width = head + round(measure(_no_hit_text(view, roll), SMALL_SIZE)) + PAD
        line_h = _roll_height(roll)
        height = line_h * len(lines)
        if x > left and x + width > right:
            x, y, row_h = left, y + row_h + ROLL_GAP, 0
        box = (x, y, x + width, y + height)
        die_top = y + (line_h - FLOOD_DIE) // 2
        dice = tuple(
            (
                x + PAD + i * (FLOOD_DIE + 4),
                die_top,
                x + PAD + i * (FLOOD_DIE + 4) + FLOOD_DIE,
                die_top + FLOOD_DIE,
            )
            for i in range(3)
        )
        hit_boxes = []
        for k, line in enumerate(lines):
            for hit, hx in line:
                hy = y + k * line_h
                hit_boxes.append((x + head + hx, hy + 4, x + head + hx + _hit_width(hit), hy + line_h - 4))
        places.append(RollPlace(box, dice, tuple(hit_boxes)))
        x += width + ROLL_GAP
        row_h = max(row_h, height)
    return (y + row_h if rolls else top), tuple(places)


def count_text(view: dict, seat: int) -> str:
    """The cards in play, by the stash ("" with none: the panel says "no cards yet")."""
    count = cards_in_play(view, seat)
    return trn("{count} card", "{count} cards", count, count=count) if count else ""


def stash_counts(view: dict, seat: int) -> list[int]:
    stash = (view.get("stash") or [[0, 0, 0]] * 4)[seat]
    return [int(stash[size - 1]) if size - 1 < len(stash) else 0 for size in (1, 2, 3)]


def stash_width(view: dict, seat: int) -> float:
    """How wide `_draw_stash` draws a seat's stash."""
    widths = [
        pyramid_extent(size, STASH_SCALE)[0] + 4 + measure(str(count), SMALL_SIZE, True)
        for size, count in zip((1, 2, 3), stash_counts(view, seat), strict=True)
    ]
    return measure(tr("stash"), SMALL_SIZE) + 10 + sum(widths) + 2 * STASH_GAP


@once_per_picture
def header_pills(view: dict, seat: int, width: int) -> list[list[tuple[str, Colour, Colour]]]:
    """A panel's labels by header line: after the name (which keeps some room), else between the
    stash and the card count, else on a third line of their own."""
    over = bool(view.get("is_over"))
    current = not over and view.get("current") == seat
    won = over and seat in (view.get("winners") or [])
    pills = status_pills(view, seat, current=current, won=won, over=over)
    inner = width - 2 * PAD
    score_w = 0.0
    scores = view.get("scores") or []
    if over and seat < len(scores):
        score_w = measure(str(scores[seat]), TITLE_SIZE, True) + 6 + measure(tr("pts"), SMALL_SIZE) + 16
    rooms = [
        inner - pill_width(seat_tag(seat)) - 10 - score_w - MIN_NAME_W - 12,
        0
        if over
        else inner - stash_width(view, seat) - 20 - measure(count_text(view, seat), SMALL_SIZE) - 12,
        inner,
    ]
    lines: list[list[tuple[str, Colour, Colour]]] = [[], [], []]
    line = 0
    for item in pills:
        while (
            line < 2
            and sum(pill_width(text) + 10 for text, _, _ in lines[line]) + pill_width(item[0]) > rooms[line]
        ):
            line += 1
        lines[line].append(item)
    return lines


def _grid(players: int) -> list[list[int]]:
    """The seats two by two in seat order; an odd last seat spans the width."""
    return [list(range(first, min(first + 2, players))) for first in range(0, players, 2)]


@dataclass(frozen=True)
class PanelRow:
    """Panels side by side: where they and their cards go, and the bottom they share."""

    bottom: int
    panels: dict[int, Box]
    cards: dict[tuple[int, int], Box]
    pending: dict[tuple[int, int], Box]
    tiles: dict[tuple[int, int], int]
    runs: dict[int, list[Box]]
    results: dict[int, Box]
    contents: tuple[int, ...]  # each panel's content bottom, left to right


def _panel_row(
    view: dict, seats: list[int], widths: tuple[int, ...], y: int, scale: int, tile_w: int
) -> PanelRow:
    over = bool(view.get("is_over"))
    cards: dict[tuple[int, int], Box] = {}
    pending: dict[tuple[int, int], Box] = {}
    tiles: dict[tuple[int, int], int] = {}
    runs: dict[int, list[Box]] = {}
    results: dict[int, Box] = {}
    bottoms = {}
    lefts = {}
    x0 = MARGIN
    for seat, width in zip(seats, widths, strict=True):
        lefts[seat] = x0
        head_h = PANEL_HEAD_H + (HEAD_LINE_H if header_pills(view, seat, width)[2] else 0)
        if over:  # the score breakdown under the name, in place of the stash
            lines = result_lines(view, seat, width - 2 * PAD - 20)
            top = y + HEAD_TOP + HEAD_LINE_H
            results[seat] = (x0 + PAD, top, x0 + width - PAD, top + RESULT_LINE_H * len(lines) + 8)
            head_h = results[seat][3] - y + 10
        flow = _flow_panel(view, seat, (x0, y, x0 + width, y), head_h, scale, tile_w)
        cards.update(flow.cards)
        pending.update(flow.pending)
        tiles.update(flow.tiles)
        runs[seat] = flow.empty_runs
        bottoms[seat] = y + flow.height
        x0 += width + GAP
    bottom = max(bottoms.values()) + PAD  # panels side by side share a height
    panels = {
        seat: (lefts[seat], y, lefts[seat] + width, bottom) for seat, width in zip(seats, widths, strict=True)
    }
    contents = tuple(bottoms[seat] for seat in seats)
    return PanelRow(bottom, panels, cards, pending, tiles, runs, results, contents)


def _layout_at(view: dict, scale: int) -> FloodLayout:
    over = bool(view.get("is_over"))
    tile_w = tile_width(scale)
    y = HEADER_H + 2
    status = None
    if not over:
        status = (MARGIN, y, WIDTH - MARGIN, y + STATUS_H)
        y = status[3] + GAP
    strip = None
    if not over and (view.get("drawn") or view.get("resolving")):
        strip = (MARGIN, y, WIDTH - MARGIN, y + (DRAWN_H if view.get("drawn") else RESOLVING_H))
        y = strip[3] + GAP
    panels: dict[int, Box] = {}
    cards: dict[tuple[int, int], Box] = {}
    pending: dict[tuple[int, int], Box] = {}
    tiles: dict[tuple[int, int], int] = {}
    runs: dict[int, list[Box]] = {}
    results: dict[int, Box] = {}
    for seats in _grid(view["players"]):
        if len(seats) == 1:
            row = _panel_row(view, seats, (ROW_W,), y, scale, tile_w)
        else:
            row = _panel_row(view, seats, _split(EVEN), y, scale, tile_w)
            left_content, right_content = row.contents
            # Widening one panel narrows the other, which grows no shorter: only widening the
            # fuller panel can help, and only if it is SPLIT_GAIN taller than the other.
            if abs(left_content - right_content) >= SPLIT_GAIN:
                wider_left = left_content > right_content
                for share in (s for s in SPLITS if (s > EVEN) == wider_left and s != EVEN):
                    candidate = _panel_row(view, seats, _split(share), y, scale, tile_w)
                    if candidate.bottom <= row.bottom - SPLIT_GAIN:
                        row = candidate
        panels.update(row.panels)
        cards.update(row.cards)
        pending.update(row.pending)
        tiles.update(row.tiles)
        runs.update(row.runs)
        results.update(row.results)
        y = row.bottom + GAP
    flood = None
    rolls: tuple[RollPlace, ...] = ()
    if view.get("flood"):
        bottom, rolls = _flow_rolls(view, y + FLOOD_TITLE_H)
        flood = (MARGIN, y, WIDTH - MARGIN, bottom + PAD)
        y = flood[3] + GAP
    log = None
    lines = log_lines(view)
    if lines:
        log = (MARGIN, y, WIDTH - MARGIN, y + LOG_LINE_H * len(lines) + 14)
        y = log[3] + GAP
    return FloodLayout(
        WIDTH,
        y - GAP + MARGIN,
        scale,
        tile_w,
        status,
        strip,
        tuple(panels[seat] for seat in range(view["players"])),
        cards,
        pending,
        tiles,
        runs,
        results,
        flood,
        tuple(rolls),
        log,
    )


def _split(share: float) -> tuple[int, int]:
    """The widths of two panels side by side, the left one taking `share` of the row."""
    left = round((ROW_W - GAP) * share)
    return left, ROW_W - GAP - left


@once_per_picture
def board_layout(view: dict) -> FloodLayout:
    """Where everything goes (see the module's docstring), at the largest scale that fits the height."""
    for scale in SCALES:
        layout = _layout_at(view, scale)
        if layout.height <= MAX_HEIGHT:
            break
    return layout


def card_box(view: dict, seat: int, index: int) -> Box:
    """The box of card `index` of `seat`'s area (view["areas"][seat][index]) with the room above it
    where its piece stands."""
    return board_layout(view).cards[(seat, index)]


def pending_box(view: dict, seat: int, index: int) -> Box:
    """The box of the card of the `index`th ship pending on `seat` (view["pending"][seat][index])."""
    return board_layout(view).pending[(seat, index)]


def panel_box(view: dict, seat: int) -> Box:
    return board_layout(view).panels[seat]


def badge_box(card: Box, tile_top: int) -> Box:
    """Where a stack's height badge goes: left of its bottom pyramid, just above the tile."""
    return (card[0] + 2, tile_top - BADGE_H + 4, card[0] + 2 + BADGE_W, tile_top + 4)


# --- sprites --------------------------------------------------------------------------------------


def _tile_shape(width: int, height: int, face: Colour, edge: Colour) -> Image.Image:
    s = SUPERSAMPLE
    shape = Image.new("RGBA", (width * s, height * s), (0, 0, 0, 0))
    ImageDraw.Draw(shape).rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1),
        radius=8 * s,
        fill=(*face, 255),
        outline=(*edge, 255),
        width=2 * s,
    )
    return shape.reduce(s)


@lru_cache(maxsize=256)
def tile_sprite(code: str, sector: int, width: int, *, empty: bool = False) -> Image.Image:
    """A card as a low tile: its sector number and suit on the left, below where a piece stands.

    An empty card is a smaller grey tile: nothing will stand on it again, and the eye goes to the
    cards with pieces.
    """
    if empty:
        height, number_size, suit_size, middle = (
            EMPTY_TILE_H,
            EMPTY_NUMBER_SIZE,
            EMPTY_SUIT_SIZE,
            EMPTY_TILE_H / 2,
        )
        sprite = _tile_shape(width, height, EMPTY_FACE, EMPTY_EDGE)
    else:
        height, number_size, suit_size = TILE_H, TILE_NUMBER_SIZE, TILE_SUIT_SIZE
        middle = (TILE_SINK + TILE_H) / 2  # of the part the piece leaves free
        sprite = _tile_shape(width, height, CARD_FACE, CARD_EDGE)
    suit = code[1].lower()
    ink = suit_colour(suit)
    number = str(sector)
    number_w = text_width(number, number_size, bold=True)
    cap = glyphs("0", number_size, True).top  # digits' height above the baseline (negative)
    draw_text(
        ImageDraw.Draw(sprite),
        (TILE_TEXT_X, middle - cap / 2),
        number,
        size=number_size,
        fill=ink,
        anchor="ls",
        bold=True,
    )
    # the suit beside the number, never over it ("10" is wide)
    suit_x = min(TILE_TEXT_X + number_w + 3, width - suit_size - 4)
    draw_suit(sprite, suit, (suit_x, middle - suit_size / 2), suit_size, ink)
    return sprite


@lru_cache(maxsize=8)
def deck_back_sprite(width: int) -> Image.Image:
    """The back of a face-down card as a tile: a blue face with a lighter diagonal lattice."""
    s = SUPERSAMPLE
    image = Image.new("RGBA", (width * s, TILE_H * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, width * s - 1, TILE_H * s - 1), radius=8 * s, fill=(*CARD_FACE, 255))
    inner = (4 * s, 4 * s, width * s - 4 * s, TILE_H * s - 4 * s)
    draw.rounded_rectangle(inner, radius=5 * s, fill=(*DECK_BACK, 255))
    lattice = Image.new("L", image.size, 0)
    lines = ImageDraw.Draw(lattice)
    step = 10 * s
    height = TILE_H * s
    for offset in range(-height, width * s + height, step):
        lines.line((offset, 0, offset + height, height), fill=255, width=s * 2)
        lines.line((offset, height, offset + height, 0), fill=255, width=s * 2)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=5 * s, fill=255)
    lattice = Image.composite(lattice, Image.new("L", image.size, 0), mask)
    image.paste((*mix(DECK_BACK, CARD_FACE, 0.35), 255), (0, 0), lattice)
    return image.reduce(s)


@lru_cache(maxsize=64)
def ship_sprite(colour: str, size: int, scale: int) -> Image.Image:
    """A pyramid lying on its side, apex to the right, with its colour's letter upright on it (the
    kit's letter would lie on its side with the piece)."""
    sprite = pyramid_sprite(colour, size, scale, letter=False)
    width, height = pyramid_extent(size, scale)
    over = sprite.height - height  # the room the kit leaves above for a penalty badge
    ship = sprite.crop((0, over, width, over + height)).rotate(-90, expand=True)
    size_px = letter_size(width)
    if size_px >= MIN_LETTER:
        rgb = PYRAMID_COLOURS.get(colour, (200, 200, 200))
        ink = SUIT_BLACK if colour == "L" else ink_on(rgb, SUIT_BLACK)
        mask = glyphs(colour_letter(colour), size_px, True)
        if mask.mask is not None:
            # centred across the ship, a little towards the base where the face is widest
            x = round(height * 0.42 - mask.advance / 2) + mask.left
            baseline = round(width / 2 - mask.top / 2)
            stamp(ImageDraw.Draw(ship), (x, baseline + mask.top), mask.mask, ink)
    return ship


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


def draw_tower(image: Image.Image, codes: list[str], scale: int, centre_x: float, baseline: float) -> None:
    """Pyramids bottom to top, each standing partway up the one below (it rests on the tip)."""
    for code in codes:
        _paste_pyramid(image, code, scale, centre_x, baseline)
        baseline -= pyramid_extent(pyramid_size(code), scale)[1] * TOWER_LIFT


# --- drawing helpers ------------------------------------------------------------------------------


@lru_cache(maxsize=2048)
def measure(text: str, size: int, bold: bool = False) -> float:
    """`text_width`, remembered: layout measures the same labels on every board."""
    return text_width(text, size, bold=bold)


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
    """`draw_text` for a line centred on xy[1] (anchors lm, mm, rm); returns its width."""
    if not text:
        return 0.0
    return draw_text(draw_on(image), xy, text, size=size, fill=fill, anchor=anchor[0] + "m", bold=bold)


def seat_chip(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], view: dict, seat: int, *, anchor: str = "l"
) -> Box:
    """The seat tag in a pill of the seat's colour."""
    rgb = seat_rgb(view, seat)
    return pill(
        draw, xy, seat_tag(seat), size=SMALL_SIZE, fill=rgb, text_fill=ink_on(rgb, SUIT_BLACK), anchor=anchor
    )


def right_arrow(draw: ImageDraw.ImageDraw, x: float, y: float, length: float, colour: Colour) -> None:
    """A small arrow pointing right (the font has no arrow glyphs)."""
    head = 8
    draw.line((x, y, x + length - head, y), fill=colour, width=3)
    draw.polygon(
        [(x + length, y), (x + length - head - 2, y - 7), (x + length - head - 2, y + 7)], fill=colour
    )


def draw_flood_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, entry: dict, box: Box, tile_top: int, scale: int
) -> None:
    """A card as a tile at `tile_top` with what is on it: a ship lying down, a tower standing (a
    stack's height in a dark badge beside it), or nothing."""
    x0, _, x1, _ = box
    width = x1 - x0
    ship, tower = entry.get("ship"), entry.get("tower") or []
    paste(
        image,
        tile_sprite(entry["card"], entry["sector"], width, empty=not ship and not tower),
        (x0, tile_top),
    )
    baseline = tile_top + TILE_SINK
    if ship:
        _paste_ship(image, ship, scale, x0 + width / 2, baseline)
    elif tower:
        large_w = pyramid_extent(3, scale)[0]
        draw_tower(image, tower, scale, x1 - 4 - large_w / 2, baseline)  # right: the badge goes left
        if len(tower) >= 2:
            badge = badge_box(box, tile_top)
            draw.rounded_rectangle(badge, radius=7, fill=HEIGHT_BADGE)
            put_text(
                image,
                ((badge[0] + badge[2]) / 2, (badge[1] + badge[3]) / 2),
                str(len(tower)),
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
        return tr("passed")
    if kind == "draw":
        drawn = " ".join(
            tr("{card} (discard)", card=card["card"]) if card["from_discard"] else card["card"]
            for card in facts["drawn"]
        )
        return tr(DREW_KEPT[facts["size"]], drawn=drawn, kept=facts["kept"])
    if kind == "scrap":
        moves = [
            tr("{card} stood up", card=move["card"])
            if move["dest"] is None
            else tr("{card} onto {dest}", card=move["card"], dest=move["dest"])
            for move in facts["moves"]
        ]
        return tr("scrapped: {moves}", moves=", ".join(moves))
    if kind == "build":
        return tr(BUILT[facts["size"]], card=facts["card"])
    if kind == "infiltrate":
        return tr("sent the {card} ship to {player}", card=facts["card"], player=seat_tag(facts["target"]))
    if facts["dest"] is None:  # a resolve
        return tr("stood the {card} ship up (forced)", card=facts["card"])
    return tr("put the {card} ship on {dest} (forced)", card=facts["card"], dest=facts["dest"])


@once_per_picture
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
            _draw_drawn(image, draw, layout.strip, view)
        else:
            _draw_resolving(image, draw, layout, view)
    for seat, box in enumerate(layout.panels):
        _draw_player_panel(image, draw, layout, box, view, seat, names)
    if layout.flood:
        _draw_flood(image, draw, layout, view)
    if layout.log:
        _draw_log(image, draw, layout.log, view)
    return to_png(image)


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict) -> None:
    middle = HEADER_H / 2 + 2
    over = bool(view.get("is_over"))
    progress = (
        tr("Final")
        if over
        else tr("Round {round} of {rounds}", round=view.get("round", 1), rounds=view["rounds"])
    )
    title = f"Martian Flood {EM_DASH} {progress}"
    put_text(image, (MARGIN + 4, middle), title, size=TITLE_SIZE, fill=TEXT, anchor="lm", bold=True)
    if over:
        winners = view.get("winners") or []
        if winners:
            tags = " & ".join(seat_tag(seat) for seat in winners)
            if len(winners) == 1:
                text = tr("{players} WINS", players=tags)
            else:
                text = tr("{players} SHARE THE WIN", players=tags)
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
            tr("LAST TURN OF THE ROUND"),
            size=SMALL_SIZE,
            fill=PENALTY,
            text_fill=(255, 255, 255),
            anchor="r",
        )


def _draw_status(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """Direction and turn order on the left (the current player ringed: their panel says which
    action); deck and discard on the right."""
    x0, y0, x1, y1 = box
    _panel(draw, box)
    middle = (y0 + y1) / 2
    clockwise = view.get("direction", "cw") != "ccw"
    paste(image, direction_sprite(clockwise, 32, TEXT), (x0 + PAD, middle - 16))
    x = x0 + PAD + 38
    direction = tr("clockwise") if clockwise else tr("counter-clockwise")
    current = view.get("current")
    order = view.get("order") or list(range(view["players"]))
    lines = direction_lines(view, direction, order, x, x1)
    for i, line in enumerate(lines):
        shift = (i - (len(lines) - 1) / 2) * 26
        put_text(image, (x, middle + shift), line, size=SMALL_SIZE, fill=TEXT, bold=True)
    x += max(measure(line, SMALL_SIZE, True) for line in lines) + 18
    for k, seat in enumerate(order):
        chip = seat_chip(draw, (x, middle), view, seat)
        if seat == current:
            draw.rounded_rectangle(
                (chip[0] - 4, chip[1] - 4, chip[2] + 4, chip[3] + 4), radius=20, outline=ACCENT, width=3
            )
        x = chip[2] + 6
        if k < len(order) - 1:
            right_arrow(draw, x, middle, 20, MUTED)
            x += 26

    # deck and discard, right-aligned, each a tile with its name and count beside it
    tile_y = middle - TILE_H / 2
    discard = view.get("discard") or []
    deck = int(view.get("deck_count") or 0)
    piles = (
        (tr("Deck"), tr("{count} left", count=deck), deck_back_sprite(STRIP_TILE_W) if deck else None),
        (
            tr("Discard"),
            trn("{count} card", "{count} cards", len(discard), count=len(discard)),
            tile_sprite(discard[-1], view["discard_sectors"][-1], STRIP_TILE_W) if discard else None,
        ),
    )
    x = x1 - PAD
    for title, count, sprite in reversed(piles):
        text_w = max(measure(title, SMALL_SIZE), measure(count, SMALL_SIZE, True))
        x -= text_w
        put_text(image, (x, middle - 13), title, size=SMALL_SIZE, fill=MUTED)
        put_text(image, (x, middle + 13), count, size=SMALL_SIZE, fill=TEXT, bold=True)
        x -= 10 + STRIP_TILE_W
        if sprite is not None:
            paste(image, sprite, (x, tile_y))
        else:
            draw.rounded_rectangle(
                (x, tile_y, x + STRIP_TILE_W, tile_y + TILE_H), radius=8, outline=FAINT, width=3
            )
        x -= 24


def piles_width(view: dict) -> float:
    """How much of the status strip's right end the deck and the discard pile take."""
    discard = view.get("discard") or []
    deck = int(view.get("deck_count") or 0)
    texts = (
        (tr("Deck"), tr("{count} left", count=deck)),
        (tr("Discard"), trn("{count} card", "{count} cards", len(discard), count=len(discard))),
    )
    return sum(
        max(measure(title, SMALL_SIZE), measure(count, SMALL_SIZE, True)) + 10 + STRIP_TILE_W + 24
        for title, count in texts
    )


def direction_lines(view: dict, direction: str, order: list[int], left: float, right: float) -> list[str]:
    """The direction's words in one line, or in two if the turn order would run into the piles (a
    language's long word for it)."""
    chips = sum(pill_width(seat_tag(seat)) + 6 for seat in order) + 26 * (len(order) - 1)
    room = right - PAD - piles_width(view) - left - 18 - chips
    words = direction.split()
    if measure(direction, SMALL_SIZE, True) <= room or len(words) < 2:
        return [direction]
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return list(min(splits, key=lambda pair: max(measure(part, SMALL_SIZE, True) for part in pair)))


def _draw_drawn(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """DRAW: the two revealed cards, waiting for the keep choice."""
    x0, y0, x1, y1 = box
    _panel(draw, box, fill=PANEL_ACTIVE, edge=ACCENT, width=4)
    drawn = view["drawn"]
    seat = view.get("current", 0)
    middle = (y0 + y1) / 2
    x = x0 + PAD
    for code, sector in zip(drawn["cards"], drawn["sectors"], strict=True):
        paste(image, tile_sprite(code, sector, STRIP_TILE_W), (x, middle - TILE_H / 2))
        x += STRIP_TILE_W + 12
    x += 8
    x += put_text(
        image,
        (x, middle),
        tr("{player} DREW: KEEP ONE", player=seat_tag(seat)),
        size=BODY_SIZE,
        fill=ACCENT,
        bold=True,
    )
    from_discard = [
        code for code, taken in zip(drawn["cards"], drawn.get("from_discard") or [], strict=False) if taken
    ]
    note = tr("a ship goes on it, the other is discarded")
    if from_discard:  # the deck's last card came with the discard pile's top one
        note = tr("{cards} came off the discard pile", cards=" ".join(from_discard))
    put_text(
        image, (x + 16, middle), fit_text(note, SMALL_SIZE, x1 - PAD - x - 16), size=SMALL_SIZE, fill=TEXT
    )


def _draw_resolving(image: Image.Image, draw: ImageDraw.ImageDraw, layout: FloodLayout, view: dict) -> None:
    """An infiltrated ship the current player must place on one of their towers."""
    x0, y0, x1, y1 = layout.strip
    _panel(draw, layout.strip, fill=PANEL_ACTIVE, edge=ACCENT, width=4)
    resolving = view["resolving"]
    seat = view.get("current", 0)
    entry = {"card": resolving["card"], "sector": resolving["sector"], "ship": resolving.get("ship")}
    tile_top = y1 - 8 - TILE_H
    card = (x0 + PAD, y0, x0 + PAD + layout.tile_width, tile_top + TILE_H)
    draw_flood_card(image, draw, entry, card, tile_top, min(layout.scale, 32))
    tx = card[2] + 20
    title = fit_text(tr("INFILTRATED SHIP TO PLACE"), BODY_SIZE, x1 - PAD - tx, bold=True)
    put_text(image, (tx, y0 + 26), title, size=BODY_SIZE, fill=ACCENT, bold=True)
    sender = resolving.get("from")
    whose = tr("{player}'s ship", player=seat_tag(sender)) if sender is not None else tr("the ship")
    towers = resolving.get("towers") or []
    me = seat_tag(seat)
    if len(towers) == 1:
        line = tr(
            "{player} must put {ship} on the tower {towers} (framed below)",
            player=me,
            ship=whose,
            towers=towers[0],
        )
    elif towers:
        either = reduce(lambda rest, last: tr("{rest} or {last}", rest=rest, last=last), towers)
        line = tr(
            "{player} must put {ship} on one of the towers {towers} (framed below)",
            player=me,
            ship=whose,
            towers=either,
        )
    else:
        line = tr("{player} must stand {ship} up on its own card: no tower fits", player=me, ship=whose)
    put_text(image, (tx, y0 + 60), fit_text(line, SMALL_SIZE, x1 - PAD - tx), size=SMALL_SIZE, fill=TEXT)


def _draw_stash(image: Image.Image, x: float, middle: float, view: dict, seat: int) -> float:
    """The stash's S, M, L counts as pyramids with numbers, from `x`; returns the right end."""
    colour = seat_colour(view, seat)
    x += put_text(image, (x, middle), tr("stash"), size=SMALL_SIZE, fill=MUTED) + 10
    for size, count in zip((1, 2, 3), stash_counts(view, seat), strict=True):
        width, _ = pyramid_extent(size, STASH_SCALE)
        sprite = pyramid_sprite(colour, size, STASH_SCALE, ghost=not count)
        paste(image, sprite, (x, middle + 17 - sprite.height))
        x += width + 4
        x += put_text(
            image, (x, middle), str(count), size=SMALL_SIZE, fill=TEXT if count else FAINT, bold=True
        )
        x += STASH_GAP
    return x - STASH_GAP


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

    # line 1: seat chip, name and labels (the score on the right at the end); line 2: the stash,
    # and the card count on the right; labels go after the name, else between those, else below
    line1 = y0 + HEAD_TOP + HEAD_LINE_H / 2
    line2 = line1 + HEAD_LINE_H
    chip = seat_chip(draw, (x0 + PAD, line1), view, seat)
    right = x1 - PAD
    scores = view.get("scores") or []
    if over and seat < len(scores):
        right -= put_text(image, (right, line1), tr("pts"), size=SMALL_SIZE, fill=MUTED, anchor="rm") + 6
        right -= put_text(
            image, (right, line1 + 1), str(scores[seat]), size=TITLE_SIZE, fill=TEXT, anchor="rm", bold=True
        )
        right -= 16
    first, second, third = header_pills(view, seat, x1 - x0)
    x = chip[2] + 10
    name = fit_text(
        seat_name(seat, names) or colour_name(seat_colour(view, seat)),
        BODY_SIZE,
        right - x - sum(pill_width(text) + 10 for text, _, _ in first) - 2,
        bold=True,
    )
    if name:
        x += put_text(image, (x, line1), name, size=BODY_SIZE, fill=TEXT, bold=True) + 12
    for text, fill, ink in first:
        x = pill(draw, (x, line1), text, size=SMALL_SIZE, fill=fill, text_fill=ink)[2] + 10
    x = x0 + PAD if over else _draw_stash(image, x0 + PAD, line2, view, seat) + 20
    for text, fill, ink in second:
        x = pill(draw, (x, line2), text, size=SMALL_SIZE, fill=fill, text_fill=ink)[2] + 10
    x = x0 + PAD
    for text, fill, ink in third:
        x = pill(draw, (x, line2 + HEAD_LINE_H), text, size=SMALL_SIZE, fill=fill, text_fill=ink)[2] + 10
    if not over:
        put_text(image, (x1 - PAD, line2), count_text(view, seat), size=SMALL_SIZE, fill=MUTED, anchor="rm")

    resolving = None if over else view.get("resolving")
    candidates = set(resolving.get("towers") or []) if resolving and view.get("current") == seat else set()
    area = view["areas"][seat]
    pending = pending_of(view, seat)
    own = area_indices(view, seat)
    for run in layout.empty_runs.get(seat, []):  # grey cards say what they are
        put_text(
            image, (run[0] + 2, run[1] + EMPTY_LABEL_H / 2 - 2), tr("empty"), size=SMALL_SIZE, fill=MUTED
        )
    for index in own:
        card = layout.cards[(seat, index)]
        if area[index]["card"] in candidates:  # the towers the ship being placed may go on
            cx0, _, cx1, cy1 = card
            top = cy1 - TILE_H + TILE_SINK - piece_height(area[index], layout.scale)
            dashed_frame(draw, (cx0 - 5, top - 6, cx1 + 4, cy1 + 4), colour=ACCENT, width=4)
        draw_flood_card(image, draw, area[index], card, layout.tiles[(seat, index)], layout.scale)
    if not own and not pending:
        put_text(
            image,
            (x0 + PAD, (layout.results[seat][3] + 10 if over else y0 + PANEL_HEAD_H) + TILE_H / 2),
            tr("no cards yet"),
            size=SMALL_SIZE,
            fill=FAINT,
        )
    for index, entry in enumerate(pending):
        card = layout.pending[(seat, index)]
        placing = (
            bool(resolving) and resolving.get("card") == entry.get("card") and view.get("current") == seat
        )
        colour = ACCENT if placing else PENDING
        cx0, _, cx1, cy1 = card
        side = (pending_width(cx1 - cx0) - (cx1 - cx0)) // 2
        ship_top = cy1 - TILE_H + TILE_SINK - piece_height(entry, layout.scale)
        frame = (cx0 - side, ship_top - 6, cx1 + side, cy1 + PENDING_CAPTION_H)
        draw.rounded_rectangle(frame, radius=8, fill=mix(PANEL, colour, 0.22))
        dashed_frame(draw, frame, colour=colour, width=3)
        tile_top = cy1 - TILE_H
        draw_flood_card(image, draw, {**entry, "tower": None}, card, tile_top, layout.scale)
        sender = entry.get("from")
        caption = tr("from {seat}", seat=seat_tag(sender)) if sender is not None else tr("pending")
        put_text(
            image,
            ((cx0 + cx1) / 2, cy1 + PENDING_CAPTION_H / 2),
            fit_text(caption, SMALL_SIZE, frame[2] - frame[0] - 4, bold=True),
            size=SMALL_SIZE,
            fill=colour,
            anchor="mm",
            bold=True,
        )
    if over and seat in layout.results:
        _draw_results(image, draw, layout.results[seat], view, seat)


def _draw_results(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, seat: int) -> None:
    """The score breakdown: tallest, singles, own towers' sectors, towers elsewhere holding this
    seat's colour (the total is in the panel's header)."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=10, fill=RESULT_FILL)
    for row, parts in enumerate(result_lines(view, seat, x1 - x0 - 20)):
        middle = y0 + 4 + RESULT_LINE_H * (row + 0.5)
        x = x0 + 10
        for name, value in parts:
            x += put_text(image, (x, middle), name, size=SMALL_SIZE, fill=MUTED) + 6
            ink = GOOD if value != "0" else FAINT
            x += put_text(image, (x, middle), value, size=SMALL_SIZE, fill=ink, bold=True) + RESULT_PART_GAP


def hit_label(hit: dict) -> str:
    """A flooded tower: its controller's seat and its card ("P1 8h")."""
    return f"{seat_tag(int(hit.get('seat', 0)))} {hit.get('card', '')}"


def _draw_flood(image: Image.Image, draw: ImageDraw.ImageDraw, layout: FloodLayout, view: dict) -> None:
    """Each roll: three dice, "= sector", and every tower it hit with the pyramids washed off it."""
    box = layout.flood
    x0, y0, x1, _ = box
    _panel(draw, box)
    flood = view["flood"]
    rolls = flood.get("rolls") or []
    title = tr("Flood after round {round}", round=flood.get("round", "?"))
    middle = y0 + FLOOD_TITLE_H / 2 + 2
    x = x0 + PAD + put_text(image, (x0 + PAD, middle), title, size=BODY_SIZE, fill=TEXT, bold=True) + 14
    note = tr("dice {minus} 1 = sector; towers there lose the pyramids shown", minus=MINUS)
    put_text(image, (x, middle), fit_text(note, SMALL_SIZE, x1 - PAD - x), size=SMALL_SIZE, fill=MUTED)
    for roll, place in zip(rolls, layout.rolls, strict=False):
        draw.rounded_rectangle(place.box, radius=10, fill=ROLL_FILL)
        first_line = (place.dice[0][1] + place.dice[0][3]) / 2
        for value, die in zip(roll.get("dice") or [], place.dice, strict=False):
            paste(image, die_sprite(int(value), FLOOD_DIE), die[:2])
        x = place.dice[-1][2] + 10
        x += put_text(
            image, (x, first_line), f"= {roll.get('sector', '?')}", size=BODY_SIZE, fill=TEXT, bold=True
        )
        if not roll.get("hits"):
            put_text(image, (x + 16, first_line), _no_hit_text(view, roll), size=SMALL_SIZE, fill=FAINT)
            continue
        for hit, hit_box in zip(roll["hits"], place.hits, strict=False):
            _draw_hit(image, draw, hit, hit_box)


def _draw_hit(image: Image.Image, draw: ImageDraw.ImageDraw, hit: dict, box: Box) -> None:
    """A flooded tower: its seat and card, the pyramids washed off it, "-> empty" if none are left."""
    x0, y0, _, y1 = box
    middle = (y0 + y1) / 2
    x = x0 + put_text(image, (x0, middle), hit_label(hit), size=SMALL_SIZE, fill=TEXT, bold=True) + 8
    removed = _removed(hit)
    tallest = max((washed_extent(code)[1] for code in removed), default=0)
    baseline = middle + tallest / 2
    for code in removed:
        width = washed_extent(code)[0]
        _paste_pyramid(image, code, FLOOD_SCALES[pyramid_size(code)], x + width / 2, baseline)
        x += width + 4
    if not hit.get("after"):
        right_arrow(draw, x + 4, middle, 24, MUTED)
        put_text(image, (x + 36, middle), tr("empty"), size=SMALL_SIZE, fill=MUTED)


def _draw_log(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """The last turns, one line each: the seat and its actions in words."""
    x0, y0, x1, _ = box
    _panel(draw, box)
    for row, (seat, actions) in enumerate(log_lines(view)):
        middle = y0 + 7 + LOG_LINE_H * (row + 0.5)
        if seat < 0:
            rolls = view.get("start_rolls") or []
            shown = ", ".join(
                f"{seat_tag(int(r['seat']))} {r.get('sum', sum(r.get('dice') or []))}" for r in rolls
            )
            order = view.get("order") or []
            if order:
                text = tr("Start rolls: {rolls}; {player} starts", rolls=shown, player=seat_tag(order[0]))
            else:
                text = tr("Start rolls: {rolls}", rolls=shown)
            put_text(
                image,
                (x0 + PAD, middle),
                fit_text(text, SMALL_SIZE, x1 - x0 - 2 * PAD),
                size=SMALL_SIZE,
                fill=TEXT,
            )
            continue
        chip = seat_chip(draw, (x0 + PAD, middle), view, seat)
        text = "; ".join(describe_action(action) for action in actions)
        put_text(
            image,
            (chip[2] + 10, middle),
            fit_text(text, SMALL_SIZE, x1 - PAD - chip[2] - 10),
            size=SMALL_SIZE,
            fill=TEXT,
        )


# --- the rules picture ----------------------------------------------------------------------------


RULE_SCALE = 30  # every pyramid shows its letter, as on the board
RULE_LINE_H = 27
ACTION_LINE_H = 26  # five lines fit under an action's title
SCORE_LINE_H = 34  # the points pills must not touch
SCORE_WRAP_H = 26  # a scoring rule's second line, if a language needs one
ACTION_BOX_H = 168  # at least; taller if a language's words need more lines
DIAGRAM_W = 186  # the widest action diagram; the words fill the rest of the box
STACKING_H = 136
FLOOD_RULE_H = 200
NOTE_BOTTOM = 19  # below the middle of a box's last line of notes
ACTION_BOTTOM = 16  # the same in an action's box, under its fifth line
# (kind, title, text): the kind names the diagram, the title and text are shown in the spoken language
ACTIONS = [
    ("draw", N_("Draw"), N_("Draw 2 cards. Keep 1, with a ship from your stash on it; discard the other.")),
    (
        "scrap",
        N_("Scrap two ships"),
        N_("Two of your ships each stand up as a tower, or go on top of one of your towers."),
    ),
    ("build", N_("Build"), N_("Put a pyramid from your stash on top of one of your towers.")),
    (
        "infiltrate",
        N_("Infiltrate"),
        N_(
            "Send a ship with its card to an opponent: their next action puts it on one of their towers (or alone)."
        ),
    ),
]
SCORING = [
    ("+15", N_("the tallest tower (the most pyramids), to whoever controls it")),
    ("+10", N_("the most single-pyramid towers")),
    ("+N", N_("each of your towers of 2+ pyramids on a card numbered N")),
    ("+N", N_("each opponent's tower on a card N holding your colour (once a tower)")),
]
STACKING_NOTES = [
    (N_("A pyramid goes on one the same size or bigger."), TEXT),
    (
        N_(
            "Pyramids keep their colour (and letter) wherever they stand; a tower belongs to the player it stands in front of."
        ),
        MUTED,
    ),
]
FLOOD_NOTES = [
    (N_("Every tower on a card of that number loses all the pyramids of its bottom (largest) size."), TEXT),
    (N_("Ships never flood. Sector 1 (A) never floods; 11 and up floods nothing."), MUTED),
]
# beside the flooded tower, one short line each
WASHED_OFF = (N_("R3 and B3"), N_("go back to"), N_("their stashes"))
RULE_INTRO = (
    N_("Cards in front of you hold a ship (lying), a tower (standing) or nothing (a grey card)."),
    N_("A card's number is its sector: A = 1 up to 10; suits do not matter."),
)
RULE_ENDING = (
    N_("A round ends after the turn in which the deck runs out or someone places their last pyramid."),
    N_("Rounds 1-2 go clockwise, round 3 counter-clockwise; the fewest cards in play starts."),
)
TEXT_W = WIDTH - 2 * MARGIN  # a full-width line of the rules picture, from MARGIN + 4


def wrapped_notes(notes: list[tuple[str, Colour]], width: float) -> list[tuple[str, Colour]]:
    """Each note in the spoken language, wrapped to `width`, with its ink."""
    return [(line, ink) for text, ink in notes for line in wrap(tr(text), SMALL_SIZE, width)]


def _rule_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, code: str, x: float, tile_top: float, **piece: object
) -> Box:
    """A diagram card with `ship="R2"`, `tower=[...]` or nothing, its tile's top at `tile_top`;
    returns the tile's box."""
    width = tile_width(RULE_SCALE)
    entry = {
        "card": code,
        "sector": SECTOR_OF_CARD[code],
        "ship": piece.get("ship"),
        "tower": piece.get("tower"),
    }
    box = (round(x), round(tile_top), round(x) + width, round(tile_top) + TILE_H)
    draw_flood_card(image, draw, entry, box, round(tile_top), RULE_SCALE)
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


def _action_diagram(
    image: Image.Image, draw: ImageDraw.ImageDraw, kind: str, x: float, tile_top: float
) -> None:
    """The small picture of one action, its left end at x and its cards' tiles at `tile_top`."""
    card_w = tile_width(RULE_SCALE)
    middle = tile_top + TILE_H / 2
    if kind == "draw":
        # face up, nothing on them yet: the other one will be discarded
        paste(image, tile_sprite("3c", SECTOR_OF_CARD["3c"], card_w), (x, tile_top - 34))
        paste(image, tile_sprite("7h", SECTOR_OF_CARD["7h"], card_w), (x + 14, tile_top))
        right_arrow(draw, x + card_w + 22, middle, 30, MUTED)
        _rule_card(image, draw, "7h", x + card_w + 60, tile_top, ship="R2")
    elif kind == "scrap":
        _rule_card(image, draw, "5d", x, tile_top, ship="R2")
        right_arrow(draw, x + card_w + 12, middle, 30, MUTED)
        _rule_card(image, draw, "5d", x + card_w + 54, tile_top, tower=["R2"])
    elif kind == "build":
        _rule_card(image, draw, "9s", x, tile_top, tower=["R3", "B2"])
        _paste_pyramid(image, "R1", RULE_SCALE, x + card_w + 20, tile_top - 40)
        _down_arrow(draw, x + card_w + 20, tile_top - 36, tile_top - 2, MUTED)
        right_arrow(draw, x + card_w + 6, middle, 30, MUTED)
        _rule_card(image, draw, "9s", x + card_w + 46, tile_top, tower=["R3", "B2", "R1"])
    else:
        _rule_card(image, draw, "6s", x, tile_top, ship="R2")
        right_arrow(draw, x + card_w + 8, middle, 30, MUTED)
        left = x + card_w + 46
        frame = (left, tile_top - 34, left + card_w + 10, tile_top + TILE_H + PENDING_CAPTION_H)
        draw.rounded_rectangle(frame, radius=8, fill=mix(PANEL, PENDING, 0.22))
        dashed_frame(draw, frame, colour=PENDING)
        _rule_card(image, draw, "6s", left + 5, tile_top, ship="R2")
        put_text(
            image,
            ((frame[0] + frame[2]) / 2, tile_top + TILE_H + PENDING_CAPTION_H / 2),
            fit_text(tr("to {seat}", seat="P2"), SMALL_SIZE, frame[2] - frame[0] - 4, bold=True),
            size=SMALL_SIZE,
            fill=PENDING,
            anchor="mm",
            bold=True,
        )


def _rule_actions(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    put_text(
        image,
        (MARGIN + 4, top + 16),
        fit_text(tr("Your turn: two actions (the same one twice is fine)"), BODY_SIZE, TEXT_W, bold=True),
        size=BODY_SIZE,
        fill=TEXT,
        bold=True,
    )
    top += 36
    column_w = (WIDTH - 2 * MARGIN - GAP) // 2
    text_w = column_w - 2 * PAD - DIAGRAM_W - 14
    texts = [wrap(tr(text), SMALL_SIZE, text_w) for _, _, text in ACTIONS]
    box_h = max(ACTION_BOX_H, *(48 + ACTION_LINE_H * (len(lines) - 1) + ACTION_BOTTOM for lines in texts))
    for k, ((kind, title, _), lines) in enumerate(zip(ACTIONS, texts, strict=True)):
        row, column = divmod(k, 2)
        x0 = MARGIN + column * (column_w + GAP)
        y0 = top + row * (box_h + GAP)
        y1 = y0 + box_h
        _panel(draw, (x0, y0, x0 + column_w, y1))
        heading = fit_text(f"{k + 1}. {tr(title)}", BODY_SIZE, column_w - 2 * PAD, bold=True)
        put_text(image, (x0 + PAD, y0 + 22), heading, size=BODY_SIZE, fill=ACCENT, bold=True)
        caption = PENDING_CAPTION_H if kind == "infiltrate" else 0
        _action_diagram(image, draw, kind, x0 + PAD, y1 - 12 - caption - TILE_H)
        text_x = x0 + PAD + DIAGRAM_W + 14
        for i, line in enumerate(lines):
            put_text(image, (text_x, y0 + 48 + ACTION_LINE_H * i), line, size=SMALL_SIZE, fill=MUTED)
    return top + 2 * box_h + GAP


def _rule_stacking(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Three towers: bigger under smaller and equal sizes are fine, bigger on top is not."""
    x = MARGIN + PAD
    for _ in range(3):  # where the words start: after the three towers, as drawn below
        x += tile_width(RULE_SCALE) + 42
    text_x = x + 8
    right = WIDTH - MARGIN - PAD
    notes = wrapped_notes(STACKING_NOTES, right - text_x)
    box = (
        MARGIN,
        top,
        WIDTH - MARGIN,
        top + max(STACKING_H, 62 + RULE_LINE_H * (len(notes) - 1) + NOTE_BOTTOM),
    )
    _panel(draw, box)
    x = MARGIN + PAD
    tile_top = box[3] - 12 - TILE_H
    for tower, good in ((["G3", "R2", "G1"], True), (["B2", "B2"], True), (["R1", "R2"], False)):
        card = _rule_card(image, draw, "4c", x, tile_top, tower=tower)
        _mark(draw, (card[2] + 14, tile_top - 20), good=good)
        x = card[2] + 42
    title = fit_text(tr("Stacking: never bigger on top"), BODY_SIZE, right - text_x, bold=True)
    put_text(image, (text_x, top + 26), title, size=BODY_SIZE, fill=TEXT, bold=True)
    y = top + 62
    for line, ink in notes:
        put_text(image, (text_x, y), line, size=SMALL_SIZE, fill=ink)
        y += RULE_LINE_H
    return box[3]


def _rule_flood(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """A tower losing its bottom size on the left; the dice, the sector they name and the rule on the right."""
    washed = [tr(line) for line in WASHED_OFF]
    card_w = tile_width(RULE_SCALE)
    after_right = MARGIN + PAD + card_w + 48 + card_w  # as the two cards are drawn below
    text_x = after_right + 12 + round(max(measure(line, SMALL_SIZE) for line in washed)) + 24
    right = WIDTH - MARGIN - PAD
    notes = wrapped_notes(FLOOD_NOTES, right - text_x)
    height = max(FLOOD_RULE_H, 100 + RULE_LINE_H * (len(notes) - 1) + NOTE_BOTTOM)
    box = (MARGIN, top, WIDTH - MARGIN, top + height)
    _panel(draw, box)
    tile_top = box[3] - 12 - TILE_H
    before = _rule_card(image, draw, "8h", MARGIN + PAD, tile_top, tower=["R3", "B3", "R2", "G1"])
    right_arrow(draw, before[2] + 10, tile_top - 24, 30, MUTED)
    after = _rule_card(image, draw, "8h", before[2] + 48, tile_top, tower=["R2", "G1"])
    for i, line in enumerate(washed):
        put_text(image, (after[2] + 12, tile_top - 62 + RULE_LINE_H * i), line, size=SMALL_SIZE, fill=MUTED)
    title = fit_text(tr("The flood: after each round, 3, 4, 5 rolls"), BODY_SIZE, right - text_x, bold=True)
    put_text(image, (text_x, top + 24), title, size=BODY_SIZE, fill=TEXT, bold=True)
    x = text_x
    for value in (2, 3, 4):
        paste(image, die_sprite(value, 32), (x, top + 46))
        x += 37
    sum_text = tr("= 9, {minus}1 = sector 8", minus=MINUS)
    put_text(image, (x + 6, top + 62), sum_text, size=BODY_SIZE, fill=TEXT, bold=True)
    y = top + 100
    for line, ink in notes:
        put_text(image, (text_x, y), line, size=SMALL_SIZE, fill=ink)
        y += RULE_LINE_H
    return box[3]


def _rule_scoring(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    text_x = MARGIN + PAD + 76
    rules = [(points, wrap(tr(text), SMALL_SIZE, WIDTH - MARGIN - PAD - text_x)) for points, text in SCORING]
    footer = wrap(
        tr("Ties share a bonus, and share the win. Ships and empty cards score nothing."),
        SMALL_SIZE,
        WIDTH - 2 * MARGIN - 2 * PAD,
    )
    extra = sum(len(lines) - 1 for _, lines in rules) * SCORE_WRAP_H + (len(footer) - 1) * RULE_LINE_H
    box = (MARGIN, top, WIDTH - MARGIN, top + 52 + SCORE_LINE_H * len(SCORING) + 32 + extra)
    _panel(draw, box)
    put_text(
        image,
        (MARGIN + PAD, top + 24),
        fit_text(
            tr("Scoring, after the flood of round 3"), BODY_SIZE, WIDTH - 2 * MARGIN - 2 * PAD, bold=True
        ),
        size=BODY_SIZE,
        fill=TEXT,
        bold=True,
    )
    middle = top + 58
    for points, lines in rules:
        pill(
            draw,
            (MARGIN + PAD + 60, middle),
            points,
            size=SMALL_SIZE,
            fill=GOOD,
            text_fill=ON_GOOD,
            anchor="r",
        )
        for i, line in enumerate(lines):
            put_text(image, (text_x, middle + SCORE_WRAP_H * i), line, size=SMALL_SIZE, fill=TEXT)
        middle += SCORE_LINE_H + SCORE_WRAP_H * (len(lines) - 1)
    for i, line in enumerate(footer):
        y = box[3] - 22 - RULE_LINE_H * (len(footer) - 1 - i)
        put_text(image, (MARGIN + PAD, y), line, size=SMALL_SIZE, fill=MUTED)
    return box[3]


@once_per_language
def render_flood_rules_picture() -> bytes:
    """The /rules picture: the four actions, the stacking rule, the flood and the scoring.

    It never changes, so it is drawn once per process and language.
    """
    height = MAX_HEIGHT + 200  # cropped to the content below
    image, draw = new_canvas(WIDTH, height)
    intro = [line for text in RULE_INTRO for line in wrap(tr(text), HEADING_NOTE_SIZE, TEXT_W)]
    y = draw_picture_heading(draw, MARGIN + 4, tr("Martian Flood in brief"), intro)
    y = _rule_actions(image, draw, y)
    y = _rule_stacking(image, draw, y + GAP)
    y = _rule_flood(image, draw, y + GAP)
    y = _rule_scoring(image, draw, y + GAP)
    lines = [line for text in RULE_ENDING for line in wrap(tr(text), SMALL_SIZE, TEXT_W)]
    for i, line in enumerate(lines):
        put_text(image, (MARGIN + 4, y + 24 + 28 * i), line, size=SMALL_SIZE, fill=MUTED)
    return to_png(image.crop((0, 0, WIDTH, min(height, y + 24 + 28 * len(lines)))))


# Nothing in Flood is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_flood_board, private=render_flood_board, rules=render_flood_rules_picture)
