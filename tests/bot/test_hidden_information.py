"""Hidden information audit: full Trickery and M.A.R.S. matches through SimCord, checking that every
public picture is drawn from the spectator's view, that no log line at INFO or above and no match
record shared before the end holds a card in someone's hand or an objective slot not yet revealed."""

import dataclasses
import logging
import random
import re

import pytest

from bot.kits import KITS
from bot.presenters.common import COLOUR_EMOJI
from games.pieces import Card
from games.record import format_record, record_for
from tests.bot.test_e2e_mars import mars_step, start_mars
from tests.helpers import board, make_table, play_one_action, start_match, text, thread_of

CARD_LABEL = re.compile(r"(10|[2-9JQKA])[♣♦♥♠]")
OBJECTIVE = re.compile(r"[+-]?\d:[RGBYP]\b")
SEAT_LINE = re.compile(r"\*\*P\d ")  # M.A.R.S.: each seat's line names it and shows its public slots


@pytest.fixture
def public_pictures(monkeypatch):
    """Every view the bot turns into a board picture (boards are posted publicly)."""
    drawn = []
    for game_id, kit in list(KITS.items()):

        def recording(view, *, names=None, _original=kit.pictures.board):
            drawn.append(view)
            return _original(view, names=names)

        pictures = dataclasses.replace(kit.pictures, board=recording)
        monkeypatch.setitem(KITS, game_id, dataclasses.replace(kit, pictures=pictures))
    return drawn


def held_cards(state) -> set[str]:
    return {str(card) for hand in state.hands for card in hand}


async def shared_record(env, match) -> str:
    log = await env.bot.service.action_log(match.id)
    return format_record(
        record_for(match.game_id, match.seed, match.options, match.names, log, finished=False)
    )


def assert_logs_clean(caplog):
    for record in caplog.records:
        if record.levelno >= logging.INFO:
            text = record.getMessage()
            assert not CARD_LABEL.search(text) and not OBJECTIVE.search(text), text


async def test_trickery_keeps_hands_out_of_public_pictures_logs_and_records(
    simcord_env, public_pictures, caplog
):
    caplog.set_level(logging.INFO)
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    await start_match(table)
    thread = thread_of(table)
    rng = random.Random(12)
    checked_records = 0
    for step in range(400):
        match = await env.bot.service.load(1)
        if match.state.is_over:
            break
        if step % 10 == 0:
            record = await shared_record(env, match)
            # Every hand deals the same cards again: only this hand's plays could show a held card.
            played_this_hand = 12 * 3 - sum(len(hand) for hand in match.state.hands)
            plays = [line for line in record.splitlines() if re.match(r"\d+\. P\d ", line)]
            this_hand = " ".join(plays[len(plays) - played_this_hand :]) if played_this_hand else ""
            held = held_cards(match.state)
            assert not {c for c in held if re.search(rf"\b{c}\b", this_hand)}, "a held card is in the record"
            assert "seed: hidden until the end" in record
            checked_records += 1
        await play_one_action(table, thread, rng)
    assert match.state.is_over or "wins Martian Trickery" in text(board(thread))
    assert public_pictures and all(
        view.seat is None and not hasattr(view, "hand") for view in public_pictures
    )
    assert checked_records > 5
    assert_logs_clean(caplog)
    assert Card.parse("10h").label == "10♥"  # the pattern above matches the labels the bot writes


@pytest.mark.parametrize("options", [{}, {"blind": True}])
async def test_mars_keeps_objectives_out_of_public_pictures_logs_and_records(
    simcord_env, public_pictures, caplog, options
):
    caplog.set_level(logging.INFO)
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    await start_mars(table, **options)
    thread = thread_of(table)
    rng = random.Random(3)
    for step in range(120):
        match = await env.bot.service.load(1)
        if match.state.is_over:
            break
        if step % 15 == 0:
            record = await shared_record(env, match)
            assert not OBJECTIVE.search(record.split("actions:", 1)[1]), "an objective is in the record"
        secrets = set().union(*(match.state.secrets(seat) for seat in (0, 1)))
        public = [text(board(thread)), *(text(m) for m in table.channel.history())]
        lines = "\n".join(public).splitlines()
        for token in secrets:  # 'P1+2:Y': not on P1's seat line, nor anywhere but a seat line
            owner, form = token[:2], f"**{token[2:].split(':')[0]}** {COLOUR_EMOJI[token[-1]]}"
            leaked = [
                line
                for line in lines
                if form in line and (f"**{owner} " in line or not SEAT_LINE.search(line))
            ]
            assert not leaked, f"a hidden slot ({token}) is on a public message: {leaked}"
        await mars_step(table, thread, rng)
    assert public_pictures and all(view.seat is None for view in public_pictures)
    assert_logs_clean(caplog)
