"""How Agents of M.A.R.S. looks on Discord: the texts of a match (the move controls are
`mars_controls`, the board's buttons `mars_board_parts`, shared wordings `mars_words`)."""

from __future__ import annotations

from catalogue import N_, tr
from games.mars import Draw, Move, Place, SetObjective, Swap, SwapSlots, landing_groups, slot_text
from games.mars_views import UNCHOSEN, MarsSeatView, MarsView
from renderers.mars_words import RULE_LABELS, SLOT_STATUS_WORDS
from renderers.words import colour_name

from .base import Scene
from .common import pyramid_text
from .mars_board_parts import FILES
from .mars_controls import MarsControls
from .mars_words import colour_label, group_sentence, last_notation, objective_line, piece_label, piece_words

VARIANT_NAMES = {
    "blind": N_("Blind Agents"),
    "black_trio": N_("Black Trio Blocks the Swap"),
    "biggest_only": N_("Only the Biggest Group Counts"),
    "size_points": N_("The Size of the Group Gives Points"),
    "no_center": N_("No Center"),
}
FIRST_PLAYER_NAMES = {"random": N_("random"), 1: N_("the host"), 2: N_("the opponent")}


class MarsPresenter(MarsControls):
    public_controls = False  # moves are made in private prompts
    hand_label = N_("My objective")

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
        return self._phrase(scene, seat, action, done=done, piece=piece_label)

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
            slots = ", ".join(f"{slot_text(value)} {colour_label(colour)}" for value, colour in parsed.slots)
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
                "puts the {piece} on {square}", piece=piece_words(str(parsed.piece)), square=parsed.square
            )
        elif isinstance(parsed, Move):
            values = {
                "piece": piece_words(board[parsed.origin]),
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
                piece=piece_words(board[parsed.initiator]),
                origin=parsed.initiator,
                other=piece_words(board[parsed.target]),
                target=parsed.target,
            )
        sentences = [what]
        groups = effect["groups"]
        sentences += [group_sentence(group, named=len(groups) > 1) for group in groups]
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
            "first": colour_label(first),
            "second": colour_label(second),
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
                        first=colour_label(first),
                        low=slot_text(facts["low"]),
                        second=colour_label(second),
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
            action = self._phrase(scene, last.seat, last_notation(last), done=True, piece=str)
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
