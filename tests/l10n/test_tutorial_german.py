"""Every tutorial in German, as a German learner sees it: `/learn` followed by pressing only the
suggested button to the end, then `/match review` of it and `/stats`, with no English word shown
or drawn (the detector of `test_german_match`)."""

from __future__ import annotations

import random

import pytest

from benchmarks.tutorials import suggestion
from games import GAMES
from renderers.common import text_sizes
from tests.l10n.test_german_match import WatchedTable, _Surface, assert_no_english, german_discord  # noqa: F401


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(computer_delay_seconds=0)


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.usefixtures("german_discord")
async def test_a_tutorial_in_german_shows_no_english(game_id, simcord_env):
    env = simcord_env
    with text_sizes() as drawn:
        table = WatchedTable(env, game_id, 1, random.Random(1), locale="de")
        learner = table.players[0]
        await table.slash(learner, table.channel, "learn", game=game_id)
        table.thread = table.channel.threads[-1]
        for _ in range(400):
            if (await env.bot.service.load(1)).status != "active":
                break
            message, button = suggestion(table.players[0], table.thread)
            assert button is not None, "no suggested move"
            surface = _Surface(message, learner.user if message.guild is None else learner)
            table.see(surface.message, "a step")
            await table.timed(surface, button)
            await env.advance_time(1)
        table.look_around()
        review = await table.slash(learner, table.channel, "match review", match_id=1)
        await table.slash(learner, table.channel, "stats")
    assert any("Tutorial" in piece and "Schritt" in piece for piece in table.shown)
    assert any("Rückblick" in piece or "Urteil" in piece for piece in table.shown), review
    assert_no_english(table, drawn)
