"""Martian Combat in German: every label of its pictures (the board at many moments of random
matches, the rules picture), every text of its Discord presenter and every engine refusal is
German, fits where it is drawn, and the English stays as it was."""

import random
import re

import pytest

from bot.errors import MatchError
from bot.kits import KITS
from bot.presenters.combat_words import win_reason_text
from catalogue import catalogues, speaking, tr
from games import GAMES, random_choice
from games.core import IllegalAction
from renderers import combat_rules, render_hand
from renderers.common import BACKGROUND, WIDTH, text_sizes, text_width
from tests.bot.test_presenters import check_fits_discord, moment_of
from tests.pictures import decode

GAME = GAMES["combat"]
GERMAN = catalogues()["de"]
NAMES = ["Bartholomew the Magnificent", "Дмитрий", "さくら", "José Ñúñez"]
KEEP = {"Nest", "Standard"}  # the same word in German
COLOURS_IN_REFUSALS = ("Red", "Yellow", "Blue", "Green")  # the engine's values, see moments()
ENGLISH_WORDS = re.compile(
    r"\b(?:the|to|from|and|or|of|on|your|you|with|rolls?|moves?|wins?|attacks?|force|pyramids?|"
    r"step|steps|turn|round|choose|skip|back|left|caps?|goal|pips|leg|under|into|not)\b"
)


def moments() -> dict[str, tuple[object, int]]:
    """Moments of random matches worth drawing (state, the seat whose picture): each phase, a combat
    with a counter-attack and ties, a Hop roll-off, an Aim leg, re-rolled actions, Advanced removals
    and reserves, an eliminated player and every way to end."""
    wanted: dict[str, tuple[object, int]] = {}
    for seed in range(24):
        rng = random.Random(seed)
        players = 2 + seed % 3
        version = ("standard", "simple", "advanced")[(seed // 3) % 3]
        state = GAME.new(players, seed, {"version": version, "rounds": (0, 30, 60)[seed % 3]})
        for step in range(700):
            view = state.view(None)
            fight, hop, aim, action = view.combat, view.hop, view.aim, view.action
            marks = {
                f"phase {view.phase}": True,
                f"start {players} players": step == 0,
                "combat tie": bool(fight and fight.ties),
                "counter rolled": bool(fight and fight.counter),
                "hop roll-off": bool(hop and len(hop.rolls) > 1),
                "aim leg": bool(aim and aim.leg),
                "re-rolled": bool(action and action.rerolled),
                "advanced removals": version == "advanced" and any(sum(s.removed) for s in view.seats),
                "eliminated": any(s.eliminated for s in view.seats),
                "swap or dig": any(e.text.startswith(("SW", "DG")) for e in view.last),
                f"over {view.win_reason}": view.is_over,
            }
            for mark, seen in marks.items():
                if seen and mark not in wanted:
                    seat = view.deciding if view.deciding is not None else step % players
                    wanted[mark] = (state.clone(), seat)
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, random_choice(state.legal_actions(seat), rng))
    return wanted


MOMENTS = moments()


def drawn(language: str, draw) -> tuple[list[str], bytes]:
    """The texts a picture draws in `language`, and the picture."""
    combat_rules.render_combat_rules_picture.cache_clear()
    with speaking(language), text_sizes() as sizes:
        png = draw()
    return [text for _, text in sizes], png


def is_name_or_notation(text: str) -> bool:
    """Names (whole or cut short), squares, numbers and marks: the same in every language."""
    text = re.sub(r"^P[1-4] ", "", text)  # the seat's tag before its name
    if text.endswith("…") and any(name.startswith(text[:-1]) for name in NAMES):
        return True
    for name in NAMES:
        text = text.replace(name, "")
    return text.strip() in KEEP or not re.search(r"[a-z]{2,}", text)


def pictures() -> dict[str, object]:
    found = {
        name: lambda state=state, seat=seat: render_hand(state.view(seat), names=NAMES[: state.num_players])
        for name, (state, seat) in MOMENTS.items()
    }
    found["rules"] = combat_rules.render_combat_rules_picture
    return found


def test_the_moments_cover_the_match():
    assert {"combat tie", "counter rolled", "hop roll-off", "aim leg", "re-rolled", "swap or dig"} <= set(
        MOMENTS
    )
    assert {"phase return", "phase reserve", "phase wild", "phase offer", "phase reply"} <= set(MOMENTS)
    assert {"over trees", "over last standing", "over turn limit", "eliminated"} <= set(MOMENTS)


@pytest.mark.parametrize("name", sorted(pictures()))
def test_every_label_is_german_and_nothing_is_cut_or_overflows(name):
    draw = pictures()[name]
    english, english_png = drawn("en", draw)
    german, german_png = drawn("de", draw)
    same = sorted({text for text in set(english) & set(german) if not is_name_or_notation(text)})
    assert not same, f"still English: {same}"
    # cut short: only names may be, and the log's leading "…" where older phrases gave way
    cut = [text for text in german if text.endswith("…") and text != "…" and not is_name_or_notation(text)]
    assert not cut, f"cut short in German: {cut}"
    image = decode(german_png).convert("RGB")
    edges = [(x, y) for x in (*range(6), *range(image.width - 6, image.width)) for y in range(image.height)]
    assert all(image.getpixel(point) == BACKGROUND for point in edges), "something runs into the margin"
    assert image.height <= 1.2 * image.width
    assert image.width == decode(english_png).width


def test_german_labels_fit_their_room():
    """The rules picture's words stay inside their column (the board draws no words)."""
    with speaking("de"):
        for word in combat_rules.rule_words()[len(combat_rules.RULE_KEY) :]:
            assert (
                text_width(word, combat_rules.RULE_SIZE, bold=True)
                < (WIDTH - 2 * combat_rules.RULE_MARGIN) / 4
            )
        for word in combat_rules.rule_words()[: len(combat_rules.RULE_KEY)]:
            assert (
                combat_rules.RULE_KEY_X + 64 + 24 + text_width(word, combat_rules.RULE_SIZE, bold=True)
                < WIDTH - 16
            )


def test_the_english_pictures_stay_as_they_were():
    assert combat_rules.rule_words() == [
        "Start",
        "Goal",
        "Blocked",
        "Force",
        "Tree",
        "Nest",
        "Pinned",
        "Capped",
    ]
    assert win_reason_text("trees") == "both goal trees capped"


def test_the_rules_picture_is_drawn_once_per_language():
    with speaking("de"):
        german = combat_rules.render_combat_rules_picture()
        assert combat_rules.render_combat_rules_picture() is german
    english = combat_rules.render_combat_rules_picture()
    assert english is combat_rules.render_combat_rules_picture() and english != german


def match_texts(language: str, seed: int) -> tuple[list[str], list]:
    """Everything the presenter says along a match in `language`: texts, and the prompts."""
    presenter = KITS["combat"].presenter
    players = 2 + seed % 3
    options = GAME.resolve_options({"version": ("standard", "simple", "advanced")[seed % 3], "rounds": 30})
    state = GAME.new(players, seed, options)
    rng = random.Random(seed)
    texts, prompts = [], []
    with speaking(language):
        scene = moment_of("combat", state, options, players).scene
        texts += [presenter.options_text(options), presenter.start_line(scene)]
        for _ in range(300):
            if state.is_over:
                break
            seat = state.to_move[0]
            moment = moment_of("combat", state, options, players)
            prompts.append(moment.prompt(seat))
            firsts = sorted({c.first for c in moment.mine(seat).choices if c.first})
            prompts += [moment.prompt(seat, first) for first in firsts[:2]]
            texts.append(presenter.status_line(moment.scene))
            action = str(random_choice(state.legal_actions(seat), rng))
            events = state.apply(seat, GAME.parse_action(action))
            scene = moment_of("combat", state, options, players).scene
            texts.append(presenter.action_phrase(scene, seat, action))
            texts += presenter.describe_events(scene, events)
        if state.is_over:
            texts.append(presenter.final_text(scene))
    return texts, prompts


def prompt_texts(prompt) -> list[str]:
    found = [prompt.text]
    for item in prompt.items:
        inner = item.item
        found += [
            text for text in (getattr(inner, "label", None), getattr(inner, "placeholder", None)) if text
        ]
        found += [option.label for option in getattr(inner, "options", None) or []]
    return found


def is_notation_only(text: str) -> bool:
    """A label of squares and pyramids alone ("→ b5 (🟦1 🟦2)")."""
    return not re.search(r"[a-zäöüß]{3,}", re.sub(r"\b[a-f][1-6]\b", "", text))


@pytest.mark.parametrize("seed", [1, 5, 6])
def test_every_discord_text_is_german_and_fits(seed):
    (english, english_prompts), (german, german_prompts) = match_texts("en", seed), match_texts("de", seed)
    assert len(english) == len(german) > 50 and len(english_prompts) == len(german_prompts) > 50
    english += [text for prompt in english_prompts for text in prompt_texts(prompt)]
    german += [text for prompt in german_prompts for text in prompt_texts(prompt)]
    assert len(english) == len(german)
    for en, de in zip(english, german, strict=True):
        assert en != de or is_notation_only(de), en
        assert "{" not in de and not ENGLISH_WORDS.search(de.replace("Martian Combat", "")), de
    for prompt in german_prompts:
        check_fits_discord(prompt)


def refusals() -> list[IllegalAction]:
    """Engine refusals met along random matches, one of each template."""
    squares = [f"{file}{rank}" for file in "abcdef" for rank in range(1, 7)]
    found: dict[str, IllegalAction] = {}
    for seed in range(6):
        rng = random.Random(seed)
        players = 2 + seed % 3
        state = GAME.new(players, seed, {"version": ("standard", "simple", "advanced")[seed % 3]})
        for _ in range(250):
            if state.is_over:
                break
            pyramid = f"{rng.choice('RYBG')}{rng.choice('123')}"
            tries = [
                "M -",
                "X -",
                "C",
                "C -",
                "AM /",
                "W SW",
                "W TIP",
                f"M {rng.choice(squares)}-{rng.choice(squares)}",
            ]
            tries += [
                f"X {rng.choice(squares)}>{rng.choice(squares)}",
                f"RET {rng.choice(squares)}",
                f"RES {rng.choice(squares)}",
                f"HP {rng.choice(squares)}-{rng.choice(squares)}",
            ]
            tries += [
                f"SW {pyramid}@{rng.choice(squares)} {pyramid}@{rng.choice(squares)}",
                f"DG {rng.choice(squares)} {rng.choice(squares)}",
            ]
            tries += [f"AM {rng.choice(squares)}={rng.choice(squares)}"]
            for text in tries:
                for seat in {state.to_move[0], (state.to_move[0] + 1) % players}:
                    trial = state.clone()
                    try:
                        trial.apply(seat, GAME.parse_action(text))
                    except IllegalAction as error:
                        found.setdefault(error.message, error)
            seat = state.to_move[0]
            state.apply(seat, random_choice(state.legal_actions(seat), rng))
    for typed in ("", "zz9", "tip"):
        with pytest.raises(IllegalAction) as refused:
            GAME.parse_action(typed)
        found.setdefault(refused.value.message, refused.value)
    return list(found.values())


def test_engine_refusals_keep_their_english_and_have_german():
    found = refusals()
    assert len(found) > 30
    for error in found:
        assert str(error) == error.message.format(**error.values)  # the English, as it was
        assert error.message in GERMAN, error.message
        with speaking("de"):
            german = str(MatchError(error.message, **error.values))
        assert german != str(error) and "{" not in german, german
        # a player's colour is an engine value, filled in as it comes (see the report)
        words = german
        for colour in COLOURS_IN_REFUSALS:
            words = words.replace(colour, "")
        assert not ENGLISH_WORDS.search(words), german


def test_squares_to_choose_from_are_joined_in_the_language():
    from games.combat import Either

    error = IllegalAction("Your force can go back only to {squares}.", squares=Either(["c1", "d1", "e2"]))
    assert str(error) == "Your force can go back only to c1 or d1 or e2."
    with speaking("de"):
        assert (
            str(MatchError(error.message, **error.values))
            == "Dein Trupp kann nur zurück auf c1 oder d1 oder e2."
        )


def test_the_options_are_german():
    for option in GAME.options:
        for text in (option.description, *option.labels):
            assert GERMAN.get(text) not in (None, text) or text in KEEP, text
            assert len(GERMAN[text]) <= 100
    with speaking("de"):
        assert (
            tr("Standard (default), Simple (the centre is open) or Advanced (3 sets; losers leave the game)")[
                :8
            ]
            == "Standard"
        )
