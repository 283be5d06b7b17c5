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
            monkeypatch.setattr(patched, "pill", recording_pill)
        image = decode(draw())
        monkeypatch.undo()
    return texts, pills, image.size
