"""Martian Senet end to end through SimCord: the move buttons are on the board itself."""

import random
import re

import discord

from bot.components import Claim
from games import GAMES, replay_actions
from tests.bot.test_hostile_holes import forged_message
from tests.helpers import (
    as_message,
    board,
    buttons,
    dms,
    leaf_components,
    make_table,
    mover,
    reply,
    stored,
    text,
    thread_of,
)

SENET = GAMES["senet"]


async def senet_match(env, **options):
    table = make_table(env, ["alice", "bob"])
    host, guest = table.players
    await host.slash(table.channel, "play senet", opponent=guest, **options)
    await guest.click(table.channel.last_message, label="Accept")
    return table, host, guest, thread_of(table)


def finished(where) -> bool:
    return "wins Martian Senet" in text(board(where))


async def test_full_match_through_clicks_with_a_restart_in_a_roll_chain(simcord_env, make_bot):
    env = simcord_env
    table, alice, bob, thread = await senet_match(env)
    assert "player A" in text(board(thread)) and not dms(alice) and not dms(bob)
    rng = random.Random(3)
    restarted_in_chain = False
    for _ in range(1500):
        if finished(thread):
            break
        before = await stored(env)
        player = mover(table, thread)
        choice = rng.choice(buttons(board(thread), "act"))
        await player.click(board(thread), custom_id=choice.custom_id)
        after = await stored(env)
        assert after.version == before.version + 1
        same_player_again = after.state.to_move == before.state.to_move and not after.state.is_over
        if same_player_again and not restarted_in_chain and after.version > 20:
            await env.restart_bot(make_bot())  # mid-chain: the same player rolls on
            restarted_in_chain = True
    else:
        raise AssertionError("the match did not finish")
    assert restarted_in_chain

    match = await stored(env)
    view = match.state.view(None)
    final = board(thread)
    assert f"Points: **{view.points}**" in text(final) and [b.label for b in buttons(final)] == ["Rematch"]
    assert match.state.outcome.winners == (view.players[view.winner].seat,) == view.winners
    log = await env.bot.service.action_log(match.id)
    replayed = replay_actions(SENET, 2, match.seed, match.options, log)
    assert replayed.to_json() == match.state.to_json()


async def test_only_the_player_to_move_can_press_the_board(simcord_env):
    env = simcord_env
    table, alice, bob, thread = await senet_match(env, colours="treehouse")
    waiting = alice if mover(table, thread) is bob else bob
    stranger = table.guild.add_member(env.create_user("mallory"))
    version = (await stored(env)).version
    first = buttons(board(thread), "act")[0]
    for intruder, words in ((waiting, "not your turn"), (stranger, "not playing in this match")):
        answer = reply(await intruder.click(board(thread), custom_id=first.custom_id))
        assert words in answer.content and answer.message.flags.ephemeral
    assert (await stored(env)).version == version
    players = (await stored(env)).state.view(None).players
    assert (players["a"].colours, players["b"].colours) == (("G", "B"), ("R", "Y"))


async def test_an_outdated_board_is_refused(simcord_env):
    env = simcord_env
    table, *_, thread = await senet_match(env)
    old = board(thread)
    player = mover(table, thread)
    # Editing the live board fails, so a new one is posted; clearing the old one's buttons fails too,
    # so it keeps them.
    env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=2)
    await player.click(old, custom_id=buttons(old, "act")[0].custom_id)
    version = (await stored(env)).version
    again = [b for b in buttons(old, "act")]
    assert again
    answer = reply(await mover(table, thread).click(old, custom_id=again[-1].custom_id))
    assert "earlier turn" in answer.content or "not your turn" in answer.content
    assert (await stored(env)).version == version


async def test_move_command_takes_the_short_form(simcord_env):
    env = simcord_env
    table, *_, thread = await senet_match(env)
    player = mover(table, thread)
    suggestions = await player.autocomplete(thread, "move", "action", "")
    legal = [str(a) for a in (await stored(env)).state.legal_actions((await stored(env)).state.to_move[0])]
    assert {s["value"] for s in suggestions} == set(legal)
    action = legal[0]
    short = action if action in ("E", "W") else action.split("-")[0]
    answer = reply(await player.slash(thread, "move", action=short))
    assert answer.content.startswith("You rolled") and "moved the" in answer.content
    assert "Choose below" not in answer.content  # the next choice is on the board
    assert (await stored(env)).version == 2


async def test_rules_for_senet(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    result = await table.players[0].slash(table.channel, "rules", game="senet")
    embed = result.response.embeds[0]
    assert (
        "Martian Senet" in embed.title
        and "Blocks" in embed.description
        and "Bearing off" in embed.description
    )
    (picture,) = [a for a in result.response.attachments if a.filename == "rules.png"]
    assert "S1 to S9" in picture.description and "Nest:" in picture.description  # its alt text


async def test_a_text_that_fails_does_not_hold_back_the_board(simcord_env, monkeypatch):
    from bot.presenters.senet import SenetPresenter

    def broken(self, scene, events):
        raise ValueError("an event this presenter can't read")

    env = simcord_env
    table, _, _, thread = await senet_match(env)
    monkeypatch.setattr(SenetPresenter, "describe_events", broken)
    old = board(thread)
    choice = buttons(old, "act")[0]
    await mover(table, thread).click(old, custom_id=choice.custom_id)
    fresh = board(thread)  # the live board, edited in place
    assert fresh.id == old.id and (await stored(env)).board_version == (await stored(env)).version
    assert f"played {choice.custom_id.split(':', 4)[4]}" in text(fresh)


# --- the board for phones -------------------------------------------------------------------


def gallery_descriptions(message) -> list[str]:
    return [
        item.description
        for part in leaf_components(as_message(message).components)
        if isinstance(part, discord.MediaGalleryComponent)
        for item in part.items
    ]


async def test_the_board_says_in_words_who_plays_what_the_roll_does_and_the_key(simcord_env):
    env = simcord_env
    table, *_, thread = await senet_match(env)
    match = await stored(env)
    a_name = "alice" if match.state.view(None).players["a"].seat == 0 else "bob"
    b_name = "bob" if a_name == "alice" else "alice"
    words = text(board(thread))
    assert f"**A** · {a_name} · blue · 0/12 off · 🎲 to move" in words
    assert f"**B** · {b_name} · orange · 0/12 off\n" in words
    assert re.search(rf"Turn 1 · \*\*{a_name} \(A\)\*\* rolled . \*\*\d\*\*: move ", words)
    assert (
        "-# **A** light disc, **B** dark disc: whose pyramid." in words
    )  # the picture's key, in small print
    # the picture's alt text is the position in words, from the public view
    (alt,) = gallery_descriptions(board(thread))
    assert alt.startswith(f"Martian Senet, turn 1: {a_name} (A) to move, rolled")
    assert (
        "Source (S1 to S9): S1 A small, A medium inside A large; S2 B small, B medium inside B large;" in alt
    )
    assert "Balance (B9 to B1): empty." in alt
    assert ("This roll can land on" in alt) == (match.state.roll != 5)  # a 5 moves a coaster instead
    # after a move, the last move is in the alt text too
    await mover(table, thread).click(board(thread), custom_id=buttons(board(thread), "act")[0].custom_id)
    (alt,) = gallery_descriptions(board(thread))
    assert "Last move: " in alt and ("moved the large" in alt or "coaster" in alt)


async def test_from_play_to_the_first_move_against_the_computer_takes_two_taps(simcord_env, make_bot):
    env = simcord_env
    await env.restart_bot(make_bot(computer_delay_seconds=0))
    table = make_table(env, ["alice"])
    (alice,) = table.players
    taps = 1
    await alice.slash(table.channel, "play senet", level="easy")  # the command: one tap
    thread = thread_of(table)
    await env.advance_time(1)  # the computer's first turn, if it is A
    match = await stored(env)
    alice_seat = next(s.seat for s in match.seats if not s.computer)
    assert match.state.to_move == (alice_seat,) and mover(table, thread) is alice
    before = match.version
    move = buttons(board(thread), "act")[0]  # every move is a button on the board: no menu, no step
    assert "→" in move.label or move.label.startswith(("E: ", "W: "))  # a pyramid's move, or a coaster's
    await alice.click(board(thread), custom_id=move.custom_id)
    taps += 1
    assert taps <= 4
    after = await stored(env)
    assert after.version > before
    log = await env.bot.service.action_log(after.id)
    assert log[before - 1] == (alice_seat, move.custom_id.split(":", 4)[4])


async def test_a_forged_step_button_is_answered_privately_and_changes_nothing(simcord_env):
    """Senet has no two-step moves: a step claim a modified client makes up is refused."""
    env = simcord_env
    table, _, _, thread = await senet_match(env)
    player = mover(table, thread)
    match = await stored(env)
    legal = str(match.state.legal_actions(match.state.to_move[0])[0])
    for argument in (legal.split("-")[0], "zz"):
        crafted = Claim(match.id, match.version, "step", argument).custom_id
        answer = reply(await player.click(await forged_message(env, thread, [crafted]), custom_id=crafted))
        assert answer.ephemeral and "nothing to pick" in answer.content
    assert (await stored(env)).version == match.version
    assert not dms(player)
