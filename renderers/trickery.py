"""Martian Trickery pictures: the public board, a seat's hand, and the scoring guide.

The board never reads view["hand"]: it is public, whatever view it is given.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from PIL import Image, ImageDraw

from catalogue import N_, tr, trn
from games.pieces import Pyramid

from .common import (
    ACCENT,
    BACKGROUND,
    BIG_SIZE,
    BODY_SIZE,
    EM_DASH,
    FAINT,
    GOOD,
    HEADER_H,
    HEIGHT_RATIO,
    MARGIN,
    MUTED,
    ON_ACCENT,
    ON_GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    PENALTY,
    SMALL_SIZE,
    TEXT,
    TITLE_SIZE,
    WIDTH,
    Box,
    Pictures,
    card_extent,
    draw_card,
    draw_card_slot,
    draw_picture_heading,
    draw_pyramid,
    draw_pyramid_row,
    draw_suit,
    draw_text,
    fit_text,
    mix,
    new_canvas,
    once_per_language,
    once_per_picture,
    pill,
    plain,
    pyramid_extent,
    seat_label,
    seat_name,
    seat_tag,
    signed,
    text_width,
    to_png,
)
from .words import colour_name, size_name

GAP = 12
PANEL_W = (WIDTH - 2 * MARGIN - GAP) // 2
PANEL_H = 216
TABLE_H = 344
POOL_W = 340  # two nests side by side; the trick row gets the rest, room for "Computer" under 4 cards
RADIUS = 16
PAD = 16

# Pyramid scales: large enough that the colour letter on each face reads at phone width.
TAKEN_SCALE = 50
POOL_SCALE = 46
PRIZE_SCALE = 46
RESULT_SCALE = 46
PRIZE_COLUMN_W = 100
TRICK_CARD_W = 92
MAX_TABLE_ROWS = 12


# --- names ----------------------------------------------------------------------------------


def name_lines(name: str, width: float, *, lines: int = 2, bold: bool = False) -> list[str]:
    """`name` word-wrapped into at most `lines` lines of `width` px, the last one cut with an ellipsis."""
    result: list[str] = []
    words = name.split()
    while words and len(result) < lines:
        line = words.pop(0)
        while words and text_width(f"{line} {words[0]}", SMALL_SIZE, bold=bold) <= width:
            line = f"{line} {words.pop(0)}"
        if words and len(result) == lines - 1:
            line = f"{line} {' '.join(words)}"
            words = []
        result.append(fit_text(line, SMALL_SIZE, width, bold=bold))
    return result


def distinct_name_lines(names: list[str], width: float, *, lines: int = 2) -> list[list[str]]:
    """Each name as `name_lines`, except that names which would come out alike although they differ
    end in their own last characters instead: "Computer (ea…" twice would not tell two players apart."""
    shown = [name_lines(name, width, lines=lines) for name in names]
    alike = [
        i
        for i, name in enumerate(names)
        if shown[i] and any(shown[j] == shown[i] and names[j] != name for j in range(len(names)))
    ]
    for i in alike:
        tail = names[i]
        while tail and text_width("…" + tail, SMALL_SIZE) > width:
            tail = tail[1:]
        shown[i] = [*shown[i][:-1], "…" + tail.lstrip()]
    return shown


# --- layout ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardLayout:
    width: int
    height: int
    panels: tuple[Box, ...]  # one per seat
    middle: Box  # the table (pool and trick) or, at the end, the final standings
    pool: Box | None
    trick: Box | None


FINAL_ROW_H = 40
FINAL_HEADER_H = 62  # two lines, so that long names keep the part that tells them apart


def _final_height(view: dict) -> int:
    rows = min(len(view["hand_scores"]), MAX_TABLE_ROWS)
    return 96 + FINAL_HEADER_H + FINAL_ROW_H * (rows + 1) + 16


@once_per_picture
def board_layout(view: dict) -> BoardLayout:
    """Where everything goes. Seats sit clockwise: P1 top-left, P2 top-right, then the bottom row."""
    middle_h = _final_height(view) if view["is_over"] else TABLE_H
    top_y = HEADER_H + 8
    middle_y = top_y + PANEL_H + GAP
    bottom_y = middle_y + middle_h + GAP
    left_x, right_x = MARGIN, MARGIN + PANEL_W + GAP

    def panel(x: int, y: int) -> Box:
        return (x, y, x + PANEL_W, y + PANEL_H)

    if view["num_players"] == 3:
        panels = (panel(left_x, top_y), panel(right_x, top_y), panel((WIDTH - PANEL_W) // 2, bottom_y))
    else:
        panels = (
            panel(left_x, top_y),
            panel(right_x, top_y),
            panel(right_x, bottom_y),
            panel(left_x, bottom_y),
        )
    middle = (MARGIN, middle_y, WIDTH - MARGIN, middle_y + middle_h)
    pool = trick = None
    if not view["is_over"]:
        pool = (MARGIN, middle_y, MARGIN + POOL_W, middle[3])
        trick = (MARGIN + POOL_W + GAP, middle_y, WIDTH - MARGIN, middle[3])
    return BoardLayout(WIDTH, bottom_y + PANEL_H + MARGIN, panels, middle, pool, trick)


# --- the board ------------------------------------------------------------------------------


def render_trickery_board(view: dict, *, names: list[str] | None = None) -> bytes:
    """Header, a panel per seat, and the table (pool and trick) or, once the match is over, the standings."""
    layout = board_layout(view)
    image, draw = new_canvas(layout.width, layout.height)
    _draw_header(image, draw, view)
    for seat, box in enumerate(layout.panels):
        _draw_player_panel(image, draw, box, view, seat, names)
    if view["is_over"]:
        _draw_final(draw, layout.middle, view, names)
    else:
        _draw_pool(image, draw, layout.pool, view)
        _draw_trick_box(image, draw, layout.trick, view, names)
    return to_png(image)


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict) -> None:
    middle = HEADER_H / 2 + 4
    if view["is_over"]:
        hands = view["hand_number"]
        progress = trn("Final after {count} hand", "Final after {count} hands", hands, count=hands)
    else:
        progress = tr(
            "Hand {hand} · Trick {trick}/{tricks}",
            hand=view["hand_number"],
            trick=view["trick_number"],
            tricks=view["tricks_per_hand"],
        )
    title = f"Martian Trickery {EM_DASH} {progress}"
    draw_text(draw, (MARGIN + 4, middle), title, size=TITLE_SIZE, fill=TEXT, anchor="lm", bold=True)
    _draw_spades_badge(image, draw, (WIDTH - MARGIN, middle), broken=view["spades_broken"])


def _draw_spades_badge(
    image: Image.Image, draw: ImageDraw.ImageDraw, right_mid: tuple[int, float], *, broken: bool
) -> None:
    """A spade icon and the words, filled when spades are broken (they may be led), hollow when not."""
    text = tr("Spades broken") if broken else tr("Spades not broken")
    icon, pad, height = 26, 14, 44
    width = pad + icon + 10 + round(text_width(text, SMALL_SIZE, bold=True)) + pad
    x1, y_mid = right_mid
    box = (x1 - width, round(y_mid - height / 2), x1, round(y_mid + height / 2))
    fill, ink = (TEXT, BACKGROUND) if broken else (PANEL, MUTED)
    draw.rounded_rectangle(box, radius=height // 2, fill=fill, outline=MUTED if not broken else None, width=2)
    icon_x = box[0] + pad
    draw_suit(image, "s", (icon_x, y_mid - icon / 2), icon, ink)
    if not broken:  # strike the spade through: it may not be led yet
        draw.line(
            (icon_x - 3, y_mid + icon / 2 + 1, icon_x + icon + 3, y_mid - icon / 2 - 1), fill=PENALTY, width=4
        )
    draw_text(draw, (icon_x + icon + 10, y_mid), text, size=SMALL_SIZE, fill=ink, anchor="lm", bold=True)


def _draw_player_panel(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, seat: int, names: list[str] | None
) -> None:
    x0, y0, x1, y1 = box
    to_move = seat in view["to_move"]
    won = view["is_over"] and seat in view["winners"]
    fill = PANEL_ACTIVE if to_move else PANEL
    edge, edge_width = (ACCENT, 6) if to_move else ((GOOD, 6) if won else (PANEL_EDGE, 2))
    draw.rounded_rectangle(box, radius=RADIUS, fill=fill, outline=edge, width=edge_width)

    # Row 1: seat chip and name on the left, the total score on the right.
    row1 = y0 + 34
    score_w = draw_text(
        draw,
        (x1 - PAD, row1 + 2),
        plain(view["totals"][seat]),
        size=BIG_SIZE,
        fill=TEXT,
        anchor="rm",
        bold=True,
    )
    chip = pill(
        draw,
        (x0 + PAD, row1),
        seat_tag(seat),
        size=BODY_SIZE,
        fill=ACCENT if to_move else TEXT,
        text_fill=ON_ACCENT if to_move else BACKGROUND,
    )
    name_x = chip[2] + 10
    name = fit_text(seat_name(seat, names), BODY_SIZE, x1 - PAD - score_w - 14 - name_x, bold=True)
    draw_text(draw, (name_x, row1), name, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)

    # Row 2: cards left, the dealer button, and whose turn it is.
    row2 = y0 + 82
    points_w = draw_text(draw, (x1 - PAD, row2), tr("points"), size=SMALL_SIZE, fill=MUTED, anchor="rm")
    x = x0 + PAD
    if not view["is_over"]:  # every hand is played out: "0 cards" on the final board says nothing
        cards = view["cards_left"][seat]
        cards_text = trn("{count} card", "{count} cards", cards, count=cards)
        x += draw_text(draw, (x, row2), cards_text, size=SMALL_SIZE, fill=MUTED, anchor="lm") + 16
    status = None
    if to_move:
        status = tr("TO LEAD") if not view["trick"]["plays"] else tr("TO PLAY")
    elif won:
        status = tr("WINNER")
    if seat == view["dealer"]:
        # The word "dealer" is left out where it would push the status pill into "points" (German).
        room = x1 - PAD - points_w - 12 - x
        worded = _dealer_button_width(True) + (16 + _pill_width(status) if status else 0) <= room
        x = _draw_dealer_button(draw, (x, row2), worded=worded) + 16
    if status:
        colours = (ACCENT, ON_ACCENT) if to_move else (GOOD, ON_GOOD)
        pill(draw, (x, row2), status, size=SMALL_SIZE, fill=colours[0], text_fill=colours[1])

    # Row 3: the pyramids taken this hand, point pyramids sorted, penalties last.
    taken = _sorted_pyramids(view["taken"][seat], view["penalty_colour"])
    baseline = y1 - 14
    if taken:
        draw_pyramid_row(
            image,
            taken,
            x0 + PAD,
            baseline,
            scale=TAKEN_SCALE,
            gap=8,
            penalty_colour=view["penalty_colour"],
            max_width=PANEL_W - 2 * PAD - 8,
        )
    else:
        nothing = tr("None taken in the last hand") if view["is_over"] else tr("No pyramids taken yet")
        draw_text(draw, (x0 + PAD, baseline - 26), nothing, size=SMALL_SIZE, fill=FAINT, anchor="lm")


DEALER_RADIUS = 16


def _pill_width(text: str) -> float:
    """How wide `pill` draws `text` at SMALL_SIZE."""
    return round(text_width(text, SMALL_SIZE, bold=True)) + 2 * round(SMALL_SIZE * 0.55)


def _dealer_button_width(worded: bool) -> float:
    button = 2 * DEALER_RADIUS
    return button + 6 + text_width(tr("dealer"), SMALL_SIZE) if worded else button


def _draw_dealer_button(draw: ImageDraw.ImageDraw, left_mid: tuple[float, float], *, worded: bool) -> float:
    """A poker-style dealer button, with the word "dealer" beside it if `worded`; returns its right edge."""
    x, y = left_mid
    radius = DEALER_RADIUS
    draw.ellipse((x, y - radius, x + 2 * radius, y + radius), fill=TEXT, outline=FAINT, width=2)
    draw_text(draw, (x + radius, y + 1), "D", size=SMALL_SIZE, fill=BACKGROUND, anchor="mm", bold=True)
    if not worded:
        return x + 2 * radius
    label_x = x + 2 * radius + 6
    return label_x + draw_text(draw, (label_x, y), tr("dealer"), size=SMALL_SIZE, fill=MUTED, anchor="lm")


def _sorted_pyramids(codes: list[str], penalty_colour: str) -> list[str]:
    return sorted(codes, key=lambda code: (code[0] == penalty_colour, code[0], code[1]))


# --- the pool -------------------------------------------------------------------------------


def _pool_nests(view: dict) -> list[tuple[str, list[bool]]]:
    """Each nest of the set (colour, [small, medium, large still in the pool?]), penalty nest last."""
    left = _pool_left(view)
    seen: Counter[str] = Counter()
    nests = []
    for colour in view["nests"]:
        index = seen[colour]
        seen[colour] += 1
        nests.append((colour, [left[f"{colour}{size}"] > index for size in (1, 2, 3)]))
    return nests


def _pool_left(view: dict) -> Counter[str]:
    """The pool without the current prize: it is at stake in the trick box, no longer on offer."""
    left = Counter(view["pool"])
    prize = view["trick"]["prize"]
    if prize and left[prize]:
        left[prize] -= 1
    return left


def _draw_pool(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL, outline=PANEL_EDGE, width=2)
    draw_text(draw, (x0 + PAD, y0 + 28), tr("Pool"), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    draw_text(
        draw,
        (x1 - PAD, y0 + 28),
        tr("{count} left", count=_pool_left(view).total()),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="rm",
    )
    nests = _pool_nests(view)
    gap = 8
    nest_w = sum(pyramid_extent(size, POOL_SCALE)[0] for size in (1, 2, 3)) + 2 * gap
    per_row = 2
    column_w = (x1 - x0 - 2 * PAD) / per_row
    row_h = 136
    for index, (colour, present) in enumerate(nests):
        row, column = divmod(index, per_row)
        x = x0 + PAD + column * column_w + (column_w - nest_w) / 2
        baseline = y0 + 62 + pyramid_extent(3, POOL_SCALE)[1] + row * row_h
        for size, here in zip((1, 2, 3), present, strict=True):  # an empty place is a faint outline
            code = f"{colour}{size}"
            width = draw_pyramid(
                image,
                code,
                x,
                baseline,
                scale=POOL_SCALE,
                penalty_colour=view["penalty_colour"],
                ghost=not here,
            )
            x += width + gap
        penalty = colour == view["penalty_colour"]
        label = tr("{colour} (penalty)", colour=colour_name(colour)) if penalty else colour_name(colour)
        draw_text(
            draw,
            (x - gap - nest_w / 2, baseline + 20),
            label,
            size=SMALL_SIZE,
            fill=PENALTY if penalty else MUTED,
            anchor="mm",
        )


# --- the trick ------------------------------------------------------------------------------


def _draw_trick_box(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None
) -> None:
    """The trick being played; before its lead, the last trick (faint) or the last hand's result."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL, outline=PANEL_EDGE, width=2)
    trick = view["trick"]
    title_y = y0 + 28
    status_x = x1 - PAD
    if view["to_move"]:
        mover = seat_tag(view["to_move"][0])
        status = pill(
            draw,
            (x1 - PAD, title_y),
            tr("{seat} to play", seat=mover) if trick["plays"] else tr("{seat} to lead", seat=mover),
            size=SMALL_SIZE,
            fill=ACCENT,
            text_fill=ON_ACCENT,
            anchor="r",
        )
        status_x = status[0]
    body = (x0 + PAD, y0 + 64, x1 - PAD, y1 - PAD)
    if not trick["plays"] and not trick["prize"] and view["done_tricks"]:
        last = view["done_tricks"][-1]
        # The prize it won stands, named, in the prize column below.
        title = tr("Last trick: {seat} won", seat=seat_tag(last["winner"]))
        draw_text(draw, (x0 + PAD, title_y), title, size=BODY_SIZE, fill=MUTED, anchor="lm", bold=True)
        _draw_trick(image, draw, body, view, last, names, faint=True)
    elif not trick["plays"] and not trick["prize"] and view["last_hand"]:
        title = tr("Hand {number} result", number=view["hand_number"] - 1)
        draw_text(draw, (x0 + PAD, title_y), title, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
        _draw_last_hand(image, draw, body, view, names)
    else:
        draw_text(
            draw,
            (x0 + PAD, title_y),
            fit_text(tr("Current trick"), BODY_SIZE, status_x - x0 - 2 * PAD),
            size=BODY_SIZE,
            fill=TEXT,
            anchor="lm",
            bold=True,
        )
        _draw_trick(image, draw, body, view, trick, names, faint=False)


def _winning_seat(trick: dict) -> int | None:
    """Who takes the trick: a finished trick's winner, or whoever is ahead in the one being played."""
    return trick["winner"] if "winner" in trick else trick["winning"]


def _draw_trick(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    body: Box,
    view: dict,
    trick: dict,
    names: list[str] | None,
    *,
    faint: bool,
) -> None:
    """A prize column, then one slot per seat in play order, the winning card framed in green.

    `faint` shows a finished trick: every card but the winner's dimmed.
    """
    x0, y0, x1, _ = body
    winner = _winning_seat(trick)
    card_w, card_h = card_extent(TRICK_CARD_W)
    card_top = y0 + 40
    label_y = card_top + card_h + 22
    _draw_prize(image, draw, (x0, card_top, x0 + PRIZE_COLUMN_W, label_y), trick["prize"], view, faint=faint)

    n = view["num_players"]
    plays = trick["plays"]
    slot_x = x0 + PRIZE_COLUMN_W + 14
    slot_step = min(card_w + 40, (x1 - slot_x - card_w) / max(1, n - 1))
    name_w = slot_step - 14  # apart enough not to read as one line
    seats = [(trick["leader"] + i) % n for i in range(n)]
    shown_names = distinct_name_lines([seat_name(seat, names) for seat in seats], name_w)
    for i in range(n):
        seat = (trick["leader"] + i) % n
        x = slot_x + i * slot_step
        next_up = not faint and seat in view["to_move"]
        if i < len(plays):
            if seat == winner:
                draw.rounded_rectangle(
                    (x - 5, card_top - 5, x + card_w + 5, card_top + card_h + 5), radius=13, fill=GOOD
                )
            draw_card(image, plays[i][1], (x, card_top), card_w, dim=faint and seat != winner)
        else:
            draw_card_slot(draw, (x, card_top), card_w, colour=ACCENT if next_up else FAINT)
        if i == 0:
            pill(
                draw,
                (x + card_w / 2, card_top - 22),
                tr("LEAD"),
                size=SMALL_SIZE,
                anchor="m",
                fill=MUTED if faint else TEXT,
                text_fill=BACKGROUND,
            )
        colour = GOOD if seat == winner else (ACCENT if next_up else (MUTED if faint else TEXT))
        draw_text(
            draw,
            (x + card_w / 2, label_y),
            seat_tag(seat),
            size=SMALL_SIZE,
            fill=colour,
            anchor="mm",
            bold=True,
        )
        for j, line in enumerate(shown_names[i]):  # under the seat tag, so alike names still differ
            draw_text(
                draw, (x + card_w / 2, label_y + 26 * (j + 1)), line, size=SMALL_SIZE, fill=MUTED, anchor="mm"
            )


def _draw_prize(
    image: Image.Image, draw: ImageDraw.ImageDraw, column: Box, prize: str | None, view: dict, *, faint: bool
) -> None:
    """The prize pyramid standing level with the cards, its size and colour written under it."""
    x0, top, x1, label_y = column
    centre = (x0 + x1) / 2
    draw_text(draw, (centre, top - 22), tr("Prize"), size=SMALL_SIZE, fill=MUTED, anchor="mm")
    baseline = label_y - 22
    if not prize:
        draw_text(draw, (centre, baseline - 50), "?", size=BIG_SIZE, fill=FAINT, anchor="mm", bold=True)
        for j, line in enumerate(tr("not\nchosen").split("\n")):  # two short lines under the "?"
            draw_text(draw, (centre, label_y + 26 * j), line, size=SMALL_SIZE, fill=FAINT, anchor="mm")
        return
    pyramid = Pyramid.parse(prize)
    width, _ = pyramid_extent(pyramid.size, PRIZE_SCALE)
    draw_pyramid(
        image, prize, centre - width / 2, baseline, scale=PRIZE_SCALE, penalty_colour=view["penalty_colour"]
    )
    ink = MUTED if faint else TEXT
    draw_text(
        draw, (centre, label_y), size_name(pyramid.size), size=SMALL_SIZE, fill=ink, anchor="mm", bold=True
    )
    draw_text(
        draw,
        (centre, label_y + 26),
        colour_name(pyramid.colour),
        size=SMALL_SIZE,
        fill=PENALTY if pyramid.colour == view["penalty_colour"] else ink,
        anchor="mm",
    )


def _draw_last_hand(
    image: Image.Image, draw: ImageDraw.ImageDraw, body: Box, view: dict, names: list[str] | None
) -> None:
    """At the start of a hand: what each seat took and scored in the previous one, a cell per seat
    (two across), so the pyramids stand large enough for their letters."""
    x0, y0, x1, y1 = body
    last = view["last_hand"]
    n = view["num_players"]
    rows = (n + 1) // 2
    cell_w, cell_h = (x1 - x0) / 2, (y1 - y0) / rows
    for seat in range(n):
        row, column = divmod(seat, 2)
        cx0, cy0 = x0 + column * cell_w, y0 + row * cell_h
        cx1 = cx0 + cell_w - 24  # a clear gap between a score and the next cell's name
        score_w = draw_text(
            draw,
            (cx1, cy0 + 14),
            signed(last["scores"][seat]),
            size=BODY_SIZE,
            fill=TEXT,
            anchor="rm",
            bold=True,
        )
        label = fit_text(seat_label(seat, names), SMALL_SIZE, cx1 - cx0 - score_w - 12)
        draw_text(draw, (cx0, cy0 + 14), label, size=SMALL_SIZE, fill=TEXT, anchor="lm")
        taken = _sorted_pyramids(last["taken"][seat], view["penalty_colour"])
        baseline = cy0 + cell_h - 8
        if not taken:
            draw_text(
                draw, (cx0, baseline - 30), tr("took nothing"), size=SMALL_SIZE, fill=FAINT, anchor="lm"
            )
            continue
        height = baseline - (cy0 + 34)  # the tallest pyramid and its penalty badge fit under the label
        scale = min(RESULT_SCALE, int(height / (HEIGHT_RATIO[3] + 0.22)))
        draw_pyramid_row(
            image,
            taken,
            cx0,
            baseline,
            scale=scale,
            gap=6,
            penalty_colour=view["penalty_colour"],
            max_width=cx1 - cx0,
        )


# --- the end of the match -------------------------------------------------------------------


def _draw_final(draw: ImageDraw.ImageDraw, box: Box, view: dict, names: list[str] | None) -> None:
    """A "Final" banner with the winners, then the score of every hand and the totals."""
    x0, y0, x1, _ = box
    draw.rounded_rectangle(box, radius=RADIUS, fill=PANEL, outline=GOOD, width=3)
    banner = (x0 + PAD, y0 + PAD, x1 - PAD, y0 + 80)
    draw.rounded_rectangle(banner, radius=RADIUS - 4, fill=GOOD)
    winners = [seat_label(seat, names) for seat in view["winners"]]
    together = " & ".join(winners)
    title = trn("Final — {winners} wins", "Final — {winners} win", len(winners), winners=together)
    draw_text(
        draw,
        ((banner[0] + banner[2]) / 2, (banner[1] + banner[3]) / 2),
        fit_text(title, TITLE_SIZE + 4, banner[2] - banner[0] - 24, bold=True),
        size=TITLE_SIZE + 4,
        fill=ON_GOOD,
        anchor="mm",
        bold=True,
    )

    n = view["num_players"]
    rows = view["hand_scores"][-MAX_TABLE_ROWS:]
    first_hand = len(view["hand_scores"]) - len(rows) + 1
    label_w = 130
    column_w = (x1 - x0 - 2 * PAD - label_w) / n
    top = banner[3] + 12
    row_h = FINAL_ROW_H
    body_top = top + FINAL_HEADER_H  # the first hand's row

    def centre(seat: int) -> float:
        return x0 + PAD + label_w + column_w * (seat + 0.5)

    for seat in range(n):
        if seat in view["winners"]:
            column = (
                centre(seat) - column_w / 2 + 4,
                top,
                centre(seat) + column_w / 2 - 4,
                body_top + row_h * (len(rows) + 1),
            )
            draw.rounded_rectangle(column, radius=10, fill=mix(PANEL, GOOD, 0.22))
        lines = name_lines(seat_label(seat, names), column_w - 12, bold=True)
        for j, line in enumerate(lines):
            y = top + FINAL_HEADER_H / 2 + 26 * (j - (len(lines) - 1) / 2)
            draw_text(draw, (centre(seat), y), line, size=SMALL_SIZE, fill=TEXT, anchor="mm", bold=True)
    for i, row in enumerate(rows):
        y = body_top + row_h * (i + 0.5)
        draw.line((x0 + PAD, y - row_h / 2, x1 - PAD, y - row_h / 2), fill=PANEL_EDGE, width=1)
        draw_text(
            draw,
            (x0 + PAD + 8, y),
            tr("Hand {number}", number=first_hand + i),
            size=SMALL_SIZE,
            fill=MUTED,
            anchor="lm",
        )
        for seat, score in enumerate(row):
            draw_text(draw, (centre(seat), y), signed(score), size=SMALL_SIZE, fill=TEXT, anchor="mm")
    y = body_top + row_h * (len(rows) + 0.5)
    draw.line((x0 + PAD, y - row_h / 2, x1 - PAD, y - row_h / 2), fill=MUTED, width=2)
    draw_text(draw, (x0 + PAD + 8, y), tr("Total"), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    for seat, total in enumerate(view["totals"]):
        draw_text(draw, (centre(seat), y), plain(total), size=BODY_SIZE, fill=TEXT, anchor="mm", bold=True)


# --- the hand -------------------------------------------------------------------------------

HAND_CARD_W = {1: 140, 2: 116}  # by number of rows: up to 6 cards in one row, else two
HAND_CARD_GAP = 14
HAND_LIFT = 14
HAND_CAPTION_H = 70


def render_trickery_hand(view: dict, *, names: list[str] | None = None) -> bytes:
    """The seat's own cards; on their turn, playable cards are lifted and framed, the rest dimmed."""
    cards = list(view.get("hand") or [])
    seat = view.get("seat")
    my_turn = seat is not None and seat in view["to_move"]
    legal = set(view.get("legal") or []) if my_turn else set(cards)
    boxes = hand_card_boxes(view)
    bottom = max((box[3] for box in boxes), default=0)
    image, draw = new_canvas(WIDTH, max(bottom + MARGIN + 4, 300))
    _draw_hand_caption(draw, view, names, my_turn=my_turn)
    if not cards:
        draw_text(draw, (WIDTH / 2, 180), tr("No cards left"), size=BODY_SIZE, fill=MUTED, anchor="mm")
    for card, (x0, y0, x1, y1) in zip(cards, boxes, strict=True):
        playable = card in legal
        if my_turn and playable:  # lift and frame what may be played
            y0, y1 = y0 - HAND_LIFT, y1 - HAND_LIFT
            draw.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=18, fill=ACCENT)
        draw_card(image, card, (x0, y0), x1 - x0, dim=not playable)
    return to_png(image)


def hand_card_boxes(view: dict) -> list[Box]:
    """Where render_trickery_hand puts each card before lifting it (for tests and click maps)."""
    cards = list(view.get("hand") or [])
    split = (len(cards) + 1) // 2 if len(cards) > 6 else len(cards)
    rows = [cards[:split], cards[split:]] if split < len(cards) else [cards]
    card_w, card_h = card_extent(HAND_CARD_W[len(rows)])
    boxes = []
    for r, row in enumerate(rows):
        top = HAND_CAPTION_H + HAND_LIFT + r * (card_h + HAND_CARD_GAP)
        left = (WIDTH - len(row) * card_w - (len(row) - 1) * HAND_CARD_GAP) / 2
        for i in range(len(row)):
            x = round(left + i * (card_w + HAND_CARD_GAP))
            boxes.append((x, top, x + card_w, top + card_h))
    return boxes


def _draw_hand_caption(
    draw: ImageDraw.ImageDraw, view: dict, names: list[str] | None, *, my_turn: bool
) -> None:
    middle = HAND_CAPTION_H / 2
    title = tr("Your hand — Hand {hand}, Trick {trick}", hand=view["hand_number"], trick=view["trick_number"])
    draw_text(draw, (MARGIN + 4, middle), title, size=TITLE_SIZE, fill=TEXT, anchor="lm", bold=True)
    if my_turn:
        pill(
            draw,
            (WIDTH - MARGIN, middle),
            tr("Your turn"),
            size=BODY_SIZE,
            fill=ACCENT,
            text_fill=ON_ACCENT,
            anchor="r",
        )
    elif view["to_move"]:
        waiting = tr("Waiting for {player}", player=seat_label(view["to_move"][0], names))
        draw_text(
            draw,
            (WIDTH - MARGIN, middle),
            fit_text(waiting, SMALL_SIZE, 330),
            size=SMALL_SIZE,
            fill=MUTED,
            anchor="rm",
        )


# --- the scoring guide ----------------------------------------------------------------------

GUIDE_SCALE = 52  # the small pyramids' letters read at phone width
GUIDE_ROW_H = 124

# (pyramids, title, description, value): texts marked here, said in the spoken language when drawn.
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


@once_per_language
def render_trickery_scoring_guide() -> bytes:
    """The /rules picture: what each group of pyramids is worth, and what penalty pyramids do."""
    height = 150 + GUIDE_ROW_H * len(POINT_GROUPS) + 70 + GUIDE_ROW_H * len(PENALTY_GROUPS) + 60
    image, draw = new_canvas(WIDTH, height)
    draw_picture_heading(
        draw,
        MARGIN + 4,
        tr("Martian Trickery scoring"),
        [
            tr("At the end of a hand your pyramids are split into groups the best way."),
            tr("Each pyramid counts once."),
        ],
    )
    y = 140
    for group in POINT_GROUPS:
        _draw_guide_row(image, draw, y, *group, accent=TEXT)
        y += GUIDE_ROW_H
    y += 16
    draw_text(
        draw,
        (MARGIN + 4, y + 26),
        tr("Penalty pyramids (black; white in the Xeno set)"),
        size=BODY_SIZE,
        fill=PENALTY,
        anchor="lm",
        bold=True,
    )
    y += 54
    for group in PENALTY_GROUPS:
        _draw_guide_row(image, draw, y, *group, accent=PENALTY)
        y += GUIDE_ROW_H
    draw_text(
        draw,
        (MARGIN + 4, y + 24),
        tr("Variant with one-colour stashes: every tree is worth 5."),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="lm",
    )
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
    baseline = box[3] - 12
    draw_pyramid_row(image, codes, MARGIN + PAD, baseline, scale=GUIDE_SCALE, gap=10, penalty_colour="K")
    text_x = MARGIN + 250
    draw_text(draw, (text_x, y + 34), tr(title), size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    draw_text(draw, (text_x, y + 68), tr(description), size=SMALL_SIZE, fill=MUTED, anchor="lm")
    draw_text(
        draw,
        (box[2] - PAD - 8, (box[1] + box[3]) / 2),
        tr(value),
        size=BIG_SIZE - 4,
        fill=accent,
        anchor="rm",
        bold=True,
    )


PICTURES = Pictures(
    board=render_trickery_board, private=render_trickery_hand, rules=render_trickery_scoring_guide
)
