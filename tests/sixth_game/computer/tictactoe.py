"""The computer player of Martian Tic-Tac-Toe: the game tree searched to each level's depth, the
other seat answering with its own best move; a position cut off at the depth counts as level.
Easy sees only a win in one, normal also the other seat's win to block, hard plays perfectly."""

from __future__ import annotations

import random
from functools import cache

from games.tictactoe import LINES, SQUARES

from .decision import Decision, derive_seed

LEVELS = {"easy": 1, "normal": 2, "hard": len(SQUARES)}  # plies looked ahead
EMPTY = "."


def think(state, seat: int, level: str, seed: int) -> Decision:
    board = "".join(mark or EMPTY for mark in state.board)
    mine = state.mark_of(seat)
    values = {
        action: value(marked(board, action.square, mine), other(mine), mine, LEVELS[level] - 1)
        for action in sorted(state.legal_actions(seat), key=str)
    }
    best = max(values.values())
    action = random.Random(derive_seed(seed, "tictactoe")).choice([a for a, v in values.items() if v == best])
    return Decision(action, len(values), best, samples=len(values))


@cache
def value(board: str, to_mark: str, mine: str, depth: int) -> float:
    """What the position is worth to the seat marking `mine`: 1 won, 0 lost, a half level."""
    for line in LINES:
        if board[line[0]] != EMPTY and board[line[0]] == board[line[1]] == board[line[2]]:
            return 1.0 if board[line[0]] == mine else 0.0
    if EMPTY not in board or depth == 0:
        return 0.5
    values = [
        value(marked(board, square, to_mark), other(to_mark), mine, depth - 1)
        for square, mark in zip(SQUARES, board, strict=True)
        if mark == EMPTY
    ]
    return max(values) if to_mark == mine else min(values)


def marked(board: str, square: str, mark: str) -> str:
    index = SQUARES.index(square)
    return board[:index] + mark + board[index + 1 :]


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"
