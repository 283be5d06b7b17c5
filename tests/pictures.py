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
    assert image.getcolors(256) is not None  # at most the 256 colours of the fixed palette
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


def blob_sizes(image, box, is_ink) -> list[int]:
    """The sizes of the 4-connected groups of pixels in `box` that satisfy `is_ink`."""
    crop = image.convert("RGB").crop(box)
    pixels = crop.load()
    ink = {(x, y) for x in range(crop.width) for y in range(crop.height) if is_ink(pixels[x, y])}
    sizes = []
    while ink:
        size, todo = 0, [ink.pop()]
        while todo:
            x, y = todo.pop()
            size += 1
            for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if step in ink:
                    ink.remove(step)
                    todo.append(step)
        sizes.append(size)
    return sizes


def die_pips(image, box) -> int:
    """The pips of a die face: dark blobs inside the face, clear of its rounded corners."""
    x0, y0, x1, y1 = box
    margin = round((x1 - x0) * 0.08)
    return len(
        blob_sizes(image, (x0 + margin, y0 + margin, x1 - margin, y1 - margin), lambda c: sum(c) < 200)
    )


def colour_extent(image, box, target, tolerance=40) -> tuple[int, int] | None:
    """The leftmost and rightmost x (picture coordinates) in `box` of pixels close to `target`."""
    crop = image.convert("RGB").crop(box)
    pixels = crop.load()
    xs = [x for x in range(crop.width) for y in range(crop.height) if near(pixels[x, y], target, tolerance)]
    return (box[0] + min(xs), box[0] + max(xs)) if xs else None
