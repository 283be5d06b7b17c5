"""Martian Tic-Tac-Toe, the sixth game the tests add by README's recipe ("Adding a game").

Two players mark the squares of a 3x3 board in turn, one with X and the other with O; X marks
first (§2). Three marks in a row, column or diagonal win; a full board without one is a draw, which
like every draw is the shared win of both seats (§3, `Outcome.is_draw`). No chance, no secrets.
Squares are named like a chessboard's, a1 bottom left to c3 top right.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Event, Game, IllegalAction, Option, Outcome, Rng, Topic, View, determinized_rng

SQUARES = tuple(f"{file}{rank}" for rank in "123" for file in "abc")
LINES = (
    *((row, row + 1, row + 2) for row in (0, 3, 6)),
    *((column, column + 3, column + 6) for column in (0, 1, 2)),
    (0, 4, 8),
    (2, 4, 6),
)
TOPICS = (
    Topic("mark", "action", "§2"),
    Topic("end", "ending", "§3"),  # three in a row, or a full board: a draw
)


@dataclass(frozen=True)
class Mark:
    square: str

    def __str__(self) -> str:
        return self.square


@dataclass(frozen=True, kw_only=True)
class TicTacToeView(View):
    marks: tuple[str, ...]  # the seats' marks: "X" first
    board: tuple[str, ...]  # each square's mark ("" if empty), in the order of SQUARES
    empty: tuple[str, ...]  # the squares still open to the seat to move
    last: str | None = None  # the square marked last
    line: tuple[str, ...] = ()  # at the end, the three in a row that won
    draw: bool = False  # the board filled up without three in a row


class TicTacToeState:
    def __init__(self, first: int, rng: Rng, moves: tuple[str, ...] = ()) -> None:
        self.first = first  # the seat that marks X
        self.rng = rng  # never drawn on: no chance in this game
        self.moves: list[str] = []
        for square in moves:
            self.apply(self.current, Mark(square))

    @property
    def current(self) -> int:
        return (self.first + len(self.moves)) % 2

    def mark_of(self, seat: int) -> str:
        return "X" if seat == self.first else "O"

    @property
    def board(self) -> list[str]:
        board = [""] * len(SQUARES)
        for number, square in enumerate(self.moves):
            board[SQUARES.index(square)] = "XO"[number % 2]
        return board

    @property
    def line(self) -> tuple[str, ...]:
        board = self.board
        for line in LINES:
            if board[line[0]] and board[line[0]] == board[line[1]] == board[line[2]]:
                return tuple(SQUARES[index] for index in line)
        return ()

    @property
    def is_over(self) -> bool:
        return bool(self.line) or len(self.moves) == len(SQUARES)

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.current,)

    @property
    def order_free(self) -> bool:
        return False

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        if not self.line:
            return Outcome((0, 0), (0, 1))
        winner = 1 - self.current  # the seat that marked last
        return Outcome(tuple(int(seat == winner) for seat in (0, 1)), (winner,))

    def legal_actions(self, seat: int) -> list[Mark]:
        if seat not in self.to_move:
            return []
        return [Mark(square) for square, mark in zip(SQUARES, self.board, strict=True) if not mark]

    def apply(self, seat: int, action: Mark) -> list[str]:
        if seat not in self.to_move:
            raise IllegalAction("It is not your turn.")
        if action not in self.legal_actions(seat):
            raise IllegalAction("{square} is taken.", square=action.square)
        mark = self.mark_of(seat)
        self.moves.append(action.square)
        events = [Event(f"{mark} {action.square}", square=action.square, mark=mark)]
        if self.is_over:
            events.append(Event(f"WIN P{seat + 1}" if self.line else "DRAW"))
        return events

    def view(self, seat: int | None) -> TicTacToeView:
        outcome = self.outcome
        return TicTacToeView(
            game="tictactoe",
            seat=seat,
            to_move=self.to_move,
            is_over=self.is_over,
            winners=outcome.winners if outcome else (),
            marks=(self.mark_of(0), self.mark_of(1)),
            board=tuple(self.board),
            empty=tuple(str(action) for action in self.legal_actions(self.current)),
            last=self.moves[-1] if self.moves else None,
            line=self.line,
            draw=bool(outcome and outcome.is_draw),
        )

    def secrets(self, seat: int) -> set[str]:
        return set()

    def to_json(self) -> dict:
        return {"first": self.first, "rng": self.rng.to_json(), "moves": list(self.moves)}

    def clone(self) -> TicTacToeState:
        copy = TicTacToeState(self.first, self.rng.copy())
        copy.moves = list(self.moves)
        return copy

    def determinize(self, seat: int, seed: int) -> TicTacToeState:
        """Nothing is hidden: a clone with a generator made from `seed`."""
        copy = self.clone()
        copy.rng = determinized_rng(seed)
        return copy


class TicTacToeGame(Game):
    def new(self, num_players: int, seed: int, options: dict | None = None) -> TicTacToeState:
        self.check_players(num_players)
        first = self.resolve_options(options)["first"]
        return TicTacToeState(int(first[1]) - 1, Rng(seed))

    def from_json(self, data: dict) -> TicTacToeState:
        return TicTacToeState(data["first"], Rng.from_json(data["rng"]), tuple(data["moves"]))

    def parse_action(self, text: str) -> Mark:
        square = text.strip().lower()
        if square not in SQUARES:
            raise IllegalAction("Name a square from a1 to c3.")
        return Mark(square)

    def topics_of(self, action: Mark, events: list[str]) -> list[str]:
        return ["mark", *(["end"] if len(events) > 1 else [])]

    def marks(self, state: TicTacToeState, seat: int, action: Mark) -> dict:
        return {"square": action.square}


TICTACTOE = TicTacToeGame(
    "tictactoe",
    "Martian Tic-Tac-Toe",
    2,
    2,
    (Option("first", "P1", ("P1", "P2"), "Who marks first, with X"),),
    topics=TOPICS,
)
