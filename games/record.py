"""Match records: a plain-text file from which anyone can replay and check a match.

A match is fully determined by its game, its players (their number), its options, its seed and its
action log. At the start the bot publishes a commitment to the seed, `commitment(seed)`: the
SHA-256 hex digest of the UTF-8 string `martian-arcade-seed:<seed>` (the seed in decimal). The seed
itself stays hidden until the match ends, since it decides every shuffle and die roll still to
come; once it is revealed, anyone can check it against the commitment and replay the log, which
proves the dice and deals were fixed before the first move. (This only hides seeds drawn from a
large space; the bot draws 63 random bits.)

The record format (UTF-8, one item per line; blank lines and lines starting with `#` are ignored):

    Martian Arcade match record
    game: senet
    title: Martian Senet
    match: 42                      ("none" for a match without an id)
    P1: Alice                      (one line per seat, in seat order)
    P2: Bob
    options: {"colours": "single"} (a JSON object)
    commitment: 3f5c...            (64 lowercase hex digits)
    seed: 8123456789               ("hidden until the end" while the match runs)
    status: finished               (or "in progress")
    actions:
    1. P1 B1L-P1                   ("<ply>. P<seat+1> <notation>", plies numbered from 1)
    2. P2 B2M-P3
    result: scores 12 0; winners P1

The header lines come in that order. A notation is the engine's own text and runs to the end of the
line, spaces included. The result line is there only for a match that ended with a result ("winners
none" when no seat won). A player's name or a title that would not survive the line format (empty,
surrounding spaces, control characters, or starting with a double quote) is written as a JSON
string instead.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field

from . import GAMES
from .core import IllegalAction, Outcome, State

FIRST_LINE = "Martian Arcade match record"
HIDDEN_SEED = "hidden until the end"
FINISHED, IN_PROGRESS = "finished", "in progress"
SEED_STILL_HIDDEN = (
    "The seed is still hidden: this record was made before the end of the match, so it can't be "
    "checked or replayed yet."
)
SEED_MISMATCH = "The seed does not match the commitment published at the start."

_HEADER_KEYS = ("game", "title", "match", "options", "commitment", "seed", "status")
_PLAYER_LINE = re.compile(r"P(\d+):(.*)")
_ACTION_LINE = re.compile(r"(\d+)\.\s+P(\d+)\s+(\S.*)")
_RESULT_LINE = re.compile(r"scores((?: -?\d+)+); winners (none|P\d+(?: P\d+)*)")
_COMMITMENT = re.compile(r"[0-9a-f]{64}")


SECRET_ACTION = "(secret until the end)"


def commitment(seed: int) -> str:
    """What is published at a match's start: SHA-256 of `martian-arcade-seed:<seed>`, in hex."""
    return hashlib.sha256(f"martian-arcade-seed:{seed}".encode()).hexdigest()


@dataclass
class MatchRecord:
    game: str
    title: str
    match_id: int | None
    players: list[str]  # display names, in seat order
    options: dict
    seed: int | None  # None until the match has ended
    commitment: str
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, notation)
    result: Outcome | None = None
    finished: bool = False


def record_for(
    game_id: str,
    seed: int,
    options: dict | None,
    players: list[str],
    log: list[tuple[int, str]],
    match_id: int | None = None,
    finished: bool | None = None,
) -> MatchRecord:
    """The record of a match from what the bot stores. `finished` defaults to whether the game is
    over; a match can also end without a result (abandoned). Before the end the seed is left out,
    so the record can be shared while the match runs."""
    game = _game(game_id)
    options = game.resolve_options(
        options
    )  # written out in full, so a later change of default can't alter it
    actions = [(seat, str(notation)) for seat, notation in log]
    state = _replay(game, len(players), seed, options, actions)
    if finished is None:
        finished = state.is_over
    if not finished:  # shared while the match runs: nothing secret, like a M.A.R.S. objective
        actions = [
            (seat, SECRET_ACTION if game.is_secret_action(game.parse_action(text)) else text)
            for seat, text in actions
        ]
    return MatchRecord(
        game=game.id,
        title=game.title,
        match_id=match_id,
        players=list(players),
        options=options,
        seed=seed if finished else None,
        commitment=commitment(seed),
        actions=actions,
        result=state.outcome if finished else None,
        finished=finished,
    )


def replay_record(record: MatchRecord) -> State:
    """Check the revealed seed against the commitment, replay the actions and return the final state.

    Raises ValueError, with a message meant for a person, when the record can't be trusted."""
    game = _game(record.game)
    if record.seed is None:
        raise ValueError(SEED_STILL_HIDDEN)
    if commitment(record.seed) != record.commitment:
        raise ValueError(SEED_MISMATCH)
    state = _replay(game, len(record.players), record.seed, record.options, record.actions)
    if record.finished and state.outcome != record.result:
        raise ValueError(
            f"The replayed match ends with {_describe(state.outcome)}, "
            f"but the record says {_describe(record.result)}."
        )
    return state


# --- writing ------------------------------------------------------------------------------------


def format_record(record: MatchRecord) -> str:
    lines = [
        FIRST_LINE,
        "# The commitment is SHA-256 of 'martian-arcade-seed:<seed>'. Check and replay with:",
        "#   python -m games.replay <this file>",
        f"game: {record.game}",
        f"title: {_text(record.title)}",
        f"match: {'none' if record.match_id is None else record.match_id}",
    ]
    lines += [f"P{seat + 1}: {_text(name)}" for seat, name in enumerate(record.players)]
    lines += [
        f"options: {json.dumps(record.options, ensure_ascii=False)}",
        f"commitment: {record.commitment}",
        f"seed: {HIDDEN_SEED if record.seed is None else record.seed}",
        f"status: {FINISHED if record.finished else IN_PROGRESS}",
        "actions:",
    ]
    for ply, (seat, notation) in enumerate(record.actions, start=1):
        if not _fits_a_line(notation):
            raise ValueError(f"Action {ply} ({notation!r}) can't be written on one line.")
        lines.append(f"{ply}. P{seat + 1} {notation}")
    if record.result is not None:
        scores = " ".join(str(score) for score in record.result.scores)
        winners = " ".join(f"P{seat + 1}" for seat in record.result.winners) or "none"
        lines.append(f"result: scores {scores}; winners {winners}")
    return "\n".join(lines) + "\n"


def _fits_a_line(text: str) -> bool:
    return bool(text) and text == text.strip() and text.isprintable()


def _text(value: str) -> str:
    """Free text as is when it reads back unchanged, else as a JSON string (ASCII, so no character
    in it can split the line)."""
    return value if _fits_a_line(value) and not value.startswith('"') else json.dumps(value)


# --- reading ------------------------------------------------------------------------------------


def parse_record(text: str) -> MatchRecord:
    """Read a record written by `format_record`. Raises ValueError saying which line is wrong."""
    lines = [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not lines or lines[0][1] != FIRST_LINE:
        raise ValueError(f"This is not a match record: it should start with '{FIRST_LINE}'.")
    reader = _Lines(lines[1:])
    header = {key: reader.header(key) for key in _HEADER_KEYS[:3]}
    players = reader.players()
    header.update({key: reader.header(key) for key in _HEADER_KEYS[3:]})
    reader.expect("actions:")
    actions = reader.actions(len(players))
    result = reader.result(len(players))
    reader.expect_end()
    if header["status"] not in (FINISHED, IN_PROGRESS):
        raise ValueError(f"The status must be '{FINISHED}' or '{IN_PROGRESS}', not '{header['status']}'.")
    return MatchRecord(
        game=header["game"],
        title=_read_text(header["title"], "title"),
        match_id=_read_match_id(header["match"]),
        players=players,
        options=_read_options(header["options"]),
        seed=_read_seed(header["seed"]),
        commitment=_read_commitment(header["commitment"]),
        actions=actions,
        result=result,
        finished=header["status"] == FINISHED,
    )


class _Lines:
    """The record's meaningful lines, read front to back; errors name the line number."""

    def __init__(self, lines: list[tuple[int, str]]) -> None:
        self.lines = lines
        self.position = 0

    def peek(self) -> tuple[int, str] | None:
        return self.lines[self.position] if self.position < len(self.lines) else None

    def take(self, wanted: str) -> tuple[int, str]:
        line = self.peek()
        if line is None:
            raise ValueError(f"The record ends too early: {wanted} is missing.")
        self.position += 1
        return line

    def header(self, key: str) -> str:
        number, line = self.take(f"the '{key}:' line")
        name, colon, value = line.partition(":")
        if not colon or name != key:
            raise ValueError(f"Line {number}: expected '{key}: ...', found '{_short(line)}'.")
        return value.strip()

    def expect(self, wanted: str) -> None:
        number, line = self.take(f"the '{wanted}' line")
        if line != wanted:
            raise ValueError(f"Line {number}: expected '{wanted}', found '{_short(line)}'.")

    def players(self) -> list[str]:
        players = []
        while (line := self.peek()) and (match := _PLAYER_LINE.fullmatch(line[1])):
            if int(match[1]) != len(players) + 1:
                raise ValueError(f"Line {line[0]}: expected player P{len(players) + 1}, found P{match[1]}.")
            players.append(_read_text(match[2].strip(), f"P{match[1]}'s name"))
            self.position += 1
        if not players:
            raise ValueError("The record names no players (lines 'P1: name', 'P2: name', ...).")
        return players

    def actions(self, num_players: int) -> list[tuple[int, str]]:
        actions = []
        while (line := self.peek()) and not line[1].startswith("result:"):
            number, text = line
            match = _ACTION_LINE.fullmatch(text)
            if not match:
                raise ValueError(
                    f"Line {number}: expected '<ply>. P<seat> <action>', found '{_short(text)}'."
                )
            if int(match[1]) != len(actions) + 1:
                raise ValueError(f"Line {number}: expected ply {len(actions) + 1}, found ply {match[1]}.")
            seat = _read_seat(match[2], num_players, number)
            actions.append((seat, match[3]))
            self.position += 1
        return actions

    def result(self, num_players: int) -> Outcome | None:
        if self.peek() is None:
            return None
        number, line = self.take("the result")
        match = _RESULT_LINE.fullmatch(line.removeprefix("result:").strip())
        if not match:
            raise ValueError(
                f"Line {number}: expected 'result: scores <n> <n> ...; winners P1 ...', found '{_short(line)}'."
            )
        scores = tuple(int(score) for score in match[1].split())
        if len(scores) != num_players:
            raise ValueError(f"Line {number}: {len(scores)} scores for {num_players} players.")
        winners = (
            ()
            if match[2] == "none"
            else tuple(_read_seat(w[1:], num_players, number) for w in match[2].split())
        )
        return Outcome(scores, winners)

    def expect_end(self) -> None:
        if line := self.peek():
            raise ValueError(f"Line {line[0]}: nothing may follow the result, found '{_short(line[1])}'.")


def _read_text(value: str, what: str) -> str:
    if not value.startswith('"'):
        return value
    try:
        text = json.loads(value)
    except json.JSONDecodeError:
        text = None
    if not isinstance(text, str):
        raise ValueError(f"The {what} starts with a quote but is not a JSON string: {_short(value)}")
    return text


def _read_match_id(value: str) -> int | None:
    if value == "none":
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"The match id must be a number or 'none', not '{_short(value)}'.") from None


def _read_options(value: str) -> dict:
    try:
        options = json.loads(value)
    except json.JSONDecodeError:
        options = None
    if not isinstance(options, dict):
        raise ValueError(f'The options must be a JSON object, like {{"colours": "single"}}: {_short(value)}')
    return options


def _read_seed(value: str) -> int | None:
    if value == HIDDEN_SEED:
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(
            f"The seed must be a whole number or '{HIDDEN_SEED}', not '{_short(value)}'."
        ) from None


def _read_commitment(value: str) -> str:
    if not _COMMITMENT.fullmatch(value):
        raise ValueError(
            f"The commitment must be 64 lowercase hex digits (a SHA-256 digest): {_short(value)}"
        )
    return value


def _read_seat(digits: str, num_players: int, number: int) -> int:
    seat = int(digits) - 1
    if not 0 <= seat < num_players:
        raise ValueError(f"Line {number}: there is no P{digits} among {num_players} players.")
    return seat


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- replaying ----------------------------------------------------------------------------------


def _game(game_id: str):
    if game_id not in GAMES:
        raise ValueError(f"Unknown game '{game_id}': this version knows {', '.join(sorted(GAMES))}.")
    return GAMES[game_id]


def _replay(game, num_players: int, seed: int, options: dict, actions: list[tuple[int, str]]) -> State:
    """`replay_actions`, step by step so that a refused action is named with its ply."""
    try:
        state = game.new(num_players, seed, options)
    except IllegalAction as refusal:
        raise ValueError(f"The match can't be set up: {refusal}") from None
    for ply, (seat, notation) in enumerate(actions, start=1):
        try:
            state.apply(seat, game.parse_action(notation))
        except ValueError as refusal:  # IllegalAction included
            raise ValueError(f"Action {ply} (P{seat + 1} {notation}) can't be replayed: {refusal}") from None
    return state


def _describe(outcome: Outcome | None) -> str:
    if outcome is None:
        return "no result"
    winners = " ".join(f"P{seat + 1}" for seat in outcome.winners) or "none"
    return f"scores {' '.join(str(score) for score in outcome.scores)} and winners {winners}"
