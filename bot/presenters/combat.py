"""How Martian Combat looks and is played on Discord.

No secrets, so the controls sit on the board for whoever must decide now: the
player whose turn it is, or an opponent asked whether to start combat, to counter-attack or where
their defeated force goes back. Choices with two parts (which unit, then where; which of your
pyramids, then which of theirs) start on the board and finish in an ephemeral message; the first
part travels in the custom_id as a prefix of the action's notation ("M c1-", "SW R2@b3").
"""

from __future__ import annotations

import discord

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
from renderers.combat import ACTION_LABELS, action_label, win_reason_text

from ..components import MatchButton, MatchSelect
from ..errors import MatchError
from .base import Presenter, Prompt, Scene
from .common import COLOUR_EMOJI, chunks
from .senet import DIE_FACES

VERSIONS = {
    "standard": N_("Standard"),
    "simple": N_("Simple (centre open)"),
    "advanced": N_("Advanced (3 sets, reserves)"),
}
# What the deciding player does now: after their name in the status line, and addressing them in
# their prompt (the same English; German speaks to them there).
PHASE_TEXT = {
    "move": N_("{player} may move one step (or skip)."),
    "offer": N_("{player} may attack."),
    "reply": N_("{player} may start combat."),
    "counter": N_("{player} may counter-attack."),
    "return": N_("{player} chooses where the defeated force goes back."),
    "reserve": N_("{player} chooses where the reserve nest enters."),
    "wild": N_("{player} chooses an action (Wild)."),
    "action": N_("{player} carries out the action."),
    "aim": N_("{player} is aiming."),
}
PHASE_PROMPT = {
    "move": N_("{player}, may move one step (or skip)."),
    "offer": N_("{player}, may attack."),
    "reply": N_("{player}, may start combat."),
    "counter": N_("{player}, may counter-attack."),
    "return": N_("{player}, chooses where the defeated force goes back."),
    "reserve": N_("{player}, chooses where the reserve nest enters."),
    "wild": N_("{player}, chooses an action (Wild)."),
    "action": N_("{player}, carries out the action."),
    "aim": N_("{player}, is aiming."),
}
PICK_PLACEHOLDERS = {  # the first menu of a choice in two parts
    "M": N_("Move one step: choose what moves"),
    "AM": N_("Aim: choose what steps"),
    "HP": N_("Hop: choose what hops"),
    "SW": N_("Swap: choose your pyramid"),
    "DG": N_("Dig: choose your pyramid"),
}
# Pyramids named in words ("small red"): German inflects them, so each is one entry.
PIECE_NAMES = {
    f"{colour}{size}": name
    for colour, names in {
        "R": (N_("small red"), N_("medium red"), N_("large red")),
        "Y": (N_("small yellow"), N_("medium yellow"), N_("large yellow")),
        "B": (N_("small blue"), N_("medium blue"), N_("large blue")),
        "G": (N_("small green"), N_("medium green"), N_("large green")),
    }.items()
    for size, name in zip((1, 2, 3), names, strict=True)
}


def _dice(*values: int | str) -> str:
    return "".join(DIE_FACES[int(v)] for v in values)


def _pair(rolls: list[int]) -> str:
    mine, theirs = rolls
    return tr("{mine} vs {theirs}", mine=_dice(mine), theirs=_dice(theirs))


def _then(parts: list[str], template: str) -> str:
    """Parts joined in order by `template` ("{earlier} then {later}")."""
    joined = parts[0]
    for part in parts[1:]:
        joined = tr(template, earlier=joined, later=part)
    return joined


def _stack_text(view: dict, square: str) -> str:
    spot = view["board"].get(square)
    if not spot:
        return tr("empty")
    return " ".join(f"{COLOUR_EMOJI[p[0]]}{p[1]}" for p in spot["stack"])


def _piece_text(code: str) -> str:
    return tr(PIECE_NAMES[code]) if code in PIECE_NAMES else code


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
        colour = scene.public["seats"][seat]["colour"]
        return f"{COLOUR_EMOJI[colour]} {scene.names[seat]}"

    def _colour_label(self, scene: Scene, colour: str) -> str:
        seat = next(i for i, s in enumerate(scene.public["seats"]) if s["colour"] == colour)
        return self.seat_label(scene, seat)

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
                start="/".join(s["start"]),
                home="/".join(s["home"]),
            )
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
        line = tr("Build an L-M-S tree of your colour on both home squares. {homes}.", homes=homes)
        if rolls:
            line += "\n" + tr(
                "Rolls for the first turn: {rolls}.", rolls=_then(rolls, N_("{earlier} · then {later}"))
            )
        return line

    def status_line(self, scene: Scene) -> str:
        view = scene.public
        deciding = view["to_move"][0]
        parts = [
            tr(
                "Turn {turn} · {player} to play",
                turn=view["turn"],
                player=self.seat_label(scene, view["current"]),
            )
        ]
        if view.get("turns_left") is not None:
            left = view["turns_left"]
            parts.append(
                trn(
                    "{left} turns left ({limit}-round limit)",
                    "{left} turns left ({limit}-round limit)",
                    left,
                    left=left,
                    limit=view["round_limit"],
                )
            )
        if view["action"] and view["action"]["roll"]:
            name = view["action"]["name"]
            parts.append(
                tr(
                    "action die {die} {action}",
                    die=_dice(view["action"]["roll"]),
                    action=action_label(name) if name in ACTION_LABELS else "",
                )
            )
        if view["aim"]:
            left, budget = view["aim"]["left"], view["aim"]["budget"]
            parts.append(
                trn(
                    "Aim: {left} of {budget} steps left",
                    "Aim: {left} of {budget} steps left",
                    budget,
                    left=left,
                    budget=budget,
                )
            )
        line = " · ".join(parts)
        player = self.seat_label(scene, deciding)
        phase = view["phase"]
        doing = (
            tr(PHASE_TEXT[phase], player=player)
            if phase in PHASE_TEXT
            else tr("{player} decides.", player=player)
        )
        return f"{line}\n{doing}"

    # --- controls

    def _first_part_label(self, view: dict, choice: dict) -> str:
        if "mine" in choice:
            return tr(
                "Your {piece} on {square}",
                piece=_piece_text(choice["mine"]["pyramid"]),
                square=choice["mine"]["square"],
            )
        square = choice["origin"]
        spot = view["board"][square]["stack"]
        if choice["whole"]:
            return tr("{square}: the whole force ({stack})", square=square, stack=_stack_text(view, square))
        return tr(
            "{square}: the {piece} on top ({stack})",
            square=square,
            piece=_piece_text(spot[-1]),
            stack=_stack_text(view, square),
        )

    def _second_part_label(self, view: dict, choice: dict) -> str:
        if "theirs" in choice:
            code, square = choice["theirs"]["pyramid"], choice["theirs"]["square"]
            words = {"piece": _piece_text(code), "square": square, "stack": _stack_text(view, square)}
            if choice["kind"] == "SW":
                return tr("Swap with the {piece} on {square} ({stack})", **words)
            return tr("Dig under the {piece} on {square} ({stack})", **words)
        return f"→ {choice['target']} ({_stack_text(view, choice['target'])})"

    def _simple_label(self, view: dict, choice: dict) -> str:
        """Labels for one-click decisions."""
        action, kind = choice["action"], choice["kind"]
        if action == "M -":
            return tr("Skip the move")
        if action == "X -":
            return tr("Don't attack") if view["phase"] == "offer" else tr("Don't start combat")
        if kind == "X":
            return self._attack_label(view, choice)
        if action == "C":
            return tr("Counter-attack")
        if action == "C -":
            return tr("Let round 1 stand")
        if kind == "RET":
            return tr(
                "Back to {square} ({stack})",
                square=choice["square"],
                stack=_stack_text(view, choice["square"]),
            )
        if kind == "RES":
            return tr("Reserve enters on {square}", square=choice["square"])
        if kind == "W":
            return action_label(choice["chosen"])
        if action == "AM /":
            return tr("End this leg") if (view["aim"] or {}).get("leg") else tr("Finish aiming")
        return action

    @staticmethod
    def _attack_label(view: dict, choice: dict) -> str:
        """An attack's button: on whom (and from where, when an opponent answers), with the pips."""
        mine, theirs = choice["origin"], choice["target"]
        offer = view["phase"] == "offer"
        target = theirs if offer else mine
        pips = next(
            (t["pips"] for t in (view["offer"] or {}).get("targets", []) if t["square"] == target), None
        )
        squares = {"target": theirs, "origin": mine}
        if pips is None:
            if offer:
                return tr("Attack {target}", **squares)
            return tr("Attack {target} from {origin}", **squares)
        if offer:
            return trn(
                "Attack {target} ({pips} pips)", "Attack {target} ({pips} pips)", pips, pips=pips, **squares
            )
        return trn(
            "Attack {target} from {origin} ({pips} pips)",
            "Attack {target} from {origin} ({pips} pips)",
            pips,
            pips=pips,
            **squares,
        )

    def prompt(self, scene: Scene, seat: int, mine: dict, choice: str = "") -> Prompt:
        view = mine
        if choice:
            seconds = [c for c in mine["choices"] if c.get("first") == choice]
            labelled = [(self._second_part_label(view, c), c["action"]) for c in seconds]
            text = tr("{choice}: choose.", choice=self._first_part_label(view, seconds[0]))
            if len(labelled) <= 20:
                return Prompt(
                    text, [_act(scene, action, label, i // 5) for i, (label, action) in enumerate(labelled)]
                )
            return Prompt(text, _menus(scene, "do", tr("Choose"), labelled, 0))

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
        placeholder = tr(PICK_PLACEHOLDERS.get(next(iter(kinds), ""), N_("Choose")))
        options = [(self._first_part_label(view, option), first) for first, option in firsts.items()]
        items += _menus(scene, "pick", placeholder, options, first_row)
        player, phase = self.seat_label(scene, seat), view["phase"]
        if phase in PHASE_PROMPT:
            return Prompt(tr(PHASE_PROMPT[phase], player=player), items)
        return Prompt(tr("{player}, decide.", player=player), items)

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

    def describe_events(self, scene: Scene, events: list[str]) -> list[str]:
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
                rolls=_pair(facts["rolls"]),
            )
        if kind == "C" and "rolls" in facts:
            return tr("Counter-attack rolls {rolls}.", rolls=_pair(facts["rolls"]))
        if kind == "T":
            return tr("Tie-break {rolls}.", rolls=_pair(facts["rolls"]))
        if kind == "WINNER":
            return tr("The force from {square} wins the combat.", square=facts["square"])
        if kind == "RET":
            return tr("The defeated force goes back to {square}.", square=facts["square"])
        if kind == "RES":
            return tr("A reserve nest enters on {square}.", square=facts["square"])
        if "roll" in facts:
            words = {"die": _dice(facts["roll"]), "action": action_label(facts["action"])}
            if facts["rerolled"]:
                return tr("Action die {die} {action}: not possible, rolling again.", **words)
            return tr("Action die {die} {action}.", **words)
        if kind == "SKIP":
            return tr("No action is possible: the action step is skipped.")
        if kind == "TIP":
            return tr("🔄 Tip: every stack of 2 or more turns upside down.")
        if kind == "HP" and facts.get("rolls"):
            rolls = _then([_pair(pair) for pair in facts["rolls"]], N_("{earlier} then {later}"))
            return tr("Hop roll-off: {rolls}.", rolls=rolls)
        if "budget" in facts:
            budget = facts["budget"]
            return trn(
                "🎯 Aim: {die} {count} steps.",
                "🎯 Aim: {die} {count} steps.",
                budget,
                die=_dice(budget),
                count=budget,
            )
        if kind == "CAP":
            return tr("🏁 A tree is capped on {square}!", square=facts["square"])
        if kind == "REMOVED":
            return tr("{piece} leaves the game.", piece=_piece_text(facts["pyramids"][0]))
        if kind == "ELIMINATED":
            return tr(
                "{player} is out of pyramids and eliminated.",
                player=self._colour_label(scene, facts["colour"]),
            )
        if kind == "TURN":
            return tr(
                "**Turn {turn}**: {player} to play.",
                turn=facts["turn"],
                player=self._colour_label(scene, facts["colour"]),
            )
        return None

    def final_text(self, scene: Scene) -> str:
        view = scene.public
        winners = [f"**{self.seat_label(scene, seat)}**" for seat in view["winners"]]
        joined = _then(winners, N_("{earlier} and {later}")) if winners else ""
        count = len(winners) if len(winners) > 1 else 1
        return trn(
            "🏆 {winners} wins Martian Combat ({reason})!",
            "🏆 {winners} win Martian Combat ({reason})!",
            count,
            winners=joined,
            reason=win_reason_text(view["win_reason"]),
        )
