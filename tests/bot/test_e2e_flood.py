"""Martian Flood end to end through SimCord: 3-4 players, controls on the board, scrapping in steps."""

import random

from games import GAMES, replay_actions
from tests.helpers import (
    board,
    buttons,
    claim_of,
    dms,
    kind_of,
    make_table,
    mover,
    reply,
    selects,
    stored,
    text,
    thread_of,
)

FLOOD = GAMES["flood"]


async def flood_match(env, names=("alice", "bob", "carol")):
    table = make_table(env, list(names))
    host, *guests = table.players
    named = {f"opponent{i + 1}": guest for i, guest in enumerate(guests)}
    await host.slash(table.channel, "play flood", **named)
    for guest in guests:
        await guest.click(table.channel.last_message, label="Accept")
    return table, thread_of(table)


async def flood_step(table, where, rng: random.Random) -> str:
    """The player to move picks a random offered choice; a scrap is finished in its ephemeral steps."""
    current = board(where)
    player = mover(table, where)
    choices = [("button", b, None) for b in buttons(current, "act") if not b.disabled]
    for menu in selects(current):
        choices += [("select", menu, option.value) for option in menu.options]
    draw = [c for c in choices if c[0] == "button" and c[1].label == "Draw 2 cards"]
    how, component, value = draw[0] if draw and rng.random() < 0.6 else rng.choice(choices)
    if how == "button":
        await player.click(current, custom_id=component.custom_id)
        return component.label
    result = await player.select(current, [value], custom_id=component.custom_id)
    if kind_of(component) == "do":
        return value
    step = reply(result)  # the scrap continues privately
    assert step.message.flags.ephemeral
    while selects(step):
        menu = selects(step)[0]
        await player.select(step, [rng.choice(menu.options).value], custom_id=menu.custom_id)
    final = rng.choice(buttons(step, "act"))
    await player.click(step, custom_id=final.custom_id)
    return claim_of(final.custom_id).argument


async def test_full_three_player_match_with_a_restart_between_two_actions(simcord_env, make_bot):
    env = simcord_env
    table, thread = await flood_match(env)
    assert not any(dms(p) for p in table.players)
    rng = random.Random(11)
    restarted = False
    scraps = 0
    for _ in range(600):
        if "wins Martian Flood" in text(board(thread)) or "win Martian Flood" in text(board(thread)):
            break
        before = (await stored(env)).version
        done = await flood_step(table, thread, rng)
        scraps += done.startswith("S ")
        assert (await stored(env)).version == before + 1
        state = (await stored(env)).state
        if not restarted and state.view(None)["slot"] == 2 and state.view(None)["round"] == 2:
            await env.restart_bot(make_bot())  # between the two actions of a turn
            restarted = True
    else:
        raise AssertionError("the match did not finish")
    assert restarted

    match = await stored(env)
    view = match.state.view(None)
    final = board(thread)
    assert "🌊 **The flood after round 3:**" in "\n".join(text(m) for m in thread.history()[-3:])
    for seat, row in enumerate(view["breakdown"]):
        assert f"{match.label(seat)[:16]:<16} tallest {row['tallest']:>2}" in text(final)
        assert f"= {row['total']}" in text(final)
    assert [b.label for b in buttons(final)] == ["Rematch"] and set(view["winners"]) == set(
        match.state.outcome.winners
    )
    log = await env.bot.service.action_log(match.id)
    replayed = replay_actions(FLOOD, 3, match.seed, match.options, log)
    assert replayed.to_json() == match.state.to_json()


async def test_four_players_and_refusals(simcord_env):
    env = simcord_env
    table, thread = await flood_match(env, ("alice", "bob", "carol", "dave"))
    waiting = next(p for p in table.players if p is not mover(table, thread))
    version = (await stored(env)).version
    answer = reply(await waiting.click(board(thread), label="Draw 2 cards"))
    assert "not your turn" in answer.content and answer.message.flags.ephemeral
    assert (await stored(env)).version == version
    player = mover(table, thread)
    await player.click(board(thread), label="Draw 2 cards")
    keep = [b for b in buttons(board(thread), "act") if b.label.startswith("Keep")]
    assert keep and "Drawn:" in text(board(thread))
    await player.click(board(thread), custom_id=keep[0].custom_id)
    assert "kept" in text(board(thread))


def scrap_menu(message):
    return next((m for m in selects(message) if "Scrap" in (m.placeholder or "")), None)


async def test_scrapping_two_ships_step_by_step(simcord_env):
    env = simcord_env
    table, thread = await flood_match(env)
    rng = random.Random(2)
    for _ in range(200):  # play on (never scrapping) until someone may scrap
        if scrap_menu(board(thread)):
            break
        current = board(thread)
        player = mover(table, thread)
        keep_or_draw = [b for b in buttons(current, "act") if b.label.startswith(("Keep", "Draw"))]
        if keep_or_draw:
            await player.click(current, custom_id=rng.choice(keep_or_draw).custom_id)
        else:
            menu = next(m for m in selects(current) if kind_of(m) == "do")
            await player.select(current, [menu.options[0].value], custom_id=menu.custom_id)
    menu = scrap_menu(board(thread))
    assert menu, "nobody could scrap"
    player = mover(table, thread)
    version = (await stored(env)).version
    first = menu.options[0].value
    step = reply(await player.select(board(thread), [first], custom_id=menu.custom_id))
    assert step.message.flags.ephemeral and "where does the ship" in step.content
    # Someone else can't continue this player's scrap.
    other = next(p for p in table.players if p is not player)
    refused = reply(await other.select(board(thread), [first], custom_id=menu.custom_id))
    assert "not your turn" in refused.content
    picks = []
    while selects(step):
        choice = selects(step)[0].options[0].value
        picks.append(choice)
        await player.select(step, [choice], custom_id=selects(step)[0].custom_id)
    assert len(picks) == 2 and picks[1].startswith(picks[0])  # destination, then the second ship
    final = buttons(step, "act")[0]
    action = claim_of(final.custom_id).argument
    await player.click(step, custom_id=final.custom_id)
    assert (await stored(env)).version == version + 1
    assert action.startswith(first) and "scrapped two ships" in text(board(thread))
    assert step.content.startswith("You scrapped")
