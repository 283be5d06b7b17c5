"""The Martian Flood tutorial's own choices: its length, and the preference that lets the learner
try building and scrapping with their own hands."""

from games.flood import FLOOD, position
from tests.tutor.test_lessons import followed
from tutor import LESSONS
from tutor.flood import try_an_untaught_action

LESSON = LESSONS["flood"]


def test_the_tutorial_is_short():
    steps, log = followed("flood")
    decisions = [text for seat, text in log if seat == LESSON.learner]
    assert len(decisions) == len(steps) - 1 == 19  # one tap each, pressing the suggested button
    assert {text.split()[0] for text in decisions} == {"B", "D", "K", "R", "S"}


def test_the_learner_builds_first_when_building_is_new_to_them():
    steps, _ = followed("flood")
    assert steps[0].action.startswith("B ") and steps[0].upcoming == ("build",)


def test_an_untaught_build_scrap_or_infiltration_is_suggested_while_legal():
    state = position(3, areas={0: "9d[R3,R2] 7h=R3 5d=R2", 1: "3c[B2]"})
    actions = state.legal_actions(0)
    kinds = {
        frozenset(untaught): FLOOD.topics_of(try_an_untaught_action(state, 0, actions, set(untaught)), [])
        for untaught in (["build", "scrap"], ["scrap", "infiltrate"], ["infiltrate"])
    }
    assert kinds == {
        frozenset({"build", "scrap"}): ["build"],
        frozenset({"scrap", "infiltrate"}): ["scrap"],
        frozenset({"infiltrate"}): ["infiltrate"],
    }
    assert try_an_untaught_action(state, 0, actions, {"draw", "flood"}) is None  # the guide's choice
    assert try_an_untaught_action(position(3), 0, position(3).legal_actions(0), {"build"}) is None


def test_the_preference_sees_only_what_the_learner_may_see():
    state = position(3, areas={0: "9d[R3,R2] 7h=R3 5d=R2", 1: "3c[B2]"})
    untaught = {"build", "scrap", "infiltrate"}
    chosen = try_an_untaught_action(state, 0, state.legal_actions(0), untaught)
    for seed in (1, 2, 3):  # another deck order and other dice: the same suggestion
        other = state.determinize(0, seed)
        assert try_an_untaught_action(other, 0, other.legal_actions(0), untaught) == chosen
