"""Agents of M.A.R.S. end to end through SimCord: lobby options, secret objectives, turns, /move, Ko."""

import random
import re

import pytest

from bot.presenters.common import COLOUR_EMOJI
from games import GAMES, replay_actions
from games.mars import slot_text
from tests.helpers import (
    board,
    buttons,
    claim_of,
    dms,
    kind_of,
    last_dm,
    make_table,
    movers,
    refresh,
    reply,
    selects,
    stored,
    text,
    thread_of,
)

MARS = GAMES["mars"]
SQUARE_MOVE = re.compile(r"^[a-h][1-8]-[a-h][1-8]$")


async def start_mars(table, **options):
    host, guest = table.players
    result = await host.slash(table.channel, "play mars", opponent=guest, **options)
    lobby = table.channel.last_message
    await guest.click(lobby, label="Accept")
    return result, lobby


async def mars_match(env, **options):
    """alice invites bob with `options`, bob accepts; returns the table, both players and the thread."""
    table = make_table(env, ["alice", "bob"])
    await start_mars(table, **options)
    return table, *table.players, thread_of(table)


async def open_prompt(player, where, *, use_dm: bool):
    """The player's move prompt and who acts on it: their DM prompt, or Play on the board."""
    dm = last_dm(player)
    if use_dm and dm is not None and (buttons(dm) or selects(dm)):
        return dm, player.user
    return reply(await player.click(board(where), label="Play")), player


async def choose_objective(player, prompt, actor, colours: str) -> None:
    """Pick `colours` (highest slot first) in the slot selects, then confirm."""
    for index, colour in enumerate(colours[:-1]):
        menu = next(m for m in selects(prompt) if claim_of(m.custom_id).argument.startswith(f"{index} "))
        await actor.select(prompt, [colour], custom_id=menu.custom_id)
        prompt = refresh(prompt, player)
    await actor.click(prompt, label="Confirm objective")


async def mars_step(table, where, rng: random.Random) -> str:
    """The player to move makes a random legal choice with clicks and selects; returns it."""
    player = rng.choice(movers(table, where))
    prompt, actor = await open_prompt(player, where, use_dm=rng.random() < 0.6)
    if any(kind_of(m) == "pick" and "Slot" in (m.placeholder or "") for m in selects(prompt)):
        colours = list((await stored(table.env, table.match_id)).state.colours)
        rng.shuffle(colours)
        await choose_objective(player, prompt, actor, "".join(colours))
        return "objective"
    placing = [m for m in selects(prompt) if kind_of(m) == "do" and "Place" in (m.placeholder or "")]
    if placing:
        menu = rng.choice(placing)
        choice = rng.choice(menu.options).value
        await actor.select(prompt, [choice], custom_id=menu.custom_id)
        return choice
    slot_menu = [m for m in selects(prompt) if kind_of(m) == "do"]
    if slot_menu and rng.random() < 0.1:
        choice = rng.choice(slot_menu[0].options).value
        await actor.select(prompt, [choice], custom_id=slot_menu[0].custom_id)
        return choice
    pieces = [m for m in selects(prompt) if kind_of(m) == "pick"]
    if pieces and rng.random() < 0.3:
        menu = rng.choice(pieces)
        await actor.select(prompt, [rng.choice(menu.options).value], custom_id=menu.custom_id)
        prompt = refresh(prompt, player)
        targets = [b for b in buttons(prompt, "act") if not b.disabled and b.label != "🎲 Draw a piece"]
        if targets:
            button = rng.choice(targets)
            await actor.click(prompt, custom_id=button.custom_id)
            return button.label
    await actor.click(prompt, label="🎲 Draw a piece")
    return "D"


async def test_full_match_through_clicks_with_a_restart(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    await start_mars(table)
    thread = thread_of(table)
    assert "choose your secret objective" in text(board(thread))
    rng = random.Random(5)
    for step in range(400):
        if "Agents of M.A.R.S.**, " in text(board(thread)) or "**Draw**" in text(board(thread)):
            break
        if step == 60:
            await env.restart_bot(make_bot())
        await mars_step(table, thread, rng)
    else:
        raise AssertionError("the match did not finish")

    match = await stored(env)
    assert match.status == "finished" and match.state.is_over
    final = board(thread)
    totals = match.state.outcome.scores
    assert f"{max(totals)} to {min(totals)}" in text(final) or f"both agents score {totals[0]}" in text(final)
    for colour in ("red", "green", "blue", "yellow"):
        assert re.search(rf"^{colour}\s+\d+", text(final), re.M), text(final)
    assert "Total" in text(final) and [b.label for b in buttons(final)] == ["Rematch"]
    log = await env.bot.service.action_log(match.id)
    replayed = replay_actions(MARS, 2, match.seed, match.options, log)
    assert replayed.to_json() == match.state.to_json()


async def test_objective_setup_in_dm(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await start_mars(table)
    thread = thread_of(table)
    alice_dm, bob_dm = last_dm(alice), last_dm(bob)
    assert "Choose your secret objective" in alice_dm.content
    first_picture = alice_dm.attachments[0].url

    await alice.user.select(alice_dm, ["Y"], custom_id=selects(alice_dm)[0].custom_id)
    alice_dm = refresh(alice_dm, alice)
    assert "**+2** 🟨 yellow" in alice_dm.content
    assert alice_dm.attachments and alice_dm.attachments[0].url != first_picture  # the summary image
    assert [b for b in buttons(alice_dm) if b.disabled]  # can't confirm half an objective
    await alice.user.select(alice_dm, ["G"], custom_id=selects(alice_dm)[1].custom_id)
    alice_dm = refresh(alice_dm, alice)
    # Choosing yellow again for +1 moves it there: +2 is free again.
    await alice.user.select(alice_dm, ["Y"], custom_id=selects(alice_dm)[1].custom_id)
    alice_dm = refresh(alice_dm, alice)
    assert "**+1** 🟨 yellow" in alice_dm.content
    await choose_objective(alice, alice_dm, alice.user, "RYBG")

    match = await stored(env)
    assert match.state.objectives[0] == {2: "R", 1: "Y", 0: "B", -1: "G"}
    public = board(thread)
    assert "alice set a secret objective" in text(public) and "waiting for bob" in text(public)
    assert "🟥" not in text(public)  # nothing of the objective is told

    await env.restart_bot(make_bot())
    # Bob's DM prompt is from before Alice confirmed (an older version) and the restart: it still works.
    assert claim_of(selects(bob_dm)[0].custom_id).version == 1 and match.version == 2
    await choose_objective(bob, bob_dm, bob.user, "GBYR")
    match = await stored(env)
    assert match.state.objectives[1] == {2: "G", 1: "B", 0: "Y", -1: "R"}
    assert not match.state.order_free and "Turn 1" in text(board(thread))
    mine = reply(await alice.click(board(thread), label="My objective"))
    assert mine.message.flags.ephemeral and "**+2** 🟥 red" in mine.content and "🟦 blue" in mine.content
    assert "🟨" not in text(board(thread)).split("\n", 2)[2]


async def test_blind_agents_see_only_the_opponents_objective(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await start_mars(table, blind=True)
    match = await stored(env)
    assert not match.state.order_free  # dealt, nobody chooses
    alice_dm = next(m for m in dms(alice) if "Blind Agents" in m.content)
    lines = alice_dm.content.split("\n")
    for value, colour in match.state.objectives[1].items():  # every slot of Bob's is shown to Alice...
        assert f"**{slot_text(value)}** {COLOUR_EMOJI[colour]}" in lines[2]
    assert lines[3].count("❔") == 4  # ...and none of her own
    mine = reply(await bob.click(board(thread_of(table)), label="My objective"))
    assert "alice's objective (only you see it)" in mine.content


async def test_refused_variant_combinations_and_strangers(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    result = await alice.slash(table.channel, "play mars", opponent=bob, five_colours="+3", no_center=True)
    assert result.response.flags.ephemeral and "No Center can't be combined" in result.response.content
    result = await alice.slash(table.channel, "play mars", opponent=bob, five_colours="-2", objectives="deck")
    assert "objective card deck" in result.response.content
    assert await env.bot.repository.db.fetchone("SELECT id FROM matches") is None

    stranger = table.guild.add_member(env.create_user("mallory"))
    await start_mars(table, five_colours="+3", first_player="1")
    match = await stored(env)
    assert match.state.slot_values == (3, 2, 1, 0, -1) and match.state.files == 8
    answer = reply(await stranger.click(board(thread_of(table)), label="Play"))
    assert "not playing in this match" in answer.content
    assert (await stored(env)).version == match.version
    # Five slots, set through the ephemeral prompt: four menus, the fifth slot takes what's left.
    prompt = reply(await alice.click(board(thread_of(table)), label="Play"))
    assert prompt.message.flags.ephemeral and len(selects(prompt)) == 4
    await choose_objective(alice, prompt, alice, "PYGRB")
    assert (await stored(env)).state.objectives[0] == {3: "P", 2: "Y", 1: "G", 0: "R", -1: "B"}


async def test_move_command_with_suggestions_and_a_refused_ko(simcord_env):
    env = simcord_env
    _, alice, bob, thread = await mars_match(env, objectives="deck", first_player="1")
    assert "dealt from the deck" in text(board(thread))
    dealt = (await stored(env)).state.objectives[1]
    objective_line = next(line for line in last_dm(bob).content.split("\n") if "Your objective" in line)
    for value, colour in dealt.items():
        assert f"**{slot_text(value)}** {COLOUR_EMOJI[colour]}" in objective_line
    suggestions = await alice.autocomplete(thread, "move", "action", "")
    legal = {str(a) for a in (await stored(env)).state.legal_actions(0)}
    assert suggestions and {s["value"] for s in suggestions} <= legal

    # Both players draw and place (on the edge files) until alice has a piece she can move.
    free = iter(f"{file}{rank}" for rank in range(1, 9) for file in "ag")
    for _ in range(8):
        for player in (alice, bob):
            drawn = reply(await player.slash(thread, "move", action="D"))
            piece = re.search(r"You drew the \*\*.*\((\w\d)\)\*\*", drawn.content)[1]
            assert selects(drawn)  # the placement prompt comes with the answer
            await player.slash(thread, "move", action=f"{piece}@{next(free)}")
        moves = [s["value"] for s in await alice.autocomplete(thread, "move", "action", "-")]
        if [m for m in moves if SQUARE_MOVE.match(m)]:
            break
    move = next(m for m in moves if SQUARE_MOVE.match(m))
    answer = reply(await alice.slash(thread, "move", action=move))
    assert answer.content.startswith("You moved")
    origin, target = move.split("-")
    back = f"{target}-{origin}"

    version = (await stored(env)).version
    offered = [s["value"] for s in await bob.autocomplete(thread, "move", "action", target)]
    assert back not in offered
    refused = reply(await bob.slash(thread, "move", action=back))
    assert "Ko" in refused.content and (await stored(env)).version == version
    # The piece picker shows the way back, disabled, with the reason.
    prompt = last_dm(bob)
    assert "would undo P1 alice's last move" in prompt.content
    menu = next(m for m in selects(prompt) if any(o.value == target for o in m.options))
    await bob.user.select(prompt, [target], custom_id=menu.custom_id)
    prompt = refresh(prompt, bob)
    ko_button = next(b for b in buttons(prompt) if "Ko" in b.label)
    assert ko_button.disabled and ko_button.label.startswith(origin)


async def test_stale_and_foreign_turn_clicks_change_nothing(simcord_env):
    env = simcord_env
    _, alice, bob, thread = await mars_match(env, objectives="deck", first_player="2")
    answer = reply(await alice.click(board(thread), label="Play"))
    assert "not your turn" in answer.content
    ephemeral = reply(await bob.click(board(thread), label="Play"))
    prompt = last_dm(bob)
    await bob.user.click(prompt, label="🎲 Draw a piece")
    prompt = refresh(prompt, bob)
    assert "You drew" in prompt.content and selects(prompt)
    version = (await stored(env)).version
    answer = reply(await bob.click(ephemeral, label="🎲 Draw a piece"))  # from before the draw
    assert "earlier turn" in answer.content and (await stored(env)).version == version


@pytest.mark.parametrize("options", [{"five_colours": "-2"}, {"no_center": True, "size_points": True}])
async def test_lobby_shows_the_variants(simcord_env, options):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    await table.players[0].slash(table.channel, "play mars", opponent=table.players[1], **options)
    lobby = table.channel.last_message.content
    if "five_colours" in options:
        assert "5 Color Agents (fifth slot -2)" in lobby
    else:
        assert "The Size of the Group Gives Points" in lobby and "No Center" in lobby
    assert "first player: random" in lobby


async def test_rules_and_help_cover_mars(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice = table.players[0]
    result = await alice.slash(table.channel, "rules", game="mars")
    embed = result.response.embeds[0]
    assert "Agents of M.A.R.S." in embed.title and "Ko" in embed.description
    assert any(a.filename == "rules.png" for a in result.response.attachments)
    result = await alice.slash(table.channel, "help")
    assert "/play mars" in result.response.content and "/move" in result.response.content
