"""Tutorials: a guided first match of each game against the computer, one step per decision.

A `Lesson` is a game's tutorial: a fixed seed and setup chosen so that every rule the engine lists
(`Game.topics`) comes up, and a short introduction of each rule in game words. At each of the
learner's decisions, `next_step` suggests a move (the guide's choice) and introduces the rules that
have just come up or that the suggested move is about to use, each once, the first time it matters.
The learner may play another move: the steps are worked out again from the match as it stands, so
the tutorial follows them wherever they go.

Pure and deterministic: it imports only `games` and `computer`; a step depends only on the lesson
and the action log, so every learner who presses the suggested buttons plays the same match.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import computer
from computer.decision import derive_seed
from games import GAMES, Game, State, part_of

# (state, learner, legal actions, topics not introduced yet) -> the move to suggest, or None for the guide's
Preference = Callable[[State, int, list, set[str]], Any]


@dataclass(frozen=True)
class Lesson:
    game_id: str
    players: int
    seed: int
    welcome: str  # the first step's opening line (an English template, N_)
    introductions: Mapping[str, str]  # topic id -> its introduction (English template, N_)
    learner: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    opponents: str = "easy"  # the computer level of the other seats
    guide: str = "normal"  # the level whose choice a step suggests
    prefer: Preference | None = None  # a game's own choice where it teaches better than the guide's

    @property
    def game(self) -> Game:
        return GAMES[self.game_id]

    def new_state(self) -> State:
        return self.game.new(self.players, self.seed, self.game.resolve_options(self.options))

    def opponent_seed(self, version: int, seat: int) -> int:
        """The seed of a computer opponent's decision: from the lesson, not the match's id, so every
        learner who follows the steps meets the same moves."""
        return derive_seed(self.seed, "opponent", version, seat)


@dataclass(frozen=True)
class Step:
    number: int  # the learner's decisions so far, this one included
    action: str  # the suggested move's notation ("" in the closing step, after the match)
    happened: tuple[str, ...]  # rules that came up since the learner's last decision, new to them
    upcoming: tuple[str, ...]  # rules the suggested move uses, new to them
    missed: tuple[str, ...] = ()  # in the closing step: the game's rules that never came up

    @property
    def topics(self) -> tuple[str, ...]:
        return self.happened + self.upcoming


@dataclass
class Progress:
    """A tutorial match replayed from its lesson: the state, and the rules met so far."""

    state: State
    met: list[str]  # topic ids in the order they first came up
    met_before_last_turn: int  # how many of `met` had come up before the learner's latest decision
    decisions: int  # the learner's decisions so far
    last_move: list[str]  # the rules of the learner's latest move itself (its step announced them)


def replay(lesson: Lesson, log: list[tuple[int, str]]) -> Progress:
    """Replay the tutorial's action log, noting which rules each action touched."""
    game = lesson.game
    state = lesson.new_state()
    met: list[str] = []
    before_last = 0
    decisions = 0
    last_move: list[str] = []
    for seat, text in log:
        action = game.parse_action(text)
        events = state.apply(seat, action)
        if seat == lesson.learner:
            decisions += 1
            before_last = len(met)
            last_move = game.topics_of(action, events[:1])
        for topic in game.topics_of(action, events):
            if topic not in met:
                met.append(topic)
    return Progress(state, met, before_last, decisions, last_move)


def topics_of_move(lesson: Lesson, state: State, seat: int, action: Any, seed: int) -> list[str]:
    """The rules of `action` itself: those of its own record, the first event it gives, which the
    move alone decides (tried on a copy where what `seat` can't see is made up). What follows it (a
    trick won, a die's doing, the scoring) is introduced once it has happened, never foretold."""
    copy = state.determinize(seat, seed)
    return lesson.game.topics_of(action, copy.apply(seat, action)[:1])


def suggestion(lesson: Lesson, state: State, seat: int, untaught: set[str], seed: int) -> Any:
    """The move a step suggests: the lesson's preference if it has one here, else the guide's."""
    actions = state.legal_actions(seat)
    if lesson.prefer is not None:
        preferred = lesson.prefer(state, seat, actions, untaught)
        if preferred is not None:
            return preferred
    return computer.choose(state, seat, level=lesson.guide, seed=seed)


def next_step(lesson: Lesson, log: list[tuple[int, str]]) -> Step | None:
    """The learner's step now: None when it isn't their turn; once the match is over, a closing
    step with no move, introducing how it ended. Introduced already: every rule met before the
    learner's last decision, and those of that move itself, which its step announced."""
    progress = replay(lesson, log)
    state = progress.state
    if not state.is_over and lesson.learner not in state.to_move:
        return None
    known = set(progress.met[: progress.met_before_last_turn]) | set(progress.last_move)
    happened = tuple(topic for topic in progress.met if topic not in known)
    if state.is_over:  # the closing step: how the match ended and scored, under the final board
        missed = tuple(topic.id for topic in lesson.game.topics if topic.id not in progress.met)
        return Step(progress.decisions + 1, "", happened, (), missed)
    untaught = {topic.id for topic in lesson.game.topics} - known - set(happened)
    seed = derive_seed(lesson.seed, "guide", len(log))
    action = suggestion(lesson, state, lesson.learner, untaught, seed)
    upcoming = tuple(
        topic
        for topic in dict.fromkeys(topics_of_move(lesson, state, lesson.learner, action, seed))
        if topic in untaught
    )
    return Step(progress.decisions + 1, str(action), happened, upcoming)


def step_for(game_id: str, log: list[tuple[int, str]]) -> Step | None:
    """`next_step` of a game's lesson, by name (for a worker process)."""
    return next_step(LESSONS[game_id], log)


def coverage(lesson: Lesson, log: list[tuple[int, str]]) -> tuple[set[str], set[str]]:
    """(rules met in this match, rules of the game never met): what a finished tutorial covered."""
    met = set(replay(lesson, log).met)
    return met, {topic.id for topic in lesson.game.topics} - met


def lessons_of(game_ids: Iterable[str]) -> dict[str, Lesson]:
    """The lessons of those games that have one: `LESSON` of `tutor/<game id>.py`."""
    return {
        game_id: part_of(game_id, __name__, "LESSON")
        for game_id in game_ids
        if importlib.util.find_spec(f"{__name__}.{game_id}") is not None
    }


LESSONS: dict[str, Lesson] = {}  # game id -> its lesson, filled below (the modules import this one)
LESSONS.update(lessons_of(GAMES))
