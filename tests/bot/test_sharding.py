"""Sharding: SHARD_COUNT and SHARD_IDS split the bot's shards between processes, and a sharded bot
plays as a single one does (DMs arrive on shard 0, a server's events on its own shard)."""

import pytest

from bot import Settings, create_bot
from tests.bot.test_e2e_trickery import test_full_match_through_clicks_with_a_restart  # noqa: F401


@pytest.fixture
def simcord_bot(make_bot):
    """Both shards of two in this process: the guilds of the tests land on either."""
    return make_bot(shard_count=2)


def test_shard_settings():
    assert Settings.from_env({}, env_file="/nonexistent").shard_count is None  # Discord recommends
    two = Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "0,2-3"}, env_file="/nonexistent")
    assert two.shard_count == 4 and two.shard_ids == [0, 2, 3]
    bot = create_bot(two)
    assert bot.shard_count == 4 and bot.shard_ids == [0, 2, 3]


@pytest.mark.parametrize(
    ("environ", "words"),
    [
        ({"SHARD_IDS": "0"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "from 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}, "different shards"),
        ({"SHARD_COUNT": "0"}, "at least 1"),
        ({"SHARD_COUNT": "two"}, "whole number"),
    ],
)
def test_bad_shard_settings_say_what_is_allowed(environ, words):
    with pytest.raises(ValueError, match=words):
        Settings.from_env(environ, env_file="/nonexistent")


async def test_the_test_bot_runs_two_shards(simcord_env):
    assert simcord_env.bot.shard_count == 2 and sorted(simcord_env.bot.shards) == [0, 1]
