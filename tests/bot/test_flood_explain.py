"""Martian Flood's hints in game words (`explain`): what the suggested move does, from the engine's
events on a copy where the deck's order and the dice are made up, in English and German."""

from bot.kits import KITS
from bot.presenters.base import Scene
from catalogue import speaking
from games import GAMES
from games.core import with_suggestion
from games.flood import FloodState, position
from tests.positions import FLOOD_F11
from tests.tutor.test_lessons import followed
from tutor import LESSONS

GAME = GAMES["flood"]
PRESENTER = KITS["flood"].presenter
NAMES = ("Alice", "Bob", "Chen")


def explained(state: FloodState, action: str) -> str:
    """`action` for the seat to act explained as the bot does: the scene before it, the events of
    playing it on a copy with a made-up deck and dice."""
    seat = state.to_move[0]
    scene = Scene(1, 1, NAMES, {}, state.view(None))
    events = state.determinize(seat, 7).apply(seat, GAME.parse_action(action))
    return PRESENTER.explain(scene, seat, action, events)


def test_a_draw_names_no_card_the_deck_has_yet_to_show():
    state = position(3, areas={0: "7h=R3"})
    assert (
        explained(state, "D")
        == "draws two cards from the deck: you keep one with a ship and discard the other"
    )
    last = position(3, areas={0: "7h=R3"}, deck="5h", discard="2d 9c")
    assert explained(last, "D") == (
        "draws the deck's last card and the discard pile's top card, 9♣: you keep one with a ship"
    )


def test_a_keep_names_both_cards_and_the_ship():
    state = position(3, areas={0: "7h=R3"}, drawn="7c 3d")
    assert explained(state, "K 3d 1") == "keeps 3♦ with a small ship from your stash and discards 7♣"


def test_a_keep_that_empties_the_deck_in_the_last_action_brings_the_flood():
    state = position(3, areas={0: "7h=R3"}, deck="", drawn="5h 6h", slot=2)
    assert explained(state, "K 6h 2") == (
        "keeps 6♥ with a medium ship from your stash and discards 5♥. That empties the deck: this "
        "turn is the round's last. The round ends here, and the flood comes"
    )


def test_a_build_says_how_high_the_tower_grows_and_a_last_pyramid_ends_the_round():
    state = position(3, areas={0: "9d[R2] 7h=R3"}, stashes={0: (1, 0, 0)}, deck="2c 2d 2h 2s 3c 3d")
    assert explained(state, "B 1 9d") == (
        "builds a small pyramid on your tower on 9♦, making it 2 pyramids high. That places the last "
        "pyramid of your stash: this turn is the round's last"
    )


def test_a_scrap_says_where_each_ship_goes():
    state = position(3, areas={0: "7h=R3 5d=R2 9d[R3]"})
    assert explained(state, "S 7h:^ 5d:7h") == (
        "scraps two ships: the ship on 7♥ stands up as a new tower, and the ship on 5♦ goes onto your "
        "tower on 7♥"
    )


def test_an_infiltration_names_the_opponent_and_what_it_is_worth():
    state = position(3, areas={0: "5d=R2", 1: "3c[B2]"})
    assert explained(state, "I 5d P2") == (
        "sends your ship on 5♦, card and all, to P2 Bob. It lands when their turn comes, and a tower "
        "of theirs holding your colour scores its number for you at the end"
    )


def test_a_landing_names_the_sender_and_the_tower():
    state = position(3, areas={1: "3c[B2] 9h[B3]"}, pending={1: "6s=R2<P1"}, current=1)
    assert explained(state, "R 6s 9h") == (
        "lands P1 Alice's infiltrating ship from 6♠ on your tower on 9♥, making it 2 pyramids high"
    )


def test_the_last_action_of_the_game_says_the_game_ends_but_not_how_the_dice_fall():
    state = position(
        3, areas={**FLOOD_F11, 0: f"2c=R1 {FLOOD_F11[0]}"}, round_number=3, last_turn=True, slot=2
    )
    assert explained(state, "I 2c P2") == (
        "sends your ship on 2♣, card and all, to P2 Bob. It lands when their turn comes, and a tower "
        "of theirs holding your colour scores its number for you at the end. The game ends here: the "
        "last flood comes, then the towers score"
    )


def test_hints_in_german():
    with speaking("de"):
        assert explained(position(3, areas={0: "7h=R3"}, drawn="7c 3d"), "K 3d 1") == (
            "behält 3♦ mit einem kleinen Schiff aus deinem Vorrat und legt 7♣ ab"
        )
        assert explained(position(3, areas={0: "7h=R3 5d=R2 9d[R3]"}), "S 7h:^ 5d:7h") == (
            "verschrottet zwei Schiffe: das Schiff auf 7♥ richtet sich als neuer Turm auf, und das "
            "Schiff auf 5♦ kommt auf deinen Turm auf 7♥"
        )
        last = position(3, areas={0: "9d[R2] 7h=R3"}, stashes={0: (1, 0, 0)}, deck="2c 2d 2h 2s 3c 3d")
        assert explained(last, "B 1 9d") == (
            "baut eine kleine Pyramide auf deinen Turm auf 9♦, der damit 2 Pyramiden hoch wird. Das ist "
            "die letzte Pyramide deines Vorrats: dieser Zug ist der letzte der Runde"
        )
        assert explained(position(3, areas={0: "7h=R3"}, deck="", drawn="5h 6h", slot=2), "K 6h 2") == (
            "behält 6♥ mit einem mittleren Schiff aus deinem Vorrat und legt 5♥ ab. Damit ist der Stapel "
            "leer: dieser Zug ist der letzte der Runde. Hier endet die Runde, und die Flut kommt"
        )
        assert explained(position(3, areas={0: "7h=R3"}), "D") == (
            "zieht zwei Karten vom Stapel: du behältst eine mit einem Schiff und legst die andere ab"
        )


def test_every_step_of_the_tutorial_is_explained_in_words_not_notation():
    lesson = LESSONS["flood"]
    steps, log = followed("flood")
    state = lesson.new_state()
    moves = iter(steps)
    for seat, text in log:
        if seat == lesson.learner:
            step = next(moves)
            for language in ("en", "de"):
                with speaking(language):
                    words = explained(state.clone(), step.action)
                assert words and (step.action == "D" or step.action not in words)
        state.apply(seat, GAME.parse_action(text))


def test_the_legend_names_the_cyan_mark_only_under_a_suggestion():
    state = position(3, areas={0: "9d[R2] 7h=R3"})
    view = state.view(None)
    plain = PRESENTER.legend(Scene(1, 1, NAMES, {}, view))
    marked = with_suggestion(view, GAME.marks(state, 0, GAME.parse_action("B 1 9d")))
    tutored = PRESENTER.legend(Scene(1, 1, NAMES, {}, marked))
    assert "Cyan" not in plain and tutored.startswith(plain)
    assert tutored.endswith(
        "Cyan: the suggested move, solid where a piece goes, dashed around a ship that leaves."
    )
