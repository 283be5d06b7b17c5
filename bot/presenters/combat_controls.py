"""Martian Combat's controls: decisions are buttons laid out like the board.

Choices in two parts (which unit, then where; which of your pyramids, then which of theirs) start
on the board with a `step` button per unit, laid out like the board, and finish with a button per
square in an ephemeral message; the first part travels in the custom_id as a prefix of the
action's notation ("M c1-", "SW R2@b3"). A single unit's second part fits on the board at once.
"""

from __future__ import annotations

from itertools import pairwise

import discord

from catalogue import N_, tr
from games.combat_views import Choice, CombatView

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Prompt, Scene
from .combat_words import action_label, force_text, phase_text, piece_mark
from .common import chunks

# The second part of a two-part choice, asked in the ephemeral message; {unit}: the first part.
STEP_QUESTIONS = {
    "M": N_("{unit}: one step, where to?"),
    "AM": N_("{unit}: aim one step, where to?"),
    "HP": N_("{unit}: hop onto which square?"),
    "SW": N_("{unit}: swap with which pyramid?"),
    "DG": N_("{unit}: dig under which pyramid?"),
}
FIRST_PARTS = ("M", "AM", "HP", "SW", "DG")
ROW_WIDTH = 5  # buttons in an action row
BOARD_ROWS = 4  # rows of controls on the board, so the publisher's Hint button still fits under them
PROMPT_ROWS = 5  # rows of a classic message (the ephemeral second step)


def _rank_file(square: str) -> tuple[int, int]:
    return int(square[1]), "abcdef".index(square[0])


def board_rows(squares: list[str], rows: int) -> list[list[int]]:
    """Indexes into `squares` grouped as on the board: a row per rank, the top rank first, files
    left to right; a rank with more than a row's buttons wraps, and neighbouring ranks share a row
    when the controls have fewer `rows`. An empty list: they don't fit."""
    order = sorted(range(len(squares)), key=lambda i: (-_rank_file(squares[i])[0], _rank_file(squares[i])[1]))
    groups: list[list[int]] = []
    for i in order:
        if groups and squares[groups[-1][-1]][1] == squares[i][1] and len(groups[-1]) < ROW_WIDTH:
            groups[-1].append(i)
        else:
            groups.append([i])
    if rows < 1:
        return []
    while len(groups) > rows:
        sizes = [len(a) + len(b) for a, b in pairwise(groups)]
        smallest = min(range(len(sizes)), key=sizes.__getitem__)
        if sizes[smallest] > ROW_WIDTH:
            return []
        groups[smallest : smallest + 2] = [groups[smallest] + groups[smallest + 1]]
    return groups


def _button(scene: Scene, kind: str, argument: str, label: str, row: int, style=discord.ButtonStyle.success):
    return MatchButton(scene.claim(kind, argument), label=label[:80], style=style, row=row)


def _placeholder(scene: Scene, label: str, row: int, argument: str) -> MatchButton:
    """A square shown for its place on the board that can't be chosen (disabled)."""
    return MatchButton(scene.claim("act", argument), label=label, row=row, disabled=True)


def _compass(scene: Scene, origin: str, targets: dict[str, tuple[str, str]], reach: int) -> list:
    """The squares around `origin` within `reach`, as the board shows them: a row per rank, the
    choosable targets (square -> (action, label)) green, the origin and other squares greyed; only
    the ranks and files from the origin to its targets."""
    file, rank = "abcdef".index(origin[0]), int(origin[1])
    spots = [origin, *targets]
    files = range(min("abcdef".index(s[0]) for s in spots), max("abcdef".index(s[0]) for s in spots) + 1)
    ranks = range(max(int(s[1]) for s in spots), min(int(s[1]) for s in spots) - 1, -1)
    items = []
    for row, r in enumerate(ranks):
        for f in files:
            square = f"{'abcdef'[f]}{r}"
            if square in targets:
                action, label = targets[square]
                items.append(_button(scene, "act", action, label, row))
            elif max(abs(f - file), abs(r - rank)) <= reach:
                items.append(_placeholder(scene, square, row, f"X {square}"))
    return items


def _unit_label(view: CombatView, choice: Choice) -> str:
    """The first part of a two-part choice: a unit ("c1 🟥3", "Whole force c1 (6 pips)") or one
    of your pyramids ("b3 🟥2")."""
    if choice.mine:
        return f"{choice.mine.square} {piece_mark(choice.mine.pyramid)}"
    square = choice.origin
    if choice.whole:
        return tr("Whole force {force}", force=force_text(view, square))
    return f"{square} {piece_mark(view.board[square].stack[-1])}"


def _target_label(view: CombatView, choice: Choice) -> str:
    if choice.theirs:
        return f"{choice.theirs.square} {piece_mark(choice.theirs.pyramid)}"
    return choice.target


def _simple_label(view: CombatView, choice: Choice) -> str:
    """Labels for one-click decisions."""
    action, kind = choice.action, choice.kind
    if action == "M -":
        return tr("Skip the move")
    if action == "X -":
        return tr("Don't attack") if view.phase == "offer" else tr("Don't start combat")
    if kind == "X" and view.phase == "offer":
        return tr("Attack {force}", force=force_text(view, choice.target))
    if kind == "X":
        return tr("Attack from {force}", force=force_text(view, choice.origin))
    if action == "C":
        return tr("Counter-attack")
    if action == "C -":
        return tr("Let round 1 stand")
    if kind in ("RET", "RES"):
        return choice.square
    if kind == "W":
        return action_label(choice.chosen)
    if action == "AM /":
        return tr("End this leg") if view.aim and view.aim.leg else tr("Finish aiming")
    return action


def prompt(scene: Scene, view: CombatView, player: str, choice: str = "") -> Prompt:
    """The deciding seat's controls (`player`: how texts name it); `choice`: a two-part choice's
    first part, whose second part they then offer."""
    if choice:
        seconds = [c for c in view.choices if c.first == choice]
        if not seconds:
            raise MatchError("That isn't possible any more; look at the latest board.")
        question = tr(STEP_QUESTIONS[seconds[0].kind], unit=_unit_label(view, seconds[0]))
        items = _second_part(scene, view, seconds, PROMPT_ROWS)
        return Prompt(question, items if items is not None else _menus(scene, view, seconds))
    firsts: dict[str, Choice] = {}
    singles = []
    for option in view.choices:
        if option.first:
            firsts.setdefault(option.first, option)
        else:
            singles.append(option)
    squares = [option.square for option in singles if option.kind in ("RET", "RES")]
    others = [option for option in singles if option.kind not in ("RET", "RES")]
    items = _single_buttons(scene, view, others)
    used = -(-len(items) // ROW_WIDTH)
    if squares:  # where a force or reserve goes: the squares as on the board
        items += _square_buttons(scene, [o.square for o in singles], singles, used)
    if len(firsts) == 1:  # one unit or pyramid: its choices at once, if they fit under the rest
        seconds = [c for c in view.choices if c.first]
        inline = _second_part(scene, view, seconds, BOARD_ROWS - used, first_row=used)
        items += inline if inline is not None else _first_parts(scene, view, list(firsts.values()), used)
    elif firsts:
        items += _first_parts(scene, view, list(firsts.values()), used)
    return Prompt(phase_text(view, player), items)


def _single_buttons(scene: Scene, view: CombatView, options: list[Choice]) -> list:
    return [
        _button(scene, "act", option.action, _simple_label(view, option), i // ROW_WIDTH)
        for i, option in enumerate(options)
    ]


def _square_buttons(scene: Scene, squares: list[str], options: list[Choice], first_row: int) -> list:
    rows = board_rows(squares, BOARD_ROWS - first_row) or [
        list(range(i, min(i + ROW_WIDTH, len(squares)))) for i in range(0, len(squares), ROW_WIDTH)
    ]
    return [
        _button(
            scene,
            "act",
            options[i].action,
            _simple_label(scene.public, options[i]),
            first_row + r,
        )
        for r, row in enumerate(rows)
        for i in row
    ]


def _first_parts(scene: Scene, view: CombatView, options: list[Choice], first_row: int) -> list:
    """A `step` button per unit or pyramid that may act, laid out like the board."""
    squares = [option.origin or option.mine.square for option in options]
    rows = board_rows(squares, BOARD_ROWS - first_row) or board_rows(squares, PROMPT_ROWS - first_row)
    if not rows:  # more than the board holds: pack them
        rows = [list(range(i, min(i + ROW_WIDTH, len(options)))) for i in range(0, len(options), ROW_WIDTH)]
    return [
        _button(
            scene,
            "step",
            options[i].first.strip(),
            _unit_label(view, options[i]),
            first_row + r,
            discord.ButtonStyle.primary,
        )
        for r, row in enumerate(rows)
        for i in row
    ]


def _second_part(
    scene: Scene, view: CombatView, seconds: list[Choice], rows: int, *, first_row: int = 0
) -> list | None:
    """The second part's buttons: for a unit, the squares around it as on the board; for a
    pyramid, the opponents' pyramids it may swap or dig with, as on the board. None if they
    don't fit in `rows`."""
    kind = seconds[0].kind
    if kind in ("M", "AM", "HP"):
        targets = {c.target: (c.action, c.target) for c in seconds}
        items = _compass(scene, seconds[0].origin, targets, 2 if kind == "HP" else 1)
        height = max(item.row for item in items) + 1
        if height <= rows and all(sum(item.row == r for item in items) <= ROW_WIDTH for r in range(height)):
            for item in items:
                item.row += first_row
            return items
    else:
        squares = [c.theirs.square for c in seconds]
        grouped = board_rows(squares, rows)
        if grouped:
            return [
                _button(
                    scene,
                    "act",
                    seconds[i].action,
                    _target_label(view, seconds[i]),
                    first_row + r,
                )
                for r, row in enumerate(grouped)
                for i in row
            ]
    return None


def _menus(scene: Scene, view: CombatView, seconds: list[Choice]) -> list:
    """More choices than buttons fit: menus of 25."""
    labelled = [(_target_label(view, c), c.action) for c in seconds]
    return [
        MatchSelect(
            scene.claim("do", f"do{index}"),
            placeholder=tr("Choose"),
            options=[discord.SelectOption(label=label[:100], value=value) for label, value in group],
            row=index,
        )
        for index, group in enumerate(chunks(labelled)[:PROMPT_ROWS])
    ]


def check_step(view: CombatView, carried: str) -> str:
    """A `step` button's first part, if it is still one of the view's choices."""
    words = carried.split()
    if not words or words[0] not in FIRST_PARTS:
        raise MatchError("That choice isn't one of the options.")
    for option in view.choices:
        if option.first and option.first.strip() == carried:
            return option.first
    raise MatchError("That isn't possible any more; look at the latest board.")
