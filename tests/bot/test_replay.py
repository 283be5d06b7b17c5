"""The replay at the end, through SimCord: the final board carries an animated replay of the match
(and still goes out when one can't be made), `/match replay <id>` makes it again for any ended match
of the server and refuses everything else privately, and no frame shows a hand or an objective."""

import io
import logging
import random

import discord
import pytest
from PIL import Image

import bot.publishing.ending
from benchmarks.clicks import leaf_components
from games import GAMES
from tests.bot.test_e2e_mars import mars_step, start_mars
from tests.helpers import (
    as_message,
    board,
    buttons,
    make_table,
    mover,
    play_one_action,
    reply,
    start_match,
    stored,
    text,
    thread_of,
)
from tests.renderers.test_renderers_replay import assert_spectator_boards

REPLAY = "match-{}-replay.gif"


def attachment(env, message, filename: str) -> bytes | None:
    found = [a for a in as_message(message).attachments if a.filename == filename]
    return env.backend.cdn.get(found[0].url) if found else None


async def senet_played_then_resigned(table, actions: int, rng: random.Random):
    """alice invites bob to Senet; they make `actions` moves with the board's buttons; alice resigns."""
    alice, bob = table.players[:2]
    await alice.slash(table.channel, "play senet", opponent=bob)
    await bob.click(table.channel.last_message, label="Accept")
    thread = thread_of(table)
    for _ in range(actions):
        await mover(table, thread).click(
            board(thread), custom_id=rng.choice(buttons(board(thread), "act")).custom_id
        )
    asked = await alice.slash(thread, "match resign")
    await alice.click(asked.response, label="Yes, resign")
    return thread


@pytest.fixture
def replays(monkeypatch):
    """The views each replay the bot makes is drawn from."""
    made = []

    def recording(views, **options):
        made.append(list(views))
        return original(views, **options)

    original = bot.publishing.ending.render_replay
    monkeypatch.setattr(bot.publishing.ending, "render_replay", recording)
    return made


async def test_the_final_board_carries_an_animated_replay_of_the_whole_match(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    thread = await senet_played_then_resigned(table, 12, random.Random(5))
    final = board(thread)
    log = await env.bot.service.action_log(1)
    assert len(log) >= 12 and (await stored(env)).status == "finished"
    gif = attachment(env, final, REPLAY.format(1))
    assert gif is not None, [a.filename for a in final.attachments]
    replay = Image.open(io.BytesIO(gif))
    assert replay.format == "GIF" and replay.is_animated and replay.n_frames == len(log) + 1
    assert attachment(env, final, "match-1-record.txt") is not None  # the record still comes with it
    assert "`/match replay 1` shows the replay again" in text(final)
    parts = leaf_components(final.components)
    gallery = [
        item for part in parts if isinstance(part, discord.MediaGalleryComponent) for item in part.items
    ]
    # one picture, shown in the board's layout (where it animates), not listed as a file to download;
    # its still frame is the end, so it stands in for the final board
    assert [item.media.url.rsplit("/", 1)[-1] for item in gallery] == [REPLAY.format(1)]
    assert gallery[0].description.startswith("Replay of the match, opening on its final position.")
    # the result and Rematch come before the picture
    kinds = [type(part).__name__ for part in parts]
    assert kinds.index("Button") < kinds.index("MediaGalleryComponent")


async def test_match_replay_shows_an_ended_match_of_this_server_only_to_who_asked(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    thread = await senet_played_then_resigned(table, 6, random.Random(8))
    carol = table.players[2]  # a spectator
    posted = len(table.channel.history()), len(thread.history())
    answer = reply(await carol.slash(table.channel, "match replay", match_id=1))
    assert answer.ephemeral and "Martian Senet** #1" in answer.content
    gif = attachment(env, answer, REPLAY.format(1))
    assert gif == attachment(env, board(thread), REPLAY.format(1))  # the same replay as the final board's
    assert Image.open(io.BytesIO(gif)).n_frames == len(await env.bot.service.action_log(1)) + 1
    assert (len(table.channel.history()), len(thread.history())) == posted  # nothing public


async def test_match_replay_refuses_privately_an_unknown_a_foreign_a_running_or_an_unstarted_match(
    simcord_env,
):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    alice, bob, carol = table.players
    await senet_played_then_resigned(table, 2, random.Random(1))  # match 1: ended, in this server
    await alice.slash(table.channel, "play senet", opponent=bob)
    await bob.click(table.channel.last_message, label="Accept")  # match 2: running
    await alice.slash(table.channel, "play senet", opponent=carol)  # match 3: an invitation
    other = env.create_guild("elsewhere")
    lounge = other.create_text_channel("lounge")
    dee, eve = (other.add_member(env.create_user(name)) for name in ("dee", "eve"))
    await dee.slash(lounge, "play senet", opponent=eve)
    await eve.click(lounge.last_message, label="Accept")
    asked = await dee.slash(lounge.threads[-1], "match resign")
    await dee.click(asked.response, label="Yes, resign")  # match 4: ended, in another server
    assert (await stored(env, 4)).status == "finished"

    expected = {
        99: "There is no match #99 in this server.",
        4: "There is no match #4 in this server.",
        2: "still going on",
        3: "is still an invitation",
    }
    channels = [table.channel, *table.channel.threads]
    posted = [len(channel.history()) for channel in channels]
    for match_id, words in expected.items():
        answer = reply(await bob.slash(table.channel, "match replay", match_id=match_id))
        assert answer.ephemeral and words in answer.content, (match_id, answer.content)
        assert not as_message(answer).attachments, match_id
    assert [len(channel.history()) for channel in channels] == posted  # nothing else was said
    # and the one that may be replayed is
    answer = reply(await bob.slash(table.channel, "match replay", match_id=1))
    assert attachment(env, answer, REPLAY.format(1)) is not None


async def test_an_invitation_that_never_started_has_nothing_to_replay(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play senet", opponent=bob)
    await bob.click(table.channel.last_message, label="Decline")
    assert (await stored(env)).status == "cancelled"
    answer = reply(await alice.slash(table.channel, "match replay", match_id=1))
    assert answer.ephemeral and "never started" in answer.content and not as_message(answer).attachments


@pytest.mark.parametrize("trouble", ["fails", "too large"])
async def test_the_final_board_goes_out_without_a_replay_that_fails_or_is_too_large(
    simcord_env, monkeypatch, caplog, trouble
):
    if trouble == "fails":

        def broken(views, **options):
            raise RuntimeError("no replay today")

        monkeypatch.setattr(bot.publishing.ending, "render_replay", broken)
    else:
        monkeypatch.setattr(bot.publishing.ending, "REPLAY_LIMIT", 1000)
    caplog.set_level(logging.INFO)
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    thread = await senet_played_then_resigned(table, 3, random.Random(2))
    final = board(thread)
    assert "alice** resigned" in text(final)
    assert attachment(env, final, "match-1-record.txt") is not None
    assert attachment(env, final, REPLAY.format(1)) is None
    assert "`/match replay 1` makes an animated replay" in text(final)
    said = " ".join(record.getMessage() for record in caplog.records)
    assert ("Making the replay of match 1 failed" if trouble == "fails" else "too large to upload") in said
    answer = reply(await table.players[1].slash(table.channel, "match replay", match_id=1))
    assert answer.ephemeral and "couldn't make the replay" in answer.content


# --- hidden information -------------------------------------------------------------------------


async def test_a_trickery_replay_shows_no_hand(simcord_env, replays):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol", "dee"])
    await start_match(table)
    thread = thread_of(table)
    rng = random.Random(4)
    for _ in range(10):
        await play_one_action(table, thread, rng)
    root = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(env.create_user("root"), roles=[root])
    asked = await admin.slash(table.channel, "match cancel", match_id=1)
    await admin.click(asked.response, label="Yes, cancel it")
    match = await stored(env)
    assert match.status == "cancelled" and attachment(env, board(thread), REPLAY.format(1)) is not None
    log = await env.bot.service.action_log(1)
    (drawn,) = replays
    assert_spectator_boards(GAMES["trickery"], 4, match.seed, match.options, log, drawn)


async def test_a_mars_replay_shows_no_objective(simcord_env, replays):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    await start_mars(table)
    thread = thread_of(table)
    rng = random.Random(6)
    for _ in range(12):
        await mars_step(table, thread, rng)
    alice = table.players[0]
    asked = await alice.slash(thread, "match resign")
    await alice.click(asked.response, label="Yes, resign")
    match = await stored(env)
    assert match.status == "finished" and attachment(env, board(thread), REPLAY.format(1)) is not None
    log = await env.bot.service.action_log(1)
    (drawn,) = replays
    assert_spectator_boards(GAMES["mars"], 2, match.seed, match.options, log, drawn)


async def test_help_names_match_replay_and_stays_within_one_message(simcord_env):
    table = make_table(simcord_env, ["alice"])
    answer = (await table.players[0].slash(table.channel, "help")).response.content
    assert "/match list|board|log|replay|" in answer and "animated replay" in answer
    assert len(answer) <= 2000
