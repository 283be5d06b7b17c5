"""Martian Flood end to end through SimCord: 3-4 players, controls on the board (a button per card,
steps continuing in an ephemeral message), the board's words in its text and its alt text."""

import random

import discord

import bot.lobbies
from benchmarks.clicks import leaf_components
from bot.components import Claim
from games import GAMES, replay_actions
from tests.bot.test_hostile_holes import forged_message
from tests.helpers import (
    as_message,
    board,
    buttons,
    claim_of,
    components,
    dms,
    make_table,
    mover,
    movers,
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


def gallery_alt(message) -> str:
    """The description (alt text) of the board's picture in its media gallery."""
    galleries = [
        part
        for part in leaf_components(as_message(message).components)
        if isinstance(part, discord.MediaGalleryComponent)
    ]
    return galleries[0].items[0].description or ""


FIXED_SEED = 2718  # the match's seed: random play with rng 11 then scraps ships at least once


async def flood_step(table, where, rng: random.Random) -> str:
    """The player to move presses a random button on the board (Draw more often than not); a step
    continues in its ephemeral message, pressing random buttons until an action is made."""
    current = board(where)
    player = mover(table, where)
    choices = [
        b for b in buttons(current) if claim_of(b.custom_id).kind in ("act", "step") and not b.disabled
    ]
    assert not selects(current), "no menus on the board: every choice is a tap"
    draw = [b for b in choices if b.label == "Draw 2 cards"]
    button = draw[0] if draw and rng.random() < 0.6 else rng.choice(choices)
    result = await player.click(current, custom_id=button.custom_id)
    if claim_of(button.custom_id).kind == "act":
        return claim_of(button.custom_id).argument
    step = reply(result)  # the next steps are the player's own
    assert step.message.flags.ephemeral
    while True:
        button = rng.choice(buttons(step))
        await player.click(step, custom_id=button.custom_id)
        if claim_of(button.custom_id).kind == "act":
            return claim_of(button.custom_id).argument


async def test_full_three_player_match_with_a_restart_between_two_actions(simcord_env, make_bot, monkeypatch):
    monkeypatch.setattr(bot.lobbies.secrets, "randbits", lambda bits: FIXED_SEED)  # a deal with scraps in it
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
        if not restarted and state.view(None).slot == 2 and state.view(None).round == 2:
            await env.restart_bot(make_bot())  # between the two actions of a turn
            restarted = True
    else:
        raise AssertionError("the match did not finish")
    assert restarted and scraps

    match = await stored(env)
    view = match.state.view(None)
    final = board(thread)
    assert "🌊 **The flood after round 3:**" in "\n".join(text(m) for m in thread.history()[-3:])
    for seat, side in enumerate(view.seats):
        assert f"P{seat + 1} {match.shown_names[seat]}: tallest {side.score.tallest} · " in text(final)
        assert f"= **{side.score.total}**" in text(final)
        assert f"P{seat + 1} {match.shown_names[seat]}** " in text(final)  # its seat line, with the points
    assert "final position" in gallery_alt(final)
    assert [b.label for b in buttons(final)] == ["Rematch"] and set(view.winners) == set(
        match.state.outcome.winners
    )
    log = await env.bot.service.action_log(match.id)
    replayed = replay_actions(FLOOD, 3, match.seed, match.options, log)
    assert replayed.to_json() == match.state.to_json()


async def test_the_board_words_the_seats_the_status_and_the_picture(simcord_env):
    env = simcord_env
    table, thread = await flood_match(env, ("alice", "bob", "carol", "dave"))
    current = board(thread)
    shown = text(current)
    match = await stored(env)
    view = match.state.view(None)
    for seat in range(4):
        line = next(line for line in shown.splitlines() if f"P{seat + 1} {match.shown_names[seat]}" in line)
        assert "stash 5 small, 5 medium, 5 large · 0 cards" in line
        assert ("⬅️" in line) == (seat == view.current)
    assert f"Round 1/3 (clockwise) · {'🟥🟦🟩🟨'[view.current]} P{view.current + 1}" in shown
    assert "-# Picture: a band per player" in shown  # the legend, in small print
    alt = gallery_alt(current)
    assert alt.startswith("Martian Flood, round 1 of 3, clockwise;")
    assert all(f"P{seat + 1} {match.shown_names[seat]} (" in alt for seat in range(4))
    # a draw: the drawn cards are named in the text and the alt text
    player = mover(table, thread)
    await player.click(current, label="Draw 2 cards")
    cards = [
        FLOOD.parse_action(f"K {drawn.card} 1").card.label
        for drawn in (await stored(env)).state.view(None).drawn
    ]
    assert f"drew {cards[0]} and {cards[1]} and keeps one." in text(board(thread))
    assert f"drew {cards[0]} and {cards[1]} and keeps one." in gallery_alt(board(thread))
    assert board(thread).attachments[0].description == gallery_alt(board(thread))
    deck = (await stored(env)).state.deck  # the one secret: nobody knows the deck's order, or its cards
    assert deck and not [card.label for card in deck if card.label in gallery_alt(board(thread))]


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


async def test_a_forged_or_garbled_step_is_answered_privately_and_changes_nothing(simcord_env):
    env = simcord_env
    table, thread = await flood_match(env)
    player = mover(table, thread)
    match = await stored(env)
    shown = text(board(thread))
    for argument in ("zz", "B 9d", "S 2c:^ 3c:^", "7h P2"):  # none leads to a legal action now
        forged = Claim(match.id, match.version, "step", argument).custom_id
        answer = reply(await player.click(await forged_message(env, thread, [forged]), custom_id=forged))
        assert answer.message.flags.ephemeral
        assert "That choice isn't possible any more" in answer.content, argument
    garbled = f"m1:{match.id}:{match.version}:step:7h!"  # not an argument the bot ever makes
    answer = reply(await player.click(await forged_message(env, thread, [garbled]), custom_id=garbled))
    assert answer.message.flags.ephemeral
    assert (await stored(env)).version == match.version and text(board(thread)) == shown


async def test_scrapping_two_ships_by_taps(simcord_env):
    """Play on (never scrapping) until the player to move has two ships, then scrap them: the ship's
    button, where it goes, and the second half, each one tap."""
    env = simcord_env
    table, thread = await flood_match(env)
    rng = random.Random(2)

    def ship_steps():
        return [b for b in buttons(board(thread), "step") if "send or scrap" in b.label]

    for _ in range(200):
        if ship_steps():
            break
        current = board(thread)
        player = mover(table, thread)
        acts = [b for b in buttons(current, "act") if b.label.startswith(("Keep", "Draw", "Build"))]
        if acts:
            await player.click(current, custom_id=rng.choice(acts).custom_id)
        else:  # a tower's sizes, or a ship that can only be sent
            await flood_step(table, thread, rng)
    assert ship_steps(), "nobody could scrap"
    player = mover(table, thread)
    version = (await stored(env)).version
    ship = ship_steps()[0]
    step = reply(await player.click(board(thread), custom_id=ship.custom_id))
    assert step.message.flags.ephemeral and "send it to an opponent, or scrap it" in step.content
    # someone else can't continue this player's scrap
    other = next(p for p in table.players if p is not player)
    refused = reply(await other.click(board(thread), custom_id=ship.custom_id))
    assert "not your turn" in refused.content
    first = next(b for b in buttons(step, "step") if b.label.startswith("Scrap:"))
    await player.click(step, custom_id=first.custom_id)
    assert "now the second ship" in step.content or "where does" in step.content
    while buttons(step, "step"):  # only when the second halves don't fit one message
        await player.click(step, custom_id=buttons(step, "step")[0].custom_id)
    final = buttons(step, "act")[0]
    action = claim_of(final.custom_id).argument
    await player.click(step, custom_id=final.custom_id)
    assert (await stored(env)).version == version + 1
    assert action.startswith(claim_of(first.custom_id).argument) and "scrapped two ships" in text(
        board(thread)
    )
    assert step.content.startswith("You scrapped")
    assert not components(step)


async def test_from_play_to_the_first_move_by_taps_alone(simcord_env, make_bot):
    """/play flood against computer players, then buttons only: the first move (a draw, and the card
    kept with its ship) within 4 taps of the command (the command counts 1, each button 1)."""
    env = simcord_env
    await env.restart_bot(make_bot(computer_delay_seconds=0))
    table = make_table(env, ["alice"])
    (alice,) = table.players
    taps = 1
    await alice.slash(table.channel, "play flood")
    thread = thread_of(table)
    for _ in range(60):  # the computer players move until it is alice's turn
        if movers(table, thread) == [alice]:
            break
        await env.advance_time(1)
    assert movers(table, thread) == [alice]
    version = (await stored(env)).version
    await alice.click(board(thread), label="Draw 2 cards")
    taps += 1
    keep = next(b for b in buttons(board(thread), "act") if b.label.startswith("Keep"))
    await alice.click(board(thread), custom_id=keep.custom_id)
    taps += 1
    match = await stored(env)
    assert match.version == version + 2 and taps <= 4
    assert (await env.bot.service.action_log(match.id))[-1] == (0, claim_of(keep.custom_id).argument)


async def test_the_rules_picture_comes_with_its_description(simcord_env):
    table = make_table(simcord_env, ["alice"])
    result = await table.players[0].slash(table.channel, "rules", game="flood")
    assert "Martian Flood" in result.response.embeds[0].title
    (picture,) = [a for a in result.response.attachments if a.filename == "rules.png"]
    assert picture.description.startswith("1. Draw: two cards drawn; a ship lies on the 7♥ kept")
    assert "The flood: after each round, 3, 4, 5 rolls: dice 2 and 3 and 4 make 9" in picture.description
