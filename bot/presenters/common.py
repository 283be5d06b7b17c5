"""Text helpers shared by the per-game presenters."""

from __future__ import annotations

from games.pieces import Pyramid
from renderers.words import pyramid_name

COLOUR_EMOJI = {"R": "🟥", "Y": "🟨", "G": "🟩", "B": "🟦", "K": "⬛", "O": "🟧", "P": "🟪", "W": "⬜"}
DIE_FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
MAX_MENU_OPTIONS = 25  # Discord's limit for one select menu


def pyramid_text(pyramid: str) -> str:
    """'🟩 large green (G3)'."""
    parsed = Pyramid.parse(pyramid)
    return f"{COLOUR_EMOJI.get(parsed.colour, '')} {pyramid_name(parsed)} ({pyramid})".strip()


def chunks(items: list, size: int = MAX_MENU_OPTIONS) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)]


def points_text(points: float) -> str:
    """League points as people write them (sums of halves and thirds): 2, 2.5, 1.67."""
    return f"{points:.2f}".rstrip("0").rstrip(".")
