"""`python -m bot` (or `martian-arcade`): run the bot with settings from the environment / .env;
`python -m bot migrate --to postgresql://...` copies its SQLite database to PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord

from .app import create_bot, stop_on_signals
from .settings import Settings


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        settings = Settings.from_env()
    except ValueError as error:
        print(f"martian-arcade: bad configuration: {error}", file=sys.stderr)
        return 2
    if argv[:1] == ["migrate"]:
        return migrate_command(argv[1:], settings)
    if not settings.token:
        print(
            "martian-arcade: DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token in it"
            " (see README, 'Quick start').",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    bot = create_bot(settings)
    try:
        asyncio.run(serve(bot, settings.token))
    except discord.LoginFailure:
        print(
            "martian-arcade: Discord rejected DISCORD_TOKEN. Copy it again from the Developer Portal.",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "martian-arcade: Discord refused the gateway intents; see README, 'Quick start'.", file=sys.stderr
        )
        return 2
    except (OSError, aiohttp.ClientError) as error:
        print(
            f"martian-arcade: cannot reach Discord ({error}). Check the network and try again.",
            file=sys.stderr,
        )
        return 1
    return 0


async def serve(bot, token: str) -> None:
    """Run until Discord ends the session or a stop signal closes the bot."""
    stop_on_signals(bot)
    async with bot:
        await bot.start(token)
    if bot.stopping is not None:
        await bot.stopping


def migrate_command(argv: list[str], settings: Settings) -> int:
    """`python -m bot migrate --to postgresql://...`: copy the SQLite database and check the copy."""
    from .migrate import migrate, parse_args

    args = parse_args(argv)
    try:
        report = asyncio.run(migrate(args.source or settings.database_url, args.to))
    except (ValueError, OSError) as error:
        print(f"martian-arcade migrate: {error}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()))
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
