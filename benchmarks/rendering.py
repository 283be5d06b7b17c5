"""Render timing for board and hand pictures, and the bare PNG-encode floor under them.

The renderers return PNG bytes, not images, so the floor is measured on the board PNG decoded
back (outside the clock): re-encoding that palette image with `to_png`'s save settings is the
part of a render no drawing speed-up can remove.
"""

from __future__ import annotations

import gc
import io
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PIL import Image

from renderers import render_board, render_hand
from renderers.common import PNG_COMPRESS_LEVEL, to_png

from .suite import Position


@dataclass(frozen=True)
class RenderResult:
    positions: int
    cold_board_ms: float  # the very first board render: fonts and sprites not cached yet
    board_ms: list[float]
    board_sizes: list[int]
    hand_ms: list[float]
    hand_sizes: list[int]
    encode_ms: list[float]  # save only, of the decoded board
    to_png_ms: list[float]  # to_png (quantize + save) of the decoded board
    encode_matches_render: bool  # the re-encode gave back the rendered bytes, so the settings match


def time_calls(calls: list[Callable[[], object]], rounds: int) -> list[float]:
    """Milliseconds per call over `rounds` passes through `calls` (round-robin, so no input hogs a stretch)."""
    gc.collect()  # leave setup garbage out of the first samples
    samples = []
    for _ in range(rounds):
        for call in calls:
            start = time.perf_counter()
            call()
            samples.append((time.perf_counter() - start) * 1000)
    return samples


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def encode_palette_png(image: Image.Image) -> bytes:
    """The save step of `renderers.common.to_png`, alone, for an image that is already a palette image."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=PNG_COMPRESS_LEVEL)
    return buffer.getvalue()


def time_encodes(board_pngs: list[bytes], rounds: int) -> tuple[list[float], list[float], bool]:
    """Save-only and to_png timings of the decoded boards, and whether the save reproduced every PNG.

    One image at a time: holding every decoded copy at once would inflate the reported peak memory.
    """
    save_ms: list[float] = []
    to_png_ms: list[float] = []
    matches = True
    for png in board_pngs:
        image = decode(png)
        matches = matches and encode_palette_png(image) == png
        save_ms += time_calls([partial(encode_palette_png, image)], rounds)
        # to_png needs an RGB canvas. The decoded board has 64 colours where the real canvas has
        # thousands, so quantizing it approximates to_png's share of a render rather than measuring it.
        to_png_ms += time_calls([partial(to_png, image.convert("RGB"))], rounds)
    return save_ms, to_png_ms, matches


def measure_rendering(positions: list[Position], rounds: int) -> RenderResult:
    # The board from the public view (as posted in the channel); the hand from its owner's view.
    boards = [partial(render_board, p.state.view(None), names=p.names) for p in positions]
    hands = [partial(render_hand, p.state.view(p.hand_seat), names=p.names) for p in positions]

    # Warm-up: one untimed render of every picture fills the font and sprite caches, as in a bot
    # that has been up for a while. It also gives the PNGs whose sizes are reported.
    start = time.perf_counter()
    board_pngs = [boards[0]()]
    cold_board_ms = (time.perf_counter() - start) * 1000
    board_pngs += [render() for render in boards[1:]]
    hand_pngs = [render() for render in hands]

    board_ms = time_calls(boards, rounds)
    hand_ms = time_calls(hands, rounds)
    encode_ms, to_png_ms, encode_matches_render = time_encodes(board_pngs, rounds)
    return RenderResult(
        positions=len(positions),
        cold_board_ms=cold_board_ms,
        board_ms=board_ms,
        board_sizes=[len(png) for png in board_pngs],
        hand_ms=hand_ms,
        hand_sizes=[len(png) for png in hand_pngs],
        encode_ms=encode_ms,
        to_png_ms=to_png_ms,
        encode_matches_render=encode_matches_render,
    )
