"""Everything players see, for a fixed set of positions, written down to compare before and after a
refactoring: every picture's SHA-256 and every presenter text, in every shipped language.

    python -m tests.golden OUT_DIR [GAME ...]

writes one `<game>.txt` per game; `diff -r` two runs (before and after a change) to see any
picture that is not byte for byte the same and any text line that moved.
"""

from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

from bot.kits import KITS
from catalogue import languages, speaking
from games.core import clone_state, random_choice, with_suggestion
from renderers.common import one_picture
from tests.games.test_conformance import random_options

POSITIONS_PER_GAME = 14  # positions sampled along each match
MATCHES = {
    "trickery": (3, 4, 3),
    "mars": (2, 2, 2),
    "senet": (2, 2),
    "flood": (3, 4, 3),
    "combat": (2, 3, 4, 2),
}
EXPLAINED = 3  # legal actions worded per seat and position


def digest(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()[:16]


def item_text(item) -> str:
    inner = getattr(item, "item", item)
    parts = [type(inner).__name__, str(getattr(inner, "custom_id", "")), str(getattr(inner, "label", ""))]
    parts += [
        str(getattr(inner, "emoji", "")),
        str(getattr(inner, "style", "")),
        str(getattr(inner, "row", "")),
    ]
    parts += [str(getattr(inner, "disabled", ""))]
    for option in getattr(inner, "options", []) or []:
        parts.append(f"[{option.label}|{option.value}|{option.description}|{option.emoji}]")
    return " ".join(parts)


def prompt_lines(prompt) -> list[str]:
    lines = [f"  prompt: {prompt.text!r} board={prompt.shows_board}"]
    lines += [f"    item {item_text(item)}" for item in prompt.items]
    return lines


def position_lines(kit, scene_of, state, names, num_players, last) -> list[str]:
    from bot.presenters.base import Scene

    presenter, pictures = kit.presenter, kit.pictures
    public = state.view(None)
    scene = Scene(7, len(last) + 1, names, scene_of, public)
    lines = []
    with one_picture():
        lines.append(f"board {digest(pictures.board(public, names=list(names)))}")
    lines += [f"seat_line {line!r}" for line in presenter.seat_lines(scene)]
    lines.append(f"legend {presenter.legend(scene)!r}")
    lines.append(f"describe {presenter.describe(scene, public)!r}")
    lines.append(f"status {presenter.status_line(scene)!r}")
    lines.append(f"chapter {presenter.chapter(scene)!r}")
    lines.append(f"start {presenter.start_line(scene)!r}")
    if last:
        seat, action, events = last[-1]
        lines.append(f"phrase {presenter.action_phrase(scene, seat, action)!r}")
        lines.append(f"events {presenter.describe_events(scene, events)!r}")
        lines.append(f"news {presenter.news_for_everyone(events)!r}")
    if state.is_over:
        lines.append(f"final {presenter.final_text(scene)!r}")
        return lines
    for seat in range(num_players):
        mine = state.view(seat)
        with one_picture():
            lines.append(f"seat {seat} private {digest(pictures.private(mine, names=list(names)))}")
        lines.append(f"  private_text {presenter.private_text(scene, seat, mine)!r}")
        lines.append(f"  describe {presenter.describe(scene, mine, seat)!r}")
        if seat not in state.to_move:
            continue
        lines += prompt_lines(presenter.prompt(scene, seat, mine))
        actions = state.legal_actions(seat)[:EXPLAINED]
        for action in actions:
            trial = clone_state(kit.engine, state)
            events = trial.apply(seat, action)
            lines.append(f"  explain {action} {presenter.explain(scene, seat, str(action), events)!r}")
            marks = kit.engine.marks(state, seat, action)
            if marks:
                with one_picture():
                    marked = digest(pictures.private(with_suggestion(mine, marks), names=list(names)))
                    board = digest(pictures.board(with_suggestion(public, marks), names=list(names)))
                lines.append(f"  marked {action} {marked} {board}")
    return lines


def game_lines(game_id: str) -> list[str]:
    kit = KITS[game_id]
    lines = []
    for language in languages():
        with speaking(language):
            lines.append(f"== {language} rules {digest(kit.pictures.rules())} {kit.presenter.rules_alt()!r}")
            for number, num_players in enumerate(MATCHES[game_id]):
                chooser = random.Random(number)
                seed = 100 + number
                options = kit.engine.resolve_options(random_options(kit.engine, num_players, chooser))
                state = kit.engine.new(num_players, seed, options)
                names = tuple(["Ann", "Björn", "Chidi", "Dana"][:num_players])
                lines.append(
                    f"== match {number} players={num_players} options={kit.presenter.options_text(options)!r}"
                )
                last = []
                total = 0
                while not state.is_over and total < 400:
                    if total % max(1, 400 // POSITIONS_PER_GAME) == 0 or total < 4:
                        lines.append(f"-- after {total} actions")
                        lines += position_lines(kit, options, state, names, num_players, last)
                    seat = chooser.choice(state.to_move)
                    action = random_choice(state.legal_actions(seat), chooser)
                    events = state.apply(seat, action)
                    last.append((seat, str(action), events))
                    total += 1
                lines.append(f"-- end after {total} actions")
                lines += position_lines(kit, options, state, names, num_players, last)
    return lines


def main(argv: list[str]) -> None:
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    for game_id in argv[1:] or list(KITS):
        (out / f"{game_id}.txt").write_text("\n".join(game_lines(game_id)) + "\n", encoding="utf-8")
        print(game_id, "written")


if __name__ == "__main__":
    main(sys.argv[1:])
