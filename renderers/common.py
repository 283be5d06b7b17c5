"""The shared drawing kit: palette, fonts, text, Looney pyramids, playing cards and PNG output.

Everything is drawn with Pillow and the Noto fonts in fonts/. Shapes that need smooth edges
(pyramids, suits, card corners) are drawn once at SUPERSAMPLE times their size, reduced, cached as
sprites and then pasted; text is rasterised once per string and size and then stamped, so a render
is mostly pastes.
"""

from __future__ import annotations

import bisect
import io
import json
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache, wraps
from math import ceil, hypot
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImagePalette

from catalogue import spoken

from .palette import PALETTE

Colour = tuple[int, int, int]
Box = tuple[int, int, int, int]

SUPERSAMPLE = 4

# The house layout: every picture is 1000 px wide (Discord shows it at ~400-500 px on a phone,
# so nothing smaller than SMALL_SIZE) with one type scale.
WIDTH = 1000
MARGIN = 16
HEADER_H = 64
TITLE_SIZE = 30
BIG_SIZE = 44
BODY_SIZE = 26
SMALL_SIZE = 22
HEADING_SIZE = 34  # rules pictures' titles
HEADING_NOTE_SIZE = 22
PNG_COMPRESS_LEVEL = 3  # zlib level: 6 (the default) costs ~5 ms more per board for ~15% smaller files

# --- palette: a dark table that sits well in Discord's dark and light themes -----------------

BACKGROUND = (27, 31, 40)
PANEL = (42, 48, 62)
PANEL_EDGE = (70, 78, 96)
PANEL_ACTIVE = (70, 60, 26)
TEXT = (244, 245, 248)
MUTED = (170, 177, 192)
FAINT = (104, 112, 130)
ACCENT = (255, 196, 46)  # whose turn it is
ON_ACCENT = (36, 28, 6)
PENALTY = (255, 70, 62)
GOOD = (92, 214, 140)
ON_GOOD = (10, 40, 22)
CARD_FACE = (252, 252, 250)
CARD_EDGE = (190, 195, 206)
SUIT_RED = (206, 30, 40)
SUIT_BLACK = (20, 22, 28)

# Red, yellow, green, blue and purple are set apart for colour-blind eyes too: under simulated
# deuteranopia, protanopia and tritanopia no two are closer than delta E 17 (the letters are the
# second cue; this makes the colours themselves a first one for more players).
PYRAMID_COLOURS: dict[str, Colour] = {
    "R": (215, 32, 65),
    "Y": (240, 230, 35),
    "G": (35, 206, 114),
    "B": (98, 134, 255),
    "K": (22, 22, 26),
    "O": (247, 138, 34),
    "C": (42, 202, 222),
    "L": (205, 232, 242),
    "P": (125, 81, 162),
    "W": (245, 245, 241),
}


def mix(colour: Colour, other: Colour, amount: float) -> Colour:
    """`colour` moved `amount` (0..1) of the way towards `other`."""
    return tuple(round(a + (b - a) * amount) for a, b in zip(colour, other, strict=True))


def luminance(colour: Colour) -> float:
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


def _relative_luminance(colour: Colour) -> float:
    """WCAG's relative luminance (0 black .. 1 white)."""
    linear = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in colour]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: Colour, second: Colour) -> float:
    """WCAG contrast ratio, 1 (none) to 21 (black on white)."""
    light, dark = sorted((_relative_luminance(first), _relative_luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


LIGHT_INK = (250, 250, 250)


def ink_on(colour: Colour, dark: Colour = (20, 22, 28)) -> Colour:
    """Dark or light ink for a letter on `colour`: whichever stands out more."""
    return dark if contrast(colour, dark) > contrast(colour, LIGHT_INK) else LIGHT_INK


# --- fonts and text -------------------------------------------------------------------------

# Noto fonts (OFL, see fonts/OFL.txt): Noto Sans draws Latin, Greek and Cyrillic in two real weights;
# Hebrew, Arabic and CJK fonts follow, each character taking the first font that has it.
FONT_DIR = Path(__file__).parent / "fonts"
FONT_CHAIN = (
    ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
    ("NotoSansHebrew-Regular.ttf", "NotoSansHebrew-Bold.ttf"),
    ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"),
    ("NotoSansCJK-Subset.otf", "NotoSansCJK-Subset.otf"),  # one weight: CJK is drawn regular
)
RIGHT_TO_LEFT = {1, 2}  # fonts laid out by raqm: right-to-left order and Arabic joining
EM_DASH = "—"
MINUS = "−"


@lru_cache(maxsize=1)
def _coverage() -> list[tuple[list[int], list[int]]]:
    """Per font of the chain, its covered code points as sorted (firsts, lasts) of runs."""
    table = json.loads((FONT_DIR / "coverage.json").read_text())
    chain = []
    for regular, _bold in FONT_CHAIN:
        runs = table[regular]
        chain.append(([first for first, _ in runs], [last for _, last in runs]))
    return chain


@lru_cache(maxsize=4096)
def font_index(char: str) -> int | None:
    """The first font of the chain that draws `char`, or None."""
    point = ord(char)
    for index, (firsts, lasts) in enumerate(_coverage()):
        run = bisect.bisect_right(firsts, point) - 1
        if run >= 0 and point <= lasts[run]:
            return index
    return None


@lru_cache(maxsize=64)
def chain_font(index: int, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    engine = ImageFont.Layout.RAQM if index in RIGHT_TO_LEFT else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(FONT_DIR / FONT_CHAIN[index][bold]), size, layout_engine=engine)


def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The main font (Noto Sans) at `size` px."""
    return chain_font(0, size, bold)


def _dropped(char: str) -> bool:
    """Characters no font draws that are better left out than boxed: emoji and their variation
    selectors, other symbols, and unassigned or private code points."""
    return (
        unicodedata.category(char) in ("So", "Sk", "Cf", "Cs", "Co", "Cn", "Mn")
        or 0xFE00 <= ord(char) <= 0xFE0F
    )


def printable(text: str) -> str:
    """User text (a display name) as it will be drawn: characters no font has are dropped if they
    are emoji or symbols (anything else is drawn as a fallback box), spaces squeezed."""
    kept = "".join(
        char
        for char in unicodedata.normalize("NFC", text)
        if unicodedata.category(char) != "Cf" and (font_index(char) is not None or not _dropped(char))
    )
    return " ".join(kept.split())


def seat_tag(seat: int) -> str:
    return f"P{seat + 1}"


def seat_name(seat: int, names: list[str] | None) -> str:
    """The display name of a seat as it will be drawn ("" if none)."""
    if names and seat < len(names) and names[seat]:
        return printable(str(names[seat]))
    return ""


def seat_label(seat: int, names: list[str] | None) -> str:
    """The seat's tag and name, like "P2 Alice", or just "P2"."""
    name = seat_name(seat, names)
    return f"{seat_tag(seat)} {name}" if name else seat_tag(seat)


def _font_runs(text: str) -> list[tuple[int, str]]:
    """`text` split into runs that one font draws; a character no font has uses the main font's box."""
    runs: list[tuple[int, str]] = []
    for char in text:
        index = font_index(char) or 0
        if runs and runs[-1][0] == index:
            runs[-1] = (index, runs[-1][1] + char)
        else:
            runs.append((index, char))
    return runs


@dataclass(frozen=True)
class TextSprite:
    """Text rasterised once: its coverage mask, where the mask sits relative to the text's origin
    on the baseline, and how far the text advances."""

    mask: Image.Image | None  # "L"; None for blank text
    left: int
    top: int  # negative: above the baseline
    advance: float


@lru_cache(maxsize=8192)
def text_sprite(text: str, size: int, bold: bool = False) -> TextSprite:
    runs = [(chain_font(index, size, bold), run) for index, run in _font_runs(text)]
    advance = sum(face.getlength(run) for face, run in runs)
    ascent, descent = font(size, bold=bold).getmetrics()
    pad = size  # room for overhangs left of the origin and past the advance
    canvas = Image.new("L", (ceil(advance) + 2 * pad, ascent + descent + 2 * pad), 0)
    draw = ImageDraw.Draw(canvas)
    x = float(pad)
    for face, run in runs:
        draw.text((x, pad + ascent), run, font=face, fill=255, anchor="ls")
        x += face.getlength(run)
    box = canvas.getbbox()
    if box is None:
        return TextSprite(None, 0, 0, advance)
    return TextSprite(canvas.crop(box), box[0] - pad, box[1] - pad - ascent, advance)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, *, bold: bool = False) -> float:
    return text_sprite(text, size, bold).advance


# --- work done once per picture ---------------------------------------------------------------

_picture_memo: ContextVar[dict | None] = ContextVar("picture_memo", default=None)


@contextmanager
def one_picture() -> Iterator[None]:
    """While one picture is drawn, functions marked `once_per_picture` compute each answer once."""
    token = _picture_memo.set({})
    try:
        yield
    finally:
        _picture_memo.reset(token)


def once_per_picture(function: Callable) -> Callable:
    """Remember `function(view, *args)` for the picture being drawn: a layout that many parts of a
    picture ask for is worked out once. Outside `one_picture` it is computed every time."""

    @wraps(function)
    def remembered(view, *args):
        memo = _picture_memo.get()
        if memo is None:
            return function(view, *args)
        key = (function, id(view), args)
        entry = memo.get(key)
        if entry is None or entry[0] is not view:  # the entry keeps its view, so its id stays unique
            entry = memo[key] = (view, function(view, *args))
        return entry[1]

    return remembered


_sizes_drawn: list[tuple[int, str]] | None = None


@contextmanager
def text_sizes() -> Iterator[list[tuple[int, str]]]:
    """Collect the (size, text) of everything drawn meanwhile: how tests check legibility and
    language. Drawings cached for reuse are forgotten first: a sprite made earlier would bring its
    words along unseen."""
    global _sizes_drawn
    _forget_cached_drawings()
    _sizes_drawn = []
    try:
        yield _sizes_drawn
    finally:
        _sizes_drawn = None


def _forget_cached_drawings() -> None:
    for name, module in list(sys.modules.items()):
        if name == "renderers" or name.startswith("renderers."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


@lru_cache(maxsize=64)
def _baseline_offset(size: int, v_anchor: str) -> float:
    """How far below the anchor point the baseline lies, for anchors a (ascender), m, s and d."""
    ascent, descent = font(size).getmetrics()
    return {"a": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent}[v_anchor]


_H_SHIFT = {"l": 0.0, "m": 0.5, "r": 1.0}


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: Colour,
    anchor: str = "la",
    bold: bool = False,
    piece_letter: bool = False,
) -> float:
    """Draw text like `ImageDraw.text` (anchors l/m/r + a/m/s/d) from a cached sprite; return its width.
    `piece_letter`: a piece's single colour letter, its second cue beside the colour, which may be
    smaller than words (legibility checks leave it out)."""
    if piece_letter and len(text) != 1:
        raise ValueError(f"a piece letter is one character, not {text!r}")
    sprite = text_sprite(text, size, bold)
    if _sizes_drawn is not None and not piece_letter:
        _sizes_drawn.append((size, text))
    h_anchor, v_anchor = anchor
    x = xy[0] - sprite.advance * _H_SHIFT[h_anchor]
    baseline = xy[1] + _baseline_offset(size, v_anchor)
    if sprite.mask is not None:
        stamp(draw, (round(x) + sprite.left, round(baseline) + sprite.top), sprite.mask, fill)
    return sprite.advance


def fit_text(text: str, size: int, max_width: float, *, bold: bool = False) -> str:
    """`text`, cut short with an ellipsis if it is wider than `max_width` (the longest start that fits)."""
    if text_width(text, size, bold=bold) <= max_width:
        return text
    low, high = 0, len(text)  # text[:low] + "…" fits; text[:high] + "…" does not
    while high - low > 1:
        middle = (low + high) // 2
        if text_width(text[:middle].rstrip() + "…", size, bold=bold) <= max_width:
            low = middle
        else:
            high = middle
    return text[:low].rstrip() + "…" if low else ""


def latest_that_fit(flow: Callable[[int], list], count: int, limit: int) -> list:
    """The rows `flow(first)` lays out for entries first..count-1, dropping the earliest entries
    until at most `limit` rows are left (the last entry always stays)."""
    first = 0
    rows = flow(first)
    while len(rows) > limit and first < count - 1:
        first += 1
        rows = flow(first)
    return rows


def signed(number: int) -> str:
    """A score change: +3, −4 or 0 (with a real minus sign)."""
    if number > 0:
        return f"+{number}"
    return f"{MINUS}{-number}" if number < 0 else "0"


def plain(number: int) -> str:
    """A total: 29 or −4."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    fill: Colour,
    text_fill: Colour,
    anchor: str = "l",
) -> Box:
    """A rounded label with bold text; xy is its vertical middle and its left/middle/right end (anchor)."""
    pad_x = round(size * 0.55)
    height = round(size * 1.45)
    width = round(text_width(text, size, bold=True)) + 2 * pad_x
    x0 = round(xy[0] - {"l": 0, "m": width / 2, "r": width}[anchor])
    y0 = round(xy[1] - height / 2)
    box = (x0, y0, x0 + width, y0 + height)
    draw.rounded_rectangle(box, radius=height // 2, fill=fill)
    draw_text(
        draw, (x0 + width / 2, y0 + height / 2), text, size=size, fill=text_fill, anchor="mm", bold=True
    )
    return box


# --- sprites --------------------------------------------------------------------------------


def stamp(draw: ImageDraw.ImageDraw, xy: tuple[int, int], mask: Image.Image, fill: Colour) -> None:
    """Fill `fill` through a coverage mask whose top-left corner is at xy."""
    if draw.mode != "P":
        draw.bitmap(xy, mask, fill=fill)
        return
    _place(draw.im, xy[0], xy[1], mask, fill)


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Paste a sprite (RGBA, or an opaque RGB tile) with its top-left corner at xy."""
    x, y = round(xy[0]), round(xy[1])
    if canvas.mode != "P":
        canvas.paste(sprite, (x, y), sprite if sprite.mode == "RGBA" else None)
        return
    _place(canvas.im, x, y, sprite, None)


# --- output ---------------------------------------------------------------------------------


def draw_picture_heading(draw: ImageDraw.ImageDraw, x: int, title: str, lines: list[str]) -> int:
    """A rules picture's title and its short explanation lines; returns the y below them."""
    draw_text(draw, (x, 40), title, size=HEADING_SIZE, fill=TEXT, anchor="lm", bold=True)
    y = 84
    for line in lines:
        draw_text(draw, (x, y), line, size=HEADING_NOTE_SIZE, fill=MUTED, anchor="lm")
        y += 30
    return y


_last_draw = threading.local()


def draw_on(image: Image.Image) -> ImageDraw.ImageDraw:
    """A drawing context for `image`, the same one again for the same image (code that is handed only
    the image would otherwise make a new one for every label)."""
    last = getattr(_last_draw, "pair", None)
    if last is None or last[0] is not image:
        last = _last_draw.pair = (image, CanvasDraw(image) if image.mode == "P" else ImageDraw.Draw(image))
    return last[1]


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A picture's canvas: a palette image in the fixed palette (drawing in RGB and quantizing
    afterwards cost twice the PNG encode). CANVAS_MODE = "RGB" draws an RGB reference picture instead,
    for choosing the palette and checking it."""
    if CANVAS_MODE == "RGB":
        image = Image.new("RGB", (width, height), BACKGROUND)
    else:
        image = Image.new("P", (width, height), FIXED_PALETTE.getcolor(BACKGROUND))
        image.putpalette(FIXED_PALETTE.flat)
        image.load()  # hands the palette to the image's core before the palette object is swapped
        image.palette = FIXED_PALETTE  # ImageDraw maps its RGB colours through the image's palette
    return image, CanvasDraw(image)


def to_png(image: Image.Image) -> bytes:
    """The picture as PNG, as it is: a canvas from new_canvas is already in the fixed palette (an
    RGB reference canvas stays RGB). No optimize and a low zlib level keep the encode quick."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


@dataclass(frozen=True)
class ArrowHead:
    """How an arrow's head and rim are shaped: `length` in shaft widths; the rim grows the tip by
    `tip_rim` and pushes the head's base back by `base_rim` of its width; `round_tail` caps a
    one-headed shaft's tail."""

    length: float = 2.6
    tip_rim: float = 1.6
    base_rim: float = 1.0
    round_tail: bool = True


POINTED = ArrowHead()


def draw_arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    *,
    colour: Colour,
    outline: Colour,
    width: int,
    both: bool = False,
    shape: ArrowHead = POINTED,
) -> None:
    """A straight arrow in any direction with a dark rim; a head at `end` (and at `start` if `both`)."""
    (x0, y0), (x1, y1) = start, end
    length = hypot(x1 - x0, y1 - y0)
    if length < 4:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = width * shape.length

    def head_points(
        tip_x: float, tip_y: float, dx: float, dy: float, grow: float
    ) -> list[tuple[float, float]]:
        base_x, base_y = tip_x - dx * head, tip_y - dy * head
        half = head * 0.62 + grow
        back = grow * shape.base_rim
        return [
            (tip_x + dx * grow * shape.tip_rim, tip_y + dy * grow * shape.tip_rim),
            (base_x - dy * half - dx * back, base_y + dx * half - dy * back),
            (base_x + dy * half - dx * back, base_y - dx * half - dy * back),
        ]

    shaft_start = (x0 + ux * head * 0.8, y0 + uy * head * 0.8) if both else (x0, y0)
    shaft_end = (x1 - ux * head * 0.8, y1 - uy * head * 0.8)
    for fill, grow in ((outline, 3), (colour, 0)):
        draw.line([shaft_start, shaft_end], fill=fill, width=width + 2 * grow)
        if shape.round_tail and not both:
            r = width / 2 + grow
            draw.ellipse((x0 - r, y0 - r, x0 + r, y0 + r), fill=fill)
        draw.polygon(head_points(x1, y1, ux, uy, grow), fill=fill)
        if both:
            draw.polygon(head_points(x0, y0, -ux, -uy, grow), fill=fill)


def letter_disc(
    diameter: int,
    letter: str,
    *,
    fill: Colour,
    rim: Colour,
    ink: Colour,
    size: int,
    piece_letter: bool = False,
) -> Image.Image:
    """A round badge: a disc with a rim 1.5 px wide and a bold letter in its middle (whose piece,
    which colour), drawn smooth at SUPERSAMPLE times its size."""
    n = diameter * SUPERSAMPLE
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, n - 1, n - 1), fill=(*rim, 255))
    inset = round(1.5 * SUPERSAMPLE)
    draw.ellipse((inset, inset, n - 1 - inset, n - 1 - inset), fill=(*fill, 255))
    badge = image.reduce(SUPERSAMPLE)
    draw_text(
        ImageDraw.Draw(badge),
        (diameter / 2, diameter / 2 + 1),
        letter,
        size=size,
        fill=ink,
        anchor="mm",
        bold=True,
        piece_letter=piece_letter,
    )
    return badge


# --- the fixed palette ------------------------------------------------------------------------

CANVAS_MODE = "P"


class FixedPalette(ImagePalette.ImagePalette):
    """The one palette of every picture (renderers/palette.py): any RGB colour maps to its nearest
    entry, so drawing code names colours as RGB and never allocates palette slots."""

    def __init__(self, colours: list[Colour]) -> None:
        self.flat = bytes(channel for colour in colours for channel in colour)
        super().__init__("RGB", self.flat)
        self.entries = list(colours)
        self._nearest: dict[Colour, int] = {}
        for index, colour in reversed(list(enumerate(colours))):
            self._nearest[colour] = index  # the first of equal entries wins

    def getcolor(self, color, image=None) -> int:
        rgb = tuple(color[:3])
        index = self._nearest.get(rgb)
        if index is None:
            index = min(range(len(self.entries)), key=lambda i: _distance(self.entries[i], rgb))
            self._nearest[rgb] = index
        return index


def _distance(a: Colour, b: Colour) -> int:
    """Squared distance weighted roughly by the eye's sensitivity to each channel."""
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return 3 * dr * dr + 4 * dg * dg + 2 * db * db


FIXED_PALETTE = FixedPalette(PALETTE)


@lru_cache(maxsize=1)
def fixed_palette_image() -> Image.Image:
    """A 1x1 image carrying the fixed palette, for `Image.quantize(palette=...)`."""
    image = Image.new("P", (1, 1))
    image.putpalette(FIXED_PALETTE.flat)
    image.load()
    return image


# Pasting goes through Pillow's core image objects: a picture makes a hundred or more pastes, and
# Image.paste's checks and conversions cost more than the pastes themselves.


@dataclass(frozen=True)
class Tile:
    """A sprite in palette indices and the mask of the pixels it covers (all or nothing: indices
    can't be blended, so its soft edges were blended into the background it is pasted on)."""

    keep: Image.Image  # the cached sprite or mask it was made from: its id keys the cache
    pixels: object  # core images
    coverage: object  # None: opaque, copied whole
    size: tuple[int, int]
    offset: tuple[int, int] = (0, 0)  # where the covered part starts within the sprite


def _place(core, x: int, y: int, source: Image.Image, fill: Colour | None) -> None:
    """Paste a sprite (fill None) or a mask stamped in `fill` as its palette tile, made once per
    background: the colour under the middle of its box, which its soft edges blend into."""
    width, height = source.size
    columns, rows = core.size
    background = core.getpixel(
        (min(max(x + width // 2, 0), columns - 1), min(max(y + height // 2, 0), rows - 1))
    )
    key = (id(source), fill, background)
    tile = _TILES.get(key)
    if tile is None or tile.keep is not source:
        made = _sprite_tile(source, background) if fill is None else _stamp_tile(source, fill, background)
        tile = _remember_tile(key, made)
    x += tile.offset[0]
    y += tile.offset[1]
    core.paste(tile.pixels, (x, y, x + tile.size[0], y + tile.size[1]), tile.coverage)


def _paste_tile(core, xy: tuple[int, int], tile: Tile) -> None:
    x, y = xy[0] + tile.offset[0], xy[1] + tile.offset[1]
    box = (x, y, x + tile.size[0], y + tile.size[1])
    if tile.coverage is None:
        core.paste(tile.pixels, box)
    else:
        core.paste(tile.pixels, box, tile.coverage)


def _as_tile(keep: Image.Image, rgb: Image.Image, coverage: Image.Image) -> Tile:
    """Cut to the pixels the sprite covers: a masked paste costs by the pixel."""
    solid = coverage.point(lambda alpha: 255 if alpha else 0)
    covered = solid.getbbox() or (0, 0, 1, 1)
    pixels = rgb.crop(covered).quantize(palette=fixed_palette_image(), dither=Image.Dither.NONE)
    solid = solid.crop(covered)
    size = (covered[2] - covered[0], covered[3] - covered[1])
    return Tile(keep, pixels.im, solid.im, size, covered[:2])


class CanvasDraw(ImageDraw.ImageDraw):
    """ImageDraw for a palette canvas: filled rounded rectangles (every panel, pill and chip) are
    drawn once per size and colours and then copied, since Pillow draws each from a dozen
    Python-level steps."""

    def _getink(self, ink, fill=None):
        """Pillow's colour lookup, remembered: the palette is fixed, so a colour's index never changes."""
        if self.mode != "P":
            return super()._getink(ink, fill)
        key = (ink, fill)
        inks = _INKS.get(key)
        if inks is None:
            inks = _INKS[key] = super()._getink(ink, fill)
        return inks

    def rounded_rectangle(self, xy, radius=0, fill=None, outline=None, width=1, *, corners=None):
        if (
            self.mode != "P"
            or fill is None
            or corners is not None
            or len(xy) != 4
            or isinstance(xy[0], tuple | list)
        ):
            return super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
        x0, y0, x1, y1 = (round(v) for v in xy)
        if x1 < x0 or y1 < y0:
            return super().rounded_rectangle(xy, radius, fill, outline, width)
        corner = self.im.getpixel(
            (min(max(x0, 0), self.im.size[0] - 1), min(max(y0, 0), self.im.size[1] - 1))
        )
        key = (
            "box",
            x1 - x0,
            y1 - y0,
            radius,
            self._getink(fill)[0],
            outline and self._getink(outline)[0],
            width,
            corner,
        )
        tile = _TILES.get(key)
        if tile is None:
            box = Image.new("P", (x1 - x0 + 1, y1 - y0 + 1), corner)
            box.putpalette(FIXED_PALETTE.flat)
            box.load()
            box.palette = FIXED_PALETTE
            ImageDraw.Draw(box).rounded_rectangle((0, 0, x1 - x0, y1 - y0), radius, fill, outline, width)
            tile = _TILES[key] = Tile(box, box.im, None, box.size)
        _paste_tile(self.im, (x0, y0), tile)  # corners carry the colour they were drawn on
        return None


_INKS: dict[tuple, tuple] = {}
_TILES: dict[tuple, Tile] = {}
MAX_TILES = 20_000


def _remember_tile(key: tuple, tile: Tile) -> Tile:
    """Tiles are cached by the id of the cached sprite or mask they come from; a tile holds that
    object too, so its id can't be reused while the entry lives."""
    if len(_TILES) >= MAX_TILES:
        _TILES.clear()
    _TILES[key] = tile
    return tile


def _sprite_tile(sprite: Image.Image, background: int) -> Tile:
    if sprite.mode != "RGBA":
        return _as_tile(sprite, sprite.convert("RGB"), Image.new("L", sprite.size, 255))
    under = Image.new("RGB", sprite.size, FIXED_PALETTE.entries[background])
    under.paste(sprite, (0, 0), sprite)
    return _as_tile(sprite, under, sprite.getchannel("A"))


def _stamp_tile(mask: Image.Image, fill: Colour, background: int) -> Tile:
    under = Image.new("RGB", mask.size, FIXED_PALETTE.entries[background])
    under.paste(fill[:3], (0, 0, *mask.size), mask)
    return _as_tile(mask, under, mask)


# --- panels and frames shared by the board pictures -----------------------------------------

PANEL_RADIUS = 14


def panel_card(
    draw: ImageDraw.ImageDraw, box: Box, *, fill: Colour = PANEL, edge: Colour = PANEL_EDGE, width: int = 2
) -> None:
    """A rounded panel: the card every side panel, player card and legend sits on."""
    draw.rounded_rectangle(box, radius=PANEL_RADIUS, fill=fill, outline=edge, width=width)


def dashed_frame(
    draw: ImageDraw.ImageDraw, box: Box, *, colour: Colour, width: int = 3, dash: int = 8
) -> None:
    """A dashed rectangle: where something may go, as opposed to what is there."""
    x0, y0, x1, y1 = (round(v) for v in box)
    stamp(draw, (x0, y0), _dashes(x1 - x0, y1 - y0, width, dash), colour)


@lru_cache(maxsize=64)
def _dashes(width: int, height: int, line: int, dash: int) -> Image.Image:
    """The mask of a dashed frame (width + 1) x (height + 1) px: made once, stamped in one go."""
    mask = Image.new("L", (width + 1, height + 1), 0)
    draw = ImageDraw.Draw(mask)
    for x in range(0, width, 2 * dash):
        draw.rectangle((x, 0, min(x + dash, width), line - 1), fill=255)
        draw.rectangle((x, height - line + 1, min(x + dash, width), height), fill=255)
    for y in range(0, height, 2 * dash):
        draw.rectangle((0, y, line - 1, min(y + dash, height)), fill=255)
        draw.rectangle((width - line + 1, y, width, min(y + dash, height)), fill=255)
    return mask


def once_per_language(draw: Callable[[], bytes]) -> Callable[[], bytes]:
    """A picture that never changes but for its words (a rules picture): drawn once per process,
    language spoken and canvas mode. `__wrapped__` draws it afresh and `cache_clear` forgets it, as
    with `lru_cache`."""

    @lru_cache(maxsize=8)
    def drawn(language: str, mode: str) -> bytes:  # both are the key: tr speaks the language
        return draw()

    @wraps(draw)
    def remembered() -> bytes:
        return drawn(spoken(), CANVAS_MODE)

    remembered.cache_clear = drawn.cache_clear  # type: ignore[attr-defined]
    return remembered


@dataclass(frozen=True)
class Pictures:
    """One game's pictures: the public board, a seat's private picture, and the rules picture."""

    board: Callable[..., bytes]  # (view, *, names) -> PNG
    private: Callable[..., bytes]  # (the seat's view, *, names) -> PNG
    rules: Callable[[], bytes]
