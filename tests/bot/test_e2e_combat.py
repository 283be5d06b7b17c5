"""Martian Combat end to end through SimCord: decisions by whoever must decide, dice by the bot."""

import random
import re

from games import GAMES, replay_actions
from tests.helpers import (
    board,
    buttons,
    claim_of,
    dms,
    kind_of,
    make_table,
    reply,
    selects,
    stored,
    text,
    thread_of,
)

COMBAT = GAMES["combat"]
SQUARE = re.compile(r"[a-f][1-6]$")


async def combat_match(env, names=("alice", "bob"), **options):
    table = make_table(env, list(names))
    host, *guests = table.players
    named = {f"opponent{i + 1}": guest for i, guest in enumerate(guests)}
    await host.slash(table.channel, "play combat", **named, **options)
    for guest in guests:
        await guest.click(table.channel.last_message, label="Accept")
    return table, thread_of(table)


def decider(table, where):
    return table.by_id(int(re.search(r"👉 <@(\d+)>", text(board(where)))[1]))


def action_of(component_or_value) -> str:
    text = component_or_value if isinstance(component_or_value, str) else component_or_value.custom_id
    return claim_of(text).argument if text.startswith("m1:") else text


def distance(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1]) - int(b[1])))


async def combat_step(table, where, rng: random.Random) -> str:
    """The deciding player plays like a keen beginner: heads for home, fights when offered."""
    view = (await stored(table.env, table.match_id)).state.view(None)
    homes = view["seats"][view["to_move"][0]]["home"]
    current = board(where)
    player = decider(table, where)
    acts = [b for b in buttons(current, "act") if not b.disabled]
    picks = [m for m in selects(current) if kind_of(m) == "pick"]
    fights = [b for b in acts if b.label.startswith(("Attack", "Counter"))]
    if fights and rng.random() < 0.8:
        await player.click(current, custom_id=rng.choice(fights).custom_id)
        return action_of(fights[0])
    keep_going = [b for b in acts if b.label not in ("Skip the move", "Finish aiming", "End this leg")]
    if picks and (not keep_going or rng.random() < 0.9):
        menu = rng.choice(picks)
        step = reply(await player.select(current, [rng.choice(menu.options).value], custom_id=menu.custom_id))
        assert step.message.flags.ephemeral
        choices = [action_of(b) for b in buttons(step, "act")]
        for menu in selects(step):
            choices += [option.value for option in menu.options]

        def closeness(action: str) -> int:
            target = action.split()[-1].split("@")[-1][-2:]
            return min(distance(target, home) for home in homes) if SQUARE.match(target) else 9

        best = min(choices, key=lambda a: (closeness(a), rng.random()))
        button = next((b for b in buttons(step, "act") if action_of(b) == best), None)
        if button:
            await player.click(step, custom_id=button.custom_id)
        else:
            menu = next(m for m in selects(step) if any(o.value == best for o in m.options))
            await player.select(step, [best], custom_id=menu.custom_id)
        return best
    choice = rng.choice(keep_going or acts)
    await player.click(current, custom_id=choice.custom_id)
    return action_of(choice)


async def test_forty_turns_with_a_combat_and_a_restart_while_an_opponent_decides(simcord_env, make_bot):
    env = simcord_env
    table, thread = await combat_match(env)
    assert not any(dms(p) for p in table.players)
    assert "Rolls for the first turn" in text(board(thread))
    rng = random.Random(8)
    fought = restarted = False
    for _ in range(2500):
        match = await stored(env)
        view = match.state.view(None)
        if view["is_over"] or (view["turn"] > 40 and fought and restarted):
            break
        if view["phase"] == "reply" and not restarted:
            assert view["to_move"] != [view["current"]]  # the opponent's call, mid-turn
            await env.restart_bot(make_bot())
            restarted = True
        before = match.version
        await combat_step(table, thread, rng)
        assert (await stored(env)).version == before + 1
        fought = fought or "⚔️ Combat" in text(board(thread))
    else:
        raise AssertionError("the match stalled")
    match = await stored(env)
    assert fought and restarted and (match.state.view(None)["turn"] > 40 or match.state.is_over)
    log = await env.bot.service.action_log(match.id)
    replayed = replay_actions(COMBAT, 2, match.seed, match.options, log)
    assert replayed.to_json() == match.state.to_json()


async def test_only_the_deciding_player_may_press_the_board(simcord_env):
    env = simcord_env
    table, thread = await combat_match(env, ("alice", "bob", "carol"), version="simple")
    assert (await stored(env)).options == {"version": "simple", "rounds": 0}
    waiting = next(p for p in table.players if p is not decider(table, thread))
    version = (await stored(env)).version
    first = (buttons(board(thread), "act") or selects(board(thread)))[0]
    if hasattr(first, "options"):
        answer = reply(
            await waiting.select(board(thread), [first.options[0].value], custom_id=first.custom_id)
        )
    else:
        answer = reply(await waiting.click(board(thread), custom_id=first.custom_id))
    assert "not your turn" in answer.content and (await stored(env)).version == version


async def test_move_command_and_rules(simcord_env):
    env = simcord_env
    table, thread = await combat_match(env, version="advanced")
    player = decider(table, thread)
    suggestions = await player.autocomplete(thread, "move", "action", "M ")
    state = (await stored(env)).state
    legal = {str(a) for a in state.legal_actions(state.to_move[0])}
    assert suggestions and {s["value"] for s in suggestions} <= legal
    refused = reply(await player.slash(thread, "move", action="M a1-a2"))
    assert (await stored(env)).version == 1 and refused.content
    result = await player.slash(thread, "rules", game="combat")
    assert "Martian Combat" in result.response.embeds[0].title


async def test_a_round_limit_is_chosen_in_play_and_shown_to_everyone(simcord_env):
    """`/play combat rounds:30`: the invitation says so, the match keeps it, the board counts down."""
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play combat", opponent1=bob, rounds="30")
    lobby = table.channel.last_message
    assert "ends after 30 rounds" in lobby.content
    await bob.click(lobby, label="Accept")
    match = await stored(env)
    assert match.options == {"version": "standard", "rounds": 30} and match.state.round_limit == 30
    assert "turns left (30-round limit)" in text(board(thread_of(table)))
