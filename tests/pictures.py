"""Shared checks for the PNGs the renderers make (no exact pixels; colours and regions)."""

import io

from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 200_000


def decode(png: bytes) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


def check_png(png: bytes, *, width: int = 1000, min_height: int, max_height: int) -> Image.Image:
    """A small palette PNG of the expected size."""
    image = decode(png)
    assert image.mode == "P"
    assert len(image.getcolors(256)) <= 64
    assert len(png) < MAX_BYTES
    assert image.width == width
    assert min_height <= image.height <= max_height
    return image


def near(colour, target, tolerance=40):
    return sum((a - b) ** 2 for a, b in zip(colour, target, strict=True)) <= tolerance**2


def count_near(image: Image.Image, box, target, tolerance=40) -> int:
    """How many pixels in `box` are close to the colour `target`."""
    colours = image.convert("RGB").crop(box).getcolors(1 << 20)
    return sum(count for count, colour in colours if near(colour, target, tolerance))
