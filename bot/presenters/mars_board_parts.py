"""The board in a private prompt's buttons: a message holds at most 25, in rows of 5, fewer than the
board's 56 or 64 squares, so squares come 5 files by 4 ranks at a time, laid out like the board (a
part in each corner, overlapping in the middle files), or in the smallest box around every square
that matters where that fits."""

from __future__ import annotations

import discord

from games.mars_views import MarsView

from .common import COLOUR_EMOJI

FILES = "abcdefgh"
ROW_WIDTH = 5  # buttons in a row of a message's controls
PART_RANKS = 4  # a part of the board: 5 files by 4 ranks, under a row of other controls
# The board's parts, one at each corner (overlapping in the middle files), in the order a tie for
# the first one shown is settled: nearest a1 first.
PARTS = ("SW", "SE", "NW", "NE")
PART_ARROWS = {"NW": "↖", "NE": "↗", "SW": "↙", "SE": "↘"}


def part_rows(view: MarsView, part: str) -> list[list[str]]:
    """The squares of a part of the board (5 files by 4 ranks in a corner) as rows, top rank first."""
    files = FILES[: view.files]
    columns = files[:ROW_WIDTH] if part[1] == "W" else files[-ROW_WIDTH:]
    top = view.ranks if part[0] == "N" else PART_RANKS
    return [[f"{file}{rank}" for file in columns] for rank in range(top, top - PART_RANKS, -1)]


def in_part(view: MarsView, part: str, square: str) -> bool:
    return any(square in row for row in part_rows(view, part))


def parts_holding(view: MarsView, squares: set[str]) -> dict[str, int]:
    """The parts holding some of `squares`, and how many each holds."""
    counts = {part: sum(s in squares for row in part_rows(view, part) for s in row) for part in PARTS}
    return {part: count for part, count in counts.items() if count}


def part_label(view: MarsView, part: str) -> str:
    rows = part_rows(view, part)
    return f"{PART_ARROWS[part]} {rows[-1][0]}–{rows[0][-1]}"


def box_around(view: MarsView, squares: set[str], max_rows: int) -> list[list[str]] | None:
    """The board's squares in the smallest box around `squares`, as rows (top rank first), if that
    box is at most 5 files wide and `max_rows` ranks high; else None."""
    if not squares:
        return None
    files = sorted(FILES.index(square[0]) for square in squares)
    ranks = sorted(int(square[1:]) for square in squares)
    if files[-1] - files[0] >= ROW_WIDTH or ranks[-1] - ranks[0] >= max_rows:
        return None
    return [
        [f"{FILES[file]}{rank}" for file in range(files[0], files[-1] + 1)]
        for rank in range(ranks[-1], ranks[0] - 1, -1)
    ]


def shown_squares(
    view: MarsView, targets: set[str], max_rows: int, asked: str
) -> tuple[list[list[str]], str | None]:
    """The squares to show for choosing among `targets`, and the part they are (None: every target
    fits in one box of at most 5 files by `max_rows` ranks, shown whole). The part `asked` for if it
    holds a target, else the one holding most."""
    rows = box_around(view, targets, max_rows)
    if rows is not None:
        return rows, None
    counts = parts_holding(view, targets)
    part = asked if asked in counts else max(counts, key=counts.get)
    return part_rows(view, part), part


def busiest_window(view: MarsView, targets: set[str]) -> list[list[str]]:
    """The 5 files by 4 ranks anywhere on the board holding most of `targets` (a corner first when
    several hold as many), as rows, top rank first."""
    files = FILES[: view.files]
    corners = [(0, PART_RANKS), (len(files) - ROW_WIDTH, PART_RANKS), (0, view.ranks)]
    corners.append((len(files) - ROW_WIDTH, view.ranks))
    offsets = corners + [
        (left, top)
        for top in range(PART_RANKS, view.ranks + 1)
        for left in range(len(files) - ROW_WIDTH + 1)
        if (left, top) not in corners
    ]
    windows = [
        [
            [f"{file}{rank}" for file in files[left : left + ROW_WIDTH]]
            for rank in range(top, top - PART_RANKS, -1)
        ]
        for left, top in offsets
    ]
    return max(windows, key=lambda rows: sum(square in targets for row in rows for square in row))


def grid_label(board: dict[str, str], square: str) -> str:
    """What a square's button shows: the piece on it ('🟥3': colour and pips), else its name."""
    code = board.get(square)
    return f"{COLOUR_EMOJI[code[0]]}{code[1]}" if code else square


def grid(view: MarsView, rows: list[list[str]], first_row: int, button) -> list[discord.ui.Item]:
    """Squares laid out like the board, a row of buttons per rank from `first_row` on:
    `button(square, label, row)` makes each one."""
    return [
        button(square, grid_label(view.board, square), first_row + index)
        for index, row in enumerate(rows)
        for square in row
    ]
