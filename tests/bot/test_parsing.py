"""Hostile input: arbitrary text as actions and custom_ids never crashes anything."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.components import BUTTON_KINDS, Claim, MatchButton, MatchSelect
from games import GAMES, IllegalAction

NOTATION_ALPHABET = st.sampled_from(list("LlPp0123456789TJQKAcdhsRGBKYOCWead lyp+-:/@xDg"))


@given(st.one_of(st.text(max_size=30), st.text(NOTATION_ALPHABET, max_size=12)))
def test_parse_action_reads_or_refuses_politely(text):
    for game in GAMES.values():
        try:
            action = game.parse_action(text)
        except IllegalAction as error:
            assert str(error)  # a message the player can read
        else:
            assert game.parse_action(str(action)) == action


def templates():
    return [re.compile(item.__discord_ui_compiled_template__.pattern) for item in (MatchButton, MatchSelect)]


@given(st.text(max_size=120))
def test_garbage_custom_ids_match_no_component(text):
    for template in templates():
        found = template.fullmatch(text)
        if found:  # only well-formed claims get through, and they round-trip
            assert Claim.from_match(found).custom_id == text


@given(
    st.integers(min_value=1, max_value=10**18 - 1),
    st.integers(min_value=0, max_value=10**9 - 1),
    st.sampled_from(BUTTON_KINDS),
    st.text(st.sampled_from(list("LK123 QdTh+-:/@xc^=>")), max_size=30),
)
def test_well_formed_claims_round_trip(match_id, version, kind, argument):
    argument = argument.strip()
    claim = Claim(match_id, version, kind, argument)
    found = templates()[0].fullmatch(claim.custom_id)
    assert found and Claim.from_match(found) == claim
    assert len(claim.custom_id) <= 100


@pytest.mark.parametrize("argument", ["L K2#Qd", "c3→c5", "a" * 61, "?"])
def test_claims_refuse_arguments_their_template_would_not_read(argument):
    with pytest.raises(ValueError):
        _ = Claim(1, 1, "act", argument).custom_id
