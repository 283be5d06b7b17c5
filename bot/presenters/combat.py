"""How Martian Combat looks and is played on Discord: the presenter, and the texts of the board.

No secrets, so the controls sit on the board for whoever must decide now (`to_move` in the view):
the player whose turn it is, or an opponent asked whether to start combat, to counter-attack or
where their defeated force goes back. Every text names that one seat as the one acting. A force's
pips are always the view's `force.pips` of its square, written beside that square. The controls
are `combat_controls`, a hint's sentences `combat_hints`, the words they share `combat_words`.
"""

from __future__ import annotations

from catalogue import N_, tr, trn
from games.combat import (
    AimStep,
    Attack,
    Counter,
    Dig,
    EndLeg,
    EnterReserve,
    Hop,
    Move,
    NoAttack,
    NoMove,
    Return,
    Swap,
    WildChoice,
)
from games.combat_views import CombatView
from renderers.combat_rules import RULE_KEY, RULE_STACKS

from ..errors import MatchError
from . import combat_controls, combat_hints
from .base import Presenter, Prompt, Scene
from .combat_words import (
    LEGEND,
    RULE_MARKS,
    VERSIONS,
    action_label,
    colour_word,
    dice_faces,
    in_order,
    phase_text,
    piece_text,
    pips_text,
    rolls_text,
    win_reason_text,
)
from .common import COLOUR_EMOJI


def _step_phrase(move: Move | AimStep) -> str:
    """A step of the move or of an Aim, as done."""
    squares = {"origin": move.origin, "target": move.target}
    if isinstance(move, AimStep) and move.whole:
        return tr("aimed the whole force {origin} → {target}", **squares)
    if isinstance(move, AimStep):
        return tr("aimed the top pyramid {origin} → {target}", **squares)
    if move.whole:
        return tr("moved the whole force {origin} → {target}", **squares)
    return tr("moved the top pyramid {origin} → {target}", **squares)


class CombatPresenter(Presenter):
    def seat_label(self, scene: Scene, seat: int) -> str:
        colour = scene.public.seats[seat].colour
        return f"{COLOUR_EMOJI[colour]} {scene.names[seat]}"

    def _colour_label(self, scene: Scene, colour: str) -> str:
        return self.seat_label(scene, scene.public.seat_of_colour[colour])

    def options_text(self, options) -> str:
        limit = options.get("rounds")  # matches stored before the option have none
        version = tr(VERSIONS[options["version"]])
        if limit:
            return tr(
                "version: {version}; ends after {limit} rounds (most caps wins)", version=version, limit=limit
            )
        return tr("version: {version}", version=version)

    def start_line(self, scene: Scene) -> str:
        view = scene.public
        homes = "; ".join(
            tr(
                "{player} from {start} to {home}",
                player=self.seat_label(scene, i),
                start="/".join(s.start),
                home="/".join(s.home),
            )
            for i, s in enumerate(view.seats)
        )
        rolls = [
            ", ".join(
                f"{self._colour_label(scene, colour)} {dice_faces(roll)}"
                for colour, roll in entry.facts["rolls"]
            )
            for entry in view.last
            if entry.text.startswith("FIRST ")
        ]
        line = tr("Build an L-M-S tree of your colour on both home squares. {homes}.", homes=homes)
        if rolls:
            line += "\n" + tr(
                "Rolls for the first turn: {rolls}.", rolls=in_order(rolls, N_("{earlier} · then {later}"))
            )
        return line

    # --- the board's text

    @staticmethod
    def _seat_facts(view: CombatView, seat: int) -> list[str]:
        """What the table knows of a seat, in words: its goal, caps, and in Advanced its losses and reserve."""
        info = view.seats[seat]
        facts = [
            tr("goal {squares}", squares=" ".join(info.home)),
            tr("caps {caps}/{total}", caps=info.caps, total=len(info.home)),
        ]
        if view.version == "advanced":
            small, medium, large = info.removed
            facts.append(
                tr("lost S {small} · M {medium} · L {large}", small=small, medium=medium, large=large)
            )
            if info.reserve:
                facts.append(tr("reserve waits on {square}", square=info.reserve))
            elif not info.eliminated:
                facts.append(tr("reserve in play"))
        if info.eliminated:
            facts.append(tr("out"))
        return facts

    def seat_lines(self, scene: Scene) -> list[str]:
        view = scene.public
        lines = []
        for seat in range(len(scene.names)):
            mark = "👉 " if seat == view.deciding else "🏆 " if seat in view.winners else ""
            facts = " · ".join(self._seat_facts(view, seat))
            lines.append(f"{mark}**{self.seat_label(scene, seat)}** · {facts}")
        return lines

    def legend(self, scene: Scene) -> str:
        items = [tr(item) for item in LEGEND]
        if scene.public.suggested:  # a tutorial's board
            items.append(tr("dashed white: the suggested move"))
        return " · ".join(items)

    def _progress_parts(self, view: CombatView) -> list[str]:
        """The turn, the round limit, this turn's action die and Aim: the first line of the status."""
        parts = [tr("Turn {turn}", turn=view.turn)]
        if view.turns_left is not None:
            left = view.turns_left
            parts.append(
                trn(
                    "{left} turns left ({limit}-round limit)",
                    "{left} turns left ({limit}-round limit)",
                    left,
                    left=left,
                    limit=view.round_limit,
                )
            )
        action = view.action
        if action and action.roll:
            parts.append(
                tr(
                    "action die {die} {action}",
                    die=dice_faces(action.roll),
                    action=action_label(action.effective),
                )
            )
        if view.aim:
            left, budget = view.aim.left, view.aim.budget
            parts.append(
                trn(
                    "Aim: {left} of {budget} steps left",
                    "Aim: {left} of {budget} steps left",
                    budget,
                    left=left,
                    budget=budget,
                )
            )
        return parts

    def _combat_line(self, view: CombatView) -> str:
        """While a counter-attack is being decided: round 1's totals, pips + die."""
        combat = view.combat
        if view.phase != "counter" or not combat:
            return ""
        attack, defence = combat.totals.rolls[0]
        return tr(
            "Round 1: {origin} {attack} against {target} {defence} (pips + die).",
            origin=combat.origin,
            target=combat.target,
            attack=attack,
            defence=defence,
        )

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        lines = [" · ".join(self._progress_parts(view))]
        if view.deciding is not None:
            lines.append(phase_text(view, self.seat_label(scene, view.deciding)))
            lines.append(self._combat_line(view))
        return "\n".join(line for line in lines if line)

    def describe(self, scene: Scene, view: CombatView, seat: int | None = None) -> str:
        lines = [
            tr(
                "Martian Combat, {version}, 6 by 6 board seen from the South. {progress}.",
                version=tr(VERSIONS[view.version]),
                progress=", ".join(self._progress_parts(view)),
            )
        ]
        for index, info in enumerate(view.seats):
            player = f"{colour_word(info.colour)} {scene.names[index]}"
            lines.append(f"{player}: {', '.join(self._seat_facts(view, index))}.")
        if view.deciding is not None:
            lines.append(phase_text(view, scene.names[view.deciding]))
            lines.append(self._combat_line(view))
        elif view.winners:
            lines.append(self.final_text(scene).replace("*", "").removeprefix("🏆 "))
        stacks = []
        for square, spot in sorted(view.board.items(), key=lambda item: (-int(item[0][1]), item[0][0])):
            if spot.capped:
                state = tr("capped")
            elif spot.reserve:
                state = tr("reserve, frozen")
            else:
                state = pips_text(spot.force.pips)
            stacks.append(f"{square} {' '.join(spot.stack)} ({state})")
        lines.append(
            tr(
                "Stacks, bottom to top, colour letter and pips, force in brackets: {stacks}.",
                stacks="; ".join(stacks),
            )
        )
        lines.append(tr("Blocked: {squares}.", squares=" ".join(view.blocked)))
        if view.last_marks.squares:
            lines.append(tr("Last actions on {squares}.", squares=" ".join(view.last_marks.squares)))
        if view.suggested:  # a tutorial's suggested move (the engine's `marks`)
            lines.append(tr("Suggested move on {squares}.", squares=" ".join(view.suggested.squares)))
        return "\n".join(line for line in lines if line)

    def rules_alt(self) -> str:
        marks = [mark for mark, _ in RULE_KEY] + [name for _, name in RULE_STACKS]
        labels = [label for _, label in RULE_KEY] + [name for _, name in RULE_STACKS]
        return "\n".join(
            f"{tr(label)}: {tr(RULE_MARKS[mark])}." for mark, label in zip(marks, labels, strict=True)
        )

    # --- controls

    def prompt(self, scene: Scene, seat: int, mine: CombatView, choice: str = "") -> Prompt:
        return combat_controls.prompt(scene, mine, self.seat_label(scene, seat), choice)

    def check_step(self, scene: Scene, seat: int, mine: CombatView, carried: str) -> str:
        return combat_controls.check_step(mine, carried)

    def check_pick(self, scene: Scene, seat: int, mine: CombatView, values: list[str], carried: str) -> str:
        """A menu of first parts, as boards posted before the step buttons had them."""
        if len(values) != 1:
            raise MatchError("Choose one option.")
        return self.check_step(scene, seat, mine, values[0].strip())

    # --- texts

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        move = self.game.parse_action(action)
        if isinstance(move, NoMove):
            return tr("didn't move")
        if isinstance(move, EndLeg):
            return tr("ended the leg")
        if isinstance(move, (Move, AimStep)):
            return _step_phrase(move)
        if isinstance(move, NoAttack):
            return tr("declined to fight")
        if isinstance(move, Attack):
            return tr("attacked {target} from {origin}", target=move.target, origin=move.origin)
        if isinstance(move, Counter):
            return tr("counter-attacked") if move.declared else tr("let round 1 stand")
        if isinstance(move, Return):
            return tr("put the defeated force back on {square}", square=move.square)
        if isinstance(move, EnterReserve):
            return tr("brought the reserve nest in on {square}", square=move.square)
        if isinstance(move, WildChoice):
            return tr("chose {action} (Wild)", action=action_label(move.action))
        if isinstance(move, Swap):
            return tr("swapped {mine} with {theirs}", mine=str(move.mine), theirs=str(move.theirs))
        if isinstance(move, Hop):
            arrow = "⇒" if move.whole else "→"
            return tr("hopped {origin} {arrow} {target}", origin=move.origin, arrow=arrow, target=move.target)
        if isinstance(move, Dig):
            return tr("dug {mine} under {theirs}", mine=str(move.mine), theirs=str(move.theirs))
        return tr("played {action}", action=action)

    def describe_events(self, scene: Scene, events: list) -> list[str]:
        lines = []
        for event in events:
            line = self._event_line(scene, event.kind, event.facts)
            if line:
                lines.append(line)
        return lines

    def _event_line(self, scene: Scene, kind: str, facts: dict) -> str | None:
        if kind == "X" and "rolls" in facts:
            return tr(
                "⚔️ Combat {origin} → {target}: rolls {rolls}.",
                origin=facts["origin"],
                target=facts["target"],
                rolls=rolls_text(facts["rolls"]),
            )
        if kind == "C" and "rolls" in facts:
            return tr("Counter-attack rolls {rolls}.", rolls=rolls_text(facts["rolls"]))
        if kind == "T":
            return tr("Tie-break {rolls}.", rolls=rolls_text(facts["rolls"]))
        if kind == "WINNER":
            return tr("The force from {square} wins the combat.", square=facts["square"])
        if kind == "RET":
            return tr("The defeated force goes back to {square}.", square=facts["square"])
        if kind == "RES":
            return tr("A reserve nest enters on {square}.", square=facts["square"])
        if "roll" in facts:
            words = {"die": dice_faces(facts["roll"]), "action": action_label(facts["action"])}
            if facts["rerolled"]:
                return tr("Action die {die} {action}: not possible, rolling again.", **words)
            return tr("Action die {die} {action}.", **words)
        if kind == "SKIP":
            return tr("No action is possible: the action step is skipped.")
        if kind == "TIP":
            return tr("🔄 Tip: every stack of 2 or more turns upside down.")
        if kind == "HP" and facts.get("rolls"):
            rolls = in_order([rolls_text(pair) for pair in facts["rolls"]], N_("{earlier} then {later}"))
            return tr("Hop roll-off: {rolls}.", rolls=rolls)
        if "budget" in facts:
            budget = facts["budget"]
            return trn(
                "🎯 Aim: {die} {count} steps.",
                "🎯 Aim: {die} {count} steps.",
                budget,
                die=dice_faces(budget),
                count=budget,
            )
        if kind == "CAP":
            return tr("🏁 A tree is capped on {square}!", square=facts["square"])
        if kind == "REMOVED":
            return tr("{piece} leaves the game.", piece=piece_text(facts["pyramids"][0]))
        if kind == "ELIMINATED":
            return tr(
                "{player} is out of pyramids and eliminated.",
                player=self._colour_label(scene, facts["colour"]),
            )
        if kind == "TURN":
            return tr(
                "**Turn {turn}** begins for {player}.",
                turn=facts["turn"],
                player=self._colour_label(scene, facts["colour"]),
            )
        return None

    # --- hints: what a suggested move does, and why

    def explain(self, scene: Scene, seat: int, action: str, events: list[str]) -> str:
        return combat_hints.explain(scene.public, seat, self.game.parse_action(action), events)

    def final_text(self, scene: Scene) -> str:
        view = scene.public
        winners = [f"**{self.seat_label(scene, seat)}**" for seat in view.winners]
        joined = in_order(winners, N_("{earlier} and {later}")) if winners else ""
        count = len(winners) if len(winners) > 1 else 1
        return trn(
            "🏆 {winners} wins Martian Combat ({reason})!",
            "🏆 {winners} win Martian Combat ({reason})!",
            count,
            winners=joined,
            reason=win_reason_text(view.win_reason),
        )
