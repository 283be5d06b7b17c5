"""`python -m bot` (or `martian-arcade`): run the bot with settings from the environment / .env.
`python -m bot backup FILE`, `check` and `health` are for admins (`bot.admin`), `invite` prints
the link that adds the bot to a server (`bot.invite`);
`python -m bot migrate --to postgresql://...` copies its SQLite database to PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
from pathlib import Path

import aiohttp
import discord

from .app import create_bot, stop_on_signals
from .settings import Settings

USAGE = "run it with no command, or: backup FILE, check, health, invite, migrate --to URL"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        settings = Settings.from_env()
    except ValueError as error:
        print(f"martian-arcade: bad configuration: {error}", file=sys.stderr)
        return 2
    if argv[:1] == ["migrate"]:
        return migrate_command(argv[1:], settings)
    if argv[:1] in (["backup"], ["check"], ["health"]):
        return admin_command(argv, settings)
    if argv[:1] == ["invite"]:
        return invite_command(argv[1:], settings)
    if argv:
        print(f"martian-arcade: unknown command {argv[0]!r}; {USAGE}", file=sys.stderr)
        return 2
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


def admin_command(argv: list[str], settings: Settings) -> int:
    """backup FILE / check / health: one line (or a few) on stdout; problems on stderr, exit 1 or 2."""
    from . import admin

    try:
        if argv[0] == "backup":
            if len(argv) != 2:
                raise ValueError("say where the copy goes: python -m bot backup FILE")
            print(admin.backup(settings.database_url, Path(argv[1])))
            return 0
        if argv[0] == "check":
            lines, ok = asyncio.run(admin.check(settings.database_url))
            print("\n".join(lines))
            return 0 if ok else 1
        problem = admin.health(settings.heartbeat_file, settings.sweep_seconds)
        print(problem or "healthy", file=sys.stderr if problem else sys.stdout)
        return 1 if problem else 0
    except (ValueError, OSError, sqlite3.Error) as error:
        print(f"martian-arcade {argv[0]}: {error}", file=sys.stderr)
        return 2


def invite_command(argv: list[str], settings: Settings) -> int:
    """`python -m bot invite`: the OAuth2 link on stdout, worked out from the token offline."""
    from .invite import invite_url

    if argv:
        print("martian-arcade invite: takes no arguments (it reads DISCORD_TOKEN)", file=sys.stderr)
        return 2
    if not settings.token:
        print("martian-arcade invite: DISCORD_TOKEN is not set (see README, 'Quick start').", file=sys.stderr)
        return 2
    try:
        print(invite_url(settings.token))
    except ValueError as error:
        print(f"martian-arcade invite: {error}", file=sys.stderr)
        return 2
    return 0


def migrate_command(argv: list[str], settings: Settings) -> int:
    """`python -m bot migrate --to postgresql://...`: copy the SQLite database and check the copy."""
    import asyncpg

    from .migrate import migrate, parse_args

    args = parse_args(argv)
    try:
        report = asyncio.run(migrate(args.source or settings.database_url, args.to))
    except (ValueError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        # One line: PostgreSQL's messages, and a few of SQLite's, can run over several.
        print(
            f"martian-arcade migrate: {' '.join(str(error).split()) or type(error).__name__}", file=sys.stderr
        )
        return 2
    print("\n".join(report.lines()))
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
