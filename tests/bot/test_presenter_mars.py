"""Agents of M.A.R.S.: a suggested move explained in the game's words (the hint's and the tutorial's
text), in English and German, on real positions."""

import dataclasses

import pytest

from bot.kits import KITS
from catalogue import speaking
from games.core import with_suggestion
from games.mars import MARS
from games.pieces import Pyramid
from tests.bot.test_presenters import moment_of
from tests.games.test_mars import M1, parse_board, position, sparse

PRESENTER = KITS["mars"].presenter
STANDARD = MARS.resolve_options({})


def explained(state, action: str, seat: int = 0) -> str:
    """`explain` as the bot calls it: the scene before the move, and the events of the move on
    copies where the other objective and later draws are made up (the text must not depend on them)."""
    scene = moment_of("mars", state, dict(state.options)).scene
    texts = {
        PRESENTER.explain(
            scene, seat, action, state.determinize(seat, seed).apply(seat, MARS.parse_action(action))
        )
        for seed in range(4)
    }
    assert len(texts) == 1, texts
    return texts.pop()


def drawn(state, piece: str):
    """The state with `piece` drawn from the bag, to be placed."""
    state.drawn = Pyramid.parse(piece)
    state.bag[piece] -= 1
    return state


GREENS = sparse(c3="G1", d3="G2", e3="G1", a1="K1", b1="K1", g1="K3")


@pytest.mark.parametrize(
    ("state", "action", "english", "german"),
    [
        (
            lambda: drawn(position(GREENS), "G3"),
            "G3@c4",
            "puts the 🟩 large green on c4. Its group then has 4 pieces (7 pips) and scores",
            "setzt die Figur 🟩 grün, groß auf c4. Ihre Gruppe hat dann 4 Figuren (7 Punkte) und zählt",
        ),
        (
            lambda: drawn(position(GREENS), "G3"),
            "G3@a8",
            "puts the 🟩 large green on a8. It then touches no other piece of its colour",
            "setzt die Figur 🟩 grün, groß auf a8. Sie berührt dann keine andere Figur ihrer Farbe",
        ),
        (
            lambda: drawn(position(GREENS), "K1"),
            "K1@g8",
            "puts the ⬛ small black on g8. Black never moves and never scores. "
            "From then on nobody may swap objective slots",
            "setzt die Figur ⬛ schwarz, klein auf g8. Schwarz zieht nie und zählt nie. "
            "Danach darf niemand mehr Zielwerte tauschen",
        ),
        (
            lambda: position(sparse(a1="R3", a5="R1", b4="R1", a3="K1")),
            "a1-a4",
            "moves the 🟥 large red from a1 to a4. Its group then has 3 pieces (5 pips), not scoring yet",
            "zieht die Figur 🟥 rot, groß von a1 nach a4. "
            "Ihre Gruppe hat dann 3 Figuren (5 Punkte) und zählt noch nicht",
        ),
        (
            lambda: position(sparse(a1="R3", b1="R1", a5="R1", b4="R1", a3="K1")),
            "a1-a4",
            "moves the 🟥 large red from a1 to a4, leaving its group of 2. "
            "Its group then has 3 pieces (5 pips), not scoring yet",
            "zieht die Figur 🟥 rot, groß von a1 nach a4 und verlässt ihre Gruppe aus 2. "
            "Ihre Gruppe hat dann 3 Figuren (5 Punkte) und zählt noch nicht",
        ),
        (
            lambda: position(sparse(c2="G3", c5="B2", c6="G1", d5="G2", b5="G1", b2="B1")),
            "c2xc5",
            "swaps the 🟩 large green on c2 with the 🟦 medium blue on c5. "
            "The 🟩 large green's group then has 4 pieces (7 pips) and scores. "
            "The 🟦 medium blue's group then has 2 pieces (3 pips), not scoring yet",
            "tauscht die Figur 🟩 grün, groß auf c2 mit der Figur 🟦 blau, mittel auf c5. "
            "Die Gruppe der Figur 🟩 grün, groß hat dann 4 Figuren (7 Punkte) und zählt. "
            "Die Gruppe der Figur 🟦 blau, mittel hat dann 2 Figuren (3 Punkte) und zählt noch nicht",
        ),
        (
            lambda: position(sparse(a1="R3")),
            "O+2/-1",
            "swaps your slots +2 and -1: 🟦 blue then counts +2, 🟨 yellow -1. Both slots become public",
            "tauscht deine Zielwerte +2 und -1: Dann zählt 🟦 blau +2, 🟨 gelb -1. Beide Werte werden aufgedeckt",
        ),
        (
            lambda: position(sparse(a1="R3")),
            "D",
            "draws a piece from the bag at random. You then choose an empty square for it",
            "zieht eine zufällige Figur aus dem Beutel. Dann wählst du ein leeres Feld für sie",
        ),
        (
            lambda: MARS.new(2, 5, {"first_player": 1}),
            "+2:Y +1:G 0:R -1:B",
            "sets your secret objective: +2 🟨 yellow, +1 🟩 green, 0 🟥 red, -1 🟦 blue. "
            "At the end each colour's points count times its slot",
            "legt dein geheimes Ziel fest: +2 🟨 gelb, +1 🟩 grün, 0 🟥 rot, -1 🟦 blau. "
            "Am Ende zählen die Punkte jeder Farbe mal ihrem Wert",
        ),
    ],
)
def test_a_suggested_move_is_explained_in_game_words(state, action, english, german):
    state = state()
    assert explained(state, action) == english
    with speaking("de"):
        assert explained(state, action) == german


def test_the_last_placement_says_the_match_ends_without_telling_the_score():
    board = parse_board(M1)
    del board["g1"]
    state = drawn(position(board, bag={"R1": 1, "G2": 1, "K1": 1, "G1": 1}), "G1")
    text = explained(state, "G1@g1")
    assert text == (
        "puts the 🟩 small green on g1. It then touches no other piece of its colour. "
        "That fills the board: the match ends and is scored"
    )
    with speaking("de"):
        assert explained(state, "G1@g1").endswith(
            "Damit ist das Brett voll: Die Partie endet und wird gewertet"
        )


def test_a_tutorial_picture_says_in_words_what_it_marks():
    state = position(sparse(a1="R3", c2="G3"))
    scene = moment_of("mars", state, STANDARD).scene
    assert "suggested" not in PRESENTER.legend(scene) + PRESENTER.describe(scene, scene.public)
    public = with_suggestion(scene.public, MARS.marks(state, 0, MARS.parse_action("a1-a4")))
    marked = dataclasses.replace(scene, public=public)
    assert PRESENTER.legend(marked).endswith("\nPink dashed frames: the suggested move.")
    assert "\nMarked: the suggested move, a1 → a4.\n" in PRESENTER.describe(marked, public)
    mine = with_suggestion(state.view(0), MARS.marks(state, 0, MARS.parse_action("O+1/-1")))
    assert "\nMarked: the suggested swap of objective slots +1 and -1.\n" in PRESENTER.describe(
        scene, mine, 0
    )
    with speaking("de"):
        assert "\nMarkiert: der vorgeschlagene Zug, a1 → a4.\n" in PRESENTER.describe(marked, public)
