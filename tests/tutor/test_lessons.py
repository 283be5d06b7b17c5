"""Every game's tutorial, without Discord: its rules list comes from the engine, each rule has an
introduction, and a learner who only ever plays the suggested move finishes the match having had
every rule introduced by some step."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

import computer
from games import GAMES
from games.core import TOPIC_KINDS
from tests.imports import foreign_imports
from tutor import LESSONS, Step, coverage, next_step

ROOT = Path(__file__).resolve().parents[2]


@cache
def followed(game_id: str) -> tuple[tuple[Step, ...], tuple[tuple[int, str], ...]]:
    """The tutorial played by pressing only the suggested button: its steps and its action log."""
    lesson = LESSONS[game_id]
    state = lesson.new_state()
    log: list[tuple[int, str]] = []
    steps: list[Step] = []
    while True:
        if state.is_over:
            steps.append(next_step(lesson, log))  # the closing step
            break
        # the learner first where seats act in any order: the bot's computer players wait for them
        seat = lesson.learner if lesson.learner in state.to_move else state.to_move[0]
        if seat == lesson.learner:
            step = next_step(lesson, log)
            assert step is not None
            steps.append(step)
            action = lesson.game.parse_action(step.action)
        else:
            seed = lesson.opponent_seed(len(log), seat)
            action = computer.choose(state, seat, level=lesson.opponents, seed=seed)
        state.apply(seat, action)
        log.append((seat, str(action)))
    return tuple(steps), tuple(log)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_a_lesson(game_id):
    assert game_id in LESSONS, f"tutor/{game_id}.py is missing"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_engine_lists_its_rules(game_id):
    topics = GAMES[game_id].topics
    ids = [topic.id for topic in topics]
    assert len(ids) == len(set(ids))
    assert {topic.kind for topic in topics} <= set(TOPIC_KINDS)
    assert {"action", "ending"} <= {topic.kind for topic in topics}  # a game is played and it ends
    assert all(topic.rule.startswith("§") for topic in topics)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_rule_has_an_introduction(game_id):
    lesson = LESSONS[game_id]
    assert set(lesson.introductions) == {topic.id for topic in lesson.game.topics}
    assert all(text.strip() for text in lesson.introductions.values())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_following_the_suggestions_finishes_the_match_and_meets_every_rule(game_id):
    lesson = LESSONS[game_id]
    steps, log = followed(game_id)
    assert steps
    met, missed = coverage(lesson, list(log))
    assert not missed, f"never came up: {sorted(missed)}"
    assert steps[-1].action == "" and all(step.action for step in steps[:-1])
    introduced = [topic for step in steps for topic in step.topics]
    assert len(introduced) == len(set(introduced)), "a rule was introduced twice"
    assert set(introduced) == met == {topic.id for topic in lesson.game.topics}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_step_depends_only_on_the_log(game_id):
    lesson = LESSONS[game_id]
    steps, log = followed(game_id)
    decisions = [i for i, (seat, _) in enumerate(log) if seat == lesson.learner]
    middle = decisions[len(decisions) // 2]
    assert next_step(lesson, list(log[:middle])) == steps[len(decisions) // 2]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_learner_who_deviates_is_followed(game_id):
    """Another legal move than the suggestion: the next step starts from the match as it stands."""
    lesson = LESSONS[game_id]
    steps, log = followed(game_id)
    first = next(i for i, (seat, _) in enumerate(log) if seat == lesson.learner)
    state = lesson.new_state()
    for seat, text in log[:first]:
        state.apply(seat, lesson.game.parse_action(text))
    other = next(
        (a for a in state.legal_actions(lesson.learner) if str(a) != steps[0].action),
        None,
    )
    assert other is not None, "the first step should leave a choice"
    deviated = [*log[:first], (lesson.learner, str(other))]
    state.apply(lesson.learner, other)
    while lesson.learner not in state.to_move and not state.is_over:
        seat = state.to_move[0]
        action = computer.choose(
            state, seat, level=lesson.opponents, seed=lesson.opponent_seed(len(deviated), seat)
        )
        state.apply(seat, action)
        deviated.append((seat, str(action)))
    step = next_step(lesson, deviated)
    assert step is not None
    assert step.action in {str(a) for a in state.legal_actions(lesson.learner)}
    assert step.number == 2


def test_the_package_imports_only_games_computer_and_the_standard_library():
    assert not foreign_imports("tutor", {"games", "computer"})
