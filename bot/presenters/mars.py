"""How Agents of M.A.R.S. looks and is played on Discord: texts and move controls.

Everything is tapped, nothing picked from a menu. A private message (or the ephemeral prompt of
**Play**) holds at most 25 buttons in rows of 5, fewer than the board's 56 or 64 squares, so
squares come 5 files by 4 ranks at a time, laid out like the board: first where most of what may
be tapped is, and arrows (`step` buttons) to the board's corners (parts of 5 by 4 that overlap in
the middle files). Where every square that matters fits in one box of 5 files, it is shown whole.

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

from catalogue import N_, tr
from games.mars import Draw, Move, Place, SetObjective, Swap, SwapSlots, landing_groups, slot_text
from games.mars_view import PRIVATE, UNCHOSEN, LastAction, MarsSeatView, MarsView
from renderers.mars_words import RULE_LABELS, SLOT_STATUS_WORDS, status_word
from renderers.words import colour_name, pyramid_name

from ..components import MatchButton
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, pyramid_text

VARIANT_NAMES = {
    "blind": N_("Blind Agents"),
    "black_trio": N_("Black Trio Blocks the Swap"),
    "biggest_only": N_("Only the Biggest Group Counts"),
    "size_points": N_("The Size of the Group Gives Points"),
    "no_center": N_("No Center"),
}
FIRST_PLAYER_NAMES = {"random": N_("random"), 1: N_("the host"), 2: N_("the opponent")}
FILES = "abcdefgh"
ROW_WIDTH = 5  # buttons in a row of a message's controls
PART_RANKS = 4  # a part of the board: 5 files by 4 ranks, under a row of other controls
# The board's parts, one at each corner (overlapping in the middle files), in the order a tie for
# the first one shown is settled: nearest a1 first.
PARTS = ("SW", "SE", "NW", "NE")
PART_ARROWS = {"NW": "↖", "NE": "↗", "SW": "↙", "SE": "↘"}
BACK = "turn"
SLOTS = "slots"


# --- small text helpers ------------------------------------------------------------------------


def _colour(colour: str) -> str:
    return f"{COLOUR_EMOJI[colour]} {colour_name(colour)}"


def _piece(code: str | None) -> str:
    return pyramid_text(code) if code else tr("piece")


def _slots(view: MarsView, owner: int) -> list[tuple[int, str | None]]:
    """(value, colour or None when hidden from this view) for each slot of `owner`."""
    return [(slot.value, slot.colour) for slot in view.objectives[owner].slots]


def objective_line(view: MarsView, owner: int, *, spoken: bool = False) -> str:
    """'+2 🟨 yellow · +1 🟩 green · 0 ❔ · −1 🟦 blue (public: +2, −1)'; `spoken`: plain words for
    a screen reader ('+2 yellow, +1 green (only you see), 0 hidden, ...'; 'not chosen yet')."""
    if spoken:
        slots = view.objectives[owner].slots
        if slots and slots[0].status == UNCHOSEN:  # the whole objective is chosen at once
            # a draft (a prompt's preview), or the one offered to the reader while they choose
            offered = view.suggested_objective if view.seat == owner else None
            colours = [slot.colour for slot in slots] if slots[0].colour else offered
            if not colours:
                return status_word(slots[0])
            draft = ", ".join(
                f"{slot_text(slot.value)} {colour_name(c)}" for slot, c in zip(slots, colours, strict=True)
            )
            return f"{draft} ({status_word(slots[0])})"
        return ", ".join(
            f"{slot_text(slot.value)} {colour_name(slot.colour)}"
            + (f" ({status_word(slot)})" if slot.status == PRIVATE else "")
            if slot.colour
            else f"{slot_text(slot.value)} {status_word(slot)}"
            for slot in slots
        )
    parts = [
        f"**{slot_text(value)}** {_colour(colour) if colour else '❔'}"
        for value, colour in _slots(view, owner)
    ]
    public = view.objectives[owner].public
    if not public or len(public) == len(parts) or view.seat is None:
        return " · ".join(parts)
    return tr(
        "{slots} (public: {values})", slots=" · ".join(parts), values=", ".join(slot_text(v) for v in public)
    )


def _piece_words(code: str) -> str:
    """'🟩 large green': a piece in words, without its notation."""
    return f"{COLOUR_EMOJI.get(code[0], '')} {pyramid_name(code)}".strip()


def _group_sentence(group: dict, *, named: bool) -> str:
    """Where a piece put down stands among its colour ('Its group then has 5 pieces (11 pips) and
    scores'), from the engine's facts; `named`: say which piece (a swap puts down two)."""
    values = {"count": group["count"], "pips": group["pips"], "piece": _piece_words(group["piece"])}
    if group["count"] == 1:
        if named:
            return tr("The {piece} then touches no other piece of its colour", **values)
        return tr("It then touches no other piece of its colour", **values)
    if group["scores"]:
        if named:
            return tr("The {piece}'s group then has {count} pieces ({pips} pips) and scores", **values)
        return tr("Its group then has {count} pieces ({pips} pips) and scores", **values)
    if named:
        return tr("The {piece}'s group then has {count} pieces ({pips} pips), not scoring yet", **values)
    return tr("Its group then has {count} pieces ({pips} pips), not scoring yet", **values)


def _read_draft(view: MarsView, text: str) -> tuple[str, int] | None:
    """An objective draft carried by a button: (the colours from the highest slot down, how many
    slots from the top are decided); None if `text` is no draft of this objective."""
    order, _, decided = text.partition(" ")
    if sorted(order) != sorted(view.colours) or not (decided or "0").isdigit():
        return None
    if int(decided or 0) > len(order):
        return None
    return order, int(decided or 0)


def _part_rows(view: MarsView, part: str) -> list[list[str]]:
    """The squares of a part of the board (5 files by 4 ranks in a corner) as rows, top rank first."""
    files = FILES[: view.files]
    columns = files[:ROW_WIDTH] if part[1] == "W" else files[-ROW_WIDTH:]
    top = view.ranks if part[0] == "N" else PART_RANKS
    return [[f"{file}{rank}" for file in columns] for rank in range(top, top - PART_RANKS, -1)]


def _in_part(view: MarsView, part: str, square: str) -> bool:
    return any(square in row for row in _part_rows(view, part))


def _parts_holding(view: MarsView, squares: set[str]) -> dict[str, int]:
    """The parts holding some of `squares`, and how many each holds."""
    counts = {part: sum(s in squares for row in _part_rows(view, part) for s in row) for part in PARTS}
    return {part: count for part, count in counts.items() if count}


def _part_label(view: MarsView, part: str) -> str:
    rows = _part_rows(view, part)
    return f"{PART_ARROWS[part]} {rows[-1][0]}–{rows[0][-1]}"


def _box(view: MarsView, squares: set[str], max_rows: int) -> list[list[str]] | None:
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


def _shown(
    view: MarsView, targets: set[str], max_rows: int, asked: str
) -> tuple[list[list[str]], str | None]:
    """The squares to show for choosing among `targets`, and the part they are (None: every target
    fits in one box of at most 5 files by `max_rows` ranks, shown whole). The part `asked` for if it
    holds a target, else the one holding most."""
    rows = _box(view, targets, max_rows)
    if rows is not None:
        return rows, None
    counts = _parts_holding(view, targets)
    part = asked if asked in counts else max(counts, key=counts.get)
    return _part_rows(view, part), part


def _busiest_window(view: MarsView, targets: set[str]) -> list[list[str]]:
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


def _grid_label(board: dict[str, str], square: str) -> str:
    """What a square's button shows: the piece on it ('🟥3': colour and pips), else its name."""
    code = board.get(square)
    return f"{COLOUR_EMOJI[code[0]]}{code[1]}" if code else square


def _grid(view: MarsView, rows: list[list[str]], first_row: int, button) -> list[discord.ui.Item]:
    """Squares laid out like the board, a row of buttons per rank from `first_row` on:
    `button(square, label, row)` makes each one."""
    return [
        button(square, _grid_label(view.board, square), first_row + index)
        for index, row in enumerate(rows)
        for square in row
    ]


def _start(action: Move | Swap) -> str:
    return action.origin if isinstance(action, Move) else action.initiator


def _direction(origin: str, target: str) -> str:
    if origin[0] == target[0]:
        return "↑" if int(target[1:]) > int(origin[1:]) else "↓"
    return "→" if target[0] > origin[0] else "←"


class MarsPresenter(Presenter):
    public_controls = False  # moves are made in private prompts
    hand_label = N_("My objective")

    def __init__(self, game) -> None:
        super().__init__(game)
        # A prompt reads the legal actions several times over: each notation is parsed once.
        self._parse = lru_cache(maxsize=4096)(game.parse_action)

    # --- texts ---------------------------------------------------------------------------------

    def chapter(self, scene: Scene) -> str:
        """Choosing objectives, then play (the match's one long phase)."""
        return "objectives" if scene.public.phase == "setup" else "play"  # a stored key, never shown

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
        if scene.public.phase == "setup":
            return tr("Both agents: choose your secret objective in your DMs (or with **Play** below).")
        return tr("Your objectives are dealt from the deck — check your DMs.")

    def seat_lines(self, scene: Scene) -> list[str]:
        """Each agent, their objective as far as the table knows it, and at the end their score."""
        view = scene.public
        lines = []
        for seat in range(len(scene.names)):
            player = f"**{scene.label(seat)}**"
            if view.phase == "setup":
                chosen = view.objectives[seat].chosen
                objective = tr("objective chosen") if chosen else tr(SLOT_STATUS_WORDS[UNCHOSEN])
                lines.append(tr("{player} · {objective}", player=player, objective=objective))
            elif view.phase == "over":
                total = view.scoring.totals[seat]
                lines.append(
                    tr(
                        "{player} · **{points}** points · {objective}",
                        player=player,
                        points=total,
                        objective=objective_line(view, seat),
                    )
                )
            else:
                marker = "▶️ " if seat in view.to_move else ""
                line = tr("{player} · {objective}", player=player, objective=objective_line(view, seat))
                lines.append(marker + line)
        return lines

    def legend(self, scene: Scene) -> str:
        view = scene.public
        letters = ", ".join(f"{colour} {colour_name(colour)}" for colour in view.colours + "K")
        lines = [
            tr(
                "On the board: letters are colours ({letters}); dots are pips (1 small, 2 medium, 3 large).",
                letters=letters,
            ),
            tr("Cyan frame and arrow: the last move. ❔: an objective slot still hidden."),
        ]
        if view.suggested:  # a tutorial's board
            lines.append(tr("Pink dashed frames: the suggested move."))
        return "\n".join(lines)

    def private_text(self, scene: Scene, seat: int, mine: MarsSeatView) -> str:
        if not mine.objectives[seat].chosen:
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
        return self._status(scene.names, scene.public, piece=pyramid_text)

    @staticmethod
    def _status(names: tuple[str, ...], view: MarsView, *, piece) -> str:
        """The turn, the bag, the blacks, whether objective swaps are open and the piece drawn
        (named by `piece`), or who is still choosing an objective."""
        if view.phase == "setup":
            waiting = ", ".join(names[seat] for seat in view.to_move)
            return tr("Choosing secret objectives — waiting for {waiting}.", waiting=waiting)
        counts = {"turn": view.turn, "bag": view.bag_count, "blacks": view.blacks_on_board}
        if view.objective_swaps_open:
            line = tr(
                "Turn {turn} · bag {bag} · black on the board {blacks} · objective swaps open", **counts
            )
        else:
            line = tr(
                "Turn {turn} · bag {bag} · black on the board {blacks} · objective swaps closed", **counts
            )
        if view.drawn:
            line += " · " + tr("drawn, to place: {piece}", piece=piece(view.drawn))
        return line

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        """The action as a verb phrase. `done`: the match already shows its result."""
        return self._phrase(scene, seat, action, done=done, piece=_piece)

    def _phrase(self, scene: Scene, seat: int, action: str, *, done: bool, piece) -> str:
        """The action in words, naming pieces with `piece` (with or without their colour's emoji)."""
        parsed = self.game.parse_action(action)
        board = scene.public.board
        if isinstance(parsed, SwapSlots):
            slots = {"high": slot_text(parsed.high), "low": slot_text(parsed.low)}
            owner = scene.public.swaps_slots_of[seat]
            if owner != seat:
                return tr(
                    "swapped objective slots {high} and {low} of {player}'s objective",
                    player=scene.label(owner),
                    **slots,
                )
            return tr("swapped objective slots {high} and {low}", **slots)
        if isinstance(parsed, Draw):
            return tr("drew a piece from the bag")
        if isinstance(parsed, Place):
            return tr("placed the {piece} on {square}", piece=piece(str(parsed.piece)), square=parsed.square)
        if isinstance(parsed, Move):
            return tr(
                "moved the {piece} {origin} → {target}",
                piece=piece(board.get(parsed.target if done else parsed.origin)),
                origin=parsed.origin,
                target=parsed.target,
            )
        if isinstance(parsed, Swap):
            mover, other = parsed.target, parsed.initiator
            if not done:
                mover, other = other, mover
            return tr(
                "swapped the {piece} on {origin} with the {other} on {target}",
                piece=piece(board.get(mover)),
                origin=parsed.initiator,
                other=piece(board.get(other)),
                target=parsed.target,
            )
        return tr("set a secret objective")

    def explain(self, scene: Scene, seat: int, action: str, events: list[str]) -> str:
        """What the move does and where it leaves the pieces it puts down among their colour, from
        the engine's facts: 'puts the 🟩 large green on c4. Its group then has 5 pieces (11 pips)
        and scores'. A draw's piece is chance: unsaid."""
        parsed = self.game.parse_action(action)
        if isinstance(parsed, SetObjective):
            slots = ", ".join(f"{slot_text(value)} {_colour(colour)}" for value, colour in parsed.slots)
            return tr(
                "sets your secret objective: {slots}. At the end each colour's points count times its slot",
                slots=slots,
            )
        if isinstance(parsed, SwapSlots):
            return self._slot_swap_explained(scene, seat, events)
        if isinstance(parsed, Draw):
            return tr("draws a piece from the bag at random. You then choose an empty square for it")
        board = scene.public.board
        effect = landing_groups(scene.public, parsed, scene.options)
        if isinstance(parsed, Place):
            what = tr(
                "puts the {piece} on {square}", piece=_piece_words(str(parsed.piece)), square=parsed.square
            )
        elif isinstance(parsed, Move):
            values = {
                "piece": _piece_words(board[parsed.origin]),
                "origin": parsed.origin,
                "target": parsed.target,
            }
            left = effect["groups"][0]["left"]
            if left:
                what = tr(
                    "moves the {piece} from {origin} to {target}, leaving its group of {count}",
                    count=left,
                    **values,
                )
            else:
                what = tr("moves the {piece} from {origin} to {target}", **values)
        else:
            what = tr(
                "swaps the {piece} on {origin} with the {other} on {target}",
                piece=_piece_words(board[parsed.initiator]),
                origin=parsed.initiator,
                other=_piece_words(board[parsed.target]),
                target=parsed.target,
            )
        sentences = [what]
        groups = effect["groups"]
        sentences += [_group_sentence(group, named=len(groups) > 1) for group in groups]
        if isinstance(parsed, Place) and not groups:
            sentences.append(tr("Black never moves and never scores"))
        if effect["closes_objective_swaps"]:
            sentences.append(tr("From then on nobody may swap objective slots"))
        if any(event.kind == "#" for event in events):
            sentences.append(tr("That fills the board: the match ends and is scored"))
        return ". ".join(sentences)

    def _slot_swap_explained(self, scene: Scene, seat: int, events: list[str]) -> str:
        """Which colours trade slots (the slots are public once swapped, so their colours may be said)."""
        facts = next(event.facts for event in events if "colours" in event.facts)
        first, second = facts["colours"]
        values = {
            "high": slot_text(facts["high"]),
            "low": slot_text(facts["low"]),
            "first": _colour(first),
            "second": _colour(second),
        }
        if facts["owner"] != seat:  # Blind Agents: one swaps the other's slots
            return tr(
                "swaps slots {high} and {low} of {player}'s objective: {first} then counts {high} for them, "
                "{second} {low}. Both slots become public",
                player=scene.label(facts["owner"]),
                **values,
            )
        return tr(
            "swaps your slots {high} and {low}: {first} then counts {high}, {second} {low}. Both slots "
            "become public",
            **values,
        )

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

    def describe(self, scene: Scene, view: MarsView, seat: int | None = None) -> str:
        """Whose turn, the objectives as `view` shows them (the reader's own hidden slots only in
        their own view), the last move and the board square by square, in plain words: pieces by
        their notation (G3: green, 3 pips), as the board's buttons and the log write them."""
        lines = [self._describe_moment(scene, view)]
        objectives = [
            tr(
                "{player}: {objective}",
                player=f"P{owner + 1}",
                objective=objective_line(view, owner, spoken=True),
            )
            for owner in range(len(scene.names))
        ]
        lines.append(tr("Objectives, slot by slot: {objectives}.", objectives="; ".join(objectives)))
        last = view.last_action
        if last and last.kind in ("place", "move", "swap"):
            action = self._phrase(scene, last.seat, _last_notation(last), done=True, piece=str)
            lines.append(tr("Last: {player} {action}.", player=f"P{last.seat + 1}", action=action))
        lines += self._suggested_lines(view)
        lines.append(
            tr(
                "Board a–{last} by 1–{ranks}, rank 1 at the bottom, {count} pieces (letter: colour, K black; "
                "digit: pips):",
                last=FILES[view.files - 1],
                ranks=view.ranks,
                count=len(view.board),
            )
        )
        for rank in range(view.ranks, 0, -1):
            here = [f"{square} {code}" for square, code in view.board.items() if int(square[1:]) == rank]
            lines.append(f"{rank}: {', '.join(here) if here else tr('empty')}")
        return "\n".join(lines)

    @staticmethod
    def _suggested_lines(view: MarsView) -> list[str]:
        """What a tutorial's picture marks as the suggested move: its squares, or its two slots."""
        mark = view.suggested
        if mark and mark.kind == "objective":
            high, low = (slot_text(value) for value in mark.slots)
            return [tr("Marked: the suggested swap of objective slots {high} and {low}.", high=high, low=low)]
        if mark and mark.squares:
            return [tr("Marked: the suggested move, {squares}.", squares=" → ".join(mark.squares))]
        return []

    def _describe_moment(self, scene: Scene, view: MarsView) -> str:
        players = ", ".join(scene.label(seat) for seat in range(len(scene.names)))
        if view.phase == "over":
            totals = view.scoring.totals
            scores = ", ".join(f"P{seat + 1} {total}" for seat, total in enumerate(totals))
            values = ", ".join(
                f"{colour_name(colour)} {value}" for colour, value in view.scoring.values.items()
            )
            return tr(
                "Agents of M.A.R.S., {players}; final board. Scores: {scores}. Points per colour, from the "
                "groups outlined: {values}.",
                players=players,
                scores=scores,
                values=values,
            )
        status = self._status(scene.names, view, piece=str)
        if view.phase == "setup":
            return tr("Agents of M.A.R.S., {players}: {status}", players=players, status=status)
        return tr(
            "Agents of M.A.R.S., {players}: {status}. To move: P{number}.",
            players=players,
            status=status,
            number=view.to_move[0] + 1 if view.to_move else "–",
        )

    def rules_alt(self) -> str:
        return "\n".join(
            (
                tr(
                    "Pieces seen from above, each with its colour's letter: a small one has 1 pip, a "
                    "medium 2, a large 3; black pieces are dark."
                ),
                tr(RULE_LABELS[0])
                + ": "
                + tr("four touching red pieces outlined together score 3+1+2+1 = 7; three greens score 0."),
                tr(RULE_LABELS[1])
                + ": "
                + tr("a large green went 3 squares in a straight line, jumping a blue and a black."),
                tr(RULE_LABELS[2])
                + ": "
                + tr("a medium red went 2 squares onto a small blue, which took its place."),
                tr(RULE_LABELS[3])
                + ": "
                + tr("a medium blue jumped over a black; blacks stay where they are."),
            )
        )

    def final_text(self, scene: Scene) -> str:
        """The result and the per-colour breakdown (the board picture outlines the scoring groups)."""
        view = scene.public
        scoring = view.scoring
        totals = scoring.totals
        names = [f"P{i + 1} {name}"[:12] for i, name in enumerate(scene.names)]
        width = max(12, *(len(n) for n in names))
        # The table's headings are padded to its columns' widths, whatever the language.
        lines = [f"{tr('Colour'):<9} {tr('V')}  " + "  ".join(n.rjust(width) for n in names)]
        for index, (colour, value) in enumerate(scoring.values.items()):
            cells = []
            for seat in (0, 1):
                row = scoring.breakdown[seat][index]
                cells.append(f"{slot_text(row.multiplier)}×{row.value}={row.points}".rjust(width))
            lines.append(f"{colour_name(colour):<7} {value:>3}  " + "  ".join(cells))
        lines.append(f"{tr('Total'):<12} " + "  ".join(str(t).rjust(width) for t in totals))
        if len(view.winners) == 2:
            head = tr("🤝 **Draw** — both agents score {score}.", score=totals[0])
        else:
            winner = view.winners[0]
            head = tr(
                "🏆 **{player} wins Agents of M.A.R.S.**, {score} to {other}!",
                player=scene.label(winner),
                score=totals[winner],
                other=totals[1 - winner],
            )
        revealed = tr(
            "All objectives are revealed. On the board, the groups that score are outlined; "
            "hollow pieces score nothing."
        )
        return f"{head}\n{revealed}\n```\n" + "\n".join(lines) + "\n```"

    # --- controls ------------------------------------------------------------------------------

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
            if carried not in _parts_holding(mine, self._empty(mine)):
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
        if carried in _parts_holding(mine, set(origins)):
            return carried
        if square in origins and (not part or (part in PARTS and _in_part(mine, part, square))):
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
                    label=f"{slot_text(value)} {_colour(colour)}",
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
        summary = " · ".join(f"**{slot_text(v)}** {_colour(c)}" for v, c in zip(values, order, strict=True))
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
        rows = _box(view, empty, ROW_WIDTH) if not choice else _part_rows(view, choice)
        if rows is None:  # the part of the board with most empty squares, and arrows to the corners
            rows = _busiest_window(view, empty)
        shown = {square for row in rows for square in row}
        others = [part for part in _parts_holding(view, empty - shown) if part != choice]
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

        items = _grid(view, rows, 0, button)
        items += [
            MatchButton(scene.claim("step", other), label=_part_label(view, other), row=len(rows))
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
            rows, part = _shown(view, set(origins), PART_RANKS, choice)
            if part:
                items += [
                    MatchButton(scene.claim("step", other), label=_part_label(view, other), row=0)
                    for other in _parts_holding(view, set(origins))
                    if other != part
                ]

            def button(square: str, label: str, row: int) -> MatchButton:
                claim = scene.claim("step", f"{square} {part}" if part else square)
                if square in origins:
                    return MatchButton(claim, label=label, style=discord.ButtonStyle.primary, row=row)
                return MatchButton(claim, label=label, disabled=True, row=row)

            items += _grid(view, rows, 1, button)
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
        colours = dict(_slots(view, owner))
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
        rows, part = _shown(view, set(origins), PART_RANKS, part)
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

        return Prompt("\n".join(lines), items + _grid(view, rows, 1, button))

    def _destination_button(
        self, scene: Scene, board: dict[str, str], origin: str, action: Move | Swap
    ) -> MatchButton:
        claim = scene.claim("act", str(action))
        if isinstance(action, Move):
            label = f"{_direction(origin, action.target)} {action.target}"
            return MatchButton(claim, label=label, style=discord.ButtonStyle.success, row=0)
        other = action.target if action.initiator == origin else action.initiator
        label = f"{_direction(origin, other)} {other} ⇄ {_grid_label(board, other)}"
        return MatchButton(claim, label=label, style=discord.ButtonStyle.success, row=0)


def _last_notation(last: LastAction) -> str:
    """The notation of the view's last move, placement or swap."""
    squares = last.squares
    if last.kind == "place":
        return f"{last.piece}@{squares[0]}"
    return f"{squares[0]}{'-' if last.kind == 'move' else 'x'}{squares[1]}"
