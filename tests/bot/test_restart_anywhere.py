"""Restart anywhere: for every game, the same seeded match is played twice through SimCord with the
same choices, once straight through and once with the bot restarted at random points, including
right after an action was saved but before its messages went out. Both must end identically."""

import random

import pytest

import bot.lobbies
from tests.bot.test_e2e_combat import combat_step
from tests.bot.test_e2e_flood import flood_step
from tests.bot.test_e2e_mars import mars_step
from tests.bot.test_e2e_senet import mover
from tests.helpers import board, buttons, make_table, play_one_action, thread_of

SEED = 424242
STEPS = {"trickery": 400, "mars": 400, "senet": 1500, "flood": 600, "combat": 120}  # combat: cut off


async def senet_step(table, where, rng):
    current = board(where)
    await mover(table, where).click(current, custom_id=rng.choice(buttons(current, "act")).custom_id)


async def trickery_step(table, where, rng):
    await play_one_action(table, where, rng, use_dm=rng.random() < 0.5)


DRIVERS = {
    "trickery": (["alice", "bob", "carol"], trickery_step),
    "mars": (["alice", "bob"], mars_step),
    "senet": (["alice", "bob"], senet_step),
    "flood": (["alice", "bob", "carol"], flood_step),
    "combat": (["alice", "bob"], combat_step),
}


async def play(env, game_id, *, restarts, make_bot, guild_name):
    names, step = DRIVERS[game_id]
    table = make_table(env, [f"{name}-{guild_name}" for name in names])
    host, *guests = table.players
    single = game_id in ("mars", "senet")  # 2-player games name their one opponent "opponent"
    options = {"opponent": guests[0]} if single else {f"opponent{i + 1}": g for i, g in enumerate(guests)}
    await host.slash(table.channel, f"play {game_id}", **options)
    for guest in guests:
        await guest.click(table.channel.last_message, label="Accept")
    match_id = table.match_id = (await env.bot.service.running_in(table.guild.id))[0].id
    thread = thread_of(table)
    choices, faults = random.Random(7), random.Random(99)
    crashed = 0
    restarted = 0
    for _ in range(STEPS[game_id]):
        match = await env.bot.service.load(match_id)
        if match.state.is_over:
            break
        if restarts and faults.random() < 0.06:
            if faults.random() < 0.5:

                async def lost(*args, **kwargs):  # the process dies after saving, before posting
                    raise RuntimeError("simulated crash before the messages went out")

                env.bot.publisher.action = lost
                crashed += 1
            else:
                await env.restart_bot(make_bot())
                restarted += 1
        await step(table, thread, choices)
        if getattr(env.bot.publisher.action, "__name__", "") == "lost":
            await env.restart_bot(make_bot())  # the crash: the next bot catches up on start
            await env.advance_time(1)
    match = await env.bot.service.load(match_id)
    return match, crashed + restarted


@pytest.mark.parametrize("game_id", list(DRIVERS))
async def test_restarts_anywhere_change_nothing(simcord_env, make_bot, monkeypatch, game_id):
    monkeypatch.setattr(bot.lobbies.secrets, "randbits", lambda bits: SEED)
    env = simcord_env
    straight, _ = await play(env, game_id, restarts=False, make_bot=make_bot, guild_name="a")
    restarted, interruptions = await play(env, game_id, restarts=True, make_bot=make_bot, guild_name="b")
    assert interruptions >= 2, "the second run was interrupted"
    assert straight.seed == restarted.seed == SEED
    assert restarted.state.to_json() == straight.state.to_json()
    assert restarted.version == straight.version and restarted.status == straight.status
    if straight.state.is_over:
        assert restarted.state.outcome == straight.state.outcome
    assert restarted.board_version == restarted.version  # every message caught up
