"""A match's history in words, as `/match log` pages through it.

The log is replayed from the seed and the saved actions, and each action is worded from the
public view right after it, exactly as the board worded it then. Only public views reach the
texts, so nothing hidden (a hand, an objective) can appear."""

from __future__ import annotations

from catalogue import tr

from .kits import GameKit
from .model import Match
from .presenters.base import Presenter, Scene

PAGE_CHARS = 1800  # a page of the log, below Discord's 2,000 characters per message


def action_sentence(presenter: Presenter, scene: Scene, seat: int, action: str) -> str:
    """One action as the board and the log word it, from the public scene right after it."""
    return tr(
        "{player} {action}.",
        player=presenter.seat_label(scene, seat),
        action=presenter.action_phrase(scene, seat, action),
    )


def worded_actions(kit: GameKit, match: Match, rows: list[tuple[int, str]]) -> list[tuple[str, list[str]]]:
    """Each action of `rows` (seat, notation) as the board worded it: its sentence, and what it
    caused."""
    presenter, engine = kit.presenter, kit.engine
    state = engine.new(len(match.seats), match.seed, match.options)
    names = tuple(match.shown_names)
    worded = []
    for number, (seat, action) in enumerate(rows, start=1):
        events = state.apply(seat, engine.parse_action(action))
        scene = Scene(match.id, number + 1, names, match.options, state.view(None))
        sentence = action_sentence(presenter, scene, seat, action)
        worded.append((sentence, [line for line in presenter.describe_events(scene, events) if line]))
    return worded


def history_lines(kit: GameKit, match: Match, rows: list[tuple[int, str]]) -> list[str]:
    """Every action of `rows` in words, numbered, with what it caused."""
    lines = []
    for number, (sentence, caused) in enumerate(worded_actions(kit, match, rows), start=1):
        lines.append(f"`{number}.` {sentence}")
        lines += [f"  {line}" for line in caused]
    return lines


def pages(lines: list[str], limit: int = PAGE_CHARS) -> list[str]:
    """The lines packed into pages of at most `limit` characters, none split."""
    found, current, size = [], [], 0
    for line in lines:
        line = line[:limit]
        if current and size + len(line) + 1 > limit:
            found.append("\n".join(current))
            current, size = [], 0
        current.append(line)
        size += len(line) + 1
    if current or not found:
        found.append("\n".join(current))
    return found
