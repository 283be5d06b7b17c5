"""Names in every script are drawn as written: each character from the first font that has it."""

import io

import pytest
from PIL import Image, ImageChops

from renderers.common import draw_text, font_index, new_canvas, printable, seat_label, text_sprite, text_width
from renderers.stats import render_leaderboard

NAMES = {
    "latin": "José Ñúñez",
    "greek": "Αλέξανδρος",
    "cyrillic": "Дмитрий",
    "hebrew": "שירה",
    "arabic": "ليلى",
    "chinese": "李小龍",
    "japanese": "さくら",
    "korean": "김민준",
}
OTHERS = {  # a second name per script: two different names must give two different pictures
    "latin": "Zoë Ørsted",
    "greek": "Νικόλαος",
    "cyrillic": "Светлана",
    "hebrew": "אברהם",
    "arabic": "محمد",
    "chinese": "王秀英",
    "japanese": "はると",
    "korean": "이서연",
}


def ink(text: str, size: int = 40) -> Image.Image:
    """Just the text, white on black, as the renderers stamp it."""
    image, draw = new_canvas(900, 120)
    draw_text(draw, (10, 60), text, size=size, fill=(255, 255, 255), anchor="lm")
    return image.convert("L")


@pytest.mark.parametrize("script", NAMES)
def test_every_letter_of_a_name_has_a_font(script):
    name = NAMES[script]
    assert printable(name) == name
    assert all(font_index(char) is not None for char in name if not char.isspace())


@pytest.mark.parametrize("script", NAMES)
def test_names_in_one_script_give_different_pictures(script):
    first, second = ink(NAMES[script]), ink(OTHERS[script])
    assert first.getbbox() and second.getbbox(), "both names leave ink"
    assert ImageChops.difference(first, second).getbbox() is not None
    # Each letter is drawn, not a box: the name is as wide as its letters, not a row of fallback boxes.
    boxes = "\ufffe" * len(NAMES[script])
    assert ImageChops.difference(first, ink(boxes)).getbbox() is not None


def test_a_character_no_font_has_is_a_box_and_emoji_are_dropped():
    assert printable("Kat 🚀") == "Kat"
    assert printable("👩‍🚀 Ada ✨") == "Ada"
    rare = "\U0002a6a5"  # a CJK extension B character: not in the shipped subset
    assert font_index(rare) is None
    assert printable(f"A{rare}B") == f"A{rare}B", "letters without a font are kept and drawn as a box"
    assert text_sprite(f"A{rare}B", 30).advance > text_sprite("AB", 30).advance


def test_accents_are_drawn_not_dropped():
    assert ImageChops.difference(ink("Jose Nunez"), ink("José Ñúñez")).getbbox() is not None
    assert text_width("José", 30) == pytest.approx(text_width("Jose", 30), abs=2)


def test_right_to_left_names_are_laid_out_right_to_left():
    # Arabic letters join: the word is narrower than its letters drawn one by one.
    word = NAMES["arabic"]
    assert text_width(word, 40) < sum(text_width(char, 40) for char in word)


def test_the_leaderboard_keeps_names_in_other_scripts():
    rows = [(NAMES["japanese"], 30.0, 3, 2), (NAMES["korean"], 25.0, 3, 1)]
    other = [(OTHERS["japanese"], 30.0, 3, 2), (OTHERS["korean"], 25.0, 3, 1)]
    first = Image.open(io.BytesIO(render_leaderboard("Martian Senet", rows))).convert("RGB")
    second = Image.open(io.BytesIO(render_leaderboard("Martian Senet", other))).convert("RGB")
    assert ImageChops.difference(first, second).getbbox() is not None
    assert seat_label(0, [NAMES["korean"]]) == f"P1 {NAMES['korean']}"
