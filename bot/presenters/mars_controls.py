"""How Agents of M.A.R.S. is played on Discord: the private prompts of a turn, all tapped, nothing
picked from a menu.

Nothing is kept between clicks: each `step` button carries what the next prompt shows, as the
prompt's `choice`:
- choosing the objective: the colours from the highest slot down, and how many slots from the
  top are decided (`"YGRB 1"`); the first prompt shows the seat's ready-made objective;
- placing a drawn piece: the corner shown (`"NE"`);
- a turn: the corner whose pieces are shown (`"SW"`), a piece and its corner (`"c3 SW"`, or
  `"c3"` when shown whole: then its destinations), `"slots"` (the objective slot swaps) or
  `"turn"` (back to the start).
"""

from __future__ import annotations

from functools import lru_cache

import discord

from catalogue import tr
from games.mars import Move, Swap, SwapSlots, slot_text
from games.mars_views import MarsSeatView, MarsView

from ..components import MatchButton
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, pyramid_text
from .mars_board_parts import (
    PART_RANKS,
    PARTS,
    ROW_WIDTH,
    box_around,
    busiest_window,
    grid,
    grid_label,
    in_part,
    part_label,
    part_rows,
    parts_holding,
    shown_squares,
)
from .mars_words import colour_label, objective_line, slot_colours

BACK = "turn"
SLOTS = "slots"


def _read_draft(view: MarsView, text: str) -> tuple[str, int] | None:
    """An objective draft carried by a button: (the colours from the highest slot down, how many
    slots from the top are decided); None if `text` is no draft of this objective."""
    order, _, decided = text.partition(" ")
    if sorted(order) != sorted(view.colours) or not (decided or "0").isdigit():
        return None
    if int(decided or 0) > len(order):
        return None
    return order, int(decided or 0)


def _start(action: Move | Swap) -> str:
    return action.origin if isinstance(action, Move) else action.initiator


def _direction(origin: str, target: str) -> str:
    if origin[0] == target[0]:
        return "↑" if int(target[1:]) > int(origin[1:]) else "↓"
    return "→" if target[0] > origin[0] else "←"


class MarsControls(Presenter):
    """The M.A.R.S. presenter's move controls (`MarsPresenter` adds its texts)."""

    def __init__(self, game) -> None:
        super().__init__(game)
        # A prompt reads the legal actions several times over: each notation is parsed once.
        self._parse = lru_cache(maxsize=4096)(game.parse_action)

    def prompt(self, scene: Scene, seat: int, mine: MarsSeatView, choice: str = "") -> Prompt:
        if mine.phase == "setup":
            return self._objective_prompt(scene, seat, mine, choice)
        if mine.drawn:
            return self._placement_prompt(scene, mine, choice)
        return self._turn_prompt(scene, seat, mine, choice)

    def check_step(self, scene: Scene, seat: int, mine: MarsSeatView, carried: str) -> str:
        """Validate a step button's argument against the match as it stands; returns the choice."""
        if mine.phase == "setup":
            if _read_draft(mine, carried) is None:
                raise MatchError("That choice doesn't fit this objective; open a fresh prompt with **Play**.")
            return carried
        if mine.drawn:
            if carried not in parts_holding(mine, self._empty(mine)):
                raise MatchError("That part of the board has no empty square; pick another one.")
            return carried
        if carried == BACK:
            return ""
        if carried == SLOTS:
            if not self._slot_swaps(mine):
                raise MatchError("Objective swaps are closed: too many black pieces are on the board.")
            return carried
        origins = self._origins(scene, self._piece_actions(scene, mine))
        square, _, part = carried.partition(" ")
        if carried in parts_holding(mine, set(origins)):
            return carried
        if square in origins and (not part or (part in PARTS and in_part(mine, part, square))):
            return carried
        raise MatchError("That piece can't move now; pick another one.")

    def check_pick(self, scene: Scene, seat: int, mine: MarsSeatView, values: list[str], carried: str) -> str:
        """A menu of a private message sent before M.A.R.S. had buttons (a match going on while the
        bot was upgraded): answer it with the buttons, from the start of the decision."""
        return ""

    def _legal(self, view: MarsSeatView) -> list:
        return [self._parse(text) for text in view.legal]

    # -- the objective

    def _objective_prompt(self, scene: Scene, seat: int, view: MarsSeatView, choice: str) -> Prompt:
        """The objective as it stands, ready to confirm; tapping colours from best to worst
        reorders it: each tap puts that colour on the next slot down, the rest keep their order."""
        values = view.slot_values
        order, decided = _read_draft(view, choice) or (view.suggested_objective or view.colours, 0)
        items: list[discord.ui.Item] = []
        for index, (value, colour) in enumerate(zip(values, order, strict=True)):
            if index < decided:
                claim, style = scene.claim("step", f"{order} {index}"), discord.ButtonStyle.success
            else:
                rest = order[decided:].replace(colour, "")
                placed = decided + 1 if decided + 2 < len(order) else len(order)  # the last one follows
                claim, style = scene.claim("step", f"{order[:decided]}{colour}{rest} {placed}"), None
            items.append(
                MatchButton(
                    claim,
                    label=f"{slot_text(value)} {colour_label(colour)}",
                    style=style or discord.ButtonStyle.secondary,
                    disabled=index < decided,
                    row=0,
                )
            )
        notation = " ".join(f"{slot_text(v)}:{c}" for v, c in zip(values, order, strict=True))
        items.append(
            MatchButton(
                scene.claim("act", notation),
                label=tr("Confirm objective"),
                style=discord.ButtonStyle.success,
                row=1,
            )
        )
        if decided:
            items.append(MatchButton(scene.claim("step", order), label=tr("↩ Start again"), row=1))
        summary = " · ".join(
            f"**{slot_text(v)}** {colour_label(c)}" for v, c in zip(values, order, strict=True)
        )
        lines = [
            tr(
                "**Choose your secret objective.** At the end, each colour's points count times the value "
                "of its slot."
            ),
            summary,
        ]
        if not decided:
            lines.append(
                tr(
                    "This one was drawn at random for you: **Confirm objective** keeps it. To change it, tap "
                    "the colours from best to worst: your first tap puts that colour on {value}, the next "
                    "on the slot below, and so on; the others keep their order. You can't change it once "
                    "confirmed.",
                    value=slot_text(values[0]),
                )
            )
        elif decided < len(values):
            lines.append(tr("Next tap: the colour for slot **{value}**.", value=slot_text(values[decided])))
        else:
            lines.append(tr("Every slot is set: **Confirm objective**, or start again."))
        return Prompt("\n".join(lines), items, preview=view.with_draft(order))

    # -- placing a drawn piece

    def _empty(self, view: MarsSeatView) -> set[str]:
        return {action.square for action in self._legal(view)}

    def _placement_prompt(self, scene: Scene, view: MarsSeatView, choice: str) -> Prompt:
        drawn, empty = view.drawn, self._empty(view)
        lines = [
            tr(
                "**Your turn.** You drew the **{piece}**. Tap an empty square (green) for it.",
                piece=pyramid_text(drawn),
            )
        ]
        rows = box_around(view, empty, ROW_WIDTH) if not choice else part_rows(view, choice)
        if rows is None:  # the part of the board with most empty squares, and arrows to the corners
            rows = busiest_window(view, empty)
        shown = {square for row in rows for square in row}
        others = [part for part in parts_holding(view, empty - shown) if part != choice]
        if others:
            lines.append(
                tr(
                    "Shown: {first}–{last}; the arrows under the squares show the corners of the board.",
                    first=rows[-1][0],
                    last=rows[0][-1],
                )
            )

        def button(square: str, label: str, row: int) -> MatchButton:
            claim = scene.claim("act", f"{drawn}@{square}")
            if square in empty:
                return MatchButton(claim, label=label, style=discord.ButtonStyle.success, row=row)
            return MatchButton(claim, label=label, disabled=True, row=row)

        items = grid(view, rows, 0, button)
        items += [
            MatchButton(scene.claim("step", other), label=part_label(view, other), row=len(rows))
            for other in others
        ]
        return Prompt("\n".join(lines), items, shows_board=not choice)

    # -- a turn: draw, or a piece and where it goes; first, perhaps, two objective slots

    def _piece_actions(self, scene: Scene, view: MarsSeatView) -> list[tuple[str, Move | Swap]]:
        """(the square of the piece the player picks, the action) for every legal move and swap.

        A swap both pieces could start is one action (R20); it is offered under both pieces."""
        reach = scene.public.reach
        found: list[tuple[str, Move | Swap]] = []
        for action in self._legal(view):
            if isinstance(action, Move):
                found.append((action.origin, action))
            elif isinstance(action, Swap):
                found.append((action.initiator, action))
                if action.initiator in reach.get(action.target, ()):
                    found.append((action.target, action))
        return found

    def _ko_forbidden(self, scene: Scene) -> list[Move | Swap]:
        return [self._parse(text) for text in scene.public.ko_forbidden]

    def _origins(self, scene: Scene, piece_actions: list[tuple[str, Move | Swap]]) -> list[str]:
        """Pieces offered, in the board's order: those with a move or swap, and those Ko holds back
        (picking one shows why its way back is closed)."""
        squares = {square for square, _ in piece_actions} | {_start(a) for a in self._ko_forbidden(scene)}
        return [square for square in scene.public.board if square in squares]

    def _slot_swaps(self, view: MarsSeatView) -> list[SwapSlots]:
        return [action for action in self._legal(view) if isinstance(action, SwapSlots)]

    def _turn_prompt(self, scene: Scene, seat: int, view: MarsSeatView, choice: str) -> Prompt:
        piece_actions = self._piece_actions(scene, view)
        origins = self._origins(scene, piece_actions)
        square, _, part = choice.partition(" ")
        if square in origins:
            return self._piece_prompt(scene, seat, view, square, part, piece_actions, origins)
        slot_swaps = self._slot_swaps(view)
        if choice == SLOTS and slot_swaps:
            return self._slots_prompt(scene, seat, view, slot_swaps)
        lines = [self._turn_line(view, origins)]
        lines += self._ko_lines(scene, seat)
        items: list[discord.ui.Item] = [
            MatchButton(
                scene.claim("act", "D"), label=tr("🎲 Draw a piece"), style=discord.ButtonStyle.primary, row=0
            )
        ]
        if slot_swaps:
            lines.append(self._slots_line(scene, seat))
            items.append(MatchButton(scene.claim("step", SLOTS), label=tr("🔀 Objective slots"), row=0))
        if origins:
            rows, part = shown_squares(view, set(origins), PART_RANKS, choice)
            if part:
                items += [
                    MatchButton(scene.claim("step", other), label=part_label(view, other), row=0)
                    for other in parts_holding(view, set(origins))
                    if other != part
                ]

            def button(square: str, label: str, row: int) -> MatchButton:
                claim = scene.claim("step", f"{square} {part}" if part else square)
                if square in origins:
                    return MatchButton(claim, label=label, style=discord.ButtonStyle.primary, row=row)
                return MatchButton(claim, label=label, disabled=True, row=row)

            items += grid(view, rows, 1, button)
        return Prompt("\n".join(lines), items, shows_board=not choice)

    @staticmethod
    def _turn_line(view: MarsView, origins: list[str]) -> str:
        if not origins:
            return tr("**Your turn** (turn {turn}). Draw a piece from the bag.", turn=view.turn)
        return tr(
            "**Your turn** (turn {turn}). Draw a piece from the bag, or tap a piece (blue) to move or "
            "swap it; the arrows show the other parts of the board.",
            turn=view.turn,
        )

    def _ko_lines(self, scene: Scene, seat: int) -> list[str]:
        ko = self._ko_forbidden(scene)
        if not ko:
            return []
        undo = str(ko[0])
        for action in ko[1:]:
            undo = tr("{first} or {second}", first=undo, second=str(action))
        return [
            tr(
                "Ko: {undo} would undo {player}'s last move, so it isn't allowed this turn.",
                undo=undo,
                player=scene.label(1 - seat),
            )
        ]

    @staticmethod
    def _slot_owner(scene: Scene, seat: int) -> int:
        return scene.public.swaps_slots_of[seat]

    def _slots_line(self, scene: Scene, seat: int) -> str:
        owner = self._slot_owner(scene, seat)
        if owner != seat:
            return tr(
                "Optional, first: swap the colours of two of {player}'s objective slots (both become public).",
                player=scene.label(owner),
            )
        return tr("Optional, first: swap the colours of two of your objective slots (both become public).")

    def _slots_prompt(
        self, scene: Scene, seat: int, view: MarsSeatView, slot_swaps: list[SwapSlots]
    ) -> Prompt:
        owner = self._slot_owner(scene, seat)
        colours = dict(slot_colours(view, owner))
        lines = [self._slots_line(scene, seat), objective_line(view, owner)]
        items: list[discord.ui.Item] = []
        for index, action in enumerate(slot_swaps):
            high, low = colours.get(action.high), colours.get(action.low)
            label = (
                f"{slot_text(action.high)} {COLOUR_EMOJI.get(high, '❔')} ⇄ "
                f"{slot_text(action.low)} {COLOUR_EMOJI.get(low, '❔')}"
            )
            items.append(
                MatchButton(
                    scene.claim("act", str(action)),
                    label=label,
                    style=discord.ButtonStyle.success,
                    row=index // ROW_WIDTH,
                )
            )
        items.append(
            MatchButton(scene.claim("step", BACK), label=tr("↩ Back"), row=len(slot_swaps) // ROW_WIDTH + 1)
        )
        return Prompt("\n".join(lines), items)

    def _piece_prompt(
        self,
        scene: Scene,
        seat: int,
        view: MarsSeatView,
        origin: str,
        part: str,
        piece_actions: list[tuple[str, Move | Swap]],
        origins: list[str],
    ) -> Prompt:
        board = view.board
        lines = [
            tr(
                "**{square}**, the {piece}: tap where it goes (or another piece).",
                square=origin,
                piece=pyramid_text(board[origin]),
            )
        ]
        lines += self._ko_lines(scene, seat)
        items: list[discord.ui.Item] = [
            self._destination_button(scene, board, origin, action)
            for square, action in piece_actions
            if square == origin
        ]
        for action in self._ko_forbidden(scene):
            if _start(action) == origin:
                items.append(
                    MatchButton(
                        scene.claim("act", str(action)),
                        label=tr("{square}: not allowed (Ko)", square=action.target),
                        disabled=True,
                        row=0,
                    )
                )
        rows, part = shown_squares(view, set(origins), PART_RANKS, part)
        items.append(MatchButton(scene.claim("step", part or BACK), label=tr("↩ Back"), row=0))

        def button(square: str, label: str, row: int) -> MatchButton:
            claim = scene.claim("step", f"{square} {part}" if part else square)
            if square == origin:  # the piece picked, marked
                return MatchButton(
                    claim, label=label, style=discord.ButtonStyle.success, disabled=True, row=row
                )
            if square in origins:
                return MatchButton(claim, label=label, style=discord.ButtonStyle.primary, row=row)
            return MatchButton(claim, label=label, disabled=True, row=row)

        return Prompt("\n".join(lines), items + grid(view, rows, 1, button))

    def _destination_button(
        self, scene: Scene, board: dict[str, str], origin: str, action: Move | Swap
    ) -> MatchButton:
        claim = scene.claim("act", str(action))
        if isinstance(action, Move):
            label = f"{_direction(origin, action.target)} {action.target}"
            return MatchButton(claim, label=label, style=discord.ButtonStyle.success, row=0)
        other = action.target if action.initiator == origin else action.initiator
        label = f"{_direction(origin, other)} {other} ⇄ {grid_label(board, other)}"
        return MatchButton(claim, label=label, style=discord.ButtonStyle.success, row=0)
