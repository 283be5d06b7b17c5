"""Races, Discord faults and hostile clicks: exactly one action counts, state stays right, and
every refusal is a clear private message. (Crash consistency: test_crash_consistency.py.)"""

import asyncio
import re
from datetime import UTC, datetime, timedelta

from bot.components import Claim, MatchButton, view_of
from bot.service import MatchError
from bot.storage import Database
from tests.helpers import board, buttons, make_table, reply, service_on, stored, text, thread_of

HOUR = 3600


async def senet(env):
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play senet", opponent=bob)
    await bob.click(table.channel.last_message, label="Accept")
    thread = thread_of(table)
    mover = table.by_id(int(re.search(r"👉 <@(\d+)>", text(board(thread)))[1]))
    return table, thread, mover, next(p for p in table.players if p is not mover)


async def started_senet(service, number: int):
    """A new 2-player Senet match between fresh players; returns it, its seat to move and a legal action."""
    lobby = await service.create_lobby(
        "senet", guild_id=1, channel_id=1, players=[(10 + number, "a"), (50 + number, "b")]
    )
    match = (await service.answer_invite(lobby.id, 50 + number, accept=True)).match
    seat = match.state.to_move[0]
    return match, seat, str(match.state.legal_actions(seat)[0])


async def click(service, match, user_id, action):
    """An act that reports a refusal instead of raising it."""
    try:
        return await service.act(match.id, user_id, match.version, action)
    except MatchError as error:
        return error


async def test_a_double_click_and_a_rival_click_apply_exactly_once(tmp_path):
    """The same player's click twice and the opponent's click, all at once, on one decision."""
    db = await Database.open(f"sqlite:///{tmp_path / 'race.db'}")
    try:
        service = service_on(db, clock=lambda: datetime(2026, 1, 1, tzinfo=UTC))
        for round_number in range(5):
            match, seat, action = await started_senet(service, round_number)
            clickers = [match.user_at(seat), match.user_at(seat), match.user_at(1 - seat)]
            results = await asyncio.gather(*(click(service, match, user, action) for user in clickers))
            applied = [r for r in results if not isinstance(r, MatchError)]
            assert len(applied) == 1 and applied[0].seat == seat
            assert all(str(r) for r in results if isinstance(r, MatchError))  # each refusal has a message
            assert len(await service.action_log(match.id)) == 1
    finally:
        await db.close()


async def test_an_action_racing_the_turn_clock_is_either_applied_or_forfeited_never_both(tmp_path):
    """The clock sweep and a click arrive together: one wins, the other changes nothing."""
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    db = await Database.open(f"sqlite:///{tmp_path / 'race.db'}")
    try:
        service = service_on(db, clock=lambda: now[0])
        await service.update_settings(1, clock_hours=1)
        outcomes = set()
        for round_number in range(6):
            match, seat, action = await started_senet(service, round_number)
            now[0] += timedelta(hours=1, seconds=1)  # the clock has just run out
            clicked, forfeited = await asyncio.gather(
                click(service, match, match.user_at(seat), action), service.forfeit_overdue()
            )
            final = await service.load(match.id)
            log = await service.action_log(match.id)
            this_one_forfeited = match.id in {m.id for m, _ in forfeited}
            if isinstance(clicked, MatchError):
                assert final.end_reason.startswith("timeout") and log == [] and this_one_forfeited
                outcomes.add("forfeit")
            else:
                assert final.status == "active" and len(log) == 1 and not this_one_forfeited
                outcomes.add("action")
        assert outcomes  # each round ends one way or the other, never half of each
    finally:
        await db.close()


async def test_a_board_that_could_not_be_posted_is_repaired_by_match_board(simcord_env):
    env = simcord_env
    _table, thread, mover, _ = await senet(env)
    env.inject_error("PATCH", f"/channels/{thread.id}/messages/*", status=500, times=None)  # no edit works
    env.inject_error("POST", f"/channels/{thread.id}/messages", status=500, times=None)  # every retry fails
    await mover.click(board(thread), custom_id=buttons(board(thread), "act")[0].custom_id)
    env.backend.faults.clear()  # Discord is back
    match = await stored(env)
    assert match.version == 2 and match.board_version == 1  # saved, but the thread didn't hear of it
    answer = reply(await mover.slash(thread, "match board"))
    match = await stored(env)
    assert match.board_version == 2 and "Done" in answer.content
    assert board(thread).id == match.board_message_id


async def test_a_rate_limited_dm_is_retried(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    env.inject_error("POST", "/channels/*/messages", status=429, times=1)
    await alice.slash(table.channel, "play trickery", opponent1=bob, opponent2=carol)
    for guest in (bob, carol):
        await guest.click(table.channel.last_message, label="Accept")
    assert all(p.user.dm_channel.history() for p in table.players)  # every hand arrived


async def test_crafted_buttons_are_refused_without_changing_anything(simcord_env):
    env = simcord_env
    table, thread, mover, _other = await senet(env)
    crafted = [
        (Claim(10**17, 1, "act", "E"), "can't find that match"),
        (Claim(1, 10**8, "act", "S3L-S5"), "earlier turn"),
        (Claim(1, 1, "act", "ZZZ9"), "not a"),
        (Claim(1, 0, "resign"), "moved on"),
    ]
    channel = env.bot.get_channel(thread.id) or await env.bot.fetch_channel(thread.id)
    stranger = table.guild.add_member(env.create_user("mallory"))
    for claim, words in crafted:
        message = await channel.send("crafted", view=view_of([MatchButton(claim, label="x")]))
        sim_message = next(m for m in thread.history() if m.id == message.id)
        answer = reply(await stranger.click(sim_message, label="x"))
        assert answer.message.flags.ephemeral and answer.content
        if claim.kind == "act" and claim.match_id == 1:
            assert "not playing" in answer.content
        answer = reply(await mover.click(sim_message, label="x"))
        assert re.search(words, answer.content, re.I), (claim, answer.content)
    match = await stored(env)
    assert match.version == 1 and match.status == "active"  # untouched: still at its first decision
