"""The Senet tutorial as a learner who presses only the suggested buttons meets it: short for a
whole race, every rule introduced once where it first matters, and a win to end on."""

from catalogue import speaking, tr
from tests.tutor.test_lessons import followed
from tutor import LESSONS

LESSON = LESSONS["senet"]


def test_the_tutorial_is_a_short_race_the_learner_wins():
    steps, log = followed("senet")
    assert len(steps) - 1 <= 75  # learner decisions: the seed's match is among the shortest found
    state = LESSON.new_state()
    for seat, text in log:
        state.apply(seat, LESSON.game.parse_action(text))
    assert state.outcome.winners == (LESSON.learner,)


def test_each_rule_comes_up_when_it_first_matters():
    steps, _ = followed("senet")
    first = {topic: step.number for step in steps for topic in step.topics}
    assert first["move"] == first["coaster"] == 1  # the other player moved; this roll is a 5
    # the end and its points are told once they have happened: in the closing step
    assert first["bear-off"] < first["win"] == first["points"] == len(steps)
    assert steps[-1].topics == ("win", "points") and not steps[-1].action
    assert steps[0].action in ("E", "W")


def test_the_lessons_texts_are_short_and_german_too():
    texts = [LESSON.welcome, *LESSON.introductions.values()]
    assert all(len(text) <= 240 for text in texts)
    with speaking("de"):
        assert all(tr(text) != text for text in texts)
