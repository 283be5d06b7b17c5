"""The shared pictures and texts in German: /leaderboard and /stats draw every label in German, fitting
where the English fits; the fonts draw German letters in both weights; the engines' shared refusals
and the computer's reasons say themselves in German while their English stays as it was."""

import json
import re

import pytest

from catalogue import speaking, tr
from games import GAMES
from games.core import IllegalAction
from games.pieces import Card, Pyramid
from renderers import common, stats
from renderers.common import FONT_CHAIN, FONT_DIR, font_index, text_sprite
from tests.pictures import decode

ROWS = [
    ("Alice", 1087.4, 23, 15),
    ("Bartholomew the Magnificent of Mars", 1052.1, 1234, 1234),
    ("Zoë Ørsted", 1031.6, 12, 7),
    ("bob", 1008.0, 5, 2),
    ("🎲🎲", 1002.2, 3, 1),  # no letters: drawn as the stand-in name
    ("Chandra", 996.0, 9, 4),
    ("Dmitri", 981.3, 17, 0),
    ("Eve", 962.0, 8, 2),
    ("Françoise", 944.0, 11, 3),
    ("Gus", 921.7, 30, 6),
]
STATS = {
    "played": 1259,
    "won": 1238,
    "games": {
        "senet": {"played": 1234, "won": 1234, "rating": 1052.3},
        "trickery": {"played": 9, "won": 2, "rating": 987.0},
        "mars": {"played": 5, "won": 2},
        "combat": {"played": 10, "won": 0, "rating": 1000.0},
        "flood": {"played": 1, "won": 0},
    },
}
PICTURE_GAMES = {"player": STATS["games"], "one game": ["flood"]}
NAMES = {name for name, *_ in ROWS} | {"Martian Senet", "Agents of M.A.R.S.", "Bartholomew the Magnificent"}
PICTURES = {
    "leaderboard": lambda: stats.render_leaderboard("Martian Senet", ROWS),
    "short leaderboard": lambda: stats.render_leaderboard("Agents of M.A.R.S.", ROWS[:3]),
    "empty leaderboard": lambda: stats.render_leaderboard("Martian Senet", []),
    "player": lambda: stats.render_player_stats("Bartholomew the Magnificent", STATS),
    "one game": lambda: stats.render_player_stats(
        "Zoë Ørsted", {"played": 1, "won": 1, "games": {"flood": {"played": 1, "won": 1, "rating": 1016}}}
    ),
    "no games": lambda: stats.render_player_stats("🎲", {"played": 0, "won": 0, "games": {}}),
}


def drawn(monkeypatch, picture: str, language: str) -> tuple[list[tuple[str, tuple]], tuple[int, int]]:
    """Every text the picture draws, with the box its ink covers, and the picture's size."""
    texts = []
    real = common.draw_text

    def recording(draw, xy, text, *, size, fill, anchor="la", bold=False):
        advance = real(draw, xy, text, size=size, fill=fill, anchor=anchor, bold=bold)
        sprite = text_sprite(text, size, bold)
        box = None
        if sprite.mask is not None:  # where draw_text stamps it
            left = round(xy[0] - sprite.advance * common._H_SHIFT[anchor[0]]) + sprite.left
            top = round(xy[1] + common._baseline_offset(size, anchor[1])) + sprite.top
            box = (left, top, left + sprite.mask.width, top + sprite.mask.height)
        texts.append((text, box))
        return advance

    monkeypatch.setattr(stats, "draw_text", recording)
    with speaking(language):
        image = decode(PICTURES[picture]())
    return texts, image.size


def not_words(text: str) -> bool:
    """Texts that stay as they are in every language: names, titles, numbers (and names cut short)."""
    return (
        text in NAMES
        or text.endswith("…")
        or text in {game.title for game in GAMES.values()}
        or re.fullmatch(r"[\d\s%−—]+", text) is not None
        or text == "Top 10"  # German says "Top 10" too
    )


@pytest.mark.parametrize("picture", PICTURES)
def test_every_label_is_german(monkeypatch, picture):
    german, _ = drawn(monkeypatch, picture, "de")  # German first: a cache keyed without the language shows
    english, _ = drawn(monkeypatch, picture, "en")
    assert len(german) == len(english)
    left_english = [
        text
        for (text, _), (other, _) in zip(german, english, strict=True)
        if text == other and not not_words(text)
    ]
    assert not left_english, f"{picture}: still English in German: {left_english}"
    for text, _ in german:
        assert all(font_index(char) is not None for char in text if not char.isspace()), text


def test_the_german_labels_are_the_ones_meant(monkeypatch):
    leaderboard = [text for text, _ in drawn(monkeypatch, "leaderboard", "de")[0]]
    assert "Ohne Namen" in leaderboard
    assert "Balken ab 850; alle beginnen bei 0." in leaderboard
    player = [text for text, _ in drawn(monkeypatch, "player", "de")[0]]
    assert {"Partien", "Siege", "Siegquote", "Statistik", "gespielt", "gewonnen"} <= set(player)
    assert {"100\u00a0% Siege · Wert 1052", "40\u00a0% Siege"} <= set(player)
    empty = [text for text, _ in drawn(monkeypatch, "no games", "de")[0]]
    assert empty == [
        "Ohne Namen",
        "Noch keine Partie beendet",
        "Spiel eine Partie zu Ende, dann zählt sie hier.",
    ]


def test_english_stays_as_it_was(monkeypatch):
    leaderboard = [text for text, _ in drawn(monkeypatch, "leaderboard", "en")[0]]
    assert {"Unnamed player", "Top 10"} <= set(leaderboard)
    assert "Bars start at 850; everyone starts at 0." in leaderboard
    player = [text for text, _ in drawn(monkeypatch, "player", "en")[0]]
    assert {"Played", "Won", "Win rate", "Statistics", "played", "won", "40% won"} <= set(player)
    assert "100% won · rating 1052" in player
    empty = [text for text, _ in drawn(monkeypatch, "empty leaderboard", "en")[0]]
    assert empty[1:] == ["No finished matches yet", "Finish a match and the table starts here."]


@pytest.mark.parametrize("picture", PICTURES)
def test_labels_fit_without_overlapping_or_being_cut_short(monkeypatch, picture):
    german, (width, height) = drawn(monkeypatch, picture, "de")
    english, _ = drawn(monkeypatch, picture, "en")
    cut = [
        text for (text, _), (other, _) in zip(german, english, strict=True) if text[-1:] == "…" != other[-1:]
    ]
    assert not cut, f"{picture}: cut short in German only: {cut}"
    boxes = [(text, box) for text, box in german if box is not None]
    for text, (x0, y0, x1, y1) in boxes:
        assert x0 >= 0 and y0 >= 0 and x1 <= width and y1 <= height, f"{text!r} leaves the picture"
    for index, (text, box) in enumerate(boxes):
        for other, other_box in boxes[index + 1 :]:
            apart = box[2] <= other_box[0] or other_box[2] <= box[0] or box[3] <= other_box[1]
            assert apart or other_box[3] <= box[1], f"{picture}: {text!r} overlaps {other!r}"
    if picture in PICTURE_GAMES:  # each game's title and note stay left of its bars
        top, bottom = stats.stats_row_box(0)[1], stats.stats_row_box(len(PICTURE_GAMES[picture]) - 1)[3]
        notes = [(text, box) for text, box in boxes if top < box[1] < bottom and box[0] < stats.PAIR_X0]
        assert len(notes) == 2 * len(PICTURE_GAMES[picture])
        assert all(box[2] < stats.PAIR_X0 - 4 for _, box in notes), notes


def test_a_picture_drawn_once_is_drawn_once_per_language():
    drawings = []

    @common.once_per_language
    def sign() -> bytes:
        drawings.append(tr("Statistics"))
        return tr("Statistics").encode()

    with speaking("de"):
        assert sign() == sign() == b"Statistik"
    assert sign() == b"Statistics"
    assert drawings == ["Statistik", "Statistics"]
    assert sign.__wrapped__() == b"Statistics" and len(drawings) == 3  # afresh, for the palette test


# --- the fonts --------------------------------------------------------------------------------

GERMAN_LETTERS = "äöüÄÖÜß„“‚‘–…"


@pytest.mark.parametrize("bold", [False, True])
def test_both_weights_draw_german_letters(bold):
    coverage = json.loads((FONT_DIR / "coverage.json").read_text())
    face = FONT_CHAIN[0][bold]
    notdef = text_sprite("\u0378", 40, bold).mask.tobytes()  # unassigned: the font's empty box
    for char in GERMAN_LETTERS:
        assert font_index(char) == 0, f"{char} is not drawn by Noto Sans"
        assert any(first <= ord(char) <= last for first, last in coverage[face]), (face, char)
        glyph = text_sprite(char, 40, bold).mask
        assert glyph is not None and glyph.tobytes() != notdef, (face, char)
    for plain_letter, umlaut in zip("aouAOU", "äöüÄÖÜ", strict=True):
        assert (
            text_sprite(umlaut, 40, bold).mask.tobytes() != text_sprite(plain_letter, 40, bold).mask.tobytes()
        )
    assert any(first <= 0xA0 <= last for first, last in coverage[face]), "no-break space before %"
    assert text_sprite("\u00a0", 40, bold).advance == text_sprite(" ", 40, bold).advance


# --- the engines' shared refusals and the computer's reasons ---------------------------------


def refusal(attempt) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        attempt()
    return caught.value


@pytest.mark.parametrize(
    ("attempt", "english", "german"),
    [
        (
            lambda: Card.parse("Zz"),
            "'Zz' is not a card (write rank then suit, like 7h, Td or As).",
            "„Zz“ ist keine Karte (schreib erst den Wert, dann die Farbe, etwa 7h, Td oder As).",
        ),
        (
            lambda: Pyramid.parse("q9"),
            "'Q9' is not a pyramid (write colour then size, like R3 or K1).",
            "„Q9“ ist keine Pyramide (schreib erst die Farbe, dann die Größe, etwa R3 oder K1).",
        ),
        (
            lambda: GAMES["mars"].check_players(3),
            "Agents of M.A.R.S. needs 2 to 2 players, not 3.",
            "Agents of M.A.R.S. braucht 2 bis 2 Spieler, nicht 3.",
        ),
        (
            lambda: GAMES["senet"].resolve_options({"colour": "x"}),
            "Unknown option for Martian Senet: colour.",
            "Unbekannte Option für Martian Senet: colour.",
        ),
    ],
)
def test_shared_refusals_speak_german_and_keep_their_english(attempt, english, german):
    error = refusal(attempt)
    assert str(error) == english
    with speaking("de"):
        assert tr(error.message, **error.values) == german


def test_a_refused_option_value_names_the_choices_in_german():
    option = next(option for game in GAMES.values() for option in game.options)
    game = next(game for game in GAMES.values() if option in game.options)
    error = refusal(lambda: game.resolve_options({option.name: object()}))
    assert str(error).startswith(f"{option.name} must be one of: ")
    with speaking("de"):
        assert tr(error.message, **error.values).startswith(f"{option.name} muss einer dieser Werte sein: ")
