"""The Martian Trickery tutorial as a learner who presses only the suggested card meets it: four
hands, one card a trick, every rule by the end of the second hand, and texts that fit a phone."""

from catalogue import speaking, tr
from tests.tutor.test_lessons import followed
from tutor import LESSONS

LESSON = LESSONS["trickery"]
PHONE_TEXT = 200  # characters: a few lines on a phone


def test_four_hands_of_twelve_tricks_a_card_each():
    steps, log = followed("trickery")
    assert sum(seat == LESSON.learner for seat, _ in log) == 48
    assert len(steps) == 49 and steps[-1].topics == ("game-end",)
    assert LESSON.new_state().num_players == 3 and len(log) == 3 * 48


def test_every_rule_but_the_end_comes_up_in_the_first_two_hands():
    steps, _ = followed("trickery")
    introduced = {topic: step.number for step in steps for topic in step.topics}
    # scoring is told once it has happened: the second hand's at the first step of the third
    assert max(number for topic, number in introduced.items() if topic != "game-end") <= 25
    assert steps[0].upcoming == ("lead",) and steps[0].action.startswith("L ")


def test_the_learner_who_follows_the_suggestions_wins():
    _, log = followed("trickery")
    state = LESSON.new_state()
    for seat, text in log:
        state.apply(seat, LESSON.game.parse_action(text))
    assert state.outcome.winners == (LESSON.learner,)


def test_every_text_fits_a_phone_in_every_language():
    for language in ("en", "de"):
        with speaking(language):
            for text in (LESSON.welcome, *LESSON.introductions.values()):
                assert len(tr(text)) <= PHONE_TEXT, text
