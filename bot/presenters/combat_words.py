"""Martian Combat's words on Discord: the names of versions, actions, colours and pyramids, what
the deciding player may do, the key to the pictures, and the small phrases texts, hints and
controls share (a force's pips beside its square, dice, pyramids on buttons)."""

from __future__ import annotations

from catalogue import N_, tr, trn
from games.combat_views import CombatView
from renderers.words import colour_before, size_before

from .common import COLOUR_EMOJI, DIE_FACES

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


def dice_faces(*values: int | str) -> str:
    return "".join(DIE_FACES[int(v)] for v in values)


def rolls_text(rolls: list[int]) -> str:
    mine, theirs = rolls
    return tr("{mine} vs {theirs}", mine=dice_faces(mine), theirs=dice_faces(theirs))


def in_order(parts: list[str], template: str) -> str:
    """Parts joined in order by `template` ("{earlier} then {later}")."""
    joined = parts[0]
    for part in parts[1:]:
        joined = tr(template, earlier=joined, later=part)
    return joined


def piece_mark(code: str) -> str:
    """ "R2" -> "🟥2": a pyramid on a button, its colour and pips."""
    return f"{COLOUR_EMOJI[code[0]]}{code[1]}"


def piece_text(code: str) -> str:
    """'small red' for R1, as the words before "pyramid" (other languages inflect both)."""
    colour, size = code[:1], code[1:]
    if colour not in "RYBG" or size not in ("1", "2", "3") or len(code) != 2:
        return code
    return tr(
        "{size} {colour}",
        context="pyramid",
        size=size_before(int(size), "pyramid"),
        colour=colour_before(colour, "pyramid"),
    )


def colour_word(colour: str) -> str:
    return tr(COLOUR_WORDS[colour]) if colour in COLOUR_WORDS else colour


def phase_text(view: CombatView, player: str) -> str:
    """What `player`, the deciding seat, may do now."""
    phase = view.phase
    if phase not in PHASE_TEXT:
        return tr("{player} decides.", player=player)
    force = force_text(view, view.offer.square) if view.offer else ""
    return tr(PHASE_TEXT[phase], player=player, force=force)
