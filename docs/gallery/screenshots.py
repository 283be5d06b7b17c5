"""Phone-sized screenshots of matches as their players see them in Discord.

`python docs/gallery/screenshots.py OUT_DIR` runs the bot of the checkout it is run from (the
current directory) under SimCord, plays a seeded match of each game with simulated members, and
photographs the messages with SimCord's local Preview in Debian's `chromium`, headless, at a
450-px-wide viewport:

- `<game>-board.png`: the live board message in the match's thread, mid-game;
- `<game>-dm.png`: what the player to move sees privately when acting, mid-game: their DM
  (Trickery, M.A.R.S.) or the private (ephemeral) prompt the board's controls open (Flood,
  Combat); none for Senet, whose moves are on the board itself;
- `<game>-final.png`: the board once the match is over (played to its end with random choices;
  a player resigns when it takes too long).

Only what players do is used (slash commands, clicks and selects through SimCord) and controls are
found by their kind or label, so the script keeps working while the bot's messages are redesigned.
A step that fails is logged and the script goes on with the next game. `--games` picks games.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import io
import os
import random
import re
import secrets
import shutil
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, os.getcwd())  # the bot of the checkout this is run from

import aiohttp
import discord
import simcord
from PIL import Image

from bot import Settings, create_bot

PHONE_WIDTH = 450
VIEWPORT_HEIGHT = 2400
SEED = 1
NAMES = ("alice", "bob", "carol", "dave")
SETTLE_TIMEOUT = 120.0  # real seconds a step of the bot may take before SimCord calls it hung
MAX_BYTES = 400_000  # larger screenshots are quantised to 256 colours


@dataclass(frozen=True)
class Plan:
    players: int
    mid_moves: int  # moves made before the mid-game shots
    max_moves: int  # moves after which someone resigns instead of playing on
    options: tuple[tuple[str, str], ...] = ()  # `/play` options, each given only if /play has it


PLANS = {
    "trickery": Plan(players=3, mid_moves=22, max_moves=600),
    "mars": Plan(players=2, mid_moves=14, max_moves=500),
    "senet": Plan(players=2, mid_moves=30, max_moves=1500),
    "flood": Plan(players=3, mid_moves=14, max_moves=600),
    "combat": Plan(players=2, mid_moves=30, max_moves=600, options=(("rounds", "30"),)),  # a shorter match
}
PROMPT_LOOKAHEAD = 40  # moves played on after the board's shot until someone acts in private

# custom_id kinds (`m1:<match>:<version>:<kind>[:<argument>]` today) a random player never presses:
# they show things, leave the match or start another one.
NOT_MOVES = {
    "hint",
    "words",
    "hand",
    "log",
    "rematch",
    "resign",
    "cancel",
    "handover",
    "sub",
    "end",
    "dec",
    "refuse",
}
NOT_MOVE_LABELS = re.compile(r"hint|my hand|rematch|resign|hand over|history|decline|log|page", re.I)
TURN_LINE = re.compile(r"👉[^\n]*?<@!?(\d+)>")
MENTION = re.compile(r"<@!?(\d+)>")


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# --- reading what players see ------------------------------------------------------------------


def plain(message):
    """SimCord returns interaction replies as ResponseMessage; read them as discord.Message."""
    return getattr(message, "message", message)


def leaves(components) -> list:
    """Every leaf component, also inside a Components V2 layout (containers, sections, rows)."""
    found = []
    for part in components or ():
        children = [
            *(getattr(part, "children", None) or ()),
            *([part.accessory] if getattr(part, "accessory", None) is not None else []),
        ]
        found.extend(leaves(children) if children else [part])
    return found


def text(message) -> str:
    """What a message says: content, text blocks of its layout, embeds."""
    message = plain(message)
    if message is None:
        return ""
    parts = [message.content or ""]
    parts += [c.content for c in leaves(message.components) if isinstance(c, discord.TextDisplay)]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or ""]
        parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    return "\n".join(part for part in parts if part)


def kind(item) -> str:
    """The kind a control's custom_id claims (`act`, `play`, `pick`…), or '' when it has none."""
    fields = str(getattr(item, "custom_id", "") or "").split(":")
    return next((f for f in fields[1:] if re.fullmatch(r"[a-z]{2,10}", f)), "")


def label(item) -> str:
    return str(getattr(item, "label", None) or getattr(item, "placeholder", None) or "")


def controls(message) -> list:
    """Enabled buttons and selects (with options) of a message, in order."""
    message = plain(message)
    if message is None:
        return []
    found = []
    for item in leaves(message.components):
        if isinstance(item, discord.SelectMenu):
            usable = bool(item.options)
        else:
            usable = isinstance(item, discord.Button) and bool(item.custom_id)
        if usable and not item.disabled:
            found.append(item)
    return found


def moves(message) -> list:
    """The controls on a message that make or prepare a move."""
    return [
        c
        for c in controls(message)
        if kind(c) not in NOT_MOVES and not NOT_MOVE_LABELS.search(label(c)) and kind(c) != "play"
    ]


def play_button(message):
    return next(
        (c for c in controls(message) if kind(c) == "play" or label(c).strip().lower() == "play"), None
    )


def has_picture(message) -> bool:
    return any(
        a.filename.lower().endswith((".png", ".jpg", ".webp", ".gif")) for a in plain(message).attachments
    )


def board(where):
    """The match's board: the latest message in its thread with a picture (else with controls)."""
    history = where.history()
    for test in (has_picture, controls):
        found = next((m for m in reversed(history) if test(m)), None)
        if found is not None:
            return found
    return history[-1] if history else None


def signature(message) -> tuple:
    if message is None:
        return ()
    return (message.id, text(message), tuple(a.url for a in message.attachments))


def is_over(message) -> bool:
    return any(kind(c) == "rematch" or "rematch" in label(c).lower() for c in controls(message))


def answer(result):
    """What the bot answered to an interaction: its last followup, else its response."""
    if result is None:
        return None
    return result.followups[-1] if result.followups else result.response


# --- a table of simulated members playing random moves -------------------------------------------


class Table:
    def __init__(self, env, game_id: str, plan: Plan, rng: random.Random) -> None:
        self.env, self.game_id, self.plan, self.rng = env, game_id, plan, rng
        self.guild = env.create_guild("Martian Arcade")
        self.channel = self.guild.create_text_channel("games")
        self.players = [self.guild.add_member(env.create_user(name)) for name in NAMES[: plan.players]]
        self.thread = None
        self.moves_made = 0

    def by_id(self, user_id: int):
        return next((p for p in self.players if p.id == user_id), None)

    @property
    def board(self):
        return board(self.thread)

    async def start(self) -> None:
        """The host runs `/play <game>` naming the others as opponents; they press Accept."""
        host, *guests = self.players
        play = next(c for c in await self.env.bot.tree.fetch_commands() if c.name == "play")
        command = next(o for o in play.options if o.name == self.game_id)
        members = [o.name for o in command.options if o.type == discord.AppCommandOptionType.user]
        options = dict(zip(members, guests, strict=False))
        for name, value in self.plan.options:
            option = next((o for o in command.options if o.name == name), None)
            if option is not None and (not option.choices or value in [str(c.value) for c in option.choices]):
                options[name] = value
            else:
                log(f"  {self.game_id}: /play has no option {name}:{value}; playing without it")
        await host.slash(self.channel, f"play {self.game_id}", **options)
        lobby = self.channel.last_message
        for guest in guests:
            accept = next(
                c for c in controls(lobby) if kind(c) == "acc" or label(c).strip().lower() == "accept"
            )
            await guest.click(lobby, custom_id=accept.custom_id)
            lobby = next((m for m in self.channel.history() if m.id == lobby.id), lobby)
        threads = self.channel.threads
        self.thread = threads[-1] if threads else self.channel
        if self.board is None:
            raise RuntimeError(f"the match did not start: {text(self.channel.last_message)!r}")

    def movers(self) -> list:
        """Who the board names to act (`👉 @name`), else everyone it mentions, else everyone."""
        message_text = text(self.board)
        for pattern in (TURN_LINE, MENTION):
            named = [self.by_id(int(i)) for i in pattern.findall(message_text)]
            named = list(dict.fromkeys(p for p in named if p is not None))
            if named:
                return named
        return list(self.players)

    async def press(self, actor, message, item):
        """Click a button, or choose a random option of a select."""
        if isinstance(item, discord.SelectMenu):
            value = self.rng.choice(item.options).value
            return await actor.select(message, [value], custom_id=item.custom_id)
        return await actor.click(message, custom_id=item.custom_id)

    async def move(self) -> bool:
        """Someone named to act makes a random move through what they are shown; True once the
        board changed."""
        before = signature(self.board)
        candidates = self.movers()
        self.rng.shuffle(candidates)
        others = [p for p in self.players if p not in candidates]
        for player in candidates + others:
            if await self._try_move(player, before):
                self.moves_made += 1
                return True
        return False

    async def _try_move(self, player, before: tuple) -> bool:
        current = self.board
        dm_channel = player.user.dm_channel
        dm = dm_channel.last_message if dm_channel is not None else None
        if moves(current):
            surface, actor, channel = current, player, self.thread
        elif dm is not None and moves(dm) and self.rng.random() < 0.5:
            surface, actor, channel = dm, player.user, dm_channel
        elif play_button(current) is not None:
            surface, actor, channel = (
                answer(await player.click(current, custom_id=play_button(current).custom_id)),
                player,
                None,
            )
        elif dm is not None and moves(dm):
            surface, actor, channel = dm, player.user, dm_channel
        else:
            return False
        for _ in range(40):
            choices = moves(surface)
            if not choices:
                return False
            result = await self.press(actor, surface, self.rng.choice(choices))
            if signature(self.board) != before:
                return True
            reply = answer(result)
            if reply is not None and reply.id != plain(surface).id and moves(reply):
                surface, channel = reply, None  # a new private prompt
            elif channel is not None:
                surface = next((m for m in channel.history() if m.id == plain(surface).id), None)
                if surface is None:
                    return False
            # else: an interaction reply edited in place; SimCord's handle reads the latest version
        return False

    async def play(self, count: int) -> None:
        stuck = 0
        while self.moves_made < count and not is_over(self.board):
            if await self.move():
                stuck = 0
            else:
                stuck += 1
                if stuck >= 5:
                    raise RuntimeError(
                        f"nobody could move after {self.moves_made} moves: {text(self.board)!r}"
                    )

    async def private_prompt(self):
        """What the player to move sees privately when acting: (channel, viewer, message), or None.

        Their DM when it has controls; else the private reply of the board's Play button; else the
        private reply to a select on the board that prepares a move in steps (a scrap, a piece)."""
        players = self.movers() + [p for p in self.players if p not in self.movers()]
        for player in players:
            dm_channel = player.user.dm_channel
            dm = dm_channel.last_message if dm_channel is not None else None
            if dm is not None and controls(dm):
                return dm_channel, player.user, dm
        for player in self.movers():
            current = self.board
            if play_button(current) is not None:
                reply = answer(await player.click(current, custom_id=play_button(current).custom_id))
                if reply is not None and controls(reply):
                    return self.thread, player, reply
            before = signature(current)
            for menu in [c for c in moves(current) if isinstance(c, discord.SelectMenu)]:
                if kind(menu) not in ("pick", ""):
                    continue
                reply = answer(await self.press(player, current, menu))
                if signature(self.board) != before:
                    return None  # that was a whole move after all
                if reply is not None and reply.id != current.id and controls(reply):
                    return self.thread, player, reply
        return None

    async def end(self) -> str:
        """Play on to the end; past the plan's limit, players resign. Returns how it ended."""
        try:
            await self.play(self.plan.max_moves)
        except RuntimeError as error:
            log(f"  {self.game_id}: {error}; resigning")
        if is_over(self.board):
            return f"played to the end in {self.moves_made} moves"
        for player in self.movers():
            question = answer(await player.slash(self.thread, "match resign"))
            confirm = next(
                (c for c in controls(question) if kind(c) == "resign" or "resign" in label(c).lower()), None
            )
            if confirm is not None:
                await player.click(question, custom_id=confirm.custom_id)
            for other in self.players:  # with more players, the others may vote to end the match
                ending = next(
                    (
                        c
                        for c in controls(self.board)
                        if kind(c) == "end" or "end the match" in label(c).lower()
                    ),
                    None,
                )
                if ending is None:
                    break
                if other is not player:
                    await other.click(self.board, custom_id=ending.custom_id)
            if is_over(self.board) or (not moves(self.board) and play_button(self.board) is None):
                return f"resigned after {self.moves_made} moves"
        return f"not over after {self.moves_made} moves"


# --- photographing messages with SimCord's Preview in headless Chromium -------------------------


class Chromium:
    """Debian's chromium, headless, driven over the DevTools protocol."""

    def __init__(self, width: int, height: int, scale: float) -> None:
        self.width, self.height, self.scale = width, height, scale
        self._ids = 0
        self._waiting: dict[int, asyncio.Future] = {}

    async def __aenter__(self) -> Chromium:
        executable = next(
            (shutil.which(n) for n in ("chromium", "chromium-browser") if shutil.which(n)), None
        )
        if executable is None:
            raise SystemExit("needs Debian's chromium: apt-get install -y chromium")
        self.profile = tempfile.mkdtemp(prefix="arcade-shots-chromium-")
        self.process = await asyncio.create_subprocess_exec(
            executable,
            "--headless",
            "--no-sandbox",
            "--disable-background-networking",
            "--hide-scrollbars",
            "--no-first-run",
            "--no-default-browser-check",
            "--force-color-profile=srgb",
            f"--window-size={self.width},{self.height}",
            "--remote-debugging-port=0",
            f"--user-data-dir={self.profile}",
            "about:blank",
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.DEVNULL,
        )
        port_file = Path(self.profile) / "DevToolsActivePort"
        for _ in range(300):
            if port_file.is_file() and len(port_file.read_text().splitlines()) >= 2:
                break
            await asyncio.sleep(0.1)
        else:
            raise RuntimeError("chromium did not open its DevTools port")
        port = int(port_file.read_text().splitlines()[0])
        self.http = aiohttp.ClientSession()
        async with self.http.get(f"http://127.0.0.1:{port}/json/list") as response:
            targets = await response.json()
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = await self.http.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)
        self._reader = asyncio.create_task(self._read())
        await self.send("Page.enable")
        await self.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": self.width, "height": self.height, "deviceScaleFactor": self.scale, "mobile": False},
        )
        return self

    async def __aexit__(self, *exc_info) -> None:
        self._reader.cancel()
        await self.ws.close()
        await self.http.close()
        self.process.terminate()
        await self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    async def _read(self) -> None:
        async for frame in self.ws:
            if frame.type != aiohttp.WSMsgType.TEXT:
                continue
            message = frame.json()
            waiting = self._waiting.pop(message.get("id"), None)
            if waiting is not None and not waiting.done():
                waiting.set_result(message)

    async def send(self, method: str, params: dict | None = None) -> dict:
        self._ids += 1
        future = asyncio.get_running_loop().create_future()
        self._waiting[self._ids] = future
        await self.ws.send_json({"id": self._ids, "method": method, "params": params or {}})
        message = await asyncio.wait_for(future, 60)
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error']}")
        return message.get("result", {})

    async def evaluate(self, expression: str):
        result = await self.send(
            "Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True}
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result.get("result", {}).get("value")

    async def _until(self, condition: str, what: str, *, stable: int = 1) -> None:
        """Wait until `condition` on the Preview's status `s` holds, the page unchanged for
        `stable` checks in a row (a tenth of a second apart)."""
        expression = (
            f"(() => {{ const s = window.simcordPreview; if (!s || !({condition})) return null;"
            " const r = document.getElementById('preview-app').getBoundingClientRect();"
            " return JSON.stringify([s.renderGeneration, s.publishedRevision, r.width, r.height,"
            " document.body.scrollHeight]); })()"
        )
        seen, same = None, 0
        for _ in range(300):
            now = await self.evaluate(expression)
            same = same + 1 if now is not None and now == seen else (1 if now is not None else 0)
            seen = now
            if same >= stable:
                return
            await asyncio.sleep(0.1)
        raise RuntimeError(f"the preview did not {what}")

    async def shoot(self, url: str, target_id: int, path: Path) -> None:
        """Open the Preview, wait until it has drawn the focused message, and save that message."""
        await self.send("Page.navigate", {"url": "about:blank"})
        await self.send("Page.navigate", {"url": url})
        await self._until(f"s.ready === true && String(s.targetId) === '{target_id}'", "get ready")
        # The page as SimCord's own (Playwright) capture shows it: without the toolbar and side
        # panels (kept hidden when the page redraws), without animations.
        await self.evaluate(
            """(() => {
                const hide = () => {
                    if (document.body.dataset.managedCapture !== "true") document.body.dataset.managedCapture = "true";
                };
                new MutationObserver(hide).observe(document.body, {attributes: true});
                hide();
                const style = (element) => {
                    element.style.setProperty('animation-play-state', 'paused', 'important');
                    element.style.setProperty('transition', 'none', 'important');
                    element.style.setProperty('caret-color', 'transparent', 'important');
                };
                document.querySelectorAll('*').forEach(style);
                return true;
            })()"""
        )
        await self._until("s.ready === true", "settle", stable=5)
        await self.evaluate(
            "(document.fonts ? document.fonts.ready : Promise.resolve()).then(() => new Promise("
            "(resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))))"
        )
        crop = await self.evaluate(
            """(() => {
                // Preview's download buttons over pictures: not part of the message.
                document.querySelectorAll('.attachment-media-actions').forEach(
                    (element) => element.style.setProperty('display', 'none', 'important'));
                const surface = document.getElementById('focused-content');
                const app = document.getElementById('preview-app');
                const box = (surface && !surface.hidden ? surface : app).getBoundingClientRect();
                let bottom = box.top;
                for (const child of (surface || app).querySelectorAll('*')) {
                    const r = child.getBoundingClientRect();
                    if (r.width && r.height) bottom = Math.max(bottom, r.bottom);
                }
                return {x: Math.max(0, box.left), y: Math.max(0, box.top), width: Math.min(box.width, innerWidth),
                        height: Math.min(Math.max(1, bottom - box.top + 12), innerHeight - box.top)};
            })()"""
        )
        shot = await self.send(
            "Page.captureScreenshot",
            {"format": "png", "clip": {**{k: round(v) for k, v in crop.items()}, "scale": 1}},
        )
        save_png(base64.b64decode(shot["data"]), path)


def save_png(data: bytes, path: Path) -> None:
    """Save a screenshot, trimmed of empty rows at its bottom and quantised when it is large."""
    image = Image.open(io.BytesIO(data)).convert("RGB")
    background = image.getpixel((image.width - 1, image.height - 1))
    bottom = image.height
    while bottom > 1:
        row = image.crop((0, bottom - 1, image.width, bottom))
        if row.getcolors(1) is None or row.getcolors(1)[0][1] != background:
            break
        bottom -= 1
    image = image.crop((0, 0, image.width, min(image.height, bottom + 12)))
    buffer = io.BytesIO()
    image.save(buffer, "PNG", optimize=True)
    if buffer.tell() > MAX_BYTES:
        buffer = io.BytesIO()
        image.quantize(256, method=Image.Quantize.MEDIANCUT).save(buffer, "PNG", optimize=True)
    path.write_bytes(buffer.getvalue())


async def photograph(env, browser: Chromium, channel, viewer, message, path: Path) -> None:
    """`message` in `channel` as `viewer` sees it, through a Preview of its own."""
    async with env.preview(
        channel, viewers=[viewer], display="fixed", width=browser.width, height=browser.height
    ) as preview:
        await preview.show(message)
        await browser.shoot(preview.url, plain(message).id, path)
    log(f"  wrote {path}")


# --- one game ------------------------------------------------------------------------------------


async def shoot_game(game_id: str, browser: Chromium, out: Path, seed: int) -> list[str]:
    """Play one match of `game_id` and photograph it; returns the problems met."""
    problems: list[str] = []
    plan = PLANS[game_id]
    rng = random.Random(f"{seed}:{game_id}")
    secrets.randbits = random.Random(f"{seed}:{game_id}:match").getrandbits  # the match's seed
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="arcade-shots-") as directory:
        database = f"sqlite:///{Path(directory) / 'martian.db'}"
        bot = create_bot(Settings(database_url=database, sync_commands=True, shard_count=1))
        try:
            async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT, check_errors=False) as env:
                table = Table(env, game_id, plan, rng)
                await table.start()
                await table.play(plan.mid_moves)
                log(f"  {game_id}: mid-game after {table.moves_made} moves")
                viewer = table.movers()[0]
                try:
                    await photograph(
                        env, browser, table.thread, viewer, table.board, out / f"{game_id}-board.png"
                    )
                except Exception as error:
                    problems.append(f"{game_id}-board.png: {error!r}")
                    traceback.print_exc()
                try:
                    private = await table.private_prompt()
                    for _ in range(PROMPT_LOOKAHEAD):
                        if private is not None or is_over(table.board) or not await table.move():
                            break
                        private = await table.private_prompt()
                    if private is None:
                        log(f"  {game_id}: nobody acted in private: the moves are on the board")
                    else:
                        await photograph(env, browser, *private, out / f"{game_id}-dm.png")
                except Exception as error:
                    problems.append(f"{game_id}-dm.png: {error!r}")
                    traceback.print_exc()
                how = await table.end()
                log(f"  {game_id}: {how}")
                final = table.board
                await photograph(
                    env, browser, table.thread, table.players[0], final, out / f"{game_id}-final.png"
                )
                if env.errors:
                    problems.append(
                        f"{game_id}: the bot raised {len(env.errors)} errors, first {env.errors[0]!r}"
                    )
        finally:
            await bot.close()
    log(f"  {game_id}: {time.perf_counter() - started:.0f} s")
    return problems


async def main(out: Path, game_ids: list[str], seed: int, scale: float) -> int:
    out.mkdir(parents=True, exist_ok=True)
    log(f"the bot of {Path(sys.modules[create_bot.__module__].__file__).parents[1]}")
    problems: list[str] = []
    async with Chromium(PHONE_WIDTH, VIEWPORT_HEIGHT, scale) as browser:
        for game_id in game_ids:
            log(f"{game_id}:")
            try:
                problems += await shoot_game(game_id, browser, out, seed)
            except Exception as error:
                problems.append(f"{game_id}: {error!r}")
                traceback.print_exc()
    for problem in problems:
        log(f"PROBLEM {problem}")
    return 1 if problems else 0


if __name__ == "__main__":  # computer players think in worker processes, which import this module
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    parser.add_argument("--games", default=",".join(PLANS), help="comma-separated (default: all five)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--scale", type=float, default=1, help="device pixels per CSS pixel (default 1)")
    arguments = parser.parse_args()
    chosen = [g.strip() for g in arguments.games.split(",") if g.strip()]
    sys.exit(asyncio.run(main(arguments.out, chosen, arguments.seed, arguments.scale)))
