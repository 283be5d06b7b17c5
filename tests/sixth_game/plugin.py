"""`pytest -p tests.sixth_game.plugin`: the whole session with Martian Tic-Tac-Toe registered from
before the tests are collected, so every test made for each registered game is made for it too.

Computer players and tutorial steps then work in a thread of the test process: a worker process
is spawned afresh and would not know the game."""

from contextlib import ExitStack

import pytest

from bot.thinking import ComputerPlayers
from tests.sixth_game import registered

_session = ExitStack()


def pytest_configure(config) -> None:
    _session.enter_context(registered())
    patch = _session.enter_context(pytest.MonkeyPatch.context())
    here = ComputerPlayers.__init__
    patch.setattr(ComputerPlayers, "__init__", lambda players, workers=1: here(players, workers=0))


def pytest_unconfigure(config) -> None:
    _session.close()
