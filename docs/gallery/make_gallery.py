"""Draw every game's board and private picture for the gallery under docs/gallery.

`python docs/gallery/make_gallery.py OUT_DIR` writes, per game, a mid-game position with names in
several scripts (full size), and `--sheet BEFORE_DIR AFTER_DIR OUT_DIR` puts two such folders side by
side, both shrunk to 450 px wide as a phone shows them. Positions come from the benchmark suite, so
the same seeds give the same positions before and after a change.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path.cwd()))  # run from the checkout whose pictures are wanted

from benchmarks.suite import GAME_BENCHMARKS, build_positions
from games import GAMES
from renderers import render_board, render_hand

NAMES = ["José Ñúñez", "Дмитрий", "さくら", "李小龍"]
PHONE_WIDTH = 450
# In games without secrets the private picture is the board itself: no sheet of its own.
SAME_AS_BOARD = {"senet-private.png", "combat-private.png", "flood-private.png"}


def draw_pictures(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for game_id, benchmark in GAME_BENCHMARKS.items():
        position = build_positions(benchmark, GAMES[game_id], 2)[-1]
        names = NAMES[: position.num_players]
        (out / f"{game_id}-board.png").write_bytes(render_board(position.state.view(None), names=names))
        seat = position.hand_seat
        (out / f"{game_id}-private.png").write_bytes(render_hand(position.state.view(seat), names=names))


def phone(path: Path) -> Image.Image:
    image = Image.open(io.BytesIO(path.read_bytes())).convert("RGB")
    return image.resize((PHONE_WIDTH, round(image.height * PHONE_WIDTH / image.width)), Image.LANCZOS)


def sheets(before: Path, after: Path, out: Path) -> None:
    """One sheet per picture: before on the left, after on the right, each 450 px wide."""
    out.mkdir(parents=True, exist_ok=True)
    for after_path in sorted(after.glob("*.png")):
        if after_path.name in SAME_AS_BOARD:
            continue
        pair = [phone(before / after_path.name), phone(after_path)]
        height = max(image.height for image in pair) + 30
        sheet = Image.new("RGB", (2 * PHONE_WIDTH + 30, height), (255, 255, 255))
        draw = ImageDraw.Draw(sheet)
        for i, (label, image) in enumerate(zip(("before", "after"), pair, strict=True)):
            x = i * (PHONE_WIDTH + 30)
            draw.text((x + 4, 6), f"{label} · {image.width}x{image.height} at phone width", fill=(0, 0, 0))
            sheet.paste(image, (x, 30))
        sheet.quantize(256, method=Image.Quantize.MEDIANCUT).save(out / after_path.name, optimize=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--sheet", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.sheet:
        sheets(*args.sheet, args.out)
    else:
        draw_pictures(args.out)


if __name__ == "__main__":
    main()
