"""Helpers the tests share: driving the bot through SimCord the way players would, and a match
service on a bare database."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import discord
import simcord

from benchmarks.clicks import leaf_components, text
from bot.commands import opponent_names
from bot.components import claim_of
from bot.kits import KITS
from bot.repository import Repository
from bot.service import MatchService
from games import GAMES

TURN_MENTION = re.compile(r"👉 <@(\d+)>")
ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Table:
    env: object
    guild: object
    channel: object
    players: list  # MemberActors, host first
    match_id: int = 1  # the match these players are in, for helpers that read the stored state

    def by_id(self, user_id: int):
        return next(p for p in self.players if p.id == user_id)


def make_table(env, names: list[str]) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in names]
    return Table(env, guild, channel, players)


def admin_of(env, table: Table):
    """A member of the table's server with Manage Server."""
    role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(env.create_user("root"), roles=[role])


def as_message(message) -> discord.Message:
    """SimCord returns interaction replies as ResponseMessage; read them as discord.Message."""
    return message.message if isinstance(message, simcord.ResponseMessage) else message


def components(message) -> list:
    """Every button and select on a message, flattened (also inside a Components V2 layout)."""
    return [c for c in leaf_components(as_message(message).components) if getattr(c, "custom_id", None)]


def buttons(message: discord.Message, kind: str | None = None) -> list:
    found = [c for c in components(message) if isinstance(c, discord.Button) and c.custom_id]
    if kind:
        found = [b for b in found if claim_of(b.custom_id).kind == kind]
    return found


def selects(message: discord.Message) -> list:
    return [c for c in components(message) if isinstance(c, discord.SelectMenu)]


def reply(result):
    """What the bot answered to an interaction: its last followup, else the (deferred) response."""
    return result.followups[-1] if result.followups else result.response


def dms(player) -> list[discord.Message]:
    return player.user.dm_channel.history()


def last_dm(player) -> discord.Message | None:
    return player.user.dm_channel.last_message


def thread_of(table: Table):
    threads = table.channel.threads
    return threads[-1] if threads else None


async def stored(env, match_id: int = 1):
    """The match as the bot has it saved."""
    return await env.bot.service.load(match_id)


def movers(table: Table, where) -> list:
    """The players the latest board names as having to act."""
    return [table.by_id(int(user_id)) for user_id in TURN_MENTION.findall(text(board(where)))]


def mover(table: Table, where):
    """The (first) player the latest board names as having to act."""
    return movers(table, where)[0]


def kind_of(component) -> str:
    return claim_of(component.custom_id).kind


def board(where) -> discord.Message:
    """The latest board message: the last message in the match thread or channel with a board image
    (the last board of an ended match shows its replay instead, or the board when none was made)."""
    for message in reversed(where.history()):
        if any(a.filename == "board.png" or a.filename.endswith("-replay.gif") for a in message.attachments):
            return message
    raise AssertionError("no board message found")


async def start_match(table: Table, game: str = "trickery", **options):
    """Host runs /play with everyone else as opponents; everyone accepts."""
    host, *guests = table.players
    named = dict(zip(opponent_names(KITS[game]), guests, strict=False))
    result = await host.slash(table.channel, f"play {game}", **named, **options)
    lobby = table.channel.last_message
    for guest in guests:
        await guest.click(lobby, label="Accept")
    return result, lobby


async def play_one_action(table: Table, where, rng: random.Random, *, use_dm: bool | None = None) -> str:
    """The player to move makes a random legal choice through the UI; returns what they clicked.

    Uses their DM prompt when they have one (or when `use_dm` says so), else Play → ephemeral.
    """
    current = board(where)
    mover = movers(table, where)[0]
    dm = last_dm(mover)
    prompt_in_dm = dm is not None and buttons(dm) + selects(dm) and use_dm is not False
    actor = mover
    if prompt_in_dm:
        prompt, actor = dm, mover.user  # in DMs a player acts as a user, outside any guild
    else:
        prompt = reply(await mover.click(current, label="Play"))
    if selects(prompt):
        menu = selects(prompt)[0]
        choice = rng.choice(menu.options).value
        await actor.select(prompt, [choice], custom_id=menu.custom_id)
        prompt = refresh(prompt, mover)
    card_buttons = [b for b in buttons(prompt, "act") if not b.disabled]  # greyed out: not allowed now
    assert card_buttons, f"no move buttons in prompt: {prompt.content!r}"
    button = rng.choice(card_buttons)
    await actor.click(prompt, custom_id=button.custom_id)
    return button.custom_id


def refresh(message, player):
    """Re-read a message after the bot edited it."""
    if isinstance(message, simcord.ResponseMessage):
        return message
    return next(m for m in dms(player) if m.id == message.id)


def service_on(db, *, clock, lobby_timeout: float = 600) -> MatchService:
    """The match service of every game on an open `bot.storage.Database`, as the bot builds it."""
    engines = {game_id: kit.engine for game_id, kit in KITS.items()}
    return MatchService(Repository(db, engines), KITS, clock=clock, lobby_timeout=lobby_timeout)


async def until_a_decision_can_be_taken_back(service, match, seed=1):
    """Random legal decisions until the last one can be taken back; returns the match then."""
    chooser = random.Random(seed)
    game = GAMES[match.game_id]
    for _ in range(500):
        seat = match.state.to_move[0]
        before = game.from_json(match.state.to_json())
        action = str(chooser.choice(match.state.legal_actions(seat)))
        await service.act(match.id, match.user_at(seat), match.version, action)
        match = await service.load(match.id)
        if game.can_take_back(before, match.state, len(match.seats)):
            return match
    raise AssertionError("no decision could be taken back")


def bot_command(*args: str, cwd: Path, **settings: str) -> subprocess.CompletedProcess:
    """`python -m bot ARGS` as an admin runs it in `cwd`, with only `settings` set: none of the
    settings `.env.example` lists comes in from this machine's environment. The timeout only
    keeps a hang from stopping the tests."""
    listed = re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.MULTILINE)
    clean = {name: value for name, value in os.environ.items() if name not in listed}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=cwd,
        env={**clean, "PYTHONPATH": str(ROOT), **settings},
        capture_output=True,
        text=True,
        timeout=120,
    )
