"""The Martian Trickery /rules picture: what each group of pyramids is worth, and what penalty
pyramids do."""

from __future__ import annotations

from PIL import Image, ImageDraw

from catalogue import N_, tr

from .common import MARGIN, PANEL, PENALTY, TEXT, WIDTH, draw_text, new_canvas, once_per_language, to_png
from .pieces import draw_pyramid_row
from .trickery_layout import PAD, RADIUS

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
