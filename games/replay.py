"""Check and replay a match record: `python -m games.replay <record-file>` (`-` reads stdin).

Checks the revealed seed against the commitment published at the start, replays every action with
the rules engine and prints the final position and the result. Exit status 0 when the record checks
out, 1 (with a one-line reason) when it can't be read, checked or replayed. See `games.record` for
the file format.

`spectator_views` replays a match for its animated replay: what a spectator saw after each action.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable

from .core import Game
from .record import MatchRecord, parse_record, replay_record


def spectator_views(
    game: Game,
    num_players: int,
    seed: int,
    options: dict | None,
    log: list[tuple[int, str]],
    positions: Iterable[int] | None = None,
) -> list[dict]:
    """The spectator's view (`view(None)`, so nothing hidden) after the start (position 0) and after
    each action of `log` (position n after n actions). `positions` keeps only some of them, so a long
    match's replay never holds thousands of views at once."""
    wanted = set(range(len(log) + 1) if positions is None else positions)
    state = game.new(num_players, seed, options)
    views = [state.view(None)] if 0 in wanted else []
    for position, (seat, notation) in enumerate(log, start=1):
        state.apply(seat, game.parse_action(notation))
        if position in wanted:
            views.append(state.view(None))
    return views


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.replay",
        description="Check a Martian Arcade match record against its seed commitment and replay it.",
    )
    parser.add_argument("record", help="the record file, or - to read it from standard input")
    args = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if args.record == "-" else _read(args.record)
        record = parse_record(text)
        state = replay_record(record)
    except (OSError, ValueError) as problem:  # UnicodeDecodeError is a ValueError too
        source = "standard input" if args.record == "-" else args.record
        print(f"{source}: {_one_line(problem)}", file=sys.stderr)
        return 1
    print("\n".join(summary(record, state)))
    return 0


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


def _one_line(problem: Exception) -> str:
    if isinstance(problem, OSError):
        return f"can't read the file ({problem.strerror or problem})."
    if isinstance(problem, UnicodeDecodeError):
        return "the file is not UTF-8 text, so it is not a match record."
    return " ".join(str(problem).split())


def summary(record: MatchRecord, state) -> list[str]:
    """What the replay shows: the match, the commitment check, the final position and the result."""
    name = [f"P{seat + 1} {player}" for seat, player in enumerate(record.players)]
    match = f" (match {record.match_id})" if record.match_id is not None else ""
    lines = [
        f"{record.title}{match}",
        f"Players: {', '.join(name)}",
        f"Options: {', '.join(f'{key}={value}' for key, value in record.options.items()) or 'none'}",
        f"Seed {record.seed} matches the commitment {record.commitment}; "
        f"{len(record.actions)} actions replayed.",
    ]
    describe = POSITIONS.get(record.game)
    if describe:
        lines += ["Final position:", *(f"  {line}" for line in describe(state))]
    outcome = state.outcome
    if outcome is None:
        to_move = ", ".join(name[seat] for seat in state.to_move) or "nobody"
        lines.append(f"Not finished: {to_move} to move.")
    else:
        lines.append(
            f"Scores: {', '.join(f'{name[seat]} {score}' for seat, score in enumerate(outcome.scores))}"
        )
        winners = ", ".join(name[seat] for seat in outcome.winners) or "none"
        lines.append(f"{'Winner' if len(outcome.winners) == 1 else 'Winners'}: {winners}")
    return lines


# --- a compact position per game: the engines' own notation where they have one -------------------


def _senet(state) -> list[str]:
    return [state.notation()]


def _combat(state) -> list[str]:
    return [state.board_notation() or "(empty board)"]


def _flood(state) -> list[str]:
    return [f"P{seat + 1}: {state.area_notation(seat) or '-'}" for seat in range(state.num_players)]


def _mars(state) -> list[str]:
    """The board as ranks, the top rank first, like a chess diagram."""
    view = state.view(None)
    files = "abcdefgh"[: view.files]
    rows = []
    for rank in range(view.ranks, 0, -1):
        cells = [view.board.get(f"{file}{rank}", "..") for file in files]
        rows.append(f"{rank} {' '.join(cells)}")
    rows.append(f"  {' '.join(f'{file} ' for file in files).rstrip()}")
    return rows


def _trickery(state) -> list[str]:
    totals = ", ".join(f"P{seat + 1} {total}" for seat, total in enumerate(state.totals))
    return [f"hand {state.hand_number}, totals: {totals}"]


POSITIONS = {"senet": _senet, "combat": _combat, "flood": _flood, "mars": _mars, "trickery": _trickery}


if __name__ == "__main__":
    raise SystemExit(main())
