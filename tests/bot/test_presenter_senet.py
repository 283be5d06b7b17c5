"""Martian Senet's words on Discord, checked without Discord: each player's line, the roll, the key
to the picture, the position as alt text, and one button per move, within the board message's
40 components."""

import random
import re
from dataclasses import replace

import pytest

from bot.components import MatchButton
from bot.kits import KITS
from bot.layout import ALT_LIMIT, COMPONENT_LIMIT, board_layout
from bot.publishing.board import board_controls, board_extras
from catalogue import speaking
from games import GAMES, random_choice
from games.core import with_suggestion
from games.senet import position
from tests.bot.test_presenters import moment_of

SENET = GAMES["senet"]
PRESENTER = KITS["senet"].presenter
SINGLE = SENET.resolve_options({})


def scene_of(state, options=SINGLE):
    return moment_of("senet", state, options).scene


def mid_game():
    """TV6's position, A (seat 0) to use a 3: S4M-S7, B8M-B5 and B4L-B1."""
    text = "S4=bS.aM S6=aL.bM S9=bL.bM.bS B8=aM B6=bL B4=aS.aM.aL P1=bM.bS"
    state = position(text, to_move="a", roll=3, off_a=2, off_b=1)
    state.last = {"player": "b", "roll": 4, "action": "B9L-B6", "from": "B9", "to": "B6"}
    return state


def test_seat_lines_give_each_player_letter_name_colours_pyramids_off_and_the_turn():
    state = mid_game()
    scene = scene_of(state)
    a_line, b_line = PRESENTER.seat_lines(scene)
    assert a_line.startswith("**A** · player0 · blue") and "2/12 off" in a_line and "🎲 to move" in a_line
    assert b_line.startswith("**B** · player1 · orange") and "1/12 off" in b_line and "🎲" not in b_line
    state.a_seat = 1  # the names follow the seats
    assert PRESENTER.seat_lines(scene_of(state))[0].startswith("**A** · player1")
    treehouse = SENET.resolve_options({"colours": "treehouse"})
    assert "· green + blue ·" in PRESENTER.seat_lines(scene_of(SENET.new(2, 1, treehouse), treehouse))[0]


def test_at_the_end_the_winners_line_says_so_and_nobody_is_to_move():
    state = position("P8=aL B5=bL", to_move="a", roll=1, off_a=11)
    state.apply(0, SENET.parse_action("P8L-P9"))
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    lines = PRESENTER.seat_lines(scene_of(state))
    winner = 0 if state.winner == "a" else 1
    assert "🏆 WINNER" in lines[winner] and "🏆" not in lines[1 - winner]
    assert not any("🎲" in line for line in lines)
    assert "won" in PRESENTER.describe(scene_of(state), state.view(None))


@pytest.mark.parametrize(
    ("roll", "effect"),
    [
        (1, "move a pyramid 1 step, then roll again"),
        (3, "move a pyramid 3 steps; the turn then ends"),
        (5, "move a coaster, E or W, then roll again"),
        (6, "move a pyramid 6 steps, then roll again"),
    ],
)
def test_the_status_line_says_the_roll_and_what_it_does(roll, effect):
    state = mid_game()
    state.roll = roll
    line = PRESENTER.status_line(scene_of(state))
    assert line == f"Turn 1 · **player0 (A)** rolled {PRESENTER_ROLL[roll]}: {effect}."


PRESENTER_ROLL = {1: "⚀ **1**", 3: "⚂ **3**", 5: "⚄ **5**", 6: "⚅ **6**"}


def test_the_legend_is_the_pictures_key():
    legend = PRESENTER.legend(scene_of(mid_game()))
    for words in (
        "light disc",
        "dark disc",
        "Source",
        "Balance",
        "Perfect",
        "locked",
        "block",
        "last move",
        "can land",
    ):
        assert words in legend, words
    assert len(legend) < 800


def test_the_alt_text_tells_the_whole_position_in_words():
    state = mid_game()
    text = PRESENTER.describe(scene_of(state), state.view(None))
    assert text.startswith("Martian Senet, turn 1: player0 (A) to move, rolled 3: move a pyramid 3 steps")
    assert "player0 (A) 2/12 off, player1 (B) 1/12 off." in text
    for square in ("S4", "S6", "S9", "B8", "B6", "B4", "P1"):
        assert re.search(rf"\b{square} [AB] ", text), square
    assert "S4 B small inside A medium; S6 A large with B medium on top;" in text
    assert "B4 A small, A medium inside A large" in text
    assert "S9 B large with B medium, B small on top: B's block" in text
    assert "Perfect (P1 to P9): P1 B medium with B small on top." in text
    assert "Last move: player1 (B) moved the large B9 → B6." in text
    assert "This roll can land on S7, B5 and B1." in text
    assert "**" not in text  # plain words: no Markdown in a picture's description


@pytest.mark.parametrize("language", ["en", "de"])
def test_alt_texts_of_whole_matches_stay_within_discords_limit(language):
    """Along random matches with Treehouse sets, the alt text never needs cutting, names every
    square that holds pyramids and, in German, says no English."""
    options = SENET.resolve_options({"colours": "treehouse"})
    longest = 0
    with speaking(language):
        for seed in range(3):
            state, chooser = SENET.new(2, seed, options), random.Random(seed)
            while not state.is_over:
                view = state.view(None)
                text = PRESENTER.describe(scene_of(state, options), view)
                longest = max(longest, len(text))
                assert all(re.search(rf"\b{square} [AB] ", text) for square in view.squares)
                if language == "de":
                    assert not re.search(r"\b(?:inside|with|on top|empty|rolled|move)\b", text), text
                seat = state.to_move[0]
                state.apply(seat, random_choice(state.legal_actions(seat), chooser))
            assert PRESENTER.describe(scene_of(state, options), state.view(None))
    assert 400 < longest <= ALT_LIMIT


def test_the_rules_picture_alt_names_its_parts():
    text = PRESENTER.rules_alt()
    for words in ("S1 to S9", "B9 to B1", "P1 to P9", "Nest:", "Tree:", "Block:", "1, 6: move, roll again"):
        assert words in text, words
    with speaking("de"):
        german = PRESENTER.rules_alt()
    assert german != text and "Sperre" in german and "Baum" in german


def test_one_button_per_move_names_the_pyramid_its_square_and_where_it_lands():
    state = mid_game()
    moment = moment_of("senet", state, SINGLE)
    prompt = PRESENTER.prompt(moment.scene, 0, moment.mine(0))
    labels = [item.item.label for item in prompt.items]
    assert labels == ["Medium S4 → S7", "Medium B8 → B5", "Large B4 → B1"]
    assert [item.claim.kind for item in prompt.items] == ["act"] * 3
    state.roll = 5
    moment = moment_of("senet", state, SINGLE)
    coaster = [item.item.label for item in PRESENTER.prompt(moment.scene, 0, moment.mine(0)).items]
    assert coaster == ["E: east coaster to the west end", "W: west coaster to the east end"]


def most_moves():
    """A to move a 1 with each of its 12 pyramids on its own square: the most buttons Senet shows."""
    squares = ["S1", "S3", "S5", "S7", "S9", "B8", "B6", "B4", "B2", "P1", "P3", "P5"]
    sizes = "SML" * 4
    text = " ".join(f"{square}=a{size}" for square, size in zip(squares, sizes, strict=True))
    return position(f"{text} P9=bS", to_move="a", roll=1, off_b=11)


def test_the_board_message_with_the_most_moves_and_both_extras_stays_within_40_components():
    state = most_moves()
    assert len(state.legal_actions(0)) == 12
    moment = moment_of("senet", state, SINGLE)
    moment.match.hints_allowed = True
    items, extras = board_controls(moment), board_extras(moment)
    assert len(items) == 12 and len(extras) == 2
    scene = moment.scene
    layout = board_layout(
        "\n".join(["**Martian Senet** · match #1", *PRESENTER.seat_lines(scene)]),
        "board.png",
        "\n".join([PRESENTER.status_line(scene), "👉 <@100>, your turn: choose below."]),
        items,
        alt=PRESENTER.describe(scene, scene.public),
        legend=PRESENTER.legend(scene),
        extras=extras,
    )
    kinds = [item.claim.kind for item in layout.walk_children() if isinstance(item, MatchButton)]
    assert kinds == ["act"] * 12 + ["hint", "words"]  # Hint and In words both found room
    assert (
        layout.total_children_count == 5 + 4 + 14 <= COMPONENT_LIMIT
    )  # frame, 3 texts, picture; rows; buttons


def test_a_stray_step_button_is_refused():
    from bot.errors import MatchError

    state = mid_game()
    moment = moment_of("senet", state, SINGLE)
    with pytest.raises(MatchError):
        PRESENTER.check_step(moment.scene, 0, moment.mine(0), "S4M")


# --- a suggested move, explained --------------------------------------------------------------


def explained(state, action: str) -> str:
    """`explain` as the bot calls it: the events of the move on copies with made-up dice (the text
    must not depend on them), seat 0 playing A."""
    texts = {
        PRESENTER.explain(
            scene_of(state), 0, action, state.determinize(0, seed).apply(0, SENET.parse_action(action))
        )
        for seed in range(4)
    }
    assert len(texts) == 1, texts
    return texts.pop()


TV3 = "S1=aS.aM.aL S5=bL B2=aM B9=bS P8=aL.aM.aS P3=bM"
TV11 = "S2=bS.bM.bL B5=bL.bM.bS B1=bS.bM P2=bL P4=bL.bM P6=bS P8=aL"


@pytest.mark.parametrize(
    ("stacks", "roll", "off_a", "action", "text"),
    [
        (
            "S5=aS.bM.aL.bM.aS S6=bM",
            1,
            0,
            "S5L-S6",
            "moves your large pyramid with the 2 pyramids on it 1 step, from S5 to S6. "
            "It covers B's medium pyramid, locking it inside",
        ),
        (
            "S9=aS B6=aL.aM B9=bL",
            4,
            0,
            "S9S-B6",
            "moves your small pyramid 4 steps, from S9 to B6. "
            "Your last pyramid leaves the Source: from now on you may bear off",
        ),
        (
            "S1=aM B8=aS B6=aL.aM",
            2,
            0,
            "B8S-B6",
            "moves your small pyramid 2 steps, from B8 to B6. "
            "Your large, medium and small there now make a block: B's pyramids can't pass it",
        ),
        (
            "S4=bS.aM S6=aL.bM S9=bL.bM.bS B8=aM B6=bL B4=aS.aM.aL P1=bM.bS",
            2,
            0,
            "B8M-B6",
            "moves your medium pyramid 2 steps, from B8 to B6. "
            "It sits on B's large pyramid: when B moves that one, yours rides along",
        ),
        (
            "S4=bS.aM S6=aL.bM S9=bL.bM.bS B8=aM B6=bL B4=aS.aM.aL P1=bM.bS",
            3,
            0,
            "S4M-S7",
            "moves your medium pyramid 3 steps, from S4 to S7. It frees B's small pyramid, which was locked inside",
        ),
        (
            "S7=aM S8=aL B5=bL",
            3,
            0,
            "S8L-B8",
            "moves your large pyramid 3 steps, from S8 to B8. It turns down onto the Balance",
        ),
        (
            "P7=aL P3=aM B2=aS",
            4,
            9,
            "P7L-off",
            "bears off your large pyramid from P7: 10 of your 12 pyramids are off",
        ),
        (
            TV11,
            6,
            11,
            "P8L-off",
            "bears off your large pyramid from P8: 12 of your 12 pyramids are off. "
            "You win, scoring 45 points for B's pyramids left on the board",
        ),
        (
            TV3,
            5,
            0,
            "E",
            "takes the east coaster (columns 1 to 3) with its pyramids to the west end. "
            "In the race that leaves you 21 steps better off than W would",  # A +3 - B +6, not -12 - +12
        ),
        (TV3, 5, 0, "W", "takes the west coaster (columns 7 to 9) with its pyramids to the east end"),
    ],
)
def test_a_suggested_move_is_explained_in_game_words(stacks, roll, off_a, action, text):
    state = position(stacks, to_move="a", roll=roll, off_a=off_a)
    assert explained(state, action) == text


@pytest.mark.parametrize(
    ("stacks", "roll", "off_a", "action", "text"),
    [
        (
            "S5=aS.bM.aL.bM.aS S6=bM",
            1,
            0,
            "S5L-S6",
            "zieht deine große Pyramide mit den 2 Pyramiden darauf 1 Schritt, von S5 nach S6. "
            "Sie überdeckt die mittlere Pyramide von B und schließt sie darin ein",
        ),
        (
            TV11,
            6,
            11,
            "P8L-off",
            "zieht deine große Pyramide von P8 vom Brett: 12 deiner 12 Pyramiden sind draußen. "
            "Du gewinnst und bekommst 45 Punkte für die Pyramiden von B, die noch auf dem Brett stehen",
        ),
        (
            TV3,
            5,
            0,
            "E",
            "bringt den östlichen Untersetzer (Spalten 1 bis 3) samt seinen Pyramiden ans Westende. "
            "Im Rennen stehst du damit 21 Schritte besser da als mit W",
        ),
    ],
)
def test_a_suggested_move_is_explained_in_german(stacks, roll, off_a, action, text):
    state = position(stacks, to_move="a", roll=roll, off_a=off_a)
    with speaking("de"):
        assert explained(state, action) == text


def test_the_alt_text_says_the_suggested_move_the_picture_marks():
    state = mid_game()
    view = state.view(None)
    plain = PRESENTER.describe(scene_of(state), view)
    view = with_suggestion(view, SENET.marks(state, 0, SENET.parse_action("B8M")))
    assert PRESENTER.describe(scene_of(state), view) == f"{plain}\nSuggested move: Medium B8 → B5."
    scene = scene_of(state)
    legend = PRESENTER.legend(scene)
    suggesting = replace(scene, public=view)
    assert (
        PRESENTER.legend(suggesting)
        == f"{legend}\nCyan dashes: the suggested move, what would go and where it would land."
    )
    state.roll = 5
    view = with_suggestion(state.view(None), SENET.marks(state, 0, SENET.parse_action("W")))
    with speaking("de"):
        text = PRESENTER.describe(scene_of(state), view)
    assert text.endswith("\nVorgeschlagener Zug: W: westlicher Untersetzer ans Ostende.")
