"""A closed invitation always ends up saying so: an invitation closed by a process that died
before editing its message, or whose edit Discord refused for a moment, loses its Accept and
Decline buttons at a later sweep of any process (through SimCord, with its virtual clock)."""

from datetime import timedelta

import pytest

from bot.model import LEASE_SECONDS
from bot.storage import open_database
from tests.helpers import buttons, make_table, service_on

SWEEP = 60
LOBBY_TIMEOUT = 600


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(sweep_seconds=SWEEP, lobby_timeout_seconds=LOBBY_TIMEOUT)


async def invite(env):
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play senet", opponent=bob)
    lobby = table.channel.last_message
    assert {b.label for b in buttons(lobby)} >= {"Accept", "Decline"}
    return table, lobby


def reread(table, lobby):
    return next(message for message in table.channel.history() if message.id == lobby.id)


async def test_an_invitation_closed_by_a_process_that_died_loses_its_buttons_later(
    simcord_env, make_bot, database_url
):
    env = simcord_env
    table, lobby = await invite(env)

    # Another process closes the expired invitation in the database, then dies before it edits
    # the message: what it leaves behind is the closed row and nothing on Discord.
    late = env.now() + timedelta(seconds=LOBBY_TIMEOUT + 1)
    db = await open_database(database_url)
    try:
        [closed] = await service_on(db, clock=lambda: late).expire_lobbies()
    finally:
        await db.close()
    assert closed.status == "cancelled"
    await env.restart_bot(make_bot(sweep_seconds=SWEEP, lobby_timeout_seconds=LOBBY_TIMEOUT))
    assert buttons(reread(table, lobby)), "nothing has shown the notice yet"

    await env.advance_time(LOBBY_TIMEOUT + LEASE_SECONDS + 2 * SWEEP)  # past the dead process's claim
    shown = reread(table, lobby)
    assert buttons(shown) == [] and "this invitation is closed" in shown.content
    assert (await env.bot.repository.owed_lobby_notices(env.now().timestamp() + 10**6)) == []


async def test_a_notice_discord_refused_once_is_shown_at_a_later_sweep(simcord_env):
    env = simcord_env
    table, lobby = await invite(env)
    env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/*", status=500, times=1)

    await env.advance_time(LOBBY_TIMEOUT + SWEEP)  # closed, but the edit failed
    assert (await env.bot.service.load(1)).status == "cancelled"
    assert buttons(reread(table, lobby)), "the failed edit left the buttons"

    await env.advance_time(LEASE_SECONDS + SWEEP)
    shown = reread(table, lobby)
    assert buttons(shown) == [] and "not everyone accepted" in shown.content
