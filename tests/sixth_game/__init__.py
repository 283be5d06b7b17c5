"""A sixth game, Martian Tic-Tac-Toe, added by README's recipe ("Adding a game") to keep that
recipe honest. Its files sit in this folder in the project's own layout (`games/tictactoe.py`,
`renderers/tictactoe.py`, `bot/presenters/tictactoe.py`, `bot/rules/[de/]tictactoe.md`,
`computer/tictactoe.py`, `tutor/tictactoe.py`, `catalogue/<language>/tictactoe.json`), and
`registered()` registers it for a while the way its one registration line would: each package
also looks in this folder, `GAMES` gets the game, and everything else is found by its id with
the same code as for every other game.

`pytest -p tests.sixth_game.plugin ...` runs any part of the suite with the game registered.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ID = "tictactoe"
HERE = Path(__file__).parent
PACKAGES = ("games", "renderers", "computer", "tutor", "bot.presenters", "bot.rules")


@contextmanager
def registered(*, without: str = "") -> Iterator[None]:
    """Martian Tic-Tac-Toe registered in the real registry (and its texts in the catalogue) inside
    the block; afterwards everything is as it was. `without`: one of PACKAGES, or "catalogue",
    whose part of the game is left out (missing). Already registered (`plugin`): nothing to do."""
    from bot.kits import KITS, kit
    from catalogue import catalogues
    from games import GAMES, engine_for
    from tutor import LESSONS, lessons_of

    if ID in GAMES:
        yield
        return
    folders = [  # (a package's import path, the game's folder of that package)
        (importlib.import_module(package).__path__, str(HERE / package.replace(".", "/")))
        for package in PACKAGES
        if package != without
    ]
    for path, folder in folders:
        path.append(folder)
    texts = {language: dict(entries) for language, entries in catalogues().items()}
    for language, entries in catalogues().items():
        for file in sorted((HERE / "catalogue" / language).glob("*.json")) if without != "catalogue" else ():
            entries.update(json.loads(file.read_text(encoding="utf-8")))
    try:
        GAMES[ID] = engine_for(ID)  # the one registration line
        LESSONS.update(lessons_of([ID]))
        KITS[ID] = kit(ID)
        yield
    finally:
        for registry in (KITS, LESSONS, GAMES):
            registry.pop(ID, None)
        for language, entries in catalogues().items():
            entries.clear()
            entries.update(texts[language])
        for path, folder in folders:
            path.remove(folder)
        for package in PACKAGES:
            sys.modules.pop(f"{package}.{ID}", None)
