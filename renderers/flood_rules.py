"""The Martian Flood rules picture (/rules): the four actions, the stacking rule, the flood and the
scoring, as diagrams under or beside their titles. The presenter's alt text names the same
examples (the cards, towers and dice below) in words.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from catalogue import N_, tr
from games.flood import SECTOR_OF_CARD
from games.flood_views import CardInPlay

from .common import (
    ACCENT,
    CARD_EDGE,
    CARD_FACE,
    GOOD,
    MARGIN,
    MINUS,
    MUTED,
    ON_GOOD,
    PANEL,
    PENALTY,
    SUIT_BLACK,
    TEXT,
    WIDTH,
    Box,
    Colour,
    dashed_frame,
    draw_on,
    draw_text,
    mix,
    new_canvas,
    once_per_language,
    paste,
    to_png,
)
from .common import panel_card as _panel
from .flood_layout import (
    FRAME,
    LABEL_SIZE,
    MAX_HEIGHT,
    PAD,
    TILE_H,
    TILE_SINK,
    measure,
    pyramid_size,
    tile_width,
    tower_height,
)
from .flood_sprites import PENDING, draw_flood_card, draw_tile, paste_pyramid, seat_chip_sprite
from .pieces import pyramid_extent

RULE_SCALE = 40  # every pyramid shows its letter, as on the board
TITLE_LINE_H = 40
RULE_GAP = 10
TITLE_COLUMN = 300  # a full-width panel's title, left of its diagram
# The panels of the rules picture, each a diagram beside or under its title (the presenter's alt
# text names them with these titles and says what each diagram shows).
RULE_ACTIONS = (
    ("draw", N_("Draw")),
    ("scrap", N_("Scrap two ships")),
    ("build", N_("Build")),
    ("infiltrate", N_("Infiltrate")),
)
RULE_STACKING = N_("Stacking: never bigger on top")
RULE_FLOOD = N_("The flood: after each round, 3, 4, 5 rolls")
RULE_SCORING = N_("Scoring, after the flood of round 3")
# The cards of the action diagrams: drawn (kept, discarded), scrapped, built on, infiltrating P2
DRAW_EXAMPLE = ("7h", "3c")
SCRAP_EXAMPLE = "5d"
BUILD_EXAMPLE = "9s"
INFILTRATE_EXAMPLE = "6s"
STACKING_EXAMPLES = ((["G3", "R2", "G1"], True), (["B2", "B2"], True), (["R1", "R2"], False))
FLOODED_TOWER = ["R3", "B3", "R2", "G1"]  # the rules' flood example, on an 8 before sector 8 floods
FLOOD_DICE = (2, 3, 4)
SCORING_EXAMPLES = (  # points, then the cards earning them with their towers
    (15, (("2d", ("B3", "B2", "B2", "B1")),)),  # the tallest tower
    (10, (("5c", ("B1",)), ("9h", ("B2",)))),  # the most single-pyramid towers
    (7, (("7s", ("B3", "G1")),)),  # a tower of 2 or more on a 7
)


def title_lines(text: str, width: float) -> list[str]:
    """A title in the spoken language, wrapped to `width` at LABEL_SIZE in bold."""
    lines: list[str] = []
    for word in tr(text).split():
        attempt = f"{lines[-1]} {word}" if lines else word
        if lines and measure(attempt, LABEL_SIZE, True) <= width:
            lines[-1] = attempt
        else:
            lines.append(word)
    return lines


def _label(
    image: Image.Image, xy: tuple[float, float], text: str, *, fill: Colour = TEXT, anchor: str = "lm"
) -> float:
    return draw_text(draw_on(image), xy, text, size=LABEL_SIZE, fill=fill, anchor=anchor, bold=True)


def _draw_title(image: Image.Image, lines: list[str], x: float, top: float) -> None:
    for i, line in enumerate(lines):
        _label(image, (x, top + TITLE_LINE_H * (i + 0.5)), line, fill=ACCENT)


def _rule_card(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    code: str,
    x: float,
    tile_top: float,
    *,
    ship: str | None = None,
    tower: tuple[str, ...] | list[str] = (),
) -> Box:
    """A diagram card with a ship, a tower or nothing, its tile's top at `tile_top`; returns the
    tile's box."""
    width = tile_width(RULE_SCALE)
    spot = CardInPlay(card=code, sector=SECTOR_OF_CARD[code], ship=ship, tower=tuple(tower))
    box = (round(x), round(tile_top), round(x) + width, round(tile_top) + TILE_H)
    draw_flood_card(image, draw, spot, box, round(tile_top), RULE_SCALE)
    return box


def _mark(draw: ImageDraw.ImageDraw, centre: tuple[float, float], *, good: bool) -> None:
    """A tick (allowed) or a cross (not allowed) in a disc: the font has neither."""
    cx, cy = centre
    radius = 20
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=GOOD if good else PENALTY)
    ink = ON_GOOD if good else (255, 255, 255)
    if good:
        draw.line([(cx - 10, cy + 1), (cx - 3, cy + 9), (cx + 11, cy - 8)], fill=ink, width=5, joint="curve")
    else:
        draw.line((cx - 8, cy - 8, cx + 8, cy + 8), fill=ink, width=5)
        draw.line((cx - 8, cy + 8, cx + 8, cy - 8), fill=ink, width=5)


DIE_SPOTS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _die(draw: ImageDraw.ImageDraw, value: int, x: float, y: float, size: int) -> None:
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=size // 6, fill=CARD_FACE, outline=CARD_EDGE, width=2
    )
    radius = size * 0.1
    for px, py in DIE_SPOTS[value]:
        cx, cy = x + px * size, y + py * size
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=SUIT_BLACK)


def _diagram_height(*towers: list[str] | tuple[str, ...]) -> int:
    """How tall a diagram of cards with these towers stands, from its tallest piece to its tiles' bottom."""
    return round(max(tower_height(list(tower), RULE_SCALE) for tower in towers)) - TILE_SINK + TILE_H


def _action_diagram(
    image: Image.Image, draw: ImageDraw.ImageDraw, kind: str, x: float, tile_top: float
) -> None:
    """The picture of one action, its left end at x and its cards' tiles at `tile_top`."""
    card_w = tile_width(RULE_SCALE)
    middle = tile_top + TILE_H / 2
    after = x + card_w + 100  # where the card stands after the action
    if kind == "draw":  # two cards face up; one keeps a ship, the other is discarded
        kept, discarded = DRAW_EXAMPLE
        draw_tile(image, discarded, SECTOR_OF_CARD[discarded], x, tile_top - 40, card_w)
        draw_tile(image, kept, SECTOR_OF_CARD[kept], x + 16, tile_top, card_w)
        right_arrow(draw, x + card_w + 34, middle, 50, MUTED)
        _rule_card(image, draw, kept, after + 16, tile_top, ship="R2")
    elif kind == "scrap":
        _rule_card(image, draw, SCRAP_EXAMPLE, x, tile_top, ship="R2")
        right_arrow(draw, x + card_w + 25, middle, 50, MUTED)
        _rule_card(image, draw, SCRAP_EXAMPLE, after, tile_top, tower=["R2"])
    elif kind == "build":
        _rule_card(image, draw, BUILD_EXAMPLE, x, tile_top, tower=["R3", "B2"])
        paste_pyramid(image, "R1", RULE_SCALE, x + card_w + 50, middle - 20)
        right_arrow(draw, x + card_w + 25, middle, 50, MUTED)
        _rule_card(image, draw, BUILD_EXAMPLE, after, tile_top, tower=["R3", "B2", "R1"])
    else:  # the ship goes with its card to P2, framed pink until it lands
        _rule_card(image, draw, INFILTRATE_EXAMPLE, x, tile_top, ship="R2")
        right_arrow(draw, x + card_w + 25, middle, 50, MUTED)
        ship_top = tile_top + TILE_SINK - pyramid_extent(2, RULE_SCALE)[0]
        frame = (after - FRAME, ship_top - FRAME, after + card_w + FRAME, tile_top + TILE_H + FRAME)
        draw.rounded_rectangle(frame, radius=8, fill=mix(PANEL, PENDING, 0.22))
        dashed_frame(draw, frame, colour=PENDING, width=4)
        _rule_card(image, draw, INFILTRATE_EXAMPLE, after, tile_top, ship="R2")
        chip = seat_chip_sprite("B", 1)
        paste(image, chip, (frame[2] + 14, tile_top + TILE_H - chip.height))


ACTION_DIAGRAM_H = {
    "draw": TILE_H + 40,
    "scrap": _diagram_height(["R2"]),
    "build": _diagram_height(["R3", "B2", "R1"]),
    "infiltrate": TILE_H + FRAME + pyramid_extent(2, RULE_SCALE)[0] - TILE_SINK + FRAME,
}


def _rule_actions(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """The four actions two by two, each its title over its diagram."""
    column_w = (WIDTH - 2 * MARGIN - RULE_GAP) // 2
    for row in range(2):
        pair = RULE_ACTIONS[2 * row : 2 * row + 2]
        titles = [
            title_lines(f"{2 * row + k + 1}. {tr(title)}", column_w - 2 * PAD)
            for k, (_, title) in enumerate(pair)
        ]
        title_h = TITLE_LINE_H * max(len(lines) for lines in titles)
        box_h = PAD + title_h + 12 + max(ACTION_DIAGRAM_H[kind] for kind, _ in pair) + PAD
        for column, ((kind, _), lines) in enumerate(zip(pair, titles, strict=True)):
            x0 = MARGIN + column * (column_w + RULE_GAP)
            _panel(draw, (x0, top, x0 + column_w, top + box_h))
            _draw_title(image, lines, x0 + PAD + 4, top + PAD)
            _action_diagram(image, draw, kind, x0 + PAD + 8, top + box_h - PAD - TILE_H)
        top += box_h + RULE_GAP
    return top - RULE_GAP


def _wide_panel(image: Image.Image, draw: ImageDraw.ImageDraw, top: int, title: str, diagram_h: int) -> Box:
    """A full-width panel, its title on the left and room for a diagram `diagram_h` tall beside it;
    returns the diagram's box."""
    lines = title_lines(title, TITLE_COLUMN - PAD)
    height = 2 * PAD + max(diagram_h, TITLE_LINE_H * len(lines))
    _panel(draw, (MARGIN, top, WIDTH - MARGIN, top + height))
    _draw_title(image, lines, MARGIN + PAD + 4, top + PAD)
    return (MARGIN + TITLE_COLUMN + PAD, top + PAD, WIDTH - MARGIN - PAD, top + height - PAD)


def _rule_stacking(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Three towers: bigger under smaller and equal sizes are fine, bigger on top is not."""
    diagram = _wide_panel(
        image, draw, top, RULE_STACKING, _diagram_height(*(tower for tower, _ in STACKING_EXAMPLES))
    )
    x, tile_top = diagram[0], diagram[3] - TILE_H
    for tower, good in STACKING_EXAMPLES:
        card = _rule_card(image, draw, "4c", x, tile_top, tower=tower)
        _mark(draw, (card[2] + 32, tile_top - 30), good=good)
        x = card[2] + 90
    return diagram[3] + PAD


def _rule_flood(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Three dice naming sector 8, and the tower on an 8 losing all pyramids of its bottom size."""
    diagram = _wide_panel(image, draw, top, RULE_FLOOD, _diagram_height(FLOODED_TOWER))
    tile_top = diagram[3] - TILE_H
    middle = tile_top + TILE_H / 2
    x = diagram[0]
    die = 40
    for value in FLOOD_DICE:
        _die(draw, value, x, middle - die / 2, die)
        x += die + 6
    x += 6 + _label(image, (x + 6, middle), f"{MINUS}1 = {sum(FLOOD_DICE) - 1}")
    right_arrow(draw, x + 14, middle, 44, MUTED)
    before = _rule_card(image, draw, "8h", x + 72, tile_top, tower=FLOODED_TOWER)
    right_arrow(draw, before[2] + 14, middle, 44, MUTED)
    bottom = pyramid_size(FLOODED_TOWER[0])
    kept = [code for code in FLOODED_TOWER if pyramid_size(code) != bottom]
    _rule_card(image, draw, "8h", before[2] + 72, tile_top, tower=kept)
    return diagram[3] + PAD


def _rule_scoring(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """The tallest tower +15, the most single towers +10, a tower of 2 or more on a 7 +7."""
    towers = [tower for _, cards in SCORING_EXAMPLES for _, tower in cards]
    diagram = _wide_panel(image, draw, top, RULE_SCORING, _diagram_height(*towers))
    tile_top = diagram[3] - TILE_H
    card_w = tile_width(RULE_SCALE)
    x = diagram[0]
    for points, cards in SCORING_EXAMPLES:
        for code, tower in cards:
            _rule_card(image, draw, code, x, tile_top, tower=tower)
            x += card_w + 6
        x += _label(image, (x, tile_top + TILE_H / 2), f"+{points}", fill=GOOD) + 26
    return diagram[3] + PAD


@once_per_language
def render_flood_rules_picture() -> bytes:
    """The /rules picture: the four actions, the stacking rule, the flood and the scoring, as
    diagrams with their titles (the rules themselves are in the /rules text).

    It never changes, so it is drawn once per process and language.
    """
    height = MAX_HEIGHT  # cropped to the content below
    image, draw = new_canvas(WIDTH, height)
    y = _rule_actions(image, draw, MARGIN)
    y = _rule_stacking(image, draw, y + RULE_GAP)
    y = _rule_flood(image, draw, y + RULE_GAP)
    y = _rule_scoring(image, draw, y + RULE_GAP)
    return to_png(image.crop((0, 0, WIDTH, min(height, y + MARGIN))))


def right_arrow(draw: ImageDraw.ImageDraw, x: float, y: float, length: float, colour: Colour) -> None:
    """An arrow pointing right (the font has no arrow glyphs)."""
    head = 12
    draw.line((x, y, x + length - head, y), fill=colour, width=5)
    draw.polygon(
        [(x + length, y), (x + length - head - 2, y - 10), (x + length - head - 2, y + 10)], fill=colour
    )
