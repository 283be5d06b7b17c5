"""An animated replay of a match: its public board after the start and after each action, one frame
each, as a looping GIF that opens on the final position (a phone that doesn't play GIFs shows the
first frame: the end, not an empty board).

A GIF and not an APNG: Discord animates GIF attachments but shows only the first frame of an APNG.
Frames are drawn from spectator views only (`state.view(None)`, see `games.replay.spectator_views`),
so a replay shows exactly what the public boards showed and no hand or objective.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence

from PIL import Image

from . import render_board
from .common import fixed_palette_image

REPLAY_WIDTH = 600  # px; boards are drawn 1000 wide, and Discord shows a picture about this wide anyway
MAX_FRAMES = 80  # 40 s of replay; a 1,000-action Combat match sampled this far stays under 5 MB
FRAME_MS = 500
LAST_FRAME_MS = 5000  # the final position stays up before the loop starts again


def frame_positions(count: int, limit: int = MAX_FRAMES) -> list[int]:
    """Which of `count` boards become frames: all of them when they fit in `limit`, else `limit` spread
    evenly, always with the first and the last."""
    if count <= limit:
        return list(range(count))
    if limit < 2:
        raise ValueError("A sampled replay keeps at least the first and the last board.")
    return [round(frame * (count - 1) / (limit - 1)) for frame in range(limit)]


def render_replay(
    views: Sequence[dict],
    *,
    names: list[str] | None = None,
    draw: Callable[..., bytes] = render_board,
    width: int = REPLAY_WIDTH,
    max_frames: int = MAX_FRAMES,
) -> bytes:
    """The boards of `views` (spectator views, in order) as an animated GIF: at most `max_frames` of
    them (sampled, see `frame_positions`), scaled down to `width` and padded to one size, the last
    board first for LAST_FRAME_MS, then the others from the start, FRAME_MS each. `draw(view, names=...)` makes one board's PNG."""
    if not views:
        raise ValueError("A replay needs at least one board.")
    boards = [draw(views[position], names=names) for position in frame_positions(len(views), max_frames)]
    sizes = [Image.open(io.BytesIO(board)).size for board in boards]  # reads only the PNG header
    scale = min(1.0, width / max(board_width for board_width, _ in sizes))
    canvas = (round(max(w for w, _ in sizes) * scale), round(max(h for _, h in sizes) * scale))

    def frame(board: bytes) -> Image.Image:
        return _on_canvas(_downscaled(board, scale), canvas)

    # The boards' own fixed palette for every frame: the GIF then stores only the part of a frame that changed.
    palette = fixed_palette_image()
    frames = [frame(board).quantize(palette=palette, dither=Image.Dither.NONE) for board in boards]
    if len(frames) > 1:  # the end first: it stays up, then the match plays from the start and loops to it
        frames = [frames[-1], *frames[:-1]]
    durations = [LAST_FRAME_MS] + [FRAME_MS] * (len(frames) - 1)
    buffer = io.BytesIO()
    frames[0].save(buffer, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return buffer.getvalue()


def _downscaled(board: bytes, scale: float) -> Image.Image:
    image = Image.open(io.BytesIO(board)).convert("RGB")  # boards are palette PNGs: resize in RGB
    if scale == 1.0:
        return image
    size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
    return image.resize(size, Image.Resampling.BICUBIC)


def _on_canvas(image: Image.Image, canvas: tuple[int, int]) -> Image.Image:
    """`image` at the top of a `canvas`-sized frame, centred, padded with its own corner colour (the table)."""
    if image.size == canvas:
        return image
    padded = Image.new("RGB", canvas, image.getpixel((0, 0)))
    padded.paste(image, ((canvas[0] - image.width) // 2, 0))
    return padded
