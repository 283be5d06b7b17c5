"""What a picture draws, recorded: every text with the box its ink covers, and every pill."""

from __future__ import annotations

from catalogue import speaking
from renderers import common
from tests.pictures import decode


def recorded(monkeypatch, module, draw, language: str, *, before=None):
    """(texts as (text, size, box), pills as (text, box), picture size) of `draw()` in `language`,
    recording the text and pill calls of `common` and of the game's renderer `module`. `before`
    runs first in that language (to warm caches, or to clear one so its picture is drawn again)."""
    texts, pills = [], []
    real_text, real_pill = common.draw_text, common.pill

    def recording_text(draw_on, xy, text, *, size, fill, anchor="la", bold=False):
        advance = real_text(draw_on, xy, text, size=size, fill=fill, anchor=anchor, bold=bold)
        sprite = common.text_sprite(text, size, bold)
        box = None
        if sprite.mask is not None:  # where draw_text stamps it
            left = round(xy[0] - sprite.advance * common._H_SHIFT[anchor[0]]) + sprite.left
            top = round(xy[1] + common._baseline_offset(size, anchor[1])) + sprite.top
            box = (left, top, left + sprite.mask.width, top + sprite.mask.height)
        texts.append((text, size, box))
        return advance

    def recording_pill(draw_on, xy, text, **kwargs):
        box = real_pill(draw_on, xy, text, **kwargs)
        pills.append((text, box))
        return box

    with speaking(language):
        if before is not None:
            before()
        for patched in (common, module):
            monkeypatch.setattr(patched, "draw_text", recording_text)
            if hasattr(patched, "pill"):  # a renderer module that draws no pills doesn't import it
                monkeypatch.setattr(patched, "pill", recording_pill)
        image = decode(draw())
        monkeypatch.undo()
    return texts, pills, image.size


def overlapping(texts, pills, size) -> list[str]:
    """Texts or pills cut off at the picture's edge or drawn over each other (a pill's own text aside)."""
    width, height = size
    items = [(text, box) for text, _, box in texts if box] + [(f"[{text}]", box) for text, box in pills]
    problems = [text for text, box in items if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height]
    for i, (first, a) in enumerate(items):
        for second, b in items[i + 1 :]:
            if first == f"[{second}]" or second == f"[{first}]":
                continue  # a pill and the words on it
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                problems.append(f"{first!r} over {second!r}")
    return problems
