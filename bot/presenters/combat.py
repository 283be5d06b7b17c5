"""How Martian Combat looks and is played on Discord.

No secrets, so the controls sit on the board for whoever must decide now: the
player whose turn it is, or an opponent asked whether to start combat, to counter-attack or where
their defeated force goes back. Choices with two parts (which unit, then where; which of your
pyramids, then which of theirs) start on the board and finish in an ephemeral message; the first
part travels in the custom_id as a prefix of the action's notation ("M c1-", "SW R2@b3").
"""

from __future__ import annotations

import re

import discord

from games.pieces import COLOUR_NAMES, SIZE_NAMES

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, chunks
from .senet import DIE_FACES

DICE_PAIR = re.compile(r"(\d):(\d)")  # an attacker:defender (or hopper:target) pair of rolls
ACTION_NAMES = {"tip": "Tip", "swap": "Swap", "hop": "Hop", "dig": "Dig", "aim": "Aim", "wild": "Wild"}
WILD_NAMES = {"TIP": "Tip", "SW": "Swap", "HP": "Hop", "DG": "Dig", "AM": "Aim"}
VERSIONS = {
    "standard": "Standard",
    "simple": "Simple (centre open)",
    "advanced": "Advanced (3 sets, reserves)",
}
# The first part of a two-part action: a unit ("M c1-", "HP b2=", "AM c1-") or your pyramid ("SW R2@b3 ").
TWO_PART = re.compile(
    r"^((?:M|HP|AM) [a-f][1-6][-=])([a-f][1-6])$|^((?:SW|DG) \w\d@[a-f][1-6] )(\w\d@[a-f][1-6])$"
)
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


def seat_label(scene: Scene, seat: int) -> str:
    colour = scene.public["seats"][seat]["colour"]
    return f"{COLOUR_EMOJI[colour]} {scene.names[seat]}"


def options_text(options) -> str:
    return f"version: {VERSIONS[options['version']]}"


def start_line(scene: Scene) -> str:
    view = scene.public
    homes = "; ".join(
        f"{seat_label(scene, i)} from {'/'.join(s['start'])} to {'/'.join(s['home'])}"
        for i, s in enumerate(view["seats"])
    )
    colour_seat = {s["colour"]: i for i, s in enumerate(view["seats"])}
    rolls = []
    for entry in view["last"]:
        if entry["text"].startswith("FIRST "):
            pairs = (pair.split(":") for pair in entry["text"].split()[1:])
            rolls.append(", ".join(f"{seat_label(scene, colour_seat[c])} {_dice(r)}" for c, r in pairs))
    first = f"\nRolls for the first turn: {' · then '.join(rolls)}." if rolls else ""
    return f"Build an L-M-S tree of your colour on both home squares. {homes}.{first}"


def _dice(*values: int | str) -> str:
    return "".join(DIE_FACES[int(v)] for v in values)


def _pair(mine: str, theirs: str) -> str:
    return f"{_dice(mine)} vs {_dice(theirs)}"


def status_line(scene: Scene) -> str:
    view = scene.public
    deciding = view["to_move"][0]
    parts = [f"Turn {view['turn']} · {seat_label(scene, view['current'])} to play"]
    if view["action"] and view["action"]["roll"]:
        parts.append(
            f"action die {_dice(view['action']['roll'])} {ACTION_NAMES.get(view['action']['name'], '')}"
        )
    if view["aim"]:
        parts.append(f"Aim: {view['aim']['left']} of {view['aim']['budget']} steps left")
    line = " · ".join(parts)
    return f"{line}\n{seat_label(scene, deciding)} {PHASE_TEXT.get(view['phase'], 'decides')}."


# --- controls ----------------------------------------------------------------------------------


def _stack_text(view: dict, square: str) -> str:
    spot = view["board"].get(square)
    if not spot:
        return "empty"
    return " ".join(f"{COLOUR_EMOJI[p[0]]}{p[1]}" for p in spot["stack"])


def _piece_text(code: str) -> str:
    return f"{SIZE_NAMES[int(code[1])]} {COLOUR_NAMES[code[0]]}"


def _first_part_label(view: dict, first: str) -> str:
    words = first.split()
    if words[0] in ("SW", "DG"):
        code, square = words[1].split("@")
        return f"Your {_piece_text(code)} on {square}"
    square, how = words[1][:2], words[1][2]
    spot = view["board"][square]["stack"]
    unit = "the whole force" if how == "=" else f"the {_piece_text(spot[-1])} on top"
    return f"{square}: {unit} ({_stack_text(view, square)})"


def _second_part_label(view: dict, first: str, rest: str) -> str:
    kind = first.split()[0]
    if kind in ("SW", "DG"):
        code, square = rest.split("@")
        verb = "Swap with" if kind == "SW" else "Dig under"
        return f"{verb} the {_piece_text(code)} on {square} ({_stack_text(view, square)})"
    return f"→ {rest} ({_stack_text(view, rest)})"


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


def _simple_label(view: dict, action: str) -> str:
    """Labels for one-click decisions."""
    words = action.split()
    if action == "M -":
        return "Skip the move"
    if action == "X -":
        return "Don't attack" if view["phase"] == "offer" else "Don't start combat"
    if words[0] == "X":
        mine, theirs = words[1].split(">")
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
    if words[0] == "RET":
        return f"Back to {words[1]} ({_stack_text(view, words[1])})"
    if words[0] == "RES":
        return f"Reserve enters on {words[1]}"
    if words[0] == "W":
        return WILD_NAMES.get(words[1], words[1])
    if action == "AM /":
        return "End this leg" if (view["aim"] or {}).get("leg") else "Finish aiming"
    return action


def prompt(scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
    view = mine
    legal = mine["legal"]
    if choice:
        rests = [a[len(choice) :] for a in legal if a.startswith(choice)]
        labelled = [(_second_part_label(view, choice, rest), choice + rest) for rest in rests]
        text = f"{_first_part_label(view, choice)}: choose."
        if len(labelled) <= 20:
            return Prompt(
                text, [_act(scene, action, label, i // 5) for i, (label, action) in enumerate(labelled)]
            )
        return Prompt(text, _menus(scene, "do", "Choose", labelled, 0))

    firsts: dict[str, None] = {}
    singles = []
    for action in legal:
        found = TWO_PART.match(action)
        if found:
            firsts[found[1] or found[3]] = None
        else:
            singles.append(action)
    items: list[discord.ui.Item] = [
        _act(scene, action, _simple_label(view, action), i // 5) for i, action in enumerate(singles[:10])
    ]
    first_row = -(-len(items) // 5)
    kinds = {first.split()[0] for first in firsts}
    placeholder = {
        "M": "Move one step: choose what moves",
        "AM": "Aim: choose what steps",
        "HP": "Hop: choose what hops",
        "SW": "Swap: choose your pyramid",
        "DG": "Dig: choose your pyramid",
    }.get(next(iter(kinds), ""), "Choose")
    options = [(_first_part_label(view, first), first) for first in firsts]
    items += _menus(scene, "pick", placeholder, options, first_row)
    return Prompt(f"{seat_label(scene, seat)}, {PHASE_TEXT.get(view['phase'], 'decide')}.", items)


def check_pick(scene: Scene, seat: int, mine: dict, values: list[str], carried: str) -> str:
    if len(values) != 1:
        raise MatchError("Choose one option.")
    choice = values[0]
    if not TWO_PART.match(choice + "a1") and not TWO_PART.match(choice + "R1@a1"):
        raise MatchError("That choice isn't one of the options.")
    if not any(action.startswith(choice) for action in mine["legal"]):
        raise MatchError("That isn't possible any more; look at the latest board.")
    return choice


# --- texts -------------------------------------------------------------------------------------


def action_phrase(scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
    words = action.split()
    kind = words[0]
    if action == "M -":
        return "didn't move"
    if action == "AM /":
        return "ended the leg"
    if kind in ("M", "AM"):
        origin, target = re.split("[-=]", words[1])
        unit = "whole force" if "=" in words[1] else "top pyramid"
        return f"{'aimed' if kind == 'AM' else 'moved'} the {unit} {origin} → {target}"
    if action == "X -":
        return "declined to fight"
    if kind == "X":
        mine, theirs = words[1].split(">")
        return f"attacked {theirs} from {mine}"
    if action == "C":
        return "counter-attacked"
    if action == "C -":
        return "let round 1 stand"
    if kind == "RET":
        return f"put the defeated force back on {words[1]}"
    if kind == "RES":
        return f"brought the reserve nest in on {words[1]}"
    if kind == "W":
        return f"chose {WILD_NAMES.get(words[1], words[1])} (Wild)"
    if kind == "SW":
        return f"swapped {words[1]} with {words[2]}"
    if kind == "HP":
        return f"hopped {words[1].replace('-', ' → ').replace('=', ' ⇒ ')}"
    if kind == "DG":
        return f"dug {words[1]} under {words[2]}"
    return f"played {action}"


def describe_events(scene: Scene, events: list[str]) -> list[str]:
    view = scene.public
    colour_seat = {s["colour"]: i for i, s in enumerate(view["seats"])}
    names = {"1": "Tip", "2": "Swap", "3": "Hop", "4": "Dig", "5": "Aim", "6": "Wild"}
    lines = []
    for event in events:
        words = event.split()
        head = words[0]
        rolled = DICE_PAIR.fullmatch(words[-1])
        if head == "X" and rolled:
            lines.append(f"⚔️ Combat {words[1].replace('>', ' → ')}: rolls {_pair(*rolled.groups())}.")
        elif head == "C" and rolled:
            lines.append(f"Counter-attack rolls {_pair(*rolled.groups())}.")
        elif head == "T" and rolled:
            lines.append(f"Tie-break {_pair(*rolled.groups())}.")
        elif head == "WINNER":
            lines.append(f"The force from {words[1]} wins the combat.")
        elif head == "RET":
            lines.append(f"The defeated force goes back to {words[1]}.")
        elif head == "RES":
            lines.append(f"A reserve nest enters on {words[1]}.")
        elif re.fullmatch(r"A\d!?", head):
            roll = head[1]
            lines.append(
                f"Action die {_dice(roll)} {names[roll]}"
                + (": not possible, rolling again." if "!" in head else ".")
            )
        elif head == "SKIP":
            lines.append("No action is possible: the action step is skipped.")
        elif head == "TIP":
            lines.append("🔄 Tip: every stack of 2 or more turns upside down.")
        elif head == "HP" and len(words) >= 3 and DICE_PAIR.fullmatch(words[2]):
            rolls = " then ".join(_pair(*pair.split(":")) for pair in words[2:] if DICE_PAIR.fullmatch(pair))
            lines.append(f"Hop roll-off: {rolls}.")
        elif head == "AM" and len(words) == 2 and words[1].isdigit():
            lines.append(f"🎯 Aim: {_dice(words[1])} {words[1]} steps.")
        elif head == "CAP":
            lines.append(f"🏁 A tree is capped on {words[1]}!")
        elif head == "REMOVED":
            lines.append(f"{_piece_text(words[1])} leaves the game.")
        elif head == "ELIMINATED":
            lines.append(f"{seat_label(scene, colour_seat[words[1]])} is out of pyramids and eliminated.")
        elif head == "TURN":
            lines.append(f"**Turn {words[1]}**: {seat_label(scene, colour_seat[words[2]])} to play.")
    return lines


def final_text(scene: Scene) -> str:
    view = scene.public
    winners = " and ".join(f"**{seat_label(scene, seat)}**" for seat in view["winners"])
    verb = "win" if len(view["winners"]) > 1 else "wins"
    how = (
        "with capped trees on both home squares"
        if view["win_reason"] == "trees"
        else "as the last player with pyramids in play"
    )
    return f"🏆 {winners} {verb} Martian Combat {how}!"


class CombatPresenter(Presenter):
    def seat_label(self, scene: Scene, seat: int) -> str:
        return seat_label(scene, seat)

    def options_text(self, options) -> str:
        return options_text(options)

    def start_line(self, scene: Scene) -> str:
        return start_line(scene)

    def status_line(self, scene: Scene) -> str:
        return status_line(scene)

    def prompt(self, scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
        return prompt(scene, seat, mine, choice)

    def check_pick(self, scene: Scene, seat: int, mine: dict, values: list[str], carried: str) -> str:
        return check_pick(scene, seat, mine, values, carried)

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        return action_phrase(scene, seat, action, done=done)

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
        return describe_events(scene, events)

    def final_text(self, scene: Scene) -> str:
        return final_text(scene)
