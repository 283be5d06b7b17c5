"""How Agents of M.A.R.S. looks and is played on Discord: texts and move controls.

Nothing is kept between clicks. While a player sets their objective, each slot's select carries
the colours chosen so far in its custom_id (`pick:0 YGx`); while moving, the piece chosen in a
select comes back as `prompt(choice="c3")`, which then lists that piece's destinations.
"""

from __future__ import annotations

import discord

from catalogue import N_, tr
from games.mars import Draw, Move, Place, Swap, SwapSlots, slot_text
from renderers.words import colour_name, pyramid_name

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, chunks, pyramid_text

UNSET = "x"  # a slot without a colour yet, in the objective draft
VARIANT_NAMES = {
    "blind": N_("Blind Agents"),
    "black_trio": N_("Black Trio Blocks the Swap"),
    "biggest_only": N_("Only the Biggest Group Counts"),
    "size_points": N_("The Size of the Group Gives Points"),
    "no_center": N_("No Center"),
}
FIRST_PLAYER_NAMES = {"random": N_("random"), 1: N_("the host"), 2: N_("the opponent")}
# The pieces next to a square, by how many there are: the German names hold commas themselves.
NEIGHBOURS = (
    N_("next to {first}"),
    N_("next to {first}, {second}"),
    N_("next to {first}, {second}, {third}"),
    N_("next to {first}, {second}, {third}, {fourth}"),
)


# --- small text helpers ------------------------------------------------------------------------


def _colour(colour: str) -> str:
    return f"{COLOUR_EMOJI[colour]} {colour_name(colour)}"


def _piece(code: str | None) -> str:
    return pyramid_text(code) if code else tr("piece")


def _slots(view: dict, owner: int) -> list[tuple[int, str | None]]:
    """(value, colour or None when hidden from this view) for each slot of `owner`."""
    found = []
    for value, token in zip(view["slot_values"], view["objectives"][owner], strict=True):
        colour = token.rsplit(":", 1)[1]
        found.append((value, None if colour == "?" else colour))
    return found


def objective_line(view: dict, owner: int) -> str:
    """'+2 🟨 yellow · +1 🟩 green · 0 ❔ · −1 🟦 blue (public: +2, −1)'."""
    parts = [
        f"**{slot_text(value)}** {_colour(colour) if colour else '❔'}"
        for value, colour in _slots(view, owner)
    ]
    public = view["public_slots"][owner]
    if not public:
        return " · ".join(parts)
    return tr(
        "{slots} (public: {values})", slots=" · ".join(parts), values=", ".join(slot_text(v) for v in public)
    )


def _read_draft(view: dict, text: str) -> list[str | None]:
    """The colours chosen so far for every slot but the last (which takes the colour left over)."""
    colours = view["colours"]
    size = len(colours) - 1
    if len(text) != size or any(c not in colours + UNSET for c in text):
        return [None] * size
    draft: list[str | None] = []
    for c in text:
        draft.append(None if c == UNSET or c in draft else c)
    return draft


def _rank_groups(squares: list[str]) -> list[list[str]]:
    """Squares (in a1, b1, ... order) cut into menus of whole ranks, each within the option limit."""
    groups: list[list[str]] = []
    for square in squares:
        rank_start = not groups or square[1:] != groups[-1][-1][1:]
        whole_rank = [s for s in squares if s[1:] == square[1:]]
        if not groups or (rank_start and len(groups[-1]) + len(whole_rank) > 25):
            groups.append([])
        groups[-1].append(square)
    return groups


def _neighbours(view: dict, square: str) -> str | None:
    """The pieces orthogonally next to `square`, on the view's board of "files" x "ranks"."""
    file, rank = "abcdefgh".index(square[0]), int(square[1:])
    found = []
    for df, dr in ((0, 1), (0, -1), (-1, 0), (1, 0)):
        if 0 <= file + df < view["files"] and 1 <= rank + dr <= view["ranks"]:
            code = view["board"].get(f"{'abcdefgh'[file + df]}{rank + dr}")
            if code:
                found.append(pyramid_name(code))
    if not found:
        return None
    places = ("first", "second", "third", "fourth")[: len(found)]
    return tr(NEIGHBOURS[len(found) - 1], **dict(zip(places, found, strict=True)))[:100]


def _start(action: Move | Swap) -> str:
    return action.origin if isinstance(action, Move) else action.initiator


def _targets_note(origin: str, piece_actions: list[tuple[str, Move | Swap]]) -> str | None:
    notes = []
    for square, action in piece_actions:
        if square != origin:
            continue
        if isinstance(action, Move):
            notes.append(f"→ {action.target}")
        else:
            notes.append(f"⇄ {action.target if action.initiator == origin else action.initiator}")
    return ", ".join(notes)[:100] or tr("Ko: can't go back now")


def _slot_swap_note(colours: dict[int, str | None], action: SwapSlots) -> str:
    high, low = colours.get(action.high), colours.get(action.low)
    if high and low:
        return tr(
            "{high} goes to {low_slot}, {low} to {high_slot}",
            high=colour_name(high),
            low_slot=slot_text(action.low),
            low=colour_name(low),
            high_slot=slot_text(action.high),
        )
    return tr("both slots become public")


class MarsPresenter(Presenter):
    public_controls = False  # moves are made in private prompts
    hand_label = N_("My objective")

    # --- texts ---------------------------------------------------------------------------------

    def chapter(self, scene: Scene) -> str:
        """Choosing objectives, then play (the match's one long phase)."""
        return "objectives" if scene.public["phase"] == "setup" else "play"  # a stored key, never shown

    def options_text(self, options) -> str:
        variants = []
        if options["five_colours"] != "off":
            variants.append(tr("5 Color Agents (fifth slot {value})", value=options["five_colours"]))
        variants += [tr(name) for option, name in VARIANT_NAMES.items() if options[option]]
        if options["objectives"] == "deck":
            variants.append(tr("objectives dealt from the deck"))
        return tr(
            "{variants}; first player: {first}",
            variants=", ".join(variants) or tr("no variants"),
            first=tr(FIRST_PLAYER_NAMES[options["first_player"]]),
        )

    def start_line(self, scene: Scene) -> str:
        if scene.options["blind"]:
            return tr("**Blind Agents**: each of you sees only the other's objective — check your DMs.")
        if scene.public["phase"] == "setup":
            return tr("Both agents: choose your secret objective in your DMs (or with **Play** below).")
        return tr("Your objectives are dealt from the deck — check your DMs.")

    def private_text(self, scene: Scene, seat: int, mine: dict) -> str:
        if not mine["objective_set"][seat]:
            return ""  # the objective prompt follows
        if scene.options["blind"]:
            other = 1 - seat
            return "\n".join(
                (
                    tr(
                        "**Blind Agents**: your own objective stays hidden from you until its slots are revealed."
                    ),
                    tr(
                        "{player}'s objective (only you see it): {objective}",
                        player=scene.label(other),
                        objective=objective_line(mine, other),
                    ),
                    tr("Yours, as far as you know: {objective}", objective=objective_line(mine, seat)),
                )
            )
        return tr("Your objective: {objective}", objective=objective_line(mine, seat))

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        if view["phase"] == "setup":
            waiting = ", ".join(scene.names[seat] for seat in view["to_move"])
            return tr("Choosing secret objectives — waiting for {waiting}.", waiting=waiting)
        counts = {"turn": view["turn"], "bag": view["bag_count"], "blacks": view["blacks_on_board"]}
        if view["objective_swaps_open"]:
            return tr(
                "Turn {turn} · bag {bag} · black on the board {blacks} · objective swaps open", **counts
            )
        return tr("Turn {turn} · bag {bag} · black on the board {blacks} · objective swaps closed", **counts)

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        """The action as a verb phrase. `done`: the match already shows its result."""
        parsed = self.game.parse_action(action)
        board = scene.public["board"]
        if isinstance(parsed, SwapSlots):
            slots = {"high": slot_text(parsed.high), "low": slot_text(parsed.low)}
            if scene.options["blind"]:
                return tr(
                    "swapped objective slots {high} and {low} of {player}'s objective",
                    player=scene.label(1 - seat),
                    **slots,
                )
            return tr("swapped objective slots {high} and {low}", **slots)
        if isinstance(parsed, Draw):
            return tr("drew a piece from the bag")
        if isinstance(parsed, Place):
            return tr(
                "placed the {piece} on {square}", piece=pyramid_text(str(parsed.piece)), square=parsed.square
            )
        if isinstance(parsed, Move):
            piece = board.get(parsed.target if done else parsed.origin)
            return tr(
                "moved the {piece} {origin} → {target}",
                piece=_piece(piece),
                origin=parsed.origin,
                target=parsed.target,
            )
        if isinstance(parsed, Swap):
            mover, other = parsed.target, parsed.initiator
            if not done:
                mover, other = other, mover
            return tr(
                "swapped the {piece} on {origin} with the {other} on {target}",
                piece=_piece(board.get(mover)),
                origin=parsed.initiator,
                other=_piece(board.get(other)),
                target=parsed.target,
            )
        return tr("set a secret objective")

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        lines = []
        for event in events:
            facts = event.facts
            if event.kind == "DRAW":
                lines.append(
                    tr(
                        "🎲 Out of the bag: **{piece}** — now choosing its square.",
                        piece=pyramid_text(facts["piece"]),
                    )
                )
            elif "colours" in facts:  # an objective slot swap: both slots are public now
                first, second = facts["colours"]
                lines.append(
                    tr(
                        "Now public: slot {high} is {first}, slot {low} is {second}.",
                        high=slot_text(facts["high"]),
                        first=_colour(first),
                        low=slot_text(facts["low"]),
                        second=_colour(second),
                    )
                )
        return lines

    def final_text(self, scene: Scene) -> str:
        """The result and the per-colour breakdown (the board picture outlines the scoring groups)."""
        view = scene.public
        scoring = view["scoring"]
        totals = scoring["totals"]
        names = [f"P{i + 1} {name}"[:12] for i, name in enumerate(scene.names)]
        width = max(12, *(len(n) for n in names))
        # The table's headings are padded to its columns' widths, whatever the language.
        lines = [f"{tr('Colour'):<9} {tr('V')}  " + "  ".join(n.rjust(width) for n in names)]
        for index, colour in enumerate(scoring["values"]):
            cells = []
            for seat in (0, 1):
                row = scoring["breakdown"][seat][index]
                cells.append(f"{slot_text(row['multiplier'])}×{row['value']}={row['points']}".rjust(width))
            lines.append(f"{colour_name(colour):<7} {scoring['values'][colour]:>3}  " + "  ".join(cells))
        lines.append(f"{tr('Total'):<12} " + "  ".join(str(t).rjust(width) for t in totals))
        if len(view["winners"]) == 2:
            head = tr("🤝 **Draw** — both agents score {score}.", score=totals[0])
        else:
            winner = view["winners"][0]
            head = tr(
                "🏆 **{player} wins Agents of M.A.R.S.**, {score} to {other}!",
                player=scene.label(winner),
                score=totals[winner],
                other=totals[1 - winner],
            )
        revealed = tr("All objectives are revealed.")
        return f"{head}\n{revealed}\n```\n" + "\n".join(lines) + "\n```"

    # --- controls ------------------------------------------------------------------------------

    def prompt(self, scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
        if mine["phase"] == "setup":
            return self._objective_prompt(scene, seat, mine, _read_draft(mine, choice))
        if mine["drawn"]:
            return self._placement_prompt(scene, mine)
        return self._turn_prompt(scene, seat, mine, choice)

    def check_pick(self, scene: Scene, seat: int, mine: dict, values: list[str], carried: str) -> str:
        """Validate a select choice; returns the choice to re-render the prompt with."""
        if len(values) != 1:
            raise MatchError("Choose one option.")
        value = values[0]
        if mine["phase"] == "setup":  # setting the objective: carried is "<slot index> <draft>"
            index, _, draft_text = carried.partition(" ")
            draft = _read_draft(mine, draft_text)
            colours = mine["colours"]
            if not index.isdigit() or int(index) >= len(draft) or value not in colours:
                raise MatchError("That choice doesn't fit this objective; open a fresh prompt with **Play**.")
            slot = int(index)
            if value in draft:  # the colour leaves its old slot, which takes this slot's colour
                draft[draft.index(value)] = draft[slot]
            draft[slot] = value
            return "".join(colour or UNSET for colour in draft)
        if value not in self._origins(scene, self._piece_actions(scene, mine)):
            raise MatchError("That piece can't move now; pick another one.")
        return value

    def _legal(self, view: dict) -> list:
        return [self.game.parse_action(text) for text in view["legal"]]

    def _objective_prompt(self, scene: Scene, seat: int, view: dict, draft: list[str | None]) -> Prompt:
        colours = view["colours"]
        values = view["slot_values"]
        complete = None
        if None not in draft:
            complete = [*draft, next(c for c in colours if c not in draft)]
        claim_text = "".join(colour or UNSET for colour in draft)
        items: list[discord.ui.Item] = []
        for index, value in enumerate(values[:-1]):
            items.append(
                MatchSelect(
                    scene.claim("pick", f"{index} {claim_text}"),
                    placeholder=tr("Slot {value}: choose its colour", value=slot_text(value)),
                    options=[
                        discord.SelectOption(
                            label=f"{slot_text(value)}: {colour_name(colour)}",
                            value=colour,
                            emoji=COLOUR_EMOJI[colour],
                            default=draft[index] == colour,
                        )
                        for colour in colours
                    ],
                    row=index,
                )
            )
        if complete:
            notation = " ".join(f"{slot_text(v)}:{c}" for v, c in zip(values, complete, strict=True))
            items.append(
                MatchButton(
                    scene.claim("act", notation),
                    label=tr("Confirm objective"),
                    style=discord.ButtonStyle.success,
                    row=len(values) - 1,
                )
            )
        else:
            items.append(
                MatchButton(
                    scene.claim("act", "incomplete"),
                    label=tr("Confirm (choose the colours first)"),
                    disabled=True,
                    row=len(values) - 1,
                )
            )
        shown = complete or [*draft, None]
        preview = dict(view)
        preview["objectives"] = list(view["objectives"])
        preview["objectives"][seat] = [
            f"P{seat + 1}{slot_text(v)}:{c or '?'}" for v, c in zip(values, shown, strict=True)
        ]
        summary = " · ".join(
            f"**{slot_text(v)}** {_colour(c) if c else '…'}" for v, c in zip(values, shown, strict=True)
        )
        lines = [
            tr(
                "**Choose your secret objective.** At the end, each colour's points count times the value "
                "of its slot. Pick a colour for each slot; the last slot takes the colour left over."
            ),
            summary,
        ]
        if complete:
            lines.append(tr("Happy with it? Press **Confirm objective** (you can't change it afterwards)."))
        text = "\n".join(lines)
        return Prompt(text, items, preview=preview)

    def _placement_prompt(self, scene: Scene, view: dict) -> Prompt:
        drawn = view["drawn"]
        squares = [action.square for action in self._legal(view)]  # the engine lists them a1, b1, ...
        items: list[discord.ui.Item] = []
        for index, group in enumerate(_rank_groups(squares)):
            first, last = group[0][1:], group[-1][1:]
            if first == last:
                placeholder = tr("Place it: empty squares on rank {rank}", rank=first)
            else:
                placeholder = tr("Place it: empty squares on ranks {first}–{last}", first=first, last=last)
            items.append(
                MatchSelect(
                    scene.claim("do", str(index)),
                    placeholder=placeholder,
                    options=[
                        discord.SelectOption(
                            label=square, value=f"{drawn}@{square}", description=_neighbours(view, square)
                        )
                        for square in group
                    ],
                    row=index,
                )
            )
        text = tr(
            "**Your turn.** You drew the **{piece}**. Choose an empty square for it.",
            piece=pyramid_text(drawn),
        )
        return Prompt(text, items, shows_board=True)

    def _piece_actions(self, scene: Scene, view: dict) -> list[tuple[str, Move | Swap]]:
        """(the square of the piece the player picks, the action) for every legal move and swap.

        A swap both pieces could start is one action (R20); it is offered under both pieces."""
        reach = scene.public["reach"]
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
        return [self.game.parse_action(text) for text in scene.public["ko_forbidden"]]

    def _origins(self, scene: Scene, piece_actions: list[tuple[str, Move | Swap]]) -> list[str]:
        """Pieces offered in the piece menu, in the board's order: those with a move or swap, and
        those Ko holds back (picking one shows why its way back is closed)."""
        squares = {square for square, _ in piece_actions} | {_start(a) for a in self._ko_forbidden(scene)}
        return [square for square in scene.public["board"] if square in squares]

    def _turn_prompt(self, scene: Scene, seat: int, view: dict, origin: str) -> Prompt:
        board = view["board"]
        piece_actions = self._piece_actions(scene, view)
        ko = self._ko_forbidden(scene)
        origins = self._origins(scene, piece_actions)

        lines = [
            tr(
                "**Your turn** (turn {turn}). Draw a piece from the bag, or pick a piece on the board to move or swap.",
                turn=view["turn"],
            )
        ]
        items: list[discord.ui.Item] = [
            MatchButton(
                scene.claim("act", "D"),
                label=tr("🎲 Draw a piece"),
                style=discord.ButtonStyle.primary,
                row=0,
            )
        ]
        if origin:
            lines.append(
                tr(
                    "**{square}**, the {piece}: choose where it goes.",
                    square=origin,
                    piece=pyramid_text(board[origin]),
                )
            )
            for square, action in piece_actions:
                if square == origin:
                    items.append(self._destination_button(scene, board, origin, action))
            for action in ko:
                if _start(action) == origin:
                    items.append(
                        MatchButton(
                            scene.claim("act", str(action)),
                            label=tr("{square}: not allowed (Ko)", square=action.target),
                            disabled=True,
                            row=0,
                        )
                    )
        if ko:
            undo = str(ko[0])
            for action in ko[1:]:
                undo = tr("{first} or {second}", first=undo, second=str(action))
            lines.append(
                tr(
                    "Ko: {undo} would undo {player}'s last move, so it isn't allowed this turn.",
                    undo=undo,
                    player=scene.label(1 - seat),
                )
            )

        row = 1
        slot_swaps = [a for a in self._legal(view) if isinstance(a, SwapSlots)]
        if slot_swaps:
            owner = 1 - seat if scene.options["blind"] else seat
            colours = dict(_slots(view, owner))
            if owner != seat:
                player = scene.label(owner)
                lines.append(
                    tr(
                        "Optional, first: swap the colours of two of {player}'s objective slots "
                        "(both become public).",
                        player=player,
                    )
                )
                placeholder = tr("Optional: swap two of {player}'s objective slots", player=player)
            else:
                lines.append(
                    tr(
                        "Optional, first: swap the colours of two of your objective slots (both become public)."
                    )
                )
                placeholder = tr("Optional: swap two of your objective slots")
            items.append(
                MatchSelect(
                    scene.claim("do", "slots"),
                    placeholder=placeholder,
                    options=[
                        discord.SelectOption(
                            label=tr(
                                "Swap slots {high} and {low}", high=slot_text(a.high), low=slot_text(a.low)
                            ),
                            value=str(a),
                            description=_slot_swap_note(colours, a),
                        )
                        for a in slot_swaps
                    ],
                    row=row,
                )
            )
            row += 1
        for index, group in enumerate(chunks(origins)):
            items.append(
                MatchSelect(
                    scene.claim("pick", str(index)),
                    placeholder=tr("Move or swap: choose a piece")
                    + (f" ({group[0]}–{group[-1]})" if len(origins) > 25 else ""),
                    options=[
                        discord.SelectOption(
                            label=f"{square} · {pyramid_name(board[square])}",
                            value=square,
                            emoji=COLOUR_EMOJI[board[square][0]],
                            description=_targets_note(square, piece_actions),
                            default=square == origin,
                        )
                        for square in group
                    ],
                    row=row + index,
                )
            )
        return Prompt("\n".join(lines), items, shows_board=not origin)

    def _destination_button(
        self, scene: Scene, board: dict[str, str], origin: str, action: Move | Swap
    ) -> MatchButton:
        claim = scene.claim("act", str(action))
        if isinstance(action, Move):
            return MatchButton(
                claim, label=f"{origin} → {action.target}", style=discord.ButtonStyle.success, row=0
            )
        other = action.target if action.initiator == origin else action.initiator
        label = f"{origin} ⇄ {other} ({pyramid_name(board[other])})"
        return MatchButton(claim, label=label, style=discord.ButtonStyle.success, row=0)
