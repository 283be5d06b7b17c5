"""Render timing for board and private pictures, each against the bare PNG encode of the same image.

A render returns PNG bytes, so the encode floor is measured on the picture decoded back (outside
the clock): saving that palette image with `to_png`'s settings is the part of a render no drawing
speed-up can remove. Each timed render is followed at once by the timed encode of its own picture,
so both see the same machine load, and the ratio is taken per pair.
"""

from __future__ import annotations

import gc
import io
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from statistics import median

from PIL import Image

from renderers import render_board, render_hand
from renderers.common import PNG_COMPRESS_LEVEL

from .suite import Position


@dataclass(frozen=True)
class PictureTimes:
    render_ms: list[float]  # draw + encode, as the bot calls it
    encode_ms: list[float]  # save only, of the same picture decoded
    ratios: list[float]  # render / encode, pair by pair
    fresh_ratios: list[float]  # the same, for each position's first drawing (as a live match draws)
    sizes: list[int]  # bytes of each picture's PNG
    encode_matches_render: bool  # the save reproduced the rendered bytes, so the settings match

    @property
    def ratio(self) -> float:
        return median(self.ratios)

    @property
    def fresh_ratio(self) -> float:
        return median(self.fresh_ratios)


@dataclass(frozen=True)
class RenderResult:
    positions: int
    cold_board_ms: float  # the very first board render: fonts and sprites not cached yet
    board: PictureTimes
    hand: PictureTimes


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def encode_palette_png(image: Image.Image) -> bytes:
    """The save step of `renderers.common.to_png`, alone, for a palette image."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def time_pictures(renders: list[Callable[[], bytes]], rounds: int) -> PictureTimes:
    """Render and encode times over `rounds` passes through `renders` (round-robin, so no input
    hogs a stretch of time). One decoded image at a time keeps the reported peak memory honest."""
    # The first pass draws each position for the first time, as a live match does (it never repeats
    # one): nothing of it is cached yet. Later passes show what the caches make of repeats.
    pngs, fresh_ratios = [], []
    for render in renders[1:]:  # the first is drawn already, for the cold start
        start = time.perf_counter()
        pngs.append(render())
        drawn = (time.perf_counter() - start) * 1000
        image = decode(pngs[-1])
        start = time.perf_counter()
        encode_palette_png(image)
        fresh_ratios.append(drawn / ((time.perf_counter() - start) * 1000))
    matches = all(encode_palette_png(decode(png)) == png for png in pngs)
    render_ms, encode_ms = [], []
    gc.collect()  # leave setup garbage out of the first samples
    for _ in range(rounds):
        for render in renders:
            start = time.perf_counter()
            png = render()
            render_ms.append((time.perf_counter() - start) * 1000)
            image = decode(png)
            start = time.perf_counter()
            encode_palette_png(image)
            encode_ms.append((time.perf_counter() - start) * 1000)
    ratios = [r / e for r, e in zip(render_ms, encode_ms, strict=True)]
    return PictureTimes(render_ms, encode_ms, ratios, fresh_ratios, [len(png) for png in pngs], matches)


def measure_rendering(positions: list[Position], rounds: int) -> RenderResult:
    # The board from the public view (as posted in the channel); the private picture from its owner's view.
    boards = [partial(render_board, p.state.view(None), names=p.names) for p in positions]
    hands = [partial(render_hand, p.state.view(p.hand_seat), names=p.names) for p in positions]
    start = time.perf_counter()
    boards[0]()
    cold_board_ms = (time.perf_counter() - start) * 1000
    return RenderResult(
        positions=len(positions),
        cold_board_ms=cold_board_ms,
        board=time_pictures(boards, rounds),
        hand=time_pictures(hands, rounds),
    )
