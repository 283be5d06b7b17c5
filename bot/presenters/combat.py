"""How Martian Combat looks and is played on Discord, and every word said about it.

No secrets, so the controls sit on the board for whoever must decide now (`to_move` in the view):
the player whose turn it is, or an opponent asked whether to start combat, to counter-attack or
where their defeated force goes back. Every text names that one seat as the one acting. Choices
in two parts (which unit, then where; which of your pyramids, then which of theirs) start on the
board with a `step` button per unit, laid out like the board, and finish with a button per square
in an ephemeral message; the first part travels in the custom_id as a prefix of the action's
notation ("M c1-", "SW R2@b3"). A force's pips are always the view's `force.pips` of its square,
written beside that square.
"""

from __future__ import annotations

from itertools import pairwise

import discord

from catalogue import N_, listing, tr, trn
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
from games.combat_view import Choice, CombatView
from renderers.combat import RULE_KEY, RULE_STACKS

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
ACTION_LABELS = {  # the action die's actions
    "tip": N_("Tip"),
    "swap": N_("Swap"),
    "hop": N_("Hop"),
    "dig": N_("Dig"),
    "aim": N_("Aim"),
    "wild": N_("Wild"),
}
WIN_REASONS = {
    "trees": N_("both goal trees capped"),
    "last standing": N_("the last player with pyramids in play"),
    "stalemate": N_("nobody could move or act; most caps"),
    "turn limit": N_("the round limit; most caps, then most own pyramids at home"),
}
COLOUR_WORDS = {"R": N_("Red"), "Y": N_("Yellow"), "B": N_("Blue"), "G": N_("Green")}
# What the deciding player does now: after their name in the status line and the alt text, and as
# the prompt of their controls. {force}: a square with its force's pips.
PHASE_TEXT = {
    "move": N_("{player} may move one step (or skip)."),
    "offer": N_("{player} may attack from {force}."),
    "reply": N_("{player} may start combat against {force}."),
    "counter": N_("{player} may counter-attack."),
    "return": N_("{player} chooses where the defeated force goes back."),
    "reserve": N_("{player} chooses where the reserve nest enters."),
    "wild": N_("{player} chooses an action (Wild)."),
    "action": N_("{player} carries out the action."),
    "aim": N_("{player} is aiming."),
}
# The second part of a two-part choice, asked in the ephemeral message; {unit}: the first part.
STEP_QUESTIONS = {
    "M": N_("{unit}: one step, where to?"),
    "AM": N_("{unit}: aim one step, where to?"),
    "HP": N_("{unit}: hop onto which square?"),
    "SW": N_("{unit}: swap with which pyramid?"),
    "DG": N_("{unit}: dig under which pyramid?"),
}
FIRST_PARTS = ("M", "AM", "HP", "SW", "DG")
# The picture's key, in words (small print under the board).
LEGEND = (
    N_("flag: a goal square"),
    N_("bar outside the edge: start squares"),
    N_("hatched: blocked"),
    N_("ice frame ❄: frozen (capped tree, waiting reserve)"),
    N_("number in a corner: the force's pips"),
    N_("padlock: covered by an opponent"),
    N_("pink: the last actions"),
    N_("amber: the force that arrived, and dashed the forces beside it"),
)
RULE_MARKS = {  # the rules picture's marks, explained in its alt text
    "start": N_("a thick bar outside the board's edge beside a side's two start squares"),
    "goal": N_("a flag of your colour on your two home squares, across the board"),
    "blocked": N_("hatched squares: the corners and the centre four"),
    "force": N_("the number in a square's corner: the pips of the top owner's force"),
    "Tree": N_("large, medium and small, smaller on bigger"),
    "Nest": N_("the large over the medium over the small"),
    "Pinned": N_("a blue small on a red large, which carries a padlock: it can't move"),
    "Capped": N_("a finished L-M-S tree on its goal square, capped in black and frozen"),
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
ROW_WIDTH = 5  # buttons in an action row
BOARD_ROWS = 4  # rows of controls on the board, so the publisher's Hint button still fits under them
PROMPT_ROWS = 5  # rows of a classic message (the ephemeral second step)


# --- words ----------------------------------------------------------------------------------------


def action_label(name: str) -> str:
    """ "swap" -> "Swap": an action's name in the language spoken."""
    return tr(ACTION_LABELS[name]) if name in ACTION_LABELS else name.capitalize()


def win_reason_text(reason: str | None) -> str:
    return tr(WIN_REASONS[reason]) if reason in WIN_REASONS else str(reason or "")


def pips_text(count: int) -> str:
    return trn("{count} pip", "{count} pips", count, count=count)


def force_text(view: CombatView, square: str) -> str:
    """A square with its force's pips, "c5 (5 pips)": the one count of a force everywhere."""
    spot = view.board.get(square)
    if not spot:
        return square
    return f"{square} ({pips_text(spot.force.pips)})"


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


def _piece_mark(code: str) -> str:
    """ "R2" -> "🟥2": a pyramid on a button, its colour and pips."""
    return f"{COLOUR_EMOJI[code[0]]}{code[1]}"


def _piece_text(code: str) -> str:
    return tr(PIECE_NAMES[code]) if code in PIECE_NAMES else code


def _colour_word(colour: str) -> str:
    return tr(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def phase_text(view: CombatView, player: str) -> str:
    """What `player`, the deciding seat, may do now."""
    phase = view.phase
    if phase not in PHASE_TEXT:
        return tr("{player} decides.", player=player)
    force = force_text(view, view.offer.square) if view.offer else ""
    return tr(PHASE_TEXT[phase], player=player, force=force)


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


# --- hints ----------------------------------------------------------------------------------------
# A hint's words follow "Suggested: ": they start with a verb in lower case, and the caller ends
# them with a full stop; sentences after the first are joined with ". ".


def _decided(events: list) -> list:
    """The events the move itself decided: those before the first one a die roll decided (a hint's
    events come from a copy rolling made-up dice)."""
    decided = []
    for event in events:
        if event.facts.get("chance"):
            break
        decided.append(event)
    return decided


def _their_pips(colour: str, pips: int, square: str) -> str:
    """ "Blue's 5 pips on c5": an opponent's force."""
    return tr(
        "{colour}'s {pips} on {square}", colour=_colour_word(colour), pips=pips_text(pips), square=square
    )


def _force_of(view: CombatView, square: str) -> str:
    force = view.board[square].force
    return _their_pips(force.colour, force.pips, square)


def _forces(view: CombatView, listed: list[dict]) -> str:
    """The forces a step's event lists (`attackable`, `threats`), in words."""
    return listing([_their_pips(view.seats[t["seat"]].colour, t["pips"], t["square"]) for t in listed])


def _unit_phrase(view: CombatView, square: str, whole: bool) -> str:
    """What a step or a Hop carries: "your whole force (6 pips)" or "your large red pyramid"."""
    spot = view.board[square]
    if whole:
        return tr("your whole force ({pips})", pips=pips_text(spot.force.pips))
    return tr("your {piece} pyramid", piece=_piece_text(spot.stack[-1]))


def _step_sentence(view: CombatView, move: Move | AimStep, facts: dict) -> str:
    unit = _unit_phrase(view, move.origin, facts.get("whole", move.whole))
    squares = {"unit": unit, "origin": move.origin, "target": move.target}
    if isinstance(move, Move):
        return tr("moves {unit} from {origin} to {target}", **squares)
    left = view.aim.left - 1
    if not left:
        return tr("moves {unit} from {origin} to {target}, the Aim's last step", **squares)
    return trn(
        "moves {unit} from {origin} to {target} ({count} Aim step left)",
        "moves {unit} from {origin} to {target} ({count} Aim steps left)",
        left,
        count=left,
        **squares,
    )


def _cap_sentences(view: CombatView, seat: int, decided: list) -> list[str]:
    """The trees the move itself completes, and the win they bring."""
    home = view.seats[seat].home
    won = any(event.kind == "WIN" for event in decided)
    sentences = []
    for event in decided:
        if event.kind != "CAP":
            continue
        square = event.facts["square"]
        if square in home and won:
            sentences.append(
                tr("It completes your tree on {square}: both home squares capped, you win", square=square)
            )
        elif square in home:
            sentences.append(tr("It completes your tree on {square}, which gets its cap", square=square))
        else:
            owner = next(info.colour for info in view.seats if square in info.home)
            sentences.append(
                tr("It completes {colour}'s tree on {square}", colour=_colour_word(owner), square=square)
            )
    return sentences


def _step_reasons(view: CombatView, seat: int, facts: dict, decided: list) -> list[str]:
    """Why a step: the tree it completes, else the combat it offers or risks, else the way home."""
    caps = _cap_sentences(view, seat, decided)
    if caps:
        return caps
    if facts.get("attackable"):
        targets = _forces(view, facts["attackable"])
        return [tr("There your {pips} may attack {targets}", pips=pips_text(facts["pips"]), targets=targets)]
    if facts.get("threats"):
        return [tr("There {threats} may attack it", threats=_forces(view, facts["threats"]))]
    if facts.get("home"):
        return [tr("It reaches one of your home squares")]
    if facts.get("nearer"):
        return [tr("That is a step nearer your home squares")]
    return []


def _attack_sentence(view: CombatView, move: Attack) -> str:
    """The mover's attack, or an opponent's reply against the force that arrived: the same words."""
    return tr(
        "attacks {theirs} with your {pips} on {origin}. Each side adds a die to its pips, and the winner "
        "takes the loser's square",
        theirs=_force_of(view, move.target),
        pips=pips_text(view.board[move.origin].force.pips),
        origin=move.origin,
    )


def _no_attack_sentence(view: CombatView) -> str:
    if view.phase == "reply" and view.offer:
        return tr("doesn't start a combat against {theirs}", theirs=_force_of(view, view.offer.square))
    return tr("doesn't attack, so there is no combat this time")


def _counter_sentence(view: CombatView, move: Counter) -> str:
    """The defender's choice, by round 1's totals (pips + die) as the view gives them."""
    attack, defence = view.combat.totals.rolls[0]
    if move.declared and attack > defence:
        return tr(
            "counter-attacks: round 1 is lost, {defence} to {attack}, but both roll again and the two "
            "rounds are added, so it can still turn",
            attack=attack,
            defence=defence,
        )
    if move.declared:
        return tr(
            "counter-attacks: round 1 is a tie at {total}, so both roll again and the two rounds are added",
            total=attack,
        )
    if attack == defence:
        return tr("lets round 1 stand: its tie at {total} goes to plain re-rolls", total=attack)
    return tr("lets round 1 stand")


def _swap_or_dig_sentence(move: Swap | Dig, facts: dict) -> str:
    """Named by the engine's event, whose pyramids are always written out."""
    mine, theirs = facts["mine"], facts["theirs"]
    words = {
        "mine": _piece_text(mine["pyramid"]),
        "origin": mine["square"],
        "colour": _colour_word(theirs["pyramid"][0]),
        "theirs": _piece_text(theirs["pyramid"]),
        "target": theirs["square"],
    }
    if isinstance(move, Swap):
        return tr(
            "swaps your {mine} pyramid on {origin} with {colour}'s {theirs} pyramid on {target}: they "
            "trade places",
            **words,
        )
    return tr(
        "digs your {mine} pyramid from {origin} in under {colour}'s {theirs} pyramid on {target}: safe "
        "from combat there, but stuck until that pyramid leaves",
        **words,
    )


def _hop_sentence(view: CombatView, move: Hop) -> str:
    return tr(
        "hops {unit} from {origin} onto {colour}'s stack on {target}. Both roll a die: win and it pins "
        "what is below, lose and it hops back",
        unit=_unit_phrase(view, move.origin, move.whole),
        origin=move.origin,
        colour=_colour_word(view.board[move.target].force.colour),
        target=move.target,
    )


def _end_leg_sentence(view: CombatView, facts: dict) -> str:
    aim = view.aim
    if not aim.leg:
        left = aim.left
        return trn(
            "ends the Aim, leaving {count} step unused",
            "ends the Aim, leaving {count} steps unused",
            left,
            count=left,
        )
    if facts.get("attackable"):
        return tr(
            "ends this leg on {square}: there your {pips} may attack {targets}",
            square=aim.leg,
            pips=pips_text(facts["pips"]),
            targets=_forces(view, facts["attackable"]),
        )
    return tr("ends this leg on {square}, so the steps left may move another unit", square=aim.leg)


# --- controls laid out like the board -------------------------------------------------------------


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
                f"{self._colour_label(scene, colour)} {_dice(roll)}" for colour, roll in entry.facts["rolls"]
            )
            for entry in view.last
            if entry.text.startswith("FIRST ")
        ]
        line = tr("Build an L-M-S tree of your colour on both home squares. {homes}.", homes=homes)
        if rolls:
            line += "\n" + tr(
                "Rolls for the first turn: {rolls}.", rolls=_then(rolls, N_("{earlier} · then {later}"))
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
                tr("action die {die} {action}", die=_dice(action.roll), action=action_label(action.effective))
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
            player = f"{_colour_word(info.colour)} {scene.names[index]}"
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

    def _unit_label(self, view: CombatView, choice: Choice) -> str:
        """The first part of a two-part choice: a unit ("c1 🟥3", "Whole force c1 (6 pips)") or one
        of your pyramids ("b3 🟥2")."""
        if choice.mine:
            return f"{choice.mine.square} {_piece_mark(choice.mine.pyramid)}"
        square = choice.origin
        if choice.whole:
            return tr("Whole force {force}", force=force_text(view, square))
        return f"{square} {_piece_mark(view.board[square].stack[-1])}"

    def _target_label(self, view: CombatView, choice: Choice) -> str:
        if choice.theirs:
            return f"{choice.theirs.square} {_piece_mark(choice.theirs.pyramid)}"
        return choice.target

    def _simple_label(self, view: CombatView, choice: Choice) -> str:
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

    def prompt(self, scene: Scene, seat: int, mine: CombatView, choice: str = "") -> Prompt:
        view = mine
        if choice:
            seconds = [c for c in view.choices if c.first == choice]
            if not seconds:
                raise MatchError("That isn't possible any more; look at the latest board.")
            question = tr(STEP_QUESTIONS[seconds[0].kind], unit=self._unit_label(view, seconds[0]))
            items = self._second_part(scene, view, seconds, PROMPT_ROWS)
            return Prompt(question, items if items is not None else self._menus(scene, view, seconds))
        firsts: dict[str, Choice] = {}
        singles = []
        for option in view.choices:
            if option.first:
                firsts.setdefault(option.first, option)
            else:
                singles.append(option)
        squares = [option.square for option in singles if option.kind in ("RET", "RES")]
        others = [option for option in singles if option.kind not in ("RET", "RES")]
        items = self._single_buttons(scene, view, others)
        used = -(-len(items) // ROW_WIDTH)
        if squares:  # where a force or reserve goes: the squares as on the board
            items += self._square_buttons(scene, [o.square for o in singles], singles, used)
        if len(firsts) == 1:  # one unit or pyramid: its choices at once, if they fit under the rest
            seconds = [c for c in view.choices if c.first]
            inline = self._second_part(scene, view, seconds, BOARD_ROWS - used, first_row=used)
            items += (
                inline if inline is not None else self._first_parts(scene, view, list(firsts.values()), used)
            )
        elif firsts:
            items += self._first_parts(scene, view, list(firsts.values()), used)
        player = self.seat_label(scene, seat)
        return Prompt(phase_text(view, player), items)

    def _single_buttons(self, scene: Scene, view: CombatView, options: list[Choice]) -> list:
        return [
            _button(scene, "act", option.action, self._simple_label(view, option), i // ROW_WIDTH)
            for i, option in enumerate(options)
        ]

    def _square_buttons(
        self, scene: Scene, squares: list[str], options: list[Choice], first_row: int
    ) -> list:
        rows = board_rows(squares, BOARD_ROWS - first_row) or [
            list(range(i, min(i + ROW_WIDTH, len(squares)))) for i in range(0, len(squares), ROW_WIDTH)
        ]
        return [
            _button(
                scene,
                "act",
                options[i].action,
                self._simple_label(scene.public, options[i]),
                first_row + r,
            )
            for r, row in enumerate(rows)
            for i in row
        ]

    def _first_parts(self, scene: Scene, view: CombatView, options: list[Choice], first_row: int) -> list:
        """A `step` button per unit or pyramid that may act, laid out like the board."""
        squares = [option.origin or option.mine.square for option in options]
        rows = board_rows(squares, BOARD_ROWS - first_row) or board_rows(squares, PROMPT_ROWS - first_row)
        if not rows:  # more than the board holds: pack them
            rows = [
                list(range(i, min(i + ROW_WIDTH, len(options)))) for i in range(0, len(options), ROW_WIDTH)
            ]
        return [
            _button(
                scene,
                "step",
                options[i].first.strip(),
                self._unit_label(view, options[i]),
                first_row + r,
                discord.ButtonStyle.primary,
            )
            for r, row in enumerate(rows)
            for i in row
        ]

    def _second_part(
        self, scene: Scene, view: CombatView, seconds: list[Choice], rows: int, *, first_row: int = 0
    ) -> list | None:
        """The second part's buttons: for a unit, the squares around it as on the board; for a
        pyramid, the opponents' pyramids it may swap or dig with, as on the board. None if they
        don't fit in `rows`."""
        kind = seconds[0].kind
        if kind in ("M", "AM", "HP"):
            targets = {c.target: (c.action, c.target) for c in seconds}
            items = _compass(scene, seconds[0].origin, targets, 2 if kind == "HP" else 1)
            height = max(item.row for item in items) + 1
            if height <= rows and all(
                sum(item.row == r for item in items) <= ROW_WIDTH for r in range(height)
            ):
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
                        self._target_label(view, seconds[i]),
                        first_row + r,
                    )
                    for r, row in enumerate(grouped)
                    for i in row
                ]
        return None

    def _menus(self, scene: Scene, view: CombatView, seconds: list[Choice]) -> list:
        """More choices than buttons fit: menus of 25."""
        labelled = [(self._target_label(view, c), c.action) for c in seconds]
        return [
            MatchSelect(
                scene.claim("do", f"do{index}"),
                placeholder=tr("Choose"),
                options=[discord.SelectOption(label=label[:100], value=value) for label, value in group],
                row=index,
            )
            for index, group in enumerate(chunks(labelled)[:PROMPT_ROWS])
        ]

    def check_step(self, scene: Scene, seat: int, mine: CombatView, carried: str) -> str:
        words = carried.split()
        if not words or words[0] not in FIRST_PARTS:
            raise MatchError("That choice isn't one of the options.")
        for option in mine.choices:
            if option.first and option.first.strip() == carried:
                return option.first
        raise MatchError("That isn't possible any more; look at the latest board.")

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
                "**Turn {turn}** begins for {player}.",
                turn=facts["turn"],
                player=self._colour_label(scene, facts["colour"]),
            )
        return None

    # --- hints: what a suggested move does, and why

    def explain(self, scene: Scene, seat: int, action: str, events: list[str]) -> str:
        view = scene.public
        move = self.game.parse_action(action)
        decided = _decided(events)
        first = decided[0].facts if decided else {}
        sentences: list[str]
        if isinstance(move, (Move, AimStep)):
            sentences = [_step_sentence(view, move, first), *_step_reasons(view, seat, first, decided)]
        elif isinstance(move, NoMove):
            sentences = [tr("skips the move step and goes straight on to the action die")]
        elif isinstance(move, Attack):
            sentences = [_attack_sentence(view, move)]
        elif isinstance(move, NoAttack):
            sentences = [_no_attack_sentence(view)]
        elif isinstance(move, Counter):
            sentences = [_counter_sentence(view, move)]
        elif isinstance(move, Return):
            sentences = [tr("puts your beaten force back on {square}", square=move.square)]
        elif isinstance(move, EnterReserve):
            sentences = [tr("brings your reserve nest into play on {square}", square=move.square)]
        elif isinstance(move, WildChoice):
            sentences = [tr("uses the Wild roll for {action}", action=action_label(move.action))]
        elif isinstance(move, (Swap, Dig)):
            sentences = [_swap_or_dig_sentence(move, first), *_cap_sentences(view, seat, decided)]
        elif isinstance(move, Hop):
            sentences = [_hop_sentence(view, move)]
        else:  # EndLeg
            sentences = [_end_leg_sentence(view, first)]
        return ". ".join(sentences)

    def final_text(self, scene: Scene) -> str:
        view = scene.public
        winners = [f"**{self.seat_label(scene, seat)}**" for seat in view.winners]
        joined = _then(winners, N_("{earlier} and {later}")) if winners else ""
        count = len(winners) if len(winners) > 1 else 1
        return trn(
            "🏆 {winners} wins Martian Combat ({reason})!",
            "🏆 {winners} win Martian Combat ({reason})!",
            count,
            winners=joined,
            reason=win_reason_text(view.win_reason),
        )
