"""Martian Combat pictures: the board (also the "hand": nothing in Combat is hidden) and the rules picture.

The board is the 6x6 grid seen from the South side (files a-f left to right, ranks 1-6 bottom to top),
with a side panel on its right: a card per player (side, goal squares and caps; Advanced: the removed
pile and the reserve), who has to decide now and what (it may not be the player whose turn it is),
then this turn's action die, Aim budget and Hop roll-off, and the die's six actions when there is
room. Under the board: this turn's combat (each round's dice and totals), the turn's log in words
(worded from the facts of the view's log entries, never from its notation) and a legend. The
picture stays at most 1.2 times as tall as wide (the log gives up lines first).

On the board:
  - blocked squares are dark and hatched; an Advanced reserve nest stands on its blocked centre
    square inside an ice-blue frame with a snowflake, as a capped (finished) home tree does: both
    are frozen;
  - a player's home squares (their goal) are tinted in their colour and fly a flag with their
    letter (at the start the opposing nests stand there, so the tint alone read as the wrong
    player's); their start squares have a thick bar of their colour outside the board edge, and the
    rest of their starting row a thin one, like a seat at the table;
  - a stack stands as on the table: a tree as a tower (each smaller pyramid perched on the bigger
    one), a nest as its outer pyramid with the pyramids it covers laid out small in a tray beneath;
    a black cap sits on a completed tree;
  - each pyramid has a letter badge of its colour (colour alone fails colour-blind players), with
    a padlock when an opponent's pyramid covers it (pinned or dug: it cannot move), and the corner
    chip gives the force of the top's owner: the pips of their unbroken run from the top;
  - the squares of the turn's last actions are tinted and framed in pink with arrows for moves,
    attacks, hops, swaps and digs; the combat opportunity being decided is framed in amber.

Pictures are drawn in the kit's fixed palette, so marks reuse its colours.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw

from catalogue import N_, listing, tr, trn
from games.combat import BOARD_GEOMETRY, DIE_ACTIONS
from games.pieces import COLOUR_NAMES

from .common import (
    ACCENT,
    BACKGROUND,
    BODY_SIZE,
    EM_DASH,
    FAINT,
    GOOD,
    HEADER_H,
    MARGIN,
    MUTED,
    ON_GOOD,
    PANEL,
    PANEL_ACTIVE,
    PANEL_EDGE,
    PENALTY,
    PYRAMID_COLOURS,
    SMALL_SIZE,
    SUPERSAMPLE,
    TEXT,
    TITLE_SIZE,
    WIDTH,
    Box,
    Colour,
    Pictures,
    dashed_frame,
    draw_picture_heading,
    draw_text,
    fit_text,
    ink_on,
    latest_that_fit,
    mix,
    new_canvas,
    once_per_language,
    once_per_picture,
    paste,
    pill,
    pyramid_extent,
    pyramid_sprite,
    seat_label,
    seat_tag,
    text_width,
    to_png,
)
from .common import (
    panel_card as _card,
)
from .senet import die_sprite, wrap

# --- the game's geometry (rules §1-§2) ------------------------------------------------------------

FILES = BOARD_GEOMETRY["files"]
RANKS = BOARD_GEOMETRY["ranks"]
SIDE_GOALS = {  # a player card's side and goal squares, worded whole: German has room for no more
    "S": N_("South · goal {squares}"),
    "W": N_("West · goal {squares}"),
    "N": N_("North · goal {squares}"),
    "E": N_("East · goal {squares}"),
}
ACTION_LABELS = {  # the action die's actions, as players read them (the bot's labels too)
    "tip": N_("Tip"),
    "swap": N_("Swap"),
    "hop": N_("Hop"),
    "dig": N_("Dig"),
    "aim": N_("Aim"),
    "wild": N_("Wild"),
}
VERSION_NAMES = {"standard": N_("Standard"), "simple": N_("Simple"), "advanced": N_("Advanced")}
COLOUR_WORDS = {"R": N_("Red"), "Y": N_("Yellow"), "B": N_("Blue"), "G": N_("Green")}
SIZE_WORDS = {1: N_("small"), 2: N_("medium"), 3: N_("large")}
# A player's own pyramid and an opponent's in the log's Swap and Dig, worded whole: German inflects them.
ITS_SIZE = {1: N_("its small"), 2: N_("its medium"), 3: N_("its large")}
WHOSE_SIZE = {1: N_("{colour}'s small"), 2: N_("{colour}'s medium"), 3: N_("{colour}'s large")}


def action_label(name: str) -> str:
    """ "swap" -> "Swap": an action's name in the language spoken."""
    return tr(ACTION_LABELS[name]) if name in ACTION_LABELS else name.capitalize()


def action_label_of_face(face: int) -> str:
    return action_label(DIE_ACTIONS[face])


def is_square(text: object) -> bool:
    return (
        isinstance(text, str)
        and len(text) == 2
        and text[0].lower() in FILES
        and text[1].isdigit()
        and 1 <= int(text[1]) <= RANKS
    )


def square_index(square: str) -> tuple[int, int]:
    """(column from the left, row from the top) of a square like "c4"."""
    return FILES.index(square[0].lower()), RANKS - int(square[1])


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    side: str
    colour: str
    start: tuple[str, ...]
    home: tuple[str, ...]
    row: tuple[str, ...]
    eliminated: bool
    removed: tuple[int, int, int]  # the Advanced removed pile: smalls, mediums, larges
    reserve: str | None  # the reserve nest's centre square while it waits


@once_per_picture
def seats_of(view: dict) -> list[SeatInfo]:
    """The view's seats."""
    return [
        SeatInfo(
            seat=seat,
            side=info["side"],
            colour=info["colour"],
            start=tuple(info["start"]),
            home=tuple(info["home"]),
            row=tuple(info["row"]),
            eliminated=bool(info["eliminated"]),
            removed=tuple(info["removed"]),
            reserve=info["reserve"],
        )
        for seat, info in enumerate(view["seats"])
    ]


# --- stacks (rules: "Terms used throughout") ------------------------------------------------------


def size_of(code: str) -> int:
    return int(code[1])


def is_nest(stack: list[str]) -> bool:
    """Sizes rising upward: the top is the outer pyramid, covering all the others."""
    return len(stack) >= 2 and all(size_of(a) < size_of(b) for a, b in pairwise(stack))


def square_entry(view: dict, square: str) -> dict:
    return (view.get("board") or {}).get(square) or {}


def stack_at(view: dict, square: str) -> list[str]:
    return [str(code) for code in square_entry(view, square).get("stack") or []]


def is_frozen(view: dict, square: str) -> bool:
    entry = square_entry(view, square)
    return bool(entry.get("capped") or entry.get("reserve"))


# --- the last actions (the view's log facts) ------------------------------------------------------


@dataclass(frozen=True)
class LastMarks:
    squares: tuple[str, ...]  # every square a token names
    arrows: tuple[tuple[str, str, bool], ...]  # (from, to, both ways: a swap)


def last_marks(view: dict) -> LastMarks:
    """The squares named by this turn's log and an arrow for each move, step, attack, hop, swap and dig."""
    squares: list[str] = []
    arrows: list[tuple[str, str, bool]] = []
    for entry in view.get("last") or []:
        facts = entry.get("facts") or {}
        for square in facts.get("squares") or []:
            if square not in squares:
                squares.append(square)
        arrows += [(a, b, bool(both)) for a, b, both in facts.get("arrows") or []]
    return LastMarks(tuple(squares), tuple(arrows))


# --- words ----------------------------------------------------------------------------------------


def action_name(action: dict | None) -> str:
    if not action:
        return ""
    name = str(action.get("name") or "")
    if name:
        return action_label(name)
    face = int(action.get("roll") or 0)
    return action_label_of_face(face) if face in DIE_ACTIONS else ""


def describe_phase(view: dict) -> str:
    """What the deciding player has to decide, in a few words."""
    phase = view.get("phase")
    offer = view.get("offer") or {}
    aim = view.get("aim") or {}
    if view.get("is_over") or phase == "over":
        return tr("Game over")
    if phase == "move":
        return tr("Move one step, or skip")
    if phase in ("offer", "reply"):
        square, pips = offer.get("square", "?"), offer.get("pips")
        if not isinstance(pips, int):
            if phase == "offer":
                return tr("Attack from {square}, or not", square=square)
            return tr("Start combat against {square}, or not", square=square)
        if phase == "offer":
            return tr("Attack from {square} ({pips}), or not", square=square, pips=pips_words(pips))
        return tr("Start combat against {square} ({pips}), or not", square=square, pips=pips_words(pips))
    if phase == "counter":
        return tr("Counter-attack, or let round 1 stand")
    if phase == "return":
        return tr("Choose where your defeated force goes back")
    if phase == "reserve":
        return tr("Choose where the reserve nest enters")
    if phase == "wild":
        return tr("Wild: choose an action")
    if phase == "aim":
        if aim.get("leg"):
            return tr("Aim: step on from {square}, or end the leg", square=aim["leg"])
        return tr("Aim: step a unit, or end the Aim")
    if phase == "action":
        name = action_name(view.get("action"))
        return tr("Carry out the {action}", action=name) if name else tr("Roll the action die")
    return str(phase or "")


def pips_words(count: int) -> str:
    return trn("{count} pip", "{count} pips", count, count=count)


WIN_REASONS = {
    "trees": N_("both goal trees capped"),
    "last standing": N_("the last player with pyramids in play"),
    "stalemate": N_("nobody could move or act; most caps"),
    "turn limit": N_("the round limit; most caps, then most own pyramids at home"),
}


def win_reason_text(reason: str | None) -> str:
    return tr(WIN_REASONS[reason]) if reason in WIN_REASONS else str(reason or "")


# --- the turn's log in words ----------------------------------------------------------------------


def colour_word(colour: str) -> str:
    """ "R" -> "Red": how the log names a player (their badge stands beside it)."""
    if colour in COLOUR_WORDS:
        return tr(COLOUR_WORDS[colour])
    return COLOUR_NAMES.get(colour, colour).capitalize()


def _size(code: str) -> int | None:
    return int(code[1]) if len(code) == 2 and code[1] in "123" else None


def pyramid_words(codes: list[str]) -> str:
    """["R3", "R1"] -> "large and small"."""
    return listing([tr(SIZE_WORDS[_size(code)]) if _size(code) else code for code in codes])


def _its_pyramid(code: str) -> str:
    """ "R1" -> "its small" (the acting player's own)."""
    return tr(ITS_SIZE[_size(code)]) if _size(code) else tr("its {pyramid}", pyramid=code)


def _whose_pyramid(code: str) -> str:
    """ "B3" -> "Blue's large"."""
    if not _size(code):
        return tr("{colour}'s {pyramid}", colour=colour_word(code[:1]), pyramid=code)
    return tr(WHOSE_SIZE[_size(code)], colour=colour_word(code[0]))


def _dice_words(first: int, second: int) -> str:
    return tr("{first} to {second}", first=first, second=second)


@dataclass(frozen=True)
class LogSentence:
    seat: int | None  # whose doing it is (None: the table's, like the roll for the first turn)
    phrases: tuple[str, ...]


def _phrase(kind: str, facts: dict, view: dict, rerolled: list[str]) -> str | None:
    """One log token in words, from its facts (None: a token the next one words, a re-rolled action)."""
    colours = {info.seat: info.colour for info in seats_of(view)}
    if kind == "FIRST":
        rolls = ", ".join(f"{colour_word(colour)} {roll}" for colour, roll in facts.get("rolls") or [])
        return tr("Roll for the first turn: {rolls}", rolls=rolls)
    if kind == "TURN":
        colour = colour_word(str(facts.get("colour", "?")))
        return tr("Turn {turn}: {colour} to play", turn=facts.get("turn", "?"), colour=colour)
    if "roll" in facts and "action" in facts:  # the action die
        face = int(facts["roll"])
        name = action_label_of_face(face) if face in DIE_ACTIONS else action_label(str(facts["action"]))
        if facts.get("rerolled"):
            rerolled.append(name)
            return None
        if rerolled:
            failed = list(dict.fromkeys(rerolled))  # each action once, in the order rolled
            rerolled.clear()
            return tr("rolls {action} ({failed} not possible)", action=name, failed=", ".join(failed))
        return tr("rolls {action}", action=name)
    origin, target = facts.get("origin"), facts.get("target")
    rolls = facts.get("rolls")
    whole = bool(facts.get("whole"))
    if kind == "M":
        if not origin:
            return tr("doesn't move")
        if whole:
            return tr("moves the whole force {origin} to {target}", origin=origin, target=target)
        return tr("moves the top pyramid {origin} to {target}", origin=origin, target=target)
    if kind == "X":
        return _attack_phrase(facts, colours)
    if kind == "C":  # the counter-attack's dice are written attacker first; the defender speaks here
        if not rolls:
            return tr("lets round 1 stand")
        return tr("counter-attacks, dice {dice}", dice=_dice_words(rolls[1], rolls[0]))
    if kind == "T":
        return tr("rolls off a tie {dice}", dice=_dice_words(*rolls)) if rolls else tr("rolls off a tie")
    if kind == "WINNER":
        return tr("wins the combat")
    if kind == "RET":
        return tr("puts its defeated force back on {square}", square=facts.get("square"))
    if kind == "RES":
        return tr("brings its reserve nest in on {square}", square=facts.get("square"))
    if kind == "CAP":
        return tr("caps its tree on {square}", square=facts.get("square"))
    if kind == "SKIP":
        return tr("has no possible action")
    if kind == "TIP":
        return tr("every stack of 2 or more turns over")
    if kind == "W":
        return tr("chooses {action}", action=action_label(str(facts.get("chosen", "?"))))
    if kind == "HP":
        return _hop_phrase(facts)
    if kind == "AM":
        if "budget" in facts:
            budget = int(facts["budget"])
            return trn("gets {count} Aim step", "gets {count} Aim steps", budget, count=budget)
        if origin and whole:
            return tr("aims the whole force {origin} to {target}", origin=origin, target=target)
        if origin:
            return tr("aims the top pyramid {origin} to {target}", origin=origin, target=target)
        if facts.get("ends") == "leg":
            return tr("ends the leg")
        return tr("ends the Aim") if facts.get("ends") == "aim" else tr("ends aiming")
    if kind in ("SW", "DG"):
        mine, theirs = facts.get("mine") or {}, facts.get("theirs") or {}
        words = {
            "mine": _its_pyramid(str(mine.get("pyramid", "??"))),
            "square": mine.get("square"),
            "theirs": _whose_pyramid(str(theirs.get("pyramid", "??"))),
            "other": theirs.get("square"),
        }
        if kind == "SW":
            return tr("swaps {mine} on {square} with {theirs} on {other}", **words)
        return tr("digs {mine} from {square} under {theirs} on {other}", **words)
    if kind == "REMOVED":
        pyramids = list(facts.get("pyramids") or [])
        return trn(
            "loses its {pyramids} for good",
            "loses its {pyramids} for good",
            len(pyramids),
            pyramids=pyramid_words(pyramids),
        )
    if kind == "ELIMINATED":
        return tr("is out of the game")
    if kind == "WIN":
        others = [colour_word(colour) for colour in facts.get("colours") or []][1:]
        if not others:
            return tr("wins the game")
        return tr("shares the win with {others}", others=_and_chain(others))
    return None


def _and_chain(items: list[str]) -> str:
    """ "A and B and C": every pair joined by the spoken "and"."""
    joined = items[0]
    for item in items[1:]:
        joined = tr("{rest} and {last}", rest=joined, last=item)
    return joined


def _attack_phrase(facts: dict, colours: dict[int, str]) -> str:
    origin, target, rolls = facts.get("origin"), facts.get("target"), facts.get("rolls")
    if not origin:
        return tr("doesn't attack")
    defender = facts.get("defender")
    words = {"origin": origin, "target": target}
    if rolls:
        words["dice"] = _dice_words(*rolls)
    if defender in colours:
        words["colour"] = colour_word(colours[defender])
        if rolls:
            return tr("attacks {colour}'s {target} from {origin}, dice {dice}", **words)
        return tr("attacks {colour}'s {target} from {origin}", **words)
    if rolls:
        return tr("attacks {target} from {origin}, dice {dice}", **words)
    return tr("attacks {target} from {origin}", **words)


def _hop_phrase(facts: dict) -> str:
    squares = {"origin": facts.get("origin"), "target": facts.get("target")}
    if facts.get("whole"):
        hop = tr("hops the whole force {origin} to {target}", **squares)
    else:
        hop = tr("hops the top pyramid {origin} to {target}", **squares)
    rolls = facts.get("rolls")
    if not rolls:
        return hop
    dice = ", ".join(_dice_words(*pair) for pair in rolls)
    if facts.get("stayed"):
        return tr("{hop}, roll-off {dice}: it stays", hop=hop, dice=dice)
    return tr("{hop}, roll-off {dice}: it goes back", hop=hop, dice=dice)


def log_sentences(view: dict) -> list[LogSentence]:
    """The turn's log in words, a sentence per run of one seat's tokens: each token worded from its
    facts, re-rolled actions with the roll that counted, an Aim leg's steps as one chain."""
    worded: list[tuple[int | None, str]] = []
    rerolled: list[str] = []
    chain: dict | None = None  # the Aim leg being worded: seat, unit and the square it reached
    for entry in view.get("last") or []:
        text = str(entry.get("text") or "")
        if not text:
            continue
        kind, facts = text.split()[0], entry.get("facts") or {}
        seat = None if kind in ("FIRST", "TURN") else entry.get("seat")
        if kind == "AM" and facts.get("origin"):
            link = (seat, bool(facts.get("whole")), facts["origin"])
            if chain and worded and (chain["seat"], chain["whole"], chain["at"]) == link:
                worded[-1] = (seat, tr("{steps} to {target}", steps=worded[-1][1], target=facts["target"]))
                chain["at"] = facts["target"]
                continue
            chain = {"seat": seat, "whole": bool(facts.get("whole")), "at": facts["target"]}
        else:
            chain = None
        phrase = _phrase(kind, facts, view, rerolled)
        if phrase:
            worded.append((seat, phrase))
    sentences: list[LogSentence] = []
    for seat, phrase in worded:
        if sentences and sentences[-1].seat == seat and seat is not None:
            sentences[-1] = LogSentence(seat, (*sentences[-1].phrases, phrase))
        else:
            sentences.append(LogSentence(seat, (phrase,)))
    return sentences


# --- layout ---------------------------------------------------------------------------------------

CELL = 96
GUTTER = 40  # rank numbers, then the West side's bars
EDGE = 4  # the board's frame
BAR_GAP = 3
BAR_W = 10  # a start square's bar outside the board
ROW_BAR_W = 4  # the rest of the starting row
BAR_ROOM = EDGE + BAR_GAP + BAR_W
FOOT = BAR_ROOM + 30  # under the board: the South bars, then the file letters
GAP = 12
PAD = 14
RADIUS = 14
BOARD_X0 = MARGIN + GUTTER
BOARD_Y0 = HEADER_H + 4 + BAR_ROOM
BOARD_X1 = BOARD_X0 + 6 * CELL
BOARD_Y1 = BOARD_Y0 + 6 * CELL
COLUMN_X0 = BOARD_X1 + BAR_ROOM + GAP
COLUMN_X1 = WIDTH - MARGIN
COLUMN_TEXT_W = COLUMN_X1 - COLUMN_X0 - 2 * PAD
PLAYER_H = 68
PLAYER_H_ADVANCED = 96
PLAYER_GAP = 8
LINE_H = 28
ACTION_DIE = 44
REROLL_DIE = 24
REROLL_NOTE = N_("re-rolled")
HOP_DIE = 30
HOP_SHOWN = 3  # roll-off pairs shown: the deciding pair and the ties before it
KEY_DIE = 26
KEY_ROW_H = 32
KEY_H = 14 + 3 * KEY_ROW_H  # the action die's key: a divider, then 2 columns x 3 rows
COMBAT_TITLE_H = 44
COMBAT_ROW_H = 50
COMBAT_LABEL_W = 330
COMBAT_DIE = 38
LOG_LINE_H = 32
LOG_LINES = 4
MAX_HEIGHT = 1200  # 1.2 times the width: taller pictures read badly on a phone
LOG_TEXT_X = 70  # the log's tokens start right of its title (further when the title is longer)
LEGEND_ROW_H = 34

# Inside a square: the force chip (or the frozen snowflake) top-left, a goal square's flag under it,
# the tower on an axis a little right of the middle, the badges in a column on the right, a nest's
# tray along the bottom.
INSET = 8
TOWER_SCALE = 26  # a small pyramid is 26 px tall: a capped L-M-S tree just fits the square
TRAY_SCALE = 15
TRAY_H = 28
TREE_LIFT = 0.55  # a smaller pyramid sits this far up the bigger one under it
BADGE = 26
TRAY_BADGE = 24
TOWER_X = 0.52  # right of a goal flag; the badges still clear it
CHIP = 26


@dataclass(frozen=True)
class CombatLayout:
    width: int
    height: int
    board: Box  # the squares only
    players: tuple[Box, ...]  # one card per seat
    decision: Box  # who has to decide and what (or the result)
    dice: Box  # the action die, the Aim budget, the Hop roll-off
    key: Box | None  # the action die's faces and names, in the dice card when there is room
    combat: Box | None  # this turn's combat, when there is one
    log: Box
    log_limit: int  # the log's lines at most
    legend: Box


def _player_height(view: dict) -> int:
    return PLAYER_H_ADVANCED if view.get("version") == "advanced" else PLAYER_H


def decision_lines(view: dict) -> list[str]:
    """What has to be decided now (or why the winner won), in at most two lines."""
    if view.get("is_over"):
        count = max(1, len(view.get("winners") or []))
        text = trn("wins: {reason}", "win: {reason}", count, reason=win_reason_text(view.get("win_reason")))
    else:
        text = describe_phase(view)
    lines = wrap_bold(text, SMALL_SIZE, COLUMN_TEXT_W)
    if len(lines) > 2:
        lines = [lines[0], fit_text(" ".join(lines[1:]), SMALL_SIZE, COLUMN_TEXT_W, bold=True)]
    return lines


def fitted_name(name: str, room: float) -> tuple[str, int]:
    """A name in bold at BODY_SIZE; at SMALL_SIZE when it is too wide, cut short only if it still is.
    (A local helper: renderers.common has no such step-down yet.)"""
    if text_width(name, BODY_SIZE, bold=True) <= room:
        return name, BODY_SIZE
    return fit_text(name, SMALL_SIZE, room, bold=True), SMALL_SIZE


def wrap_bold(text: str, size: int, max_width: float) -> list[str]:
    """Greedy word wrap measured in the bold face (senet.wrap measures the regular one)."""
    lines: list[str] = []
    for word in text.split():
        attempt = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(attempt, size, bold=True) <= max_width:
            lines[-1] = attempt
        else:
            lines.append(word)
    return lines


def whose_turn_line(view: dict) -> str:
    """A line saying whose turn it is when someone else has to answer."""
    if view.get("is_over"):
        return ""
    to_move = list(view.get("to_move") or [])
    current = view.get("current")
    if current is None or not to_move or to_move[0] == current:
        return ""
    return tr("answering in {player}'s turn", player=seat_tag(int(current)))


def _decision_rows(view: dict) -> dict[str, int]:
    """The decision card's rows, as offsets of their middles from its top; "height" is the card's."""
    rows = {"who": PAD + 20, "what": PAD + 54}
    y = rows["what"] + LINE_H * (len(decision_lines(view)) - 1)
    if whose_turn_line(view):
        y += LINE_H
        rows["whose"] = y
    rows["height"] = y + LINE_H // 2 + PAD
    return rows


def _dice_rows(view: dict) -> dict[str, int]:
    """The dice card's rows, as offsets of their middles from its top; "height" is what they need."""
    rows = {"action": PAD + ACTION_DIE // 2}
    y = PAD + ACTION_DIE
    if view.get("aim"):
        y += 12 + LINE_H // 2
        rows["aim"] = y
        y += LINE_H // 2
    if view.get("hop"):
        y += 12 + LINE_H // 2
        rows["hop"] = y
        y += LINE_H // 2 + 6 + HOP_DIE // 2
        rows["hop_dice"] = y
        y += HOP_DIE // 2
    rows["height"] = y + PAD
    return rows


def log_line_limit(view: dict, log_top: int) -> int:
    """How many log lines fit above the legend in a picture at most MAX_HEIGHT tall (LOG_LINES at most)."""
    below = 2 * PAD - 8 + 8 + LEGEND_ROW_H * len(_legend_rows(view)) + MARGIN
    return max(1, min(LOG_LINES, (MAX_HEIGHT - log_top - below) // LOG_LINE_H))


@once_per_picture
def board_layout(view: dict) -> CombatLayout:
    seats = seats_of(view)
    top = HEADER_H + 4
    player_h = _player_height(view)
    players = tuple(
        (
            COLUMN_X0,
            top + i * (player_h + PLAYER_GAP),
            COLUMN_X1,
            top + i * (player_h + PLAYER_GAP) + player_h,
        )
        for i in range(len(seats))
    )
    y = (players[-1][3] if players else top) + GAP
    decision = (COLUMN_X0, y, COLUMN_X1, y + _decision_rows(view)["height"])
    y = decision[3] + GAP
    needed = _dice_rows(view)["height"]
    dice = (COLUMN_X0, y, COLUMN_X1, max(y + needed, BOARD_Y1 + FOOT))
    key = None
    if dice[3] - dice[1] - needed >= KEY_H:  # room to spare: the die's six faces and what they do
        key = (COLUMN_X0 + PAD, dice[3] - PAD - 3 * KEY_ROW_H, COLUMN_X1 - PAD, dice[3] - PAD)
    y = max(BOARD_Y1 + FOOT, dice[3]) + GAP
    combat = None
    if view.get("combat"):
        combat = (MARGIN, y, WIDTH - MARGIN, y + COMBAT_TITLE_H + 2 * COMBAT_ROW_H + PAD)
        y = combat[3] + GAP
    log_limit = log_line_limit(view, y)
    log = (MARGIN, y, WIDTH - MARGIN, y + 2 * PAD + LOG_LINE_H * len(log_lines(view, log_limit)) - 8)
    legend_rows = len(_legend_rows(view))
    legend = (MARGIN, log[3] + 8, WIDTH - MARGIN, log[3] + 8 + LEGEND_ROW_H * legend_rows)
    return CombatLayout(
        WIDTH,
        legend[3] + MARGIN,
        (BOARD_X0, BOARD_Y0, BOARD_X1, BOARD_Y1),
        players,
        decision,
        dice,
        key,
        combat,
        log,
        log_limit,
        legend,
    )


def square_box(view: dict, square: str) -> Box:
    """The pixel box of a square on the board picture (the same for every view)."""
    box = _SQUARE_BOXES.get(square)
    if box is None:
        column, row = square_index(square)
        x0, y0 = BOARD_X0 + column * CELL, BOARD_Y0 + row * CELL
        box = (x0, y0, x0 + CELL, y0 + CELL)
    return box


SQUARES = tuple(f"{file}{rank}" for rank in range(1, RANKS + 1) for file in FILES)
_SQUARE_BOXES: dict[str, Box] = {}  # a board draws ~120 square boxes: worked out once
_SQUARE_BOXES.update((square, square_box({}, square)) for square in SQUARES)


def player_box(view: dict, seat: int) -> Box:
    return board_layout(view).players[seat]


def start_bar_box(view: dict, side: str, square: str, width: int = BAR_W) -> Box:
    """The bar outside the board edge beside a square of `side`'s starting row."""
    x0, y0, x1, y1 = square_box(view, square)
    near = EDGE + BAR_GAP
    if side == "S":
        return (x0 + 2, y1 + near, x1 - 2, y1 + near + width)
    if side == "N":
        return (x0 + 2, y0 - near - width, x1 - 2, y0 - near)
    if side == "W":
        return (x0 - near - width, y0 + 2, x0 - near, y1 - 2)
    return (x1 + near, y0 + 2, x1 + near + width, y1 - 2)


def chip_box(view: dict, square: str) -> Box:
    """Where a square shows its force chip, or the snowflake of a frozen stack."""
    x0, y0, _, _ = square_box(view, square)
    return (x0 + INSET + 1, y0 + INSET + 1, x0 + INSET + 1 + CHIP, y0 + INSET + 1 + CHIP)


def goal_flag_box(view: dict, square: str) -> Box:
    """Where a goal square shows its owner's flag: big in the middle of an empty square; beside a
    stack on the left, under the force chip, clear of the tower's base and of a nest's tray."""
    x0, y0, x1, y1 = square_box(view, square)
    if not stack_at(view, square):
        width, height = BIG_FLAG.cloth_w + 4, BIG_FLAG.pole_h
        left, top = (x0 + x1 - width) // 2, (y0 + y1 - height) // 2
    else:
        width, height = SMALL_FLAG.cloth_w + 3, SMALL_FLAG.pole_h
        left, top = x0 + 5, y0 + INSET + CHIP + 2
    return (left, top, left + width, top + height)


def tray_box(box: Box) -> Box:
    """The strip at the bottom of a square where a nest's covered pyramids are laid out."""
    x0, _, x1, y1 = box
    return (x0 + INSET, y1 - INSET - TRAY_H, x1 - INSET, y1 - INSET)


def action_die_box(view: dict) -> Box:
    """The action die in the dice card."""
    x0, y0, _, _ = board_layout(view).dice
    middle = y0 + _dice_rows(view)["action"]
    return (x0 + PAD, middle - ACTION_DIE // 2, x0 + PAD + ACTION_DIE, middle + ACTION_DIE // 2)


def reroll_die_boxes(view: dict) -> list[Box]:
    """The struck-through dice of the unavailable actions rolled before, right of the action's name."""
    action = view.get("action") or {}
    rerolled = list(action.get("rerolled") or [])
    if not rerolled:
        return []
    die = action_die_box(view)
    middle = (die[1] + die[3]) // 2 + 11  # under their "re-rolled" note
    right = COLUMN_X1 - PAD
    shown = min(len(rerolled), 4)
    boxes = []
    for i in range(shown):
        left = right - (shown - i) * (REROLL_DIE + 8) + 8
        boxes.append((left, middle - REROLL_DIE // 2, left + REROLL_DIE, middle + REROLL_DIE // 2))
    return boxes


def hop_dice_boxes(view: dict) -> list[tuple[Box, Box]]:
    """The Hop roll-off's last pairs of dice (the hopper's, then the target owner's)."""
    hop = view.get("hop") or {}
    rolls = list(hop.get("rolls") or [])[-HOP_SHOWN:]
    if not rolls:
        return []
    x0, y0, _, _ = board_layout(view).dice
    middle = y0 + _dice_rows(view)["hop_dice"]
    x = x0 + PAD
    boxes = []
    for _ in rolls:
        a = (x, middle - HOP_DIE // 2, x + HOP_DIE, middle + HOP_DIE // 2)
        b = (x + HOP_DIE + 14, a[1], x + 2 * HOP_DIE + 14, a[3])
        boxes.append((a, b))
        x = b[2] + 20
    return boxes


def key_die_boxes(view: dict) -> list[Box]:
    """The action die's key: faces 1-6 in two columns of three (none when the card has no room)."""
    key = board_layout(view).key
    if key is None:
        return []
    x0, y0, x1, _ = key
    # the second column starts clear of the first's ring around its longest name (German's are long)
    widest = max(text_width(action_label_of_face(face), SMALL_SIZE, bold=True) for face in (1, 2, 3))
    column_w = max((x1 - x0) // 2, KEY_DIE + 12 + round(widest) + 6 + 8)
    boxes = []
    for face in range(6):
        column, row = divmod(face, 3)
        middle = y0 + KEY_ROW_H * row + KEY_ROW_H // 2
        left = x0 + column * column_w
        boxes.append((left, middle - KEY_DIE // 2, left + KEY_DIE, middle + KEY_DIE // 2))
    return boxes


@dataclass(frozen=True)
class CombatColumn:
    label: str
    x: int  # left edge
    width: int
    dice: tuple[int, int] | None  # (attacker's roll, defender's roll); None for a text-only column
    totals: tuple[int, int] | None


def combat_columns(view: dict) -> list[CombatColumn]:
    """The combat card's columns: each round (dice and totals), the counter-attack and its sums,
    then the plain tie-break rolls (the latest ones when they do not all fit)."""
    combat = view.get("combat") or {}
    rolls = [tuple(pair) for pair in combat.get("rolls") or []]
    counter = [tuple(pair) for pair in combat.get("counter") or []]
    ties = [tuple(pair) for pair in combat.get("ties") or []]
    totals = combat.get("totals") or {"rolls": [], "counter": [], "sum": None}
    specs: list[tuple[str, int, tuple[int, int] | None, tuple[int, int] | None]] = []
    for i, (dice, total) in enumerate(zip(rolls, totals["rolls"], strict=True)):
        specs.append((tr("round {number}", number=i + 1), 108, dice, tuple(total)))
    for dice, total in zip(counter, totals["counter"], strict=True):
        specs.append((tr("counter"), 108, dice, tuple(total)))
    if totals["sum"]:
        specs.append((tr("sum"), 64, None, tuple(totals["sum"])))
    tie_specs = [(tr("tie"), 62, pair, None) for pair in ties]
    # a column is as wide as its label needs, whatever the language's words
    specs = [(label, max(width, _label_room(label)), *rest) for label, width, *rest in specs]
    tie_specs = [(label, max(width, _label_room(label)), *rest) for label, width, *rest in tie_specs]
    x0 = MARGIN + PAD + COMBAT_LABEL_W + 12
    room = WIDTH - MARGIN - PAD - 96 - x0  # the winner's pill on the right
    used = sum(spec[1] for spec in specs)
    while tie_specs and used + sum(spec[1] for spec in tie_specs) > room:
        tie_specs.pop(0)
    columns = []
    x = x0
    for label, width, dice, totals in [*specs, *tie_specs]:
        columns.append(CombatColumn(label, x, width, dice, totals))
        x += width
    return columns


def _label_room(label: str) -> int:
    return round(text_width(label, SMALL_SIZE)) + 10


def combat_row_middles(view: dict) -> tuple[int, int]:
    """The vertical middles of the attacker's and the defender's rows."""
    box = board_layout(view).combat
    if box is None:
        return (0, 0)
    top = box[1] + COMBAT_TITLE_H
    return (top + COMBAT_ROW_H // 2, top + COMBAT_ROW_H + COMBAT_ROW_H // 2)


def combat_dice_boxes(view: dict) -> list[tuple[str, Box, Box]]:
    """Each dice column of the combat card: (label, attacker's die, defender's die)."""
    rows = combat_row_middles(view)
    boxes = []
    for column in combat_columns(view):
        if column.dice is None:
            continue
        pair = tuple(
            (column.x, middle - COMBAT_DIE // 2, column.x + COMBAT_DIE, middle + COMBAT_DIE // 2)
            for middle in rows
        )
        boxes.append((column.label, pair[0], pair[1]))
    return boxes


# --- palette additions ----------------------------------------------------------------------------

SQUARE_LIGHT = (84, 92, 114)
SQUARE_DARK = (72, 80, 101)
SQUARE_LINE = (52, 58, 74)
BOARD_EDGE = (112, 122, 146)
BLOCKED_FILL = (30, 33, 42)
HATCH = (58, 64, 82)
TRAY_FILL = (36, 40, 52)
LAST = (255, 104, 196)  # the last actions: no pyramid colour is pink
FROZEN = (150, 222, 255)  # capped trees and waiting reserves
BADGE_RIM = (18, 20, 26)
HOME_AMOUNT = 0.42


def piece_rgb(colour: str) -> Colour:
    return PYRAMID_COLOURS.get(colour, (200, 200, 200))


def home_tint(colour: str, base: Colour = SQUARE_LIGHT) -> Colour:
    return mix(base, piece_rgb(colour), HOME_AMOUNT)


def last_tint(base: Colour) -> Colour:
    return mix(base, LAST, 0.3)


# --- sprites --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FlagSize:
    cloth_w: int
    cloth_h: int
    pole_h: int
    letter: int  # the letter's font size


SMALL_FLAG = FlagSize(24, 21, 24, SMALL_SIZE)  # beside a stack: ends above a nest's tray
BIG_FLAG = FlagSize(38, 30, 52, BODY_SIZE)  # alone on an empty goal square


@lru_cache(maxsize=8)
def goal_flag(colour: str, big: bool = False) -> Image.Image:
    """A pennant of the goal's owner's colour with their letter, on a pole: whose goal a square is,
    told by the letter as well as the colour, and by a flag's shape unlike a badge's or a chip's."""
    size = BIG_FLAG if big else SMALL_FLAG
    s = SUPERSAMPLE
    pole = 3 if not big else 4
    w, h = (size.cloth_w + pole) * s, size.pole_h * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    rgb = piece_rgb(colour)
    draw.rectangle((0, 0, pole * s, h - 1), fill=(*BADGE_RIM, 255))
    x0, x1, y1 = pole * s, w - 1, size.cloth_h * s
    notch = round(size.cloth_w * 0.25) * s  # a swallowtail
    draw.polygon([(x0, 0), (x1, 0), (x1 - notch, y1 / 2), (x1, y1), (x0, y1)], fill=(*BADGE_RIM, 255))
    edge = round(1.5 * s)
    inner = [
        (x0, edge),
        (x1 - edge * 2, edge),
        (x1 - notch - edge, y1 / 2),
        (x1 - edge * 2, y1 - edge),
        (x0, y1 - edge),
    ]
    draw.polygon(inner, fill=(*rgb, 255))
    flag = image.reduce(s)
    draw_text(
        ImageDraw.Draw(flag),
        (pole + (size.cloth_w - notch / s) / 2 + 1, size.cloth_h / 2 + 1),
        colour,
        size=size.letter,
        fill=ink_on(rgb, BADGE_RIM),
        anchor="mm",
        bold=True,
    )
    return flag


@lru_cache(maxsize=32)
def colour_badge(colour: str, diameter: int = BADGE) -> Image.Image:
    """A disc of the pyramid's colour with its letter: the colour named for colour-blind players."""
    s = SUPERSAMPLE
    n = diameter * s
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    rgb = piece_rgb(colour)
    draw.ellipse((0, 0, n - 1, n - 1), fill=(*BADGE_RIM, 255))
    rim = round(1.5 * s)
    draw.ellipse((rim, rim, n - 1 - rim, n - 1 - rim), fill=(*rgb, 255))
    badge = image.reduce(s)
    draw_text(
        ImageDraw.Draw(badge),
        (diameter / 2, diameter / 2 + 1),
        colour,
        size=SMALL_SIZE,
        fill=ink_on(rgb, BADGE_RIM),
        anchor="mm",
        bold=True,
    )
    return badge


@lru_cache(maxsize=4)
def padlock_sprite(size: int = 15) -> Image.Image:
    """A small white padlock with a dark edge: this pyramid is covered by an opponent's."""
    s = SUPERSAMPLE
    w, h = size * s, round(size * 1.2) * s
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = round(1.6 * s)
    body_top = h * 0.42
    arc = (w * 0.2, h * 0.04, w * 0.8, h * 0.62)
    draw.arc(arc, 180, 360, fill=(*BADGE_RIM, 255), width=round(w * 0.2) + 2 * edge)
    draw.arc(
        (arc[0] + edge, arc[1] + edge, arc[2] - edge, arc[3] - edge),
        180,
        360,
        fill=(250, 250, 250, 255),
        width=round(w * 0.2) - edge,
    )
    draw.line(
        (arc[0] + w * 0.1, h * 0.33, arc[0] + w * 0.1, body_top),
        fill=(250, 250, 250, 255),
        width=round(w * 0.13),
    )
    draw.line(
        (arc[2] - w * 0.1, h * 0.33, arc[2] - w * 0.1, body_top),
        fill=(250, 250, 250, 255),
        width=round(w * 0.13),
    )
    draw.rounded_rectangle(
        (0, body_top, w - 1, h - 1),
        radius=round(w * 0.14),
        fill=(250, 250, 250, 255),
        outline=(*BADGE_RIM, 255),
        width=edge,
    )
    hole = w * 0.09
    draw.ellipse((w / 2 - hole, h * 0.62, w / 2 + hole, h * 0.62 + 2 * hole), fill=(*BADGE_RIM, 255))
    return image.reduce(s)


@lru_cache(maxsize=4)
def snowflake_sprite(size: int = CHIP) -> Image.Image:
    """Six ice-blue spokes with ticks on a dark disc: this stack is frozen."""
    s = SUPERSAMPLE
    n = size * s
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, n - 1, n - 1), fill=(*BLOCKED_FILL, 255), outline=(*FROZEN, 255), width=s)
    centre = n / 2
    spoke = n * 0.38
    width = round(n * 0.07)
    for k in range(6):
        angle = math.pi / 2 + k * math.pi / 3
        dx, dy = math.cos(angle), math.sin(angle)
        draw.line(
            (centre, centre, centre + dx * spoke, centre + dy * spoke), fill=(*FROZEN, 255), width=width
        )
        tick_at = 0.62 * spoke
        tx, ty = centre + dx * tick_at, centre + dy * tick_at
        for turn in (-1, 1):
            side = angle + turn * math.pi / 4
            draw.line(
                (tx, ty, tx + math.cos(side) * spoke * 0.32, ty + math.sin(side) * spoke * 0.32),
                fill=(*FROZEN, 255),
                width=width,
            )
    return image.reduce(s)


@lru_cache(maxsize=32)
def force_chip(colour: str, pips: int) -> Image.Image:
    """The top owner's force in pips, on a rounded square of their colour."""
    rgb = piece_rgb(colour)
    s = SUPERSAMPLE
    n = CHIP * s
    image = Image.new("RGBA", (n, n), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle(
        (0, 0, n - 1, n - 1),
        radius=round(n * 0.22),
        fill=(*rgb, 255),
        outline=(*BADGE_RIM, 255),
        width=round(1.5 * s),
    )
    chip = image.reduce(s)
    draw_text(
        ImageDraw.Draw(chip),
        (CHIP / 2, CHIP / 2 + 1),
        str(pips),
        size=SMALL_SIZE,
        fill=ink_on(rgb, BADGE_RIM),
        anchor="mm",
        bold=True,
    )
    return chip


@lru_cache(maxsize=1)
def hatch_sample() -> Image.Image:
    """The legend's sample of a blocked square (cached: a new image every time defeats the tile cache)."""
    return hatch_tile(CELL).crop((0, 0, LEGEND_SAMPLE_W, 26))


@lru_cache(maxsize=4)
def hatch_tile(cell: int) -> Image.Image:
    """A blocked square: dark, with diagonal stripes."""
    tile = Image.new("RGB", (cell, cell), BLOCKED_FILL)
    draw = ImageDraw.Draw(tile)
    for offset in range(-cell, cell, 16):
        draw.line((offset, cell, offset + cell, 0), fill=HATCH, width=4)
    return tile


def _paste_pyramid(
    image: Image.Image, code: str, scale: int, centre_x: float, baseline: float, *, ghost: bool = False
) -> None:
    """A side-view pyramid standing on `baseline`, centred on `centre_x`."""
    size = size_of(code)
    width, _ = pyramid_extent(size, scale)
    sprite = pyramid_sprite(code[0], size, scale, ghost=ghost, letter=False)
    paste(image, sprite, (centre_x - width / 2, baseline - sprite.height))


def _paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    paste(image, sprite, (centre[0] - sprite.width / 2, centre[1] - sprite.height / 2))


def _paste_die(image: Image.Image, value: int, box: Box, *, struck: bool = False) -> None:
    box = tuple(round(v) for v in box)
    paste(image, die_sprite(int(value), box[2] - box[0]), box[:2])
    if struck:  # an unavailable action: rolled, then rolled again
        draw = ImageDraw.Draw(image)
        draw.line((box[0] - 3, box[3] + 2, box[2] + 3, box[1] - 2), fill=BACKGROUND, width=7)
        draw.line((box[0] - 2, box[3] + 1, box[2] + 2, box[1] - 1), fill=PENALTY, width=4)


# --- a stack on its square ------------------------------------------------------------------------


@dataclass(frozen=True)
class PlacedPyramid:
    """Where one pyramid of a stack is drawn, with its badge."""

    code: str
    covered: bool  # inside a nest: drawn small in the tray
    trapped: bool  # a pyramid of another colour is above it
    cap: bool  # the black cap of a completed tree
    scale: int
    centre_x: float
    baseline: float
    badge: tuple[float, float] | None  # the badge's centre
    badge_size: int


def place_stack(
    box: Box,
    stack: list[str],
    *,
    covered: list[bool] | None = None,
    capped: bool = False,
    frozen: bool = False,
) -> list[PlacedPyramid]:
    """Lay out a stack in a square, bottom to top (a cap last).

    A tree stands as a tower, each smaller pyramid perched TREE_LIFT up the bigger one under it, its
    badges in a column at the square's right edge, each level with the part of its pyramid that
    shows. A nest shows its outer (top) pyramid standing on the tray and the pyramids it covers
    small in the tray, innermost first, each followed by its badge.
    """
    if not stack:
        return []
    x0, _, x1, y1 = box
    flags = [False] * len(stack) if frozen or covered is None else list(covered)
    placed: list[PlacedPyramid] = []
    nest = is_nest(stack)
    tower = [len(stack) - 1] if nest else list(range(len(stack)))
    base = y1 - INSET
    if nest:
        tray = tray_box(box)
        base = tray[1] - 3
        covered = list(range(len(stack) - 1))
        widths = [pyramid_extent(size_of(stack[i]), TRAY_SCALE)[0] for i in covered]
        gap = 3
        total = sum(w + 1 + TRAY_BADGE for w in widths) + gap * (len(covered) - 1)
        x = (tray[0] + tray[2]) / 2 - total / 2
        for i, width in zip(covered, widths, strict=True):
            badge = (x + width + 1 + TRAY_BADGE / 2, (tray[1] + tray[3]) / 2)
            placed.append(
                PlacedPyramid(
                    stack[i], True, flags[i], False, TRAY_SCALE, x + width / 2, tray[3] - 3, badge, TRAY_BADGE
                )
            )
            x += width + 1 + TRAY_BADGE + gap
    centre_x = x0 + (x1 - x0) * TOWER_X
    badge_x = x1 - INSET - BADGE / 2
    last_badge_y = None
    codes = [stack[i] for i in tower] + (["K1"] if capped else [])
    for k, code in enumerate(codes):
        is_cap = capped and k == len(codes) - 1
        height = pyramid_extent(size_of(code), TOWER_SCALE)[1]
        badge = None
        if not is_cap:
            shown = height * (TREE_LIFT if k < len(codes) - 1 else 0.7)
            badge_y = base - min(shown, height * 0.7) / 2 - 4
            if last_badge_y is not None:
                badge_y = min(badge_y, last_badge_y - BADGE - 1)
            badge = (badge_x, badge_y)
            last_badge_y = badge_y
        index = tower[k] if k < len(tower) else None
        trapped = flags[index] if index is not None else False
        placed.append(PlacedPyramid(code, False, trapped, is_cap, TOWER_SCALE, centre_x, base, badge, BADGE))
        base -= height * TREE_LIFT
    return placed


def draw_stack(image: Image.Image, draw: ImageDraw.ImageDraw, placed: list[PlacedPyramid], box: Box) -> None:
    """The pyramids of a placed stack, and a nest's tray."""
    if any(piece.covered for piece in placed):
        draw.rounded_rectangle(tray_box(box), radius=8, fill=TRAY_FILL, outline=PANEL_EDGE, width=1)
    for piece in placed:  # bottom to top: a smaller pyramid covers the tip of the one under it
        _paste_pyramid(image, piece.code, piece.scale, piece.centre_x, piece.baseline)


def padlock_box(piece: PlacedPyramid) -> Box:
    """Where a badge's padlock goes: over the badge's lower right edge."""
    lock = padlock_sprite()
    half = piece.badge_size / 2
    x0 = round(piece.badge[0] + half - lock.width + 4)
    y0 = round(piece.badge[1] + half - lock.height + 5)
    return (x0, y0, x0 + lock.width, y0 + lock.height)


def draw_badges(image: Image.Image, placed: list[PlacedPyramid]) -> None:
    """The colour badges of a placed stack, each with a padlock if an opponent covers its pyramid."""
    for piece in placed:
        if piece.badge is None:
            continue
        _paste_centred(image, colour_badge(piece.code[0], piece.badge_size), piece.badge)
        if piece.trapped:
            paste(image, padlock_sprite(), padlock_box(piece)[:2])


# --- drawing helpers ------------------------------------------------------------------------------


def draw_arrow(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    *,
    colour: Colour,
    outline: Colour,
    width: int = 6,
    both: bool = False,
) -> None:
    """A straight arrow in any direction with a dark rim; a head at `end` (and at `start` if `both`)."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 4:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head = width * 2.6

    def head_points(
        tip_x: float, tip_y: float, dx: float, dy: float, grow: float
    ) -> list[tuple[float, float]]:
        base_x, base_y = tip_x - dx * head, tip_y - dy * head
        half = head * 0.62 + grow
        return [
            (tip_x + dx * grow * 1.6, tip_y + dy * grow * 1.6),
            (base_x - dy * half - dx * grow, base_y + dx * half - dy * grow),
            (base_x + dy * half - dx * grow, base_y - dx * half - dy * grow),
        ]

    shaft_start = (x0 + ux * head * 0.8, y0 + uy * head * 0.8) if both else (x0, y0)
    shaft_end = (x1 - ux * head * 0.8, y1 - uy * head * 0.8)
    for fill, grow in ((outline, 3), (colour, 0)):
        draw.line([shaft_start, shaft_end], fill=fill, width=width + 2 * grow)
        if not both:
            r = width / 2 + grow
            draw.ellipse((x0 - r, y0 - r, x0 + r, y0 + r), fill=fill)
        draw.polygon(head_points(x1, y1, ux, uy, grow), fill=fill)
        if both:
            draw.polygon(head_points(x0, y0, -ux, -uy, grow), fill=fill)


def arrow_between(draw: ImageDraw.ImageDraw, view: dict, a: str, b: str, *, both: bool = False) -> None:
    """From near square a's centre to near square b's: the arrow runs between the stacks, not over them."""
    ax0, ay0, ax1, ay1 = square_box(view, a)
    bx0, by0, bx1, by1 = square_box(view, b)
    (ax, ay), (bx, by) = ((ax0 + ax1) / 2, (ay0 + ay1) / 2), ((bx0 + bx1) / 2, (by0 + by1) / 2)
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    start_cut, end_cut = CELL * 0.2, CELL * 0.4  # astride the border: the head ends just inside the target
    draw_arrow(
        draw,
        (ax + ux * start_cut, ay + uy * start_cut),
        (bx - ux * end_cut, by - uy * end_cut),
        colour=LAST,
        outline=BACKGROUND,
        width=6,
        both=both,
    )


def _badge_inline(image: Image.Image, colour: str, x: float, middle: float, diameter: int = BADGE) -> float:
    """A colour badge whose left edge is at x; returns its right edge."""
    _paste_centred(image, colour_badge(colour, diameter), (x + diameter / 2, middle))
    return x + diameter


# --- the board ------------------------------------------------------------------------------------


def render_combat_board(view: dict, *, names: list[str] | None = None) -> bytes:
    """Header, the board with its side panel (players, the decision and the dice), the combat, the
    turn's log and a legend."""
    layout = board_layout(view)
    seats = seats_of(view)
    image, draw = new_canvas(layout.width, layout.height)
    _draw_header(draw, view)
    _draw_board(image, draw, view, seats)
    for info, box in zip(seats, layout.players, strict=True):
        _draw_player(image, draw, box, view, info, names)
    _draw_decision(image, draw, layout.decision, view, seats, names)
    _draw_dice(image, draw, layout, view)
    if layout.combat:
        _draw_combat(image, draw, layout.combat, view, seats, names)
    _draw_log(image, draw, layout.log, view)
    _draw_legend(image, draw, layout.legend, view)
    return to_png(image)


def _draw_header(draw: ImageDraw.ImageDraw, view: dict) -> None:
    middle = HEADER_H / 2 + 2
    turn = view.get("turn", 1)
    if view.get("is_over"):
        progress = tr("Final")
    elif view.get("turns_left") is not None:  # the engine counts the limit
        progress = tr("Turn {turn} of {total}", turn=turn, total=turn + view["turns_left"])
    else:
        progress = tr("Turn {turn}", turn=turn)
    title = f"Martian Combat {EM_DASH} {progress}"
    draw_text(draw, (MARGIN + 4, middle), title, size=TITLE_SIZE, fill=TEXT, anchor="lm", bold=True)
    version = str(view.get("version") or "")
    version = tr(VERSION_NAMES[version]) if version in VERSION_NAMES else version
    players = len(seats_of(view))
    if version:
        info = trn(
            "{version} · {count} player",
            "{version} · {count} players",
            players,
            version=version,
            count=players,
        )
    else:
        info = trn("{count} player", "{count} players", players, count=players)
    draw_text(draw, (WIDTH - MARGIN - 4, middle), info, size=SMALL_SIZE, fill=MUTED, anchor="rm")


def _square_fill(square: str, homes: dict[str, str]) -> Colour:
    column, row = square_index(square)
    base = SQUARE_LIGHT if (column + row) % 2 == 0 else SQUARE_DARK
    return home_tint(homes[square], base) if square in homes else base


def _draw_board(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict, seats: list[SeatInfo]) -> None:
    blocked = set(view["blocked"])
    homes = {  # an eliminated player's goals are plain squares again, as their bars go grey
        square: info.colour
        for info in seats
        if not info.eliminated
        for square in info.home
        if is_square(square)
    }
    marks = last_marks(view)
    offer = view.get("offer") or {}
    aim = view.get("aim") or {}
    over = bool(view.get("is_over"))
    draw.rectangle(
        (BOARD_X0 - EDGE, BOARD_Y0 - EDGE, BOARD_X1 + EDGE - 1, BOARD_Y1 + EDGE - 1), fill=BOARD_EDGE
    )

    squares = SQUARES
    tile = hatch_tile(CELL)
    for square in squares:
        box = square_box(view, square)
        if square in blocked:
            paste(image, tile, box[:2])
        else:
            fill = _square_fill(square, homes)
            if square in marks.squares:
                fill = last_tint(fill)
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=fill)
    for i in range(1, 6):
        x, y = BOARD_X0 + i * CELL, BOARD_Y0 + i * CELL
        draw.line((x, BOARD_Y0, x, BOARD_Y1 - 1), fill=SQUARE_LINE, width=2)
        draw.line((BOARD_X0, y, BOARD_X1 - 1, y), fill=SQUARE_LINE, width=2)

    # coordinates: files under the South bars, ranks left of the West bars
    for i, file in enumerate(FILES):
        x = BOARD_X0 + (i + 0.5) * CELL
        draw_text(
            draw, (x, BOARD_Y1 + BAR_ROOM + 16), file, size=SMALL_SIZE, fill=MUTED, anchor="mm", bold=True
        )
    for rank in range(1, RANKS + 1):
        y = BOARD_Y0 + (RANKS - rank + 0.5) * CELL
        draw_text(draw, (MARGIN + 10, y), str(rank), size=SMALL_SIZE, fill=MUTED, anchor="mm", bold=True)

    # each side's seat: a thin bar along its starting row, a thick one beside its start squares
    for info in seats:
        rgb = FAINT if info.eliminated else piece_rgb(info.colour)
        for square in info.row:
            if is_square(square):
                draw.rectangle(start_bar_box(view, info.side, square, ROW_BAR_W), fill=rgb)
        for square in info.start:
            if is_square(square):
                draw.rectangle(start_bar_box(view, info.side, square), fill=rgb)

    # the stacks and the flags of empty goal squares; then the frames and the last actions' arrows;
    # then the flags beside stacks, the badges and the force chips (or snowflakes), so no frame or
    # arrow hides a letter or a number that a stack leaves little room for
    placed_stacks: dict[str, list[PlacedPyramid]] = {}
    for square in squares:
        stack = stack_at(view, square)
        if stack:
            entry = square_entry(view, square)
            box = square_box(view, square)
            placed = place_stack(
                box,
                stack,
                covered=entry.get("covered"),
                capped=bool(entry.get("capped")),
                frozen=is_frozen(view, square),
            )
            draw_stack(image, draw, placed, box)
            placed_stacks[square] = placed
    for square, colour in homes.items():
        if square not in placed_stacks:
            paste(image, goal_flag(colour, big=True), goal_flag_box(view, square)[:2])

    frozen = {
        square for square in placed_stacks if is_frozen(view, square)
    }  # caps and reserves stand on stacks
    for square in frozen:
        x0, y0, x1, y1 = square_box(view, square)
        draw.rectangle((x0 + 3, y0 + 3, x1 - 4, y1 - 4), outline=FROZEN, width=3)
    if not over and is_square(offer.get("square")):
        x0, y0, x1, y1 = square_box(view, offer["square"].lower())
        draw.rectangle((x0 + 5, y0 + 5, x1 - 6, y1 - 6), outline=ACCENT, width=4)
        for target in offer.get("targets") or []:
            if is_square(target.get("square")):
                x0, y0, x1, y1 = square_box(view, target["square"].lower())
                dashed_frame(draw, (x0 + 5, y0 + 5, x1 - 6, y1 - 6), colour=ACCENT, width=4, dash=9)
    if not over and is_square(aim.get("leg")):
        x0, y0, x1, y1 = square_box(view, aim["leg"].lower())
        draw.rectangle((x0 + 5, y0 + 5, x1 - 6, y1 - 6), outline=ACCENT, width=4)
    for square in marks.squares:
        x0, y0, x1, y1 = square_box(view, square)
        draw.rectangle((x0, y0, x1 - 1, y1 - 1), outline=LAST, width=3)
    for a, b, both in marks.arrows:
        arrow_between(draw, view, a, b, both=both)

    for square, colour in homes.items():
        if square in placed_stacks:
            paste(image, goal_flag(colour), goal_flag_box(view, square)[:2])
    for square, placed in placed_stacks.items():
        draw_badges(image, placed)
        chip = chip_box(view, square)
        if square in frozen:
            paste(image, snowflake_sprite(), chip[:2])
        else:
            force = square_entry(view, square)["force"]
            paste(image, force_chip(force["colour"], force["pips"]), chip[:2])


def _player_tag(view: dict, info: SeatInfo) -> tuple[str, Colour, Colour, bool] | None:
    """The pill on a player's card: winner or out. Who decides now is the card's highlight and the
    decision card's subject, so a pill for it would only crowd the name."""
    seat = info.seat
    if view.get("is_over"):
        return (tr("WINNER"), GOOD, ON_GOOD, True) if seat in (view.get("winners") or []) else None
    if info.eliminated:
        return (tr("OUT"), FAINT, TEXT, False)
    return None


def _is_deciding(view: dict, seat: int) -> bool:
    to_move = list(view.get("to_move") or [])
    return not view.get("is_over") and bool(to_move) and to_move[0] == seat


PILE_SCALE = 18  # the Advanced removed pile's pyramids


def caps_of(view: dict, info: SeatInfo) -> int:
    return sum(bool(square_entry(view, square).get("capped")) for square in info.home)


def caps_text(view: dict, info: SeatInfo) -> str:
    """How many of the player's goal squares are capped: "caps 1/2"."""
    return tr("caps {caps}/{total}", caps=caps_of(view, info), total=len(info.home))


def reserve_text(info: SeatInfo) -> str:
    """The Advanced reserve nest: waiting on its centre square, used (in play), or none (eliminated)."""
    if info.eliminated:
        return tr("none left")
    return tr("reserve {square}", square=info.reserve) if info.reserve else tr("reserve used")


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    view: dict,
    info: SeatInfo,
    names: list[str] | None,
) -> None:
    """Badge and name (and a winner's or an eliminated player's pill); the side, goal squares and
    caps; Advanced: the removed pile and the reserve."""
    x0, y0, x1, _ = box
    tag = _player_tag(view, info)
    if tag is not None and tag[3]:  # the winner's
        _card(draw, box, fill=mix(PANEL, GOOD, 0.18), edge=GOOD, width=4)
    elif _is_deciding(view, info.seat):
        _card(draw, box, fill=PANEL_ACTIVE, edge=ACCENT, width=4)
    elif view.get("current") == info.seat and not view.get("is_over"):
        _card(draw, box, edge=ACCENT, width=2)
    else:
        _card(draw, box)
    row1, row2, row3 = y0 + 21, y0 + 49, y0 + 77
    ink = FAINT if info.eliminated else TEXT
    x = _badge_inline(image, info.colour, x0 + PAD - 2, row1, 28) + 8
    pill_box = None
    if tag:
        pill_box = pill(
            draw, (x1 - PAD + 4, row1), tag[0], size=SMALL_SIZE, fill=tag[1], text_fill=tag[2], anchor="r"
        )
    right = (pill_box[0] if pill_box else x1 - PAD) - 8
    label = seat_label(info.seat, names)
    if view.get("seat") == info.seat:
        label = tr("{player} (you)", player=label)
    name, size = fitted_name(label, right - x)
    width = draw_text(draw, (x, row1), name, size=size, fill=ink, anchor="lm", bold=True)
    if info.eliminated:
        draw.line((x, row1 + 1, x + width, row1 + 1), fill=PENALTY, width=3)

    # the goal: the two home squares, and how many are capped (a number: a row of tiny caps read
    # as stray glyphs at phone size)
    caps = caps_text(view, info)
    capped = caps_of(view, info) > 0
    caps_w = draw_text(
        draw,
        (x1 - PAD, row2),
        caps,
        size=SMALL_SIZE,
        fill=TEXT if capped else MUTED,
        anchor="rm",
        bold=capped,
    )
    squares = " ".join(info.home)
    if info.side in SIDE_GOALS:
        goal = tr(SIDE_GOALS[info.side], squares=squares)
    else:
        goal = tr("{side} · goal {squares}", side=info.side, squares=squares)
    goal = fit_text(goal, SMALL_SIZE, x1 - PAD - caps_w - 10 - (x0 + PAD))
    draw_text(draw, (x0 + PAD, row2), goal, size=SMALL_SIZE, fill=MUTED, anchor="lm")

    if view.get("version") != "advanced":
        return
    x = x0 + PAD
    x += draw_text(draw, (x, row3), tr("lost"), size=SMALL_SIZE, fill=MUTED, anchor="lm") + 6
    for size, count in zip((1, 2, 3), info.removed, strict=True):
        width, _ = pyramid_extent(size, PILE_SCALE)
        _paste_pyramid(image, f"{info.colour}{size}", PILE_SCALE, x + width / 2, row3 + 11, ghost=count == 0)
        x += width + 2
        ink = TEXT if count else FAINT
        x += draw_text(draw, (x, row3), str(count), size=SMALL_SIZE, fill=ink, anchor="lm", bold=True) + 5
    reserve = fit_text(reserve_text(info), SMALL_SIZE, x1 - PAD - x - 4)
    draw_text(draw, (x1 - PAD, row3), reserve, size=SMALL_SIZE, fill=MUTED, anchor="rm")


def _draw_decision(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    view: dict,
    seats: list[SeatInfo],
    names: list[str] | None,
) -> None:
    """Who has to decide now and what, and whose turn it is if that is someone else; or the result."""
    x0, y0, x1, _ = box
    rows = _decision_rows(view)
    who = y0 + rows["who"]
    if view.get("is_over"):
        _card(draw, box, fill=mix(PANEL, GOOD, 0.18), edge=GOOD, width=4)
        winners = [
            seat for seat in view.get("winners") or [] if isinstance(seat, int) and 0 <= seat < len(seats)
        ]
        x = x0 + PAD - 2  # the winner's card says WINNER: here, who and why, the name given room
        for seat in winners:
            x = _badge_inline(image, seats[seat].colour, x, who, 28) + 4
        text = " & ".join(seat_label(seat, names) for seat in winners) or tr("Nobody")
        text, size = fitted_name(text, x1 - PAD - x - 4)
        draw_text(draw, (x + 4, who), text, size=size, fill=TEXT, anchor="lm", bold=True)
        ink = GOOD
    else:
        to_move = list(view.get("to_move") or [])
        _card(
            draw,
            box,
            fill=PANEL_ACTIVE if to_move else PANEL,
            edge=ACCENT if to_move else PANEL_EDGE,
            width=4,
        )
        if to_move and 0 <= to_move[0] < len(seats):
            seat = to_move[0]
            x = _badge_inline(image, seats[seat].colour, x0 + PAD - 2, who, 28) + 8
            name, size = fitted_name(seat_label(seat, names), x1 - PAD - x)
            draw_text(draw, (x, who), name, size=size, fill=TEXT, anchor="lm", bold=True)
        else:
            draw_text(
                draw, (x0 + PAD, who), tr("Waiting"), size=BODY_SIZE, fill=MUTED, anchor="lm", bold=True
            )
        ink = ACCENT
    for i, line in enumerate(decision_lines(view)):
        draw_text(
            draw,
            (x0 + PAD, y0 + rows["what"] + LINE_H * i),
            line,
            size=SMALL_SIZE,
            fill=ink,
            anchor="lm",
            bold=True,
        )
    if "whose" in rows:
        whose = fit_text(whose_turn_line(view), SMALL_SIZE, COLUMN_TEXT_W)
        draw_text(draw, (x0 + PAD, y0 + rows["whose"]), whose, size=SMALL_SIZE, fill=MUTED, anchor="lm")


def _draw_dice(image: Image.Image, draw: ImageDraw.ImageDraw, layout: CombatLayout, view: dict) -> None:
    """The action die, the Aim budget, the Hop roll-off and, when there is room, the die's key."""
    x0, y0, x1, _ = layout.dice
    _card(draw, layout.dice)
    rows = _dice_rows(view)
    _draw_action(image, draw, view)
    if "aim" in rows:
        _draw_aim(draw, (x0 + PAD, y0 + rows["aim"], x1 - PAD), view)
    if "hop" in rows:
        _draw_hop(image, draw, (x0 + PAD, y0 + rows["hop"], x1 - PAD), view)
    if layout.key:
        _draw_key(image, draw, layout.key, view)


def _draw_action(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict) -> None:
    """This turn's action die and its action; the rolls it replaced, struck through, on the right."""
    action = view.get("action")
    die = action_die_box(view)
    middle = (die[1] + die[3]) / 2
    x = die[2] + 12
    if not action or not action.get("roll"):
        draw.rounded_rectangle(die, radius=9, outline=FAINT, width=3)
        draw_text(
            draw, ((die[0] + die[2]) / 2, middle), "?", size=BODY_SIZE, fill=FAINT, anchor="mm", bold=True
        )
        draw_text(draw, (x, middle - 13), tr("action die"), size=SMALL_SIZE, fill=MUTED, anchor="lm")
        idle = tr("game over") if view.get("is_over") else tr("not rolled yet")
        draw_text(draw, (x, middle + 13), idle, size=SMALL_SIZE, fill=FAINT, anchor="lm")
        return
    _paste_die(image, int(action["roll"]), die)
    rerolls = reroll_die_boxes(view)
    right = COLUMN_X1 - PAD
    if rerolls:  # the unavailable actions rolled first, struck through, under a note
        note = tr(REROLL_NOTE)
        note_w = text_width(note, SMALL_SIZE)
        draw_text(draw, (right, middle - 13), note, size=SMALL_SIZE, fill=MUTED, anchor="rm")
        right = min(rerolls[0][0], right - note_w) - 10
    draw_text(
        draw,
        (x, middle - 13),
        fit_text(tr("action die"), SMALL_SIZE, right - x),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="lm",
    )
    name, size = fitted_name(action_name(action), right - x)
    draw_text(draw, (x, middle + 13), name, size=size, fill=TEXT, anchor="lm", bold=True)
    rerolled = list(action.get("rerolled") or [])[-len(rerolls) :] if rerolls else []
    for value, box in zip(rerolled, rerolls, strict=True):
        _paste_die(image, int(value), box, struck=True)


def _draw_aim(draw: ImageDraw.ImageDraw, row: tuple[int, int, int], view: dict) -> None:
    """The Aim budget: a dot per step, filled for the steps left."""
    x, middle, right = row
    aim = view.get("aim") or {}
    budget, left = int(aim.get("budget") or 0), int(aim.get("left") or 0)
    x += (
        draw_text(draw, (x, middle), action_label("aim"), size=SMALL_SIZE, fill=TEXT, anchor="lm", bold=True)
        + 10
    )
    text = tr("{left} of {budget} left", left=left, budget=budget)
    # the dots close up (not below 18 px apart) when a language's words need the room
    pitch = max(18, min(21, (right - x - 8 - text_width(text, SMALL_SIZE)) // max(1, budget)))
    for i in range(budget):
        box = (x, middle - 8, x + 16, middle + 8)
        if i < left:
            draw.ellipse(box, fill=ACCENT)
        else:
            draw.ellipse(box, outline=FAINT, width=2)
        x += pitch
    draw_text(
        draw,
        (x + 4, middle),
        fit_text(text, SMALL_SIZE, right - x - 4),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="lm",
    )


def _draw_hop(image: Image.Image, draw: ImageDraw.ImageDraw, row: tuple[int, int, int], view: dict) -> None:
    """The Hop: where from and to, whether the unit stays (the hopper won the roll-off) or goes
    back; under it the roll-off, hopper : target owner."""
    x, middle, right = row
    hop = view.get("hop") or {}
    x += draw_text(
        draw,
        (x, middle),
        tr("Hop {origin} to {target}", origin=hop.get("from", "?"), target=hop.get("to", "?")),
        size=SMALL_SIZE,
        fill=TEXT,
        anchor="lm",
        bold=True,
    )
    if hop.get("stayed") is True:
        result, ink = tr("stays"), GOOD
    elif hop.get("stayed") is False:
        result, ink = tr("goes back"), MUTED
    else:
        result, ink = "", MUTED
    if result:
        draw_text(
            draw,
            (x + 10, middle),
            fit_text(result, SMALL_SIZE, right - x - 10),
            size=SMALL_SIZE,
            fill=ink,
            anchor="lm",
        )
    rolls = list(hop.get("rolls") or [])[-HOP_SHOWN:]
    for (a, b), (box_a, box_b) in zip(rolls, hop_dice_boxes(view), strict=False):
        _paste_die(image, int(a), box_a)
        draw_text(
            draw,
            ((box_a[2] + box_b[0]) / 2, (box_a[1] + box_a[3]) / 2),
            ":",
            size=SMALL_SIZE,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
        _paste_die(image, int(b), box_b)


def _draw_key(image: Image.Image, draw: ImageDraw.ImageDraw, key: Box, view: dict) -> None:
    """The action die's faces and their actions; this turn's roll ringed."""
    x0, y0, x1, _ = key
    draw.line((x0, y0 - 10, x1, y0 - 10), fill=PANEL_EDGE, width=2)
    rolled = int((view.get("action") or {}).get("roll") or 0)
    for face, box in enumerate(key_die_boxes(view), start=1):
        middle = (box[1] + box[3]) / 2
        name = action_label_of_face(face)
        if face == rolled:
            ring = (
                box[0] - 4,
                box[1] - 3,
                box[2] + 12 + round(text_width(name, SMALL_SIZE, bold=True)) + 6,
                box[3] + 3,
            )
            draw.rounded_rectangle(ring, radius=8, outline=ACCENT, width=2)
        _paste_die(image, face, box)
        draw_text(
            draw,
            (box[2] + 10, middle),
            name,
            size=SMALL_SIZE,
            fill=TEXT if face == rolled else MUTED,
            anchor="lm",
            bold=face == rolled,
        )


def _draw_combat(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: Box,
    view: dict,
    seats: list[SeatInfo],
    names: list[str] | None,
) -> None:
    """Attacker and defender in two rows: name, square and pips, then each round's dice and totals."""
    x0, y0, x1, _ = box
    combat = view.get("combat") or {}
    _card(draw, box)
    title_y = y0 + COMBAT_TITLE_H / 2 + 4
    pips_x = x0 + PAD + COMBAT_LABEL_W
    pips_w = draw_text(draw, (pips_x, title_y), tr("pips"), size=SMALL_SIZE, fill=MUTED, anchor="rm")
    # the rows say whose forces
    title = tr("{origin} attacks {target}", origin=combat.get("from", "?"), target=combat.get("to", "?"))
    title = fit_text(title, BODY_SIZE, pips_x - pips_w - 16 - (x0 + PAD), bold=True)
    draw_text(draw, (x0 + PAD, title_y), title, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
    columns = combat_columns(view)
    for column in columns:
        draw_text(draw, (column.x, title_y), column.label, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    winner = combat.get("winner")
    if winner is None:
        status = tr("counter-attack?") if view.get("phase") == "counter" else tr("rolling")
        draw_text(draw, (x1 - PAD, title_y), status, size=SMALL_SIZE, fill=ACCENT, anchor="rm", bold=True)
    roles = (
        (combat.get("attacker"), combat.get("from"), int(combat.get("a") or 0)),
        (combat.get("defender"), combat.get("to"), int(combat.get("d") or 0)),
    )
    for side, ((seat, square, pips), middle) in enumerate(zip(roles, combat_row_middles(view), strict=True)):
        top, bottom = middle - COMBAT_ROW_H / 2 + 3, middle + COMBAT_ROW_H / 2 - 3
        if winner is not None and seat == winner:
            draw.rounded_rectangle((x0 + 6, top, x1 - 6, bottom), radius=10, fill=mix(PANEL, GOOD, 0.2))
            pill(
                draw,
                (x1 - PAD, middle),
                tr("WINS"),
                size=SMALL_SIZE,
                fill=GOOD,
                text_fill=ON_GOOD,
                anchor="r",
            )
        x = x0 + PAD
        if isinstance(seat, int) and 0 <= seat < len(seats):
            x = _badge_inline(image, seats[seat].colour, x - 2, middle) + 8
            label = seat_label(seat, names)
        else:
            label = "?"
        where = str(square or "")
        where_w = text_width(where, SMALL_SIZE, bold=True)
        name, size = fitted_name(label, pips_x - 40 - where_w - 12 - x)
        x += draw_text(draw, (x, middle), name, size=size, fill=TEXT, anchor="lm", bold=True) + 12
        draw_text(draw, (x, middle), where, size=SMALL_SIZE, fill=MUTED, anchor="lm", bold=True)
        draw_text(draw, (pips_x, middle), str(pips), size=BODY_SIZE, fill=TEXT, anchor="rm", bold=True)
        for column in columns:
            if column.dice is not None:
                die = (
                    column.x,
                    round(middle - COMBAT_DIE / 2),
                    column.x + COMBAT_DIE,
                    round(middle + COMBAT_DIE / 2),
                )
                _paste_die(image, int(column.dice[side]), die)
            if column.totals is not None:
                text_x = column.x + (COMBAT_DIE + 8 if column.dice is not None else 0)
                prefix = "= " if column.dice is not None else ""
                text = f"{prefix}{column.totals[side]}"
                draw_text(draw, (text_x, middle), text, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)


LogRun = tuple[str, Colour, bool]  # text, ink, bold
LogItem = tuple[str, object]  # ("badge", colour), ("run", LogRun) or ("gap", pixels)
PHRASE_GAP = 7  # after a phrase's comma
SENTENCE_GAP = 20  # before the next sentence's badge
SQUARE_NAME = re.compile(r"\b([a-f][1-6])\b")


def phrase_runs(phrase: str, marked: set[str]) -> list[LogRun]:
    """A phrase as runs of text: the squares the board marks in its pink, bold; the rest plain."""
    runs: list[LogRun] = []
    for i, part in enumerate(SQUARE_NAME.split(phrase)):
        if part:
            runs.append((part, LAST, True) if i % 2 and part in marked else (part, TEXT, False))
    return runs


def _run_width(run: LogRun) -> float:
    return text_width(run[0], SMALL_SIZE, bold=run[2])


def log_lines(view: dict, limit: int = LOG_LINES) -> list[list[LogItem]]:
    """The log in words flowed into at most `limit` lines. A sentence starts with its player's
    badge and colour; a phrase is never split; the oldest phrases give way (an ellipsis leads, and
    the first phrase kept names its player again) when they do not all fit."""
    colour_of = {info.seat: info.colour for info in seats_of(view)}
    marked = set(last_marks(view).squares)
    phrases: list[tuple[int | None, str, bool]] = []  # seat, phrase, last of its sentence
    for sentence in log_sentences(view):
        for i, phrase in enumerate(sentence.phrases):
            last = i == len(sentence.phrases) - 1
            phrases.append((sentence.seat, phrase if last else f"{phrase},", last))
    if not phrases:
        return [[("run", (tr("No actions yet this turn."), FAINT, False))]]
    room = WIDTH - 2 * MARGIN - 2 * PAD - log_text_x()

    def unit(index: int, lead: bool) -> tuple[float, list[LogItem]]:
        seat, phrase, last = phrases[index]
        items: list[LogItem] = []
        if lead and seat in colour_of:
            items += [("badge", colour_of[seat]), ("gap", 6)]
            items.append(("run", (f"{colour_word(colour_of[seat])} ", TEXT, True)))
        items += [("run", run) for run in phrase_runs(phrase, marked)]
        items.append(("gap", SENTENCE_GAP if last else PHRASE_GAP))
        width = sum(
            BADGE if kind == "badge" else value if kind == "gap" else _run_width(value)
            for kind, value in items
        )
        return width, items

    def flow(first: int) -> list[list[LogItem]]:
        units = [unit(i, i == first or phrases[i - 1][2]) for i in range(first, len(phrases))]
        if first:
            units.insert(0, (30.0, [("run", ("…", MUTED, False)), ("gap", 12)]))
        lines: list[list[LogItem]] = [[]]
        used = 0.0
        for width, items in units:
            if lines[-1] and used + width > room + SENTENCE_GAP:  # a line's last gap may overhang
                lines.append([])
                used = 0.0
            lines[-1].extend(items)
            used += width
        return lines

    return latest_that_fit(flow, len(phrases), limit)


def log_text_x() -> int:
    """Where the log's text starts, right of its title."""
    return max(LOG_TEXT_X, round(text_width(tr("Log"), SMALL_SIZE, bold=True)) + 12)


def _draw_log(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """The turn's log in words, each sentence after its player's badge; squares in the marks' pink."""
    x0, y0, _, _ = box
    _card(draw, box)
    draw_text(
        draw,
        (x0 + PAD, y0 + PAD + LOG_LINE_H / 2),
        tr("Log"),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="lm",
        bold=True,
    )
    for i, line in enumerate(log_lines(view, board_layout(view).log_limit)):
        middle = y0 + PAD + LOG_LINE_H * (i + 0.5)
        x = x0 + PAD + log_text_x()
        for kind, value in line:
            if kind == "badge":
                x = _badge_inline(image, str(value), x, middle)
            elif kind == "gap":
                x += float(value)
            else:
                text, ink, bold = value
                x += draw_text(draw, (x, middle), text, size=SMALL_SIZE, fill=ink, anchor="lm", bold=bold)


LEGEND_ITEMS = ("goal", "start", "blocked", "frozen", "force", "trapped", "last", "offer")


def _legend_items(view: dict) -> list[str]:
    items = list(LEGEND_ITEMS)
    if not view.get("offer") or view.get("is_over"):
        items.remove("offer")
    return items


LEGEND_TEXT = {  # goal and start name the first player's colour: "Red's goal"
    "goal": N_("{colour}'s goal"),
    "start": N_("{colour}'s start"),
    "blocked": N_("blocked"),
    "frozen": N_("frozen (cap, reserve)"),
    "force": N_("force pips"),
    "trapped": N_("covered by an opponent"),
    "last": N_("last actions"),
    "offer": N_("can attack / be attacked"),
}
LEGEND_SAMPLE_W = 28


def legend_text(view: dict, item: str) -> str:
    seats = seats_of(view)
    return tr(LEGEND_TEXT[item], colour=colour_word(seats[0].colour if seats else "R"))


@once_per_picture
def _legend_rows(view: dict) -> list[list[str]]:
    rows: list[list[str]] = [[]]
    used = 0.0
    room = WIDTH - 2 * MARGIN - 8
    for item in _legend_items(view):
        width = LEGEND_SAMPLE_W + 8 + text_width(legend_text(view, item), SMALL_SIZE) + 22
        if rows[-1] and used + width > room:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += width
    return rows


def _draw_legend(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, view: dict) -> None:
    """A sample of each mark that needs a word."""
    x0, y0, _, _ = box
    seats = seats_of(view)
    colour = seats[0].colour if seats else "R"
    for r, row in enumerate(_legend_rows(view)):
        middle = y0 + LEGEND_ROW_H * (r + 0.5)
        x = x0 + 4
        for item in row:
            sample = (round(x), round(middle - 13), round(x) + LEGEND_SAMPLE_W, round(middle + 13))
            if item == "goal":
                draw.rectangle(sample, fill=home_tint(colour), outline=SQUARE_LINE)
                flag = goal_flag(colour)
                paste(image, flag, (sample[0] + 1, middle - flag.height / 2))
            elif item == "start":
                draw.rectangle(sample, fill=SQUARE_LIGHT, outline=SQUARE_LINE)
                draw.rectangle(
                    (sample[0], sample[3] + 1 - BAR_W // 2 - 2, sample[2], sample[3] + 2),
                    fill=piece_rgb(colour),
                )
            elif item == "blocked":
                paste(image, hatch_sample(), sample[:2])
            elif item == "frozen":
                draw.rectangle(sample, outline=FROZEN, width=3)
                _paste_centred(image, snowflake_sprite(22), ((sample[0] + sample[2]) / 2, middle))
            elif item == "force":
                _paste_centred(image, force_chip(colour, 5), ((sample[0] + sample[2]) / 2, middle))
            elif item == "trapped":
                _paste_centred(image, padlock_sprite(18), ((sample[0] + sample[2]) / 2, middle))
            elif item == "last":
                draw.rectangle(sample, fill=last_tint(SQUARE_LIGHT), outline=LAST, width=3)
            elif item == "offer":
                dashed_frame(draw, sample, colour=ACCENT, width=3, dash=5)
            x = sample[2] + 8
            x += (
                draw_text(
                    draw, (x, middle), legend_text(view, item), size=SMALL_SIZE, fill=MUTED, anchor="lm"
                )
                + 22
            )


# --- the rules picture ----------------------------------------------------------------------------

RULE_CELL = 36
RULE_BOARD_X0 = MARGIN + PAD + 28  # rank numbers and the West bars on its left
ACTION_RULES = (
    (1, N_("every stack of 2 or more turns over: trees become nests, nests trees")),
    (2, N_("trade one of your pyramids for an opponent's of the same size, anywhere")),
    (3, N_("a unit jumps 1-2 squares onto an opponent; roll off to stay")),
    (4, N_("slip one of your pyramids in directly under an opponent's")),
    (5, N_("roll again and take that many steps, a combat chance after each unit's")),
    (6, N_("choose any of the other five")),
)
BOARD_NOTES = (
    N_("Start: a nest on each of your two start squares (thick bar)."),
    N_("Goal: your two flagged squares across the board."),
    N_("Hatched: blocked. Advanced: a 3rd nest waits in the centre."),
)
# Example squares as views give them (stack, force, covered flags), capped or not, and captions.
_TREE = {"stack": ["R3", "R2", "R1"], "force": {"colour": "R", "pips": 6}, "covered": [False] * 3}
STACK_RULES = (
    (_TREE, False, N_("Tree"), N_("S on M on L")),
    ({**_TREE, "stack": ["R1", "R2", "R3"]}, False, N_("Nest"), N_("L covers M, S")),
    (
        {"stack": ["R3", "B1"], "force": {"colour": "B", "pips": 1}, "covered": [True, False]},
        False,
        N_("Pinned"),
        N_("Blue pins Red"),
    ),
    (_TREE, True, N_("Goal"), N_("L-M-S, capped")),
)
RULE_EXAMPLE_W = 156


def _rule_card(draw: ImageDraw.ImageDraw, box: Box, title: str) -> None:
    _card(draw, box, edge=PANEL)
    draw_text(draw, (box[0] + PAD, box[1] + 24), title, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)


def _rule_lines(
    draw: ImageDraw.ImageDraw, x: float, y: float, width: float, texts: tuple[str, ...], *, gap: int = 6
) -> float:
    """Wrapped paragraphs from y (the first line's middle); returns the middle of the next line."""
    for text in texts:
        for line in wrap(text, SMALL_SIZE, width):
            draw_text(draw, (x, y), line, size=SMALL_SIZE, fill=MUTED, anchor="lm")
            y += LINE_H
        y += gap
    return y


def _rule_board(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """A small 4-player board (start nests, home tints, bars, blocked squares); beside it notes and
    four squares drawn as on the board: a tree, a nest, a pin and a capped goal tree."""
    cell = RULE_CELL
    x0, y0 = RULE_BOARD_X0, top + 48 + BAR_ROOM
    x1, y1 = x0 + 6 * cell, y0 + 6 * cell
    text_x = x1 + BAR_ROOM + 24
    text_w = WIDTH - MARGIN - PAD - text_x
    notes = tuple(tr(note) for note in BOARD_NOTES)
    notes_h = LINE_H * sum(len(wrap(note, SMALL_SIZE, text_w)) for note in notes) + 2 * len(notes)
    captions = max(len(wrap(tr(text), SMALL_SIZE, RULE_EXAMPLE_W - 12)) for *_, text in STACK_RULES)
    examples_bottom = top + 60 + notes_h + 20 + CELL + LINE_H * captions + 8
    box = (MARGIN, top, WIDTH - MARGIN, max(y1 + BAR_ROOM + 34, examples_bottom + PAD))
    _rule_card(draw, box, tr("The board and the stacks"))

    def cell_box(square: str) -> Box:
        column, row = square_index(square)
        return (x0 + column * cell, y0 + row * cell, x0 + (column + 1) * cell, y0 + (row + 1) * cell)

    draw.rectangle((x0 - EDGE, y0 - EDGE, x1 + EDGE - 1, y1 + EDGE - 1), fill=BOARD_EDGE)
    sides = BOARD_GEOMETRY["sides"]
    homes = {square: side["colour"] for side in sides.values() for square in side["home"]}
    tile = hatch_tile(cell)
    for rank in range(1, RANKS + 1):
        for file in FILES:
            square = f"{file}{rank}"
            bx0, by0, bx1, by1 = cell_box(square)
            if square in BOARD_GEOMETRY["corners"] + BOARD_GEOMETRY["centre"]:
                paste(image, tile, (bx0, by0))
            else:
                draw.rectangle((bx0, by0, bx1 - 1, by1 - 1), fill=_square_fill(square, homes))
    for i in range(1, 6):
        draw.line((x0 + i * cell, y0, x0 + i * cell, y1 - 1), fill=SQUARE_LINE, width=2)
        draw.line((x0, y0 + i * cell, x1 - 1, y0 + i * cell), fill=SQUARE_LINE, width=2)
    near = EDGE + BAR_GAP
    for side, info in sides.items():
        rgb = piece_rgb(info["colour"])
        for square in info["row"]:
            width = BAR_W if square in info["start"] else ROW_BAR_W
            bx0, by0, bx1, by1 = cell_box(square)
            bar = {
                "S": (bx0 + 2, by1 + near, bx1 - 2, by1 + near + width),
                "N": (bx0 + 2, by0 - near - width, bx1 - 2, by0 - near),
                "W": (bx0 - near - width, by0 + 2, bx0 - near, by1 - 2),
                "E": (bx1 + near, by0 + 2, bx1 + near + width, by1 - 2),
            }[side]
            draw.rectangle(bar, fill=rgb)
        for square in info["home"]:  # the goal, flagged
            bx0, by0, bx1, by1 = cell_box(square)
            _paste_centred(image, goal_flag(info["colour"]), ((bx0 + bx1) / 2 + 1, (by0 + by1) / 2))
    for i, file in enumerate(FILES):
        draw_text(
            draw,
            (x0 + (i + 0.5) * cell, y1 + BAR_ROOM + 16),
            file,
            size=SMALL_SIZE,
            fill=MUTED,
            anchor="mm",
            bold=True,
        )
    for rank in range(1, RANKS + 1):
        y = y0 + (RANKS - rank + 0.5) * cell
        draw_text(draw, (MARGIN + PAD + 2, y), str(rank), size=SMALL_SIZE, fill=MUTED, anchor="mm", bold=True)

    y = _rule_lines(draw, text_x, top + 60, text_w, notes, gap=2)
    _rule_stack_examples(image, draw, text_x, round(y))
    return box[3]


def _rule_stack_examples(image: Image.Image, draw: ImageDraw.ImageDraw, x0: int, top: int) -> None:
    """A row of squares drawn as on the board, each named above and explained under."""
    for i, (entry, capped, title, text) in enumerate(STACK_RULES):
        x = x0 + i * RULE_EXAMPLE_W
        draw_text(draw, (x, top - 2), tr(title), size=SMALL_SIZE, fill=TEXT, anchor="lm", bold=True)
        cell = (x, top + 20, x + CELL, top + 20 + CELL)
        fill = home_tint("R") if capped else SQUARE_LIGHT
        draw.rectangle((cell[0] - 3, cell[1] - 3, cell[2] + 2, cell[3] + 2), fill=BOARD_EDGE)
        draw.rectangle((cell[0], cell[1], cell[2] - 1, cell[3] - 1), fill=fill)
        placed = place_stack(cell, entry["stack"], covered=entry["covered"], capped=capped, frozen=capped)
        draw_stack(image, draw, placed, cell)
        chip = (cell[0] + INSET + 1, cell[1] + INSET + 1)
        if capped:  # a goal square, as on the board: its flag, the ice frame and the snowflake
            draw.rectangle((cell[0] + 3, cell[1] + 3, cell[2] - 4, cell[3] - 4), outline=FROZEN, width=3)
            paste(image, goal_flag("R"), (cell[0] + 5, chip[1] + CHIP + 1))
        draw_badges(image, placed)
        if capped:
            paste(image, snowflake_sprite(), chip)
        else:
            paste(image, force_chip(entry["force"]["colour"], entry["force"]["pips"]), chip)
        _rule_lines(draw, x, cell[3] + 20, RULE_EXAMPLE_W - 12, (tr(text),))


def _rule_turn(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """The three steps of a turn, then the action die's faces."""
    row_h = 32
    steps = (
        tr(
            "1. Move (you may): your top pyramid, or your whole force on its square, one step in any "
            "direction onto an empty square or your own top pyramid, making a tree or a nest."
        ),
        tr("2. Combat: a chance to fight next to the square you moved to (below)."),
        tr("3. Roll the action die and do what it says; an action you cannot do is rolled again:"),
    )
    text_w = WIDTH - 2 * MARGIN - 2 * PAD
    lines = sum(len(wrap(step, SMALL_SIZE, text_w)) for step in steps)
    table_top = top + 44 + LINE_H * lines + 4 * len(steps)
    box = (MARGIN, top, WIDTH - MARGIN, table_top + 6 * row_h + PAD - 4)
    _rule_card(draw, box, tr("Your turn"))
    _rule_lines(draw, MARGIN + PAD, top + 58, text_w, steps, gap=4)
    x = MARGIN + PAD + 8
    names = [action_label_of_face(face) for face, _ in ACTION_RULES]
    # the effects start after the widest name (German names are longer than the English)
    effect_x = max(x + 110, x + 42 + max(text_width(name, SMALL_SIZE, bold=True) for name in names) + 8)
    for i, ((face, text), name) in enumerate(zip(ACTION_RULES, names, strict=True)):
        middle = table_top + row_h * (i + 0.5)
        _paste_die(image, face, (x, middle - 14, x + 28, middle + 14))
        draw_text(draw, (x + 42, middle), name, size=SMALL_SIZE, fill=TEXT, anchor="lm", bold=True)
        effect = fit_text(tr(text), SMALL_SIZE, box[2] - PAD - effect_x)
        draw_text(draw, (effect_x, middle), effect, size=SMALL_SIZE, fill=MUTED, anchor="lm")
    return box[3]


def _rule_combat(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> int:
    """Who may attack, an example roll, the counter-attack and ties."""
    text_w = WIDTH - 2 * MARGIN - 2 * PAD
    before = (
        tr(
            "Your force on a square: your pyramids from the top down to the first of another colour; its "
            "pips are the number in the corner. After a step, the mover may attack a force next to it with "
            "no more pips; if not, an opponent there with at least as many may attack it."
        ),
    )
    after = (
        tr(
            "Equal pips: a defender who lost round 1 may counter-attack; both roll again and the sums "
            "decide. A tie is rolled off with plain dice. The winner moves onto the loser's square; the "
            "loser goes back to a start square (Advanced: out of the game)."
        ),
    )
    lines_before = sum(len(wrap(text, SMALL_SIZE, text_w)) for text in before)
    lines_after = sum(len(wrap(text, SMALL_SIZE, text_w)) for text in after)
    example_y = top + 50 + LINE_H * lines_before + 22
    box = (MARGIN, top, WIDTH - MARGIN, example_y + 32 + LINE_H * lines_after + PAD)
    _rule_card(draw, box, tr("Combat: pips + a d6"))
    _rule_lines(draw, MARGIN + PAD, top + 58, text_w, before)
    x = MARGIN + PAD
    for colour, pips, roll in (("R", 6, 2), ("B", 5, 4)):
        x = _badge_inline(image, colour, x, example_y) + 10
        text = tr("{pips} pips +", pips=pips)
        x += draw_text(draw, (x, example_y), text, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True) + 10
        _paste_die(image, roll, (x, example_y - 19, x + 38, example_y + 19))
        x += 48
        x += draw_text(
            draw, (x, example_y), f"= {pips + roll}", size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True
        )
        if colour == "R":
            x += (
                draw_text(draw, (x + 24, example_y), tr("against"), size=SMALL_SIZE, fill=MUTED, anchor="lm")
                + 48
            )
    pill(draw, (x + 24, example_y), tr("Blue wins"), size=SMALL_SIZE, fill=GOOD, text_fill=ON_GOOD)
    _rule_lines(draw, MARGIN + PAD, example_y + 46, text_w, after)
    return box[3]


@once_per_language
def render_combat_rules_picture() -> bytes:
    """The /rules picture: the board and the sides, trees and nests, the goal, a turn with the action
    die, and combat. It never changes, so it is drawn once per process and language."""
    height = 1500  # cropped to the content below
    image, draw = new_canvas(WIDTH, height)
    y = draw_picture_heading(
        draw,
        MARGIN + 4,
        tr("Martian Combat in brief"),
        [
            tr("Win by capping a tree of your own L, M and S on both your goal squares."),
            tr("2 players sit South and North, a 3rd West, a 4th East. Play goes clockwise."),
        ],
    )
    y = _rule_board(image, draw, y + 4)
    y = _rule_turn(image, draw, y + GAP)
    y = _rule_combat(image, draw, y + GAP)
    return to_png(image.crop((0, 0, WIDTH, min(height, y + MARGIN))))


# Nothing in Combat is hidden: a seat's picture is the board.
PICTURES = Pictures(board=render_combat_board, private=render_combat_board, rules=render_combat_rules_picture)
