"""Old data keeps working: the bot starts on a database an older install left, migrates it and
resumes the match in it, whose players go on from the messages posted before the upgrade.

tests/fixtures/schema_v1.db is a schema-version-1 database holding one active Martian Trickery
match a few actions in (tests/fixtures/make_schema_v1.py writes it). Its server, channel, thread,
players and messages carry real-looking Discord ids, which SimCord cannot reuse: SimCord gives
every object an id of its own. So SimCord first makes the server, channel and players, a bot
standing in for the old install posts what that install had left on Discord (the latest board and
the DM prompt of the player to move, their custom_ids written out the way version 1 wrote them),
and then a copy of the fixture gets those ids with plain SQL UPDATEs. Only then does the real bot
start on the copy. SimCord makes threads only when the bot asks, so a text channel stands in for
the match thread; the bot only ever posts into it by id.
"""

import io
import json
import random
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import discord
import pytest_asyncio

from bot import Settings, create_bot
from bot.components import claim_of
from bot.storage import migrations, sqlite_path
from games import GAMES, replay_actions
from renderers import render_board
from tests.helpers import board, buttons, components, dms, last_dm, make_table, play_one_action, reply

OLD_DATABASE = Path(__file__).parent.parent / "fixtures" / "schema_v1.db"
TRICKERY = GAMES["trickery"]
ACTIONS_AFTER_THE_UPGRADE = 7  # the rest of the second trick, a whole third one and a lead


@pytest_asyncio.fixture
async def simcord_bot(tmp_path):
    """SimCord needs a running bot before it can make the server and players; this one, on an empty
    database of its own, stands in for the old install until the real bot starts on its data."""
    stand_in = create_bot(Settings(database_url=f"sqlite:///{tmp_path / 'stand_in.db'}", shard_count=1))
    yield stand_in
    await stand_in.close_storage()  # SimCord detaches bots without closing them


def read(path: Path | str, sql: str) -> list[tuple]:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(sql).fetchall()


def old_buttons(version: int, labelled_actions: list[tuple[str, str]]) -> discord.ui.View:
    """Buttons with custom_ids as version 1 wrote them: `m1:<match>:<version>:<kind>[:<argument>]`."""
    view = discord.ui.View(timeout=None)
    for label, claim in labelled_actions:
        view.add_item(discord.ui.Button(label=label, custom_id=f"m1:1:{version}:{claim}"))
    return view


async def post_what_the_old_install_left(env, table, thread, old_log) -> tuple[int, int]:
    """The latest board (Play, My hand) and the mover's DM prompt (a button per playable card), as
    the stand-in bot; returns their message ids."""
    [(seed, options_json)] = read(OLD_DATABASE, "SELECT seed, options_json FROM matches")
    state = replay_actions(TRICKERY, 3, seed, json.loads(options_json), old_log)
    assert state.plays, "the fixture's player to move follows a trick, with one button per card"
    version = 1 + len(old_log)
    mover_seat = state.to_move[0]
    mover = table.players[mover_seat]
    picture = discord.File(io.BytesIO(render_board(state.view(None))), filename="board.png")
    old_board = await env.bot.get_channel(thread.id).send(
        f"**Martian Trickery** · match #1\n"
        f"👉 <@{mover.id}>, your turn! Play from your DMs or with **Play** below.",
        file=picture,
        view=old_buttons(version, [("Play", "play"), ("My hand", "hand")]),
    )
    cards = [(action.card.label, f"act:{action}") for action in state.legal_actions(mover_seat)]
    dm = await env.bot.create_dm(discord.Object(mover.id))
    old_prompt = await dm.send(f"**Your turn.** (P{mover_seat + 1})", view=old_buttons(version, cards))
    return old_board.id, old_prompt.id


def copy_with_ids_of(table, thread, board_id: int, prompt_id: int, path: str) -> None:
    """Copy the old database to `path`, its Discord ids replaced by SimCord's."""
    shutil.copyfile(OLD_DATABASE, path)
    with closing(sqlite3.connect(path)) as conn, conn:
        for seat, player in enumerate(table.players):
            old_user = conn.execute("SELECT user_id FROM seats WHERE seat = ?", (seat,)).fetchone()[0]
            conn.execute("UPDATE seats SET user_id = ? WHERE user_id = ?", (player.id, old_user))
            conn.execute("UPDATE matches SET host_id = ? WHERE host_id = ?", (player.id, old_user))
        conn.execute(
            "UPDATE matches SET guild_id = ?, channel_id = ?, thread_id = ?, board_message_id = ?",
            (table.guild.id, table.channel.id, thread.id, board_id),
        )
        conn.execute(
            "UPDATE seats SET prompt_message_id = ? WHERE prompt_message_id IS NOT NULL", (prompt_id,)
        )


async def test_an_active_match_from_schema_v1_migrates_and_plays_on(simcord_env, make_bot, database_url):
    env = simcord_env
    path = sqlite_path(database_url)
    assert read(OLD_DATABASE, "PRAGMA user_version") == [(1,)], "the fixture is a schema-1 database"
    old_names = [name for (name,) in read(OLD_DATABASE, "SELECT display_name FROM seats ORDER BY seat")]
    old_log = read(OLD_DATABASE, "SELECT seat, action FROM actions ORDER BY ply")
    assert len(old_names) == 3 and len(old_log) >= 3

    table = make_table(env, [name.lower() for name in old_names])
    thread = table.guild.create_text_channel("martian-trickery-1")  # stands in for the match thread
    board_id, prompt_id = await post_what_the_old_install_left(env, table, thread, old_log)
    copy_with_ids_of(table, thread, board_id, prompt_id, path)
    await env.restart_bot(make_bot())

    latest = max(number for number, _ in migrations())
    assert read(path, "PRAGMA user_version") == [(latest,)]
    service = env.bot.service
    resumed = await service.load(1)
    assert resumed.status == "active" and resumed.names == old_names
    assert [seat.user_id for seat in resumed.seats] == [player.id for player in table.players]
    assert resumed.version == 1 + len(old_log) and resumed.board_version == resumed.version
    replayed = replay_actions(TRICKERY, 3, resumed.seed, resumed.options, old_log)
    assert resumed.state.to_json() == replayed.to_json()
    assert await service.behind_on_discord() == [], "an up-to-date match posts nothing at start"

    # The buttons posted before the upgrade still work: a waiting player looks at their hand from
    # the old board, and the player to move plays from the old DM prompt.
    mover = table.players[resumed.state.to_move[0]]
    waiting = next(player for player in table.players if player is not mover)
    shown = reply(await waiting.click(board(thread), label="My hand"))
    assert shown.ephemeral and "Your cards:" in shown.content
    assert last_dm(mover).id == prompt_id
    rng = random.Random(11)
    await play_one_action(table, thread, rng)
    assert board(thread).id != board_id and len(await service.action_log(1)) == len(old_log) + 1
    # the old prompt is now their private message, edited in place: never a stale call to act
    used = next(message for message in dms(mover) if message.id == prompt_id)
    now = await service.load(1)
    if mover.id in [now.seats[seat].user_id for seat in now.state.to_move]:  # they won the trick: they lead
        assert {claim_of(c.custom_id).version for c in components(used)} == {now.version}
    else:
        assert "Waiting for" in used.content and not buttons(used)
    assert not buttons(next(message for message in thread.history() if message.id == board_id))
    for _ in range(ACTIONS_AFTER_THE_UPGRADE - 1):
        await play_one_action(table, thread, rng)

    played = await service.load(1)
    log = await service.action_log(1)
    assert log[: len(old_log)] == old_log, "the old history is kept as it was"
    assert len(log) == len(old_log) + ACTIONS_AFTER_THE_UPGRADE
    assert played.status == "active" and played.version == 1 + len(log)
    replayed = replay_actions(TRICKERY, 3, played.seed, played.options, log)
    assert replayed.to_json() == played.state.to_json(), "the stored state is the replay of the stored log"
    assert read(path, "PRAGMA integrity_check") == [("ok",)]
    assert read(path, "PRAGMA foreign_key_check") == []
