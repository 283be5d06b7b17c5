"""How Martian Combat looks and is played on Discord.

No secrets, so the controls sit on the board for whoever must decide now: the
player whose turn it is, or an opponent asked whether to start combat, to counter-attack or where
their defeated force goes back. Choices with two parts (which unit, then where; which of your
pyramids, then which of theirs) start on the board and finish in an ephemeral message; the first
part travels in the custom_id as a prefix of the action's notation ("M c1-", "SW R2@b3").
"""

from __future__ import annotations

import discord

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
from games.pieces import COLOUR_NAMES, SIZE_NAMES
from renderers.combat import win_reason_text

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, chunks
from .senet import DIE_FACES

ACTION_NAMES = {"tip": "Tip", "swap": "Swap", "hop": "Hop", "dig": "Dig", "aim": "Aim", "wild": "Wild"}
VERSIONS = {
    "standard": "Standard",
    "simple": "Simple (centre open)",
    "advanced": "Advanced (3 sets, reserves)",
}
PHASE_TEXT = {
    "move": "may move one step (or skip)",
    "offer": "may attack",
    "reply": "may start combat",
    "counter": "may counter-attack",
    "return": "chooses where the defeated force goes back",
    "reserve": "chooses where the reserve nest enters",
    "wild": "chooses an action (Wild)",
    "action": "carries out the action",
    "aim": "is aiming",
}


def _dice(*values: int | str) -> str:
    return "".join(DIE_FACES[int(v)] for v in values)


def _pair(rolls: list[int]) -> str:
    mine, theirs = rolls
    return f"{_dice(mine)} vs {_dice(theirs)}"


def _stack_text(view: dict, square: str) -> str:
    spot = view["board"].get(square)
    if not spot:
        return "empty"
    return " ".join(f"{COLOUR_EMOJI[p[0]]}{p[1]}" for p in spot["stack"])


def _piece_text(code: str) -> str:
    return f"{SIZE_NAMES[int(code[1])]} {COLOUR_NAMES[code[0]]}"


def _act(scene: Scene, action: str, label: str, row: int, style=discord.ButtonStyle.success) -> MatchButton:
    return MatchButton(scene.claim("act", action), label=label[:80], style=style, row=row)


def _menus(scene: Scene, kind: str, placeholder: str, options: list[tuple[str, str]], first_row: int) -> list:
    return [
        MatchSelect(
            scene.claim(kind, f"{kind}{index}"),
            placeholder=placeholder,
            options=[discord.SelectOption(label=label[:100], value=value) for label, value in group],
            row=first_row + index,
        )
        for index, group in enumerate(chunks(options)[: 5 - first_row])
    ]


class CombatPresenter(Presenter):
    def seat_label(self, scene: Scene, seat: int) -> str:
        colour = scene.public["seats"][seat]["colour"]
        return f"{COLOUR_EMOJI[colour]} {scene.names[seat]}"

    def _colour_label(self, scene: Scene, colour: str) -> str:
        seat = next(i for i, s in enumerate(scene.public["seats"]) if s["colour"] == colour)
        return self.seat_label(scene, seat)

    def options_text(self, options) -> str:
        limit = options.get("rounds")  # matches stored before the option have none
        rounds = f"; ends after {limit} rounds (most caps wins)" if limit else ""
        return f"version: {VERSIONS[options['version']]}{rounds}"

    def start_line(self, scene: Scene) -> str:
        view = scene.public
        homes = "; ".join(
            f"{self.seat_label(scene, i)} from {'/'.join(s['start'])} to {'/'.join(s['home'])}"
            for i, s in enumerate(view["seats"])
        )
        rolls = [
            ", ".join(
                f"{self._colour_label(scene, colour)} {_dice(roll)}"
                for colour, roll in entry["facts"]["rolls"]
            )
            for entry in view["last"]
            if entry["text"].startswith("FIRST ")
        ]
        first = f"\nRolls for the first turn: {' · then '.join(rolls)}." if rolls else ""
        return f"Build an L-M-S tree of your colour on both home squares. {homes}.{first}"

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        deciding = view["to_move"][0]
        parts = [f"Turn {view['turn']} · {self.seat_label(scene, view['current'])} to play"]
        if view.get("turns_left") is not None:
            parts.append(f"{view['turns_left']} turns left ({view['round_limit']}-round limit)")
        if view["action"] and view["action"]["roll"]:
            parts.append(
                f"action die {_dice(view['action']['roll'])} {ACTION_NAMES.get(view['action']['name'], '')}"
            )
        if view["aim"]:
            parts.append(f"Aim: {view['aim']['left']} of {view['aim']['budget']} steps left")
        line = " · ".join(parts)
        return f"{line}\n{self.seat_label(scene, deciding)} {PHASE_TEXT.get(view['phase'], 'decides')}."

    # --- controls

    def _first_part_label(self, view: dict, choice: dict) -> str:
        if "mine" in choice:
            return f"Your {_piece_text(choice['mine']['pyramid'])} on {choice['mine']['square']}"
        square = choice["origin"]
        spot = view["board"][square]["stack"]
        unit = "the whole force" if choice["whole"] else f"the {_piece_text(spot[-1])} on top"
        return f"{square}: {unit} ({_stack_text(view, square)})"

    def _second_part_label(self, view: dict, choice: dict) -> str:
        if "theirs" in choice:
            code, square = choice["theirs"]["pyramid"], choice["theirs"]["square"]
            verb = "Swap with" if choice["kind"] == "SW" else "Dig under"
            return f"{verb} the {_piece_text(code)} on {square} ({_stack_text(view, square)})"
        return f"→ {choice['target']} ({_stack_text(view, choice['target'])})"

    def _simple_label(self, view: dict, choice: dict) -> str:
        """Labels for one-click decisions."""
        action, kind = choice["action"], choice["kind"]
        if action == "M -":
            return "Skip the move"
        if action == "X -":
            return "Don't attack" if view["phase"] == "offer" else "Don't start combat"
        if kind == "X":
            mine, theirs = choice["origin"], choice["target"]
            target = theirs if view["phase"] == "offer" else mine
            pips = next(
                (t["pips"] for t in (view["offer"] or {}).get("targets", []) if t["square"] == target), None
            )
            where = f"Attack {theirs}" if view["phase"] == "offer" else f"Attack {theirs} from {mine}"
            return f"{where} ({pips} pips)" if pips is not None else where
        if action == "C":
            return "Counter-attack"
        if action == "C -":
            return "Let round 1 stand"
        if kind == "RET":
            return f"Back to {choice['square']} ({_stack_text(view, choice['square'])})"
        if kind == "RES":
            return f"Reserve enters on {choice['square']}"
        if kind == "W":
            return ACTION_NAMES[choice["chosen"]]
        if action == "AM /":
            return "End this leg" if (view["aim"] or {}).get("leg") else "Finish aiming"
        return action

    def prompt(self, scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
        view = mine
        if choice:
            seconds = [c for c in mine["choices"] if c.get("first") == choice]
            labelled = [(self._second_part_label(view, c), c["action"]) for c in seconds]
            text = f"{self._first_part_label(view, seconds[0])}: choose."
            if len(labelled) <= 20:
                return Prompt(
                    text, [_act(scene, action, label, i // 5) for i, (label, action) in enumerate(labelled)]
                )
            return Prompt(text, _menus(scene, "do", "Choose", labelled, 0))

        firsts: dict[str, dict] = {}
        singles = []
        for option in mine["choices"]:
            if "first" in option:
                firsts.setdefault(option["first"], option)
            else:
                singles.append(option)
        items: list[discord.ui.Item] = [
            _act(scene, option["action"], self._simple_label(view, option), i // 5)
            for i, option in enumerate(singles[:10])
        ]
        first_row = -(-len(items) // 5)
        kinds = {option["kind"] for option in firsts.values()}
        placeholder = {
            "M": "Move one step: choose what moves",
            "AM": "Aim: choose what steps",
            "HP": "Hop: choose what hops",
            "SW": "Swap: choose your pyramid",
            "DG": "Dig: choose your pyramid",
        }.get(next(iter(kinds), ""), "Choose")
        options = [(self._first_part_label(view, option), first) for first, option in firsts.items()]
        items += _menus(scene, "pick", placeholder, options, first_row)
        return Prompt(f"{self.seat_label(scene, seat)}, {PHASE_TEXT.get(view['phase'], 'decide')}.", items)

    def check_pick(self, scene: Scene, seat: int, mine: dict, values: list[str], carried: str) -> str:
        if len(values) != 1:
            raise MatchError("Choose one option.")
        choice = values[0]
        if not choice.split() or choice.split()[0] not in ("M", "HP", "AM", "SW", "DG"):
            raise MatchError("That choice isn't one of the options.")
        if not any(option.get("first") == choice for option in mine["choices"]):
            raise MatchError("That isn't possible any more; look at the latest board.")
        return choice

    # --- texts

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        move = self.game.parse_action(action)
        if isinstance(move, NoMove):
            return "didn't move"
        if isinstance(move, EndLeg):
            return "ended the leg"
        if isinstance(move, (Move, AimStep)):
            unit = "whole force" if move.whole else "top pyramid"
            return f"{'aimed' if isinstance(move, AimStep) else 'moved'} the {unit} {move.origin} → {move.target}"
        if isinstance(move, NoAttack):
            return "declined to fight"
        if isinstance(move, Attack):
            return f"attacked {move.target} from {move.origin}"
        if isinstance(move, Counter):
            return "counter-attacked" if move.declared else "let round 1 stand"
        if isinstance(move, Return):
            return f"put the defeated force back on {move.square}"
        if isinstance(move, EnterReserve):
            return f"brought the reserve nest in on {move.square}"
        if isinstance(move, WildChoice):
            return f"chose {ACTION_NAMES[move.action]} (Wild)"
        if isinstance(move, Swap):
            return f"swapped {move.mine} with {move.theirs}"
        if isinstance(move, Hop):
            return f"hopped {move.origin} {'⇒' if move.whole else '→'} {move.target}"
        if isinstance(move, Dig):
            return f"dug {move.mine} under {move.theirs}"
        return f"played {action}"

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        lines = []
        for event in events:
            kind, facts = event.kind, event.facts
            if kind == "X" and "rolls" in facts:
                lines.append(
                    f"⚔️ Combat {facts['origin']} → {facts['target']}: rolls {_pair(facts['rolls'])}."
                )
            elif kind == "C" and "rolls" in facts:
                lines.append(f"Counter-attack rolls {_pair(facts['rolls'])}.")
            elif kind == "T":
                lines.append(f"Tie-break {_pair(facts['rolls'])}.")
            elif kind == "WINNER":
                lines.append(f"The force from {facts['square']} wins the combat.")
            elif kind == "RET":
                lines.append(f"The defeated force goes back to {facts['square']}.")
            elif kind == "RES":
                lines.append(f"A reserve nest enters on {facts['square']}.")
            elif "roll" in facts:
                name = ACTION_NAMES[facts["action"]]
                lines.append(
                    f"Action die {_dice(facts['roll'])} {name}"
                    + (": not possible, rolling again." if facts["rerolled"] else ".")
                )
            elif kind == "SKIP":
                lines.append("No action is possible: the action step is skipped.")
            elif kind == "TIP":
                lines.append("🔄 Tip: every stack of 2 or more turns upside down.")
            elif kind == "HP" and facts.get("rolls"):
                lines.append(f"Hop roll-off: {' then '.join(_pair(pair) for pair in facts['rolls'])}.")
            elif "budget" in facts:
                lines.append(f"🎯 Aim: {_dice(facts['budget'])} {facts['budget']} steps.")
            elif kind == "CAP":
                lines.append(f"🏁 A tree is capped on {facts['square']}!")
            elif kind == "REMOVED":
                lines.append(f"{_piece_text(facts['pyramids'][0])} leaves the game.")
            elif kind == "ELIMINATED":
                lines.append(
                    f"{self._colour_label(scene, facts['colour'])} is out of pyramids and eliminated."
                )
            elif kind == "TURN":
                lines.append(
                    f"**Turn {facts['turn']}**: {self._colour_label(scene, facts['colour'])} to play."
                )
        return lines

    def final_text(self, scene: Scene) -> str:
        view = scene.public
        winners = " and ".join(f"**{self.seat_label(scene, seat)}**" for seat in view["winners"])
        verb = "win" if len(view["winners"]) > 1 else "wins"
        return f"🏆 {winners} {verb} Martian Combat ({win_reason_text(view['win_reason'])})!"
