"""Click latency: the real bot in SimCord, driven only through what Discord shows its players.

For each game a match is started the way players start one (`/play <game>`, everyone presses
Accept), then the players make random moves with the components they are shown: move buttons and
selects on the board, their DM prompt, or the private prompt that **Play** opens. Every
interaction is timed from the click until SimCord has settled the bot's handling of it (the
awaited click returns once every task and worker thread it started has finished). An interaction
that changes the board is a *move*; the others (opening Play, picking a piece before its target)
are *steps* towards one. When a match ends, another starts.

Only the bot's public surface is used (slash commands, clicks, selects, DMs) plus `create_bot`,
so the figures stay comparable while `bot/` is rewritten. Needs SimCord, from the test extras
(`pip install -e ".[test]"`).
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import random
import re
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

import discord
import simcord

from bot import Settings, create_bot
from bot.components import claim_of
from games import GAMES

from .stats import median, p95

# Table sizes: the two three-seat games at three, the others at two.
PLAYERS = {"trickery": 3, "mars": 2, "senet": 2, "flood": 3, "combat": 2}
NAMES = ("alice", "bob", "carol", "dave")
SEED = 1
MAX_STEPS_PER_MOVE = 40  # a random player that hasn't moved by then starts over from the board
MAX_TRIES_PER_MOVE = 20  # starts over from the board this often without a move: the bot is stuck
SETTLE_TIMEOUT = 120.0  # generous: a loaded machine may take seconds to draw a board
TURN_LINE = re.compile(r"👉[^\n]*?<@!?(\d+)>")


@dataclass
class ClickTimes:
    game_id: str
    players: int
    move_ms: list[float] = field(default_factory=list)
    handled_ms: list[float] = field(default_factory=list)  # of each move, inside the bot (see measure_game)
    step_ms: list[float] = field(default_factory=list)
    matches: int = 0


@dataclass
class Surface:
    """A message with components, and who clicks on it (a member in the server, a user in DMs)."""

    message: object  # discord.Message, or simcord.ResponseMessage for interaction replies
    actor: object
    channel: object | None  # where to read the message again after an edit; None: it stays live


def players_for(game_id: str) -> int:
    return PLAYERS.get(game_id, GAMES[game_id].min_players)


# --- reading what players see ---------------------------------------------------------------


def _plain(message):
    """SimCord returns interaction replies as ResponseMessage; read them as discord.Message."""
    return getattr(message, "message", message)


def leaf_components(components) -> list:
    """Every leaf component, also inside a Components V2 layout (containers, action rows)."""
    found = []
    for part in components:
        children = getattr(part, "children", None)
        found.extend(leaf_components(children) if children is not None else [part])
    return found


def text(message) -> str:
    """What a message says: its content and the text blocks of its layout."""
    message = _plain(message)
    blocks = [
        part.content for part in leaf_components(message.components) if isinstance(part, discord.TextDisplay)
    ]
    return "\n".join(part for part in [message.content, *blocks] if part)


def controls(message) -> list:
    """Enabled buttons and selects on a message, in order."""
    found = []
    for item in leaf_components(_plain(message).components):
        usable = item.options if isinstance(item, discord.SelectMenu) else getattr(item, "custom_id", None)
        if isinstance(item, discord.SelectMenu | discord.Button) and usable and not item.disabled:
            found.append(item)
    return found


def board(where):
    """The latest message in the match's thread with a picture: the board (an ended match's last
    board shows its replay)."""
    for message in reversed(where.history()):
        if any(a.filename.endswith((".png", "-replay.gif")) for a in message.attachments):
            return message
    return None


def signature(message) -> tuple:
    """What changes when a move is made: the board is edited or a new one is posted."""
    if message is None:
        return ()
    return (message.id, text(message), tuple(a.url for a in message.attachments))


def movers(players: list, message) -> list:
    """The players the board names as having to act (`👉 @name`); none once the match is over."""
    if message is None:
        return []
    ids = {int(user_id) for user_id in TURN_LINE.findall(text(message))}
    return [player for player in players if player.id in ids]


def reread(surface: Surface):
    if surface.channel is None:
        return surface.message
    return next((m for m in surface.channel.history() if m.id == surface.message.id), None)


def answer(result):
    """What the bot answered to an interaction: its last followup, else the response."""
    return result.followups[-1] if result.followups else result.response


# --- playing ----------------------------------------------------------------------------------


class RandomPlayers:
    """Plays one game's matches at one table with random choices, timing every interaction."""

    def __init__(
        self, env, game_id: str, num_players: int, rng: random.Random, *, locale: str | None = None
    ) -> None:
        self.env, self.game_id, self.rng = env, game_id, rng
        self.times = ClickTimes(game_id, num_players)
        self.guild = guild = env.create_guild(preferred_locale=locale)  # None: Discord's default (en-US)
        self.channel = guild.create_text_channel("games")
        self.players = [guild.add_member(env.create_user(name)) for name in NAMES[:num_players]]
        self.thread = None
        self.handled: list[float] = []  # filled by handled_times, when measured
        self.handled_before = 0

    async def start_match(self) -> None:
        """The host runs `/play <game>` naming everyone else; they all press Accept."""
        host, *guests = self.players
        options = await self._opponent_options()
        await host.slash(self.channel, f"play {self.game_id}", **dict(zip(options, guests, strict=False)))
        lobby = self.channel.last_message
        for guest in guests:
            await guest.click(lobby, custom_id=_claimed(lobby, "acc").custom_id)
        threads = self.channel.threads
        self.thread = threads[-1] if threads else self.channel
        self.times.matches += 1
        if not movers(self.players, board(self.thread)):
            raise RuntimeError(
                f"{self.game_id}: the match did not start: {self.channel.last_message.content!r}"
            )

    async def _opponent_options(self) -> list[str]:
        """The member options of `/play <game>` as Discord lists them, in order."""
        play = next(c for c in await self.env.bot.tree.fetch_commands() if c.name == "play")
        command = next(o for o in play.options if o.name == self.game_id)
        return [o.name for o in command.options if o.type == discord.AppCommandOptionType.user]

    async def timed(self, surface: Surface, item):
        """Click a button or choose a random option of a select; returns the result and seconds."""
        started = time.perf_counter()
        self.handled_before = len(self.handled)
        if hasattr(item, "options"):
            value = self.rng.choice(item.options).value
            result = await surface.actor.select(surface.message, [value], custom_id=item.custom_id)
        else:
            result = await surface.actor.click(surface.message, custom_id=item.custom_id)
        return result, time.perf_counter() - started

    def _where_to_act(self, player, current) -> Surface | None:
        """Moves on the board itself when it shows them, else the player's DM prompt (half the
        time, when there is one); None: open Play."""
        on_board = controls(current)
        if on_board and not any(_kind(item) == "play" for item in on_board):
            return Surface(current, player, self.thread)
        dm_channel = player.user.dm_channel
        dm = dm_channel.last_message if dm_channel is not None else None
        if dm is not None and controls(dm) and self.rng.random() < 0.5:
            return Surface(dm, player.user, dm_channel)
        return None

    async def move(self) -> bool:
        """One player to move clicks until the board changes (one move; True), starting a new
        match when the last one is over. False: they found nothing more to click first."""
        current = board(self.thread) if self.thread is not None else None
        to_move = movers(self.players, current)
        if not to_move:
            await self.start_match()
            current = board(self.thread)
            to_move = movers(self.players, current)
        before = signature(current)
        player = self.rng.choice(to_move)
        surface = self._where_to_act(player, current)
        if surface is None:
            result, seconds = await self.timed(Surface(current, player, self.thread), _play_button(current))
            self.times.step_ms.append(seconds * 1000)
            surface = Surface(answer(result), player, None)
        for _ in range(MAX_STEPS_PER_MOVE):
            choices = controls(surface.message)
            if not choices:
                return False  # nothing to click here any more: look at the board again
            result, seconds = await self.timed(surface, self.rng.choice(choices))
            if signature(board(self.thread)) != before:
                self.times.move_ms.append(seconds * 1000)
                self.times.handled_ms.append(sum(self.handled[self.handled_before :]) * 1000)
                return True
            self.times.step_ms.append(seconds * 1000)
            reply = answer(result)
            if reply is not None and reply.id != surface.message.id and controls(reply):
                surface = Surface(reply, surface.actor, None)  # a new private prompt
            else:
                message = reread(surface)
                if message is None:
                    return False
                surface = Surface(message, surface.actor, surface.channel)
        return False


def _kind(item) -> str | None:
    claim = claim_of(item.custom_id or "")
    return claim.kind if claim else None


def _claimed(message, kind: str):
    """The control of `kind` on a message (its label is in the server's language)."""
    return next(item for item in controls(message) if _kind(item) == kind)


def _play_button(message):
    return _claimed(message, "play")


class ThinkingLoad:
    """`matches` computer players' decisions kept queued at once, as that many matches waiting on
    their computer players would keep them: hard-level decisions on mid-game positions of every
    game, in a pool of `workers` processes like the bot's own (`COMPUTER_WORKERS`). It is fed from
    a thread of its own, outside the bot, so SimCord's settling (which waits for the bot's work,
    including its pool) never waits for it: clicks are timed while the thinking goes on."""

    def __init__(self, matches: int, workers: int = 1) -> None:
        from .play import random_midgame_position

        self.matches = matches
        self.workers = workers
        self.positions = []
        for index in range(matches):
            game = list(GAMES.values())[index % len(GAMES)]
            state = random_midgame_position(game, game.min_players, 500 + index)
            while not state.is_over and len(state.legal_actions(state.to_move[0])) < 2:
                state = random_midgame_position(game, game.min_players, state.rng.seed + 1)
            self.positions.append((game.id, state.to_json(), state.to_move[0]))
        self.decisions = 0
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None

    def __enter__(self) -> ThinkingLoad:
        self._thread = threading.Thread(target=self._feed, daemon=True)
        self._thread.start()
        self._ready.wait()  # the workers are up and thinking before the first click
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def _feed(self) -> None:
        from computer import decide

        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(self.workers, mp_context=context) as pool:
            pool.submit(decide, *self.positions[0], "easy", 0).result()
            self._ready.set()
            queued = {pool.submit(decide, *position, "hard", 0): position for position in self.positions}
            while not self._stop.is_set():
                done, _ = wait(queued, timeout=0.2, return_when=FIRST_COMPLETED)
                for future in done:
                    position = queued.pop(future)
                    future.result()
                    self.decisions += 1
                    queued[pool.submit(decide, *position, "hard", self.decisions)] = position
            for future in queued:
                future.cancel()


async def measure_game(
    game_id: str, moves: int, seed: int = SEED, *, load: ThinkingLoad | None = None
) -> ClickTimes:
    """`moves` timed moves of `game_id`, on a fresh bot and database, while `load` thinks (if given)."""
    with tempfile.TemporaryDirectory(prefix="arcade-clicks-") as directory, load or contextlib.nullcontext():
        url = f"sqlite:///{Path(directory) / 'clicks.db'}"
        bot = create_bot(Settings(database_url=url, sync_commands=True, shard_count=1))
        try:
            async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT) as env:
                table = RandomPlayers(env, game_id, players_for(game_id), random.Random(seed))
                table.handled = handled_times(bot)
                await table.start_match()
                while len(table.times.move_ms) < moves:
                    for _ in range(MAX_TRIES_PER_MOVE):
                        if await table.move():
                            break
                    else:
                        raise RuntimeError(f"{game_id}: no move after {MAX_TRIES_PER_MOVE} tries")
        finally:
            await bot.close()  # SimCord detaches the bot without closing its database
    return table.times


def handled_times(bot) -> list[float]:
    """Seconds each click spent in the bot's hands, from its claim reaching the router until the
    new board and private messages are out. SimCord's settling checks for leftover work every
    50 ms while a timer is pending, which puts a floor under the click-to-settled times; this is
    the click's own cost."""
    found: list[float] = []
    dispatch = bot.router.dispatch

    async def timed(*args):
        started = time.perf_counter()
        try:
            return await dispatch(*args)
        finally:
            found.append(time.perf_counter() - started)

    bot.router.dispatch = timed
    return found


def measure_clicks(game_ids: list[str], moves: int, progress) -> dict[str, ClickTimes]:
    found = {}
    for game_id in game_ids:
        progress(f"{game_id}: {moves} moves by clicks through SimCord, {players_for(game_id)} players")
        found[game_id] = asyncio.run(measure_game(game_id, moves))
    return found


def click_summary(times: ClickTimes) -> dict:
    return {
        "players": times.players,
        "matches": times.matches,
        "moves": len(times.move_ms),
        "move_ms_p50": median(times.move_ms),
        "move_ms_p95": p95(times.move_ms),
        "move_ms_max": max(times.move_ms),
        "handled_ms_p50": median(times.handled_ms),
        "handled_ms_p95": p95(times.handled_ms),
        "steps": len(times.step_ms),
        "step_ms_p50": median(times.step_ms) if times.step_ms else 0.0,
        "step_ms_p95": p95(times.step_ms) if times.step_ms else 0.0,
    }
