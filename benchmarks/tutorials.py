"""Every tutorial played through SimCord by a learner who only ever presses the suggested button,
in English and in German: its length in taps and steps, the rules it covers against the engine's
list, and a transcript of everything the learner was shown (`docs/tutorials/<game>.<language>.md`),
with the pictures of each step saved at phone width for looking at (`--pictures DIR`).

    python -m benchmarks.tutorials                      # the table, and the transcripts in docs/
    python -m benchmarks.tutorials --games senet --pictures /tmp/steps
"""

from __future__ import annotations

import argparse
import asyncio
import io
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import simcord
import simcord.interactions
from PIL import Image

from bot import Settings, create_bot
from bot.components import claim_of
from bot.kits import KITS
from games import GAMES
from tutor import LESSONS, coverage

from .clicks import board, leaf_components, text

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "tutorials"
SUGGESTED = "👉"
PHONE_WIDTH = 325  # what a phone shows of a board picture
LIMIT = 500  # taps before a tutorial counts as stuck


@dataclass
class Transcript:
    game_id: str
    language: str
    taps: int = 0
    steps: int = 0
    lines: list[str] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)
    missed: set[str] = field(default_factory=set)


def speaking_german(payload_maker):
    """SimCord's interaction payloads as a German Discord sends them: the user's and the server's
    language "de" (SimCord says en-US)."""

    def german(*args, **kwargs):
        record, payload = payload_maker(*args, **kwargs)
        payload["locale"] = "de"
        if "guild_locale" in payload:
            payload["guild_locale"] = "de"
        return record, payload

    return german


def _buttons(message) -> list:
    return [item for item in leaf_components(message.components) if getattr(item, "custom_id", None)]


def suggestion(learner, where):
    """(message, button) of the learner's suggested move: in their DM prompt or on the board."""
    dm = learner.user.dm_channel.last_message if learner.user.dm_channel else None
    for message in (dm, board(where)):
        if message is None:
            continue
        for item in _buttons(message):
            if (
                str(getattr(item, "label", "")).startswith(SUGGESTED)
                and claim_of(item.custom_id).kind == "act"
            ):
                return message, item
    return None, None


def _save_pictures(env, message, folder: Path | None, name: str) -> list[str]:
    """The message's pictures, scaled to a phone's width, saved as `name-*.png`; their file names."""
    if folder is None:
        return []
    saved = []
    for attachment in getattr(message, "attachments", []):
        if not attachment.filename.endswith(".png"):
            continue
        picture = Image.open(io.BytesIO(env.backend.cdn.get(attachment.url)))
        height = round(picture.height * PHONE_WIDTH / picture.width)
        path = folder / f"{name}-{attachment.filename}"
        picture.resize((PHONE_WIDTH, height), Image.LANCZOS).save(path)
        saved.append(path.name)
    return saved


async def play_tutorial(game_id: str, language: str, pictures: Path | None = None) -> Transcript:
    """One learner's whole tutorial, pressing only the suggested button."""
    transcript = Transcript(game_id, language)
    with tempfile.TemporaryDirectory(prefix="arcade-tutorial-") as directory:
        url = f"sqlite:///{Path(directory) / 'tutorial.db'}"
        bot = create_bot(
            Settings(database_url=url, sync_commands=True, shard_count=1, computer_delay_seconds=0)
        )
        try:
            async with simcord.run(bot, settle_timeout=300) as env:
                guild = env.create_guild(preferred_locale="de" if language == "de" else None)
                channel = guild.create_text_channel("games")
                learner = guild.add_member(env.create_user("learner"))
                started = await learner.slash(channel, "learn", game=game_id)
                transcript.lines += [f"> `/learn {game_id}`", "", text(started.response), ""]
                where = channel.threads[-1] if channel.threads else channel
                for _ in range(LIMIT):
                    match = await env.bot.service.load(1)
                    if match.status != "active":
                        break
                    message, button = suggestion(learner, where)
                    if button is None:
                        raise RuntimeError(f"{game_id}: no suggested move shown")
                    transcript.taps += 1
                    shown = text(message)
                    where_shown = "DM" if message.guild is None else "board"
                    transcript.lines += [
                        f"### Tap {transcript.taps} ({where_shown})",
                        "",
                        "```",
                        shown,
                        "```",
                    ]
                    for name in _save_pictures(
                        env, message, pictures, f"{game_id}-{language}-{transcript.taps:03d}"
                    ):
                        transcript.lines.append(f"(picture: {name})")
                    transcript.lines += ["", f"→ presses **{button.label}**", ""]
                    actor = learner.user if message.guild is None else learner
                    await actor.click(message, custom_id=button.custom_id)
                    await env.advance_time(1)
                else:
                    raise RuntimeError(f"{game_id}: the tutorial did not end after {LIMIT} taps")
                final = board(where)
                transcript.lines += ["### The end", "", "```", text(final), "```", ""]
                log = await env.bot.service.action_log(1)
                transcript.covered, transcript.missed = coverage(LESSONS[game_id], log)
                transcript.steps = transcript.taps + 1  # one step per decision, and the closing one
        finally:
            await bot.close()
    return transcript


def write(transcript: Transcript) -> Path:
    DOCS.mkdir(parents=True, exist_ok=True)
    title = KITS[transcript.game_id].title
    topics = GAMES[transcript.game_id].topics
    head = [
        f"# {title}: the tutorial as a learner sees it ({transcript.language})",
        "",
        "Made by `python -m benchmarks.tutorials` through SimCord: a learner who only ever presses the",
        "suggested button (the first one, marked 👉). Each tap shows the message it was pressed on.",
        "",
        f"- Steps: {transcript.steps} (one per decision, and the closing one under the final board);"
        f" taps: {transcript.taps}; rules met: {len(transcript.covered)} of {len(topics)}",
        "",
    ]
    path = DOCS / f"{transcript.game_id}.{transcript.language}.md"
    path.write_text("\n".join(head + transcript.lines) + "\n", encoding="utf-8")
    return path


async def main(games: list[str], languages: list[str], pictures: Path | None) -> None:
    original = simcord.interactions.base_payload
    rows = []
    for game_id in games:
        for language in languages:
            simcord.interactions.base_payload = speaking_german(original) if language == "de" else original
            try:
                transcript = await play_tutorial(game_id, language, pictures)
            finally:
                simcord.interactions.base_payload = original
            write(transcript)
            rows.append(transcript)
    print("| game | language | steps | taps | rules met |")
    print("|---|---|---|---|---|")
    for row in rows:
        total = len(GAMES[row.game_id].topics)
        title = KITS[row.game_id].title
        print(f"| {title} | {row.language} | {row.steps} | {row.taps} | {len(row.covered)} of {total} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", nargs="+", default=sorted(KITS), choices=sorted(KITS))
    parser.add_argument("--languages", nargs="+", default=["en", "de"], choices=["en", "de"])
    parser.add_argument("--pictures", type=Path, help="save each step's pictures, at phone width, here")
    arguments = parser.parse_args()
    if arguments.pictures:
        arguments.pictures.mkdir(parents=True, exist_ok=True)
    asyncio.run(main(arguments.games, arguments.languages, arguments.pictures))
