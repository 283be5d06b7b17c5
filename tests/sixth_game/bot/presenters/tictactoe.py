"""How Martian Tic-Tac-Toe looks and is played on Discord: no secrets, so the buttons sit on the
board message, one per square, laid out like the board. Everything else is the base presenter's."""

from __future__ import annotations

import discord

from catalogue import tr
from games.tictactoe import SQUARES, TicTacToeView

from ..components import MatchButton
from .base import Presenter, Prompt, Scene


class TictactoePresenter(Presenter):
    def seat_lines(self, scene: Scene) -> list[str]:
        view: TicTacToeView = scene.public
        return [
            ("👉 " if seat in view.to_move else "")
            + tr("{player} with {mark}", player=scene.label(seat), mark=mark)
            for seat, mark in enumerate(view.marks)
        ]

    def describe(self, scene: Scene, view: TicTacToeView, seat: int | None = None) -> str:
        ranks = [SQUARES[index : index + 3] for index in (6, 3, 0)]  # rank 3 first, as drawn
        return "\n".join(
            tr(
                "Rank {rank}: {marks}",
                rank=rank[0][1],
                marks=" ".join(mark_on(view, square) or "·" for square in rank),
            )
            for rank in ranks
        )

    def action_phrase(self, scene: Scene, seat: int, action: str, *, done: bool = True) -> str:
        return tr("marked {square}", square=action) if done else tr("marks {square}", square=action)

    def final_text(self, scene: Scene) -> str:
        if scene.public.draw:
            return tr("🤝 **Draw**: the board is full and nobody has three in a row.")
        return super().final_text(scene)

    def prompt(self, scene: Scene, seat: int, mine: TicTacToeView, choice: str = "") -> Prompt:
        items = [
            MatchButton(
                scene.claim("act", square),
                label=mark_on(mine, square) or square,
                style=discord.ButtonStyle.success,
                row=row,
                disabled=square not in mine.empty,
            )
            for row, start in enumerate((6, 3, 0))  # rank 3 on top, as drawn
            for square in SQUARES[start : start + 3]
        ]
        return Prompt(tr("Mark a square."), items)

    def rules_alt(self) -> str:
        return tr("A won board: X has three in a row on the diagonal from a1 to c3.")


def mark_on(view: TicTacToeView, square: str) -> str:
    return view.board[SQUARES.index(square)]
