"""Configuration, read once from the environment and a `.env` file (python-dotenv reads it, so
`export KEY=value`, quotes and `# comments` after a value all work). Every setting is checked at
start; a bad one stops the bot with one line naming the setting and what it may be."""

from __future__ import annotations

import os
import re
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

from .storage import POSTGRESQL_PREFIXES

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def _flag(name: str, text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in TRUE_WORDS:
        return True
    if lowered in FALSE_WORDS:
        return False
    raise ValueError(f"{name} must be true or false, not {text!r}")


def _number(name: str, text: str, smallest: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None
    if smallest is not None and value < smallest:
        raise ValueError(f"{name} must be at least {smallest}, not {text!r}")
    return value


def _sync_commands(text: str) -> tuple[bool, bool]:
    """SYNC_COMMANDS: (sync at start, even when unchanged since the last sync)."""
    if text.strip().lower() == "always":
        return True, True
    try:
        return _flag("SYNC_COMMANDS", text), False
    except ValueError:
        raise ValueError(f"SYNC_COMMANDS must be true, false or always, not {text!r}") from None


def _log_level(text: str) -> str:
    level = text.strip().upper()
    if level not in LOG_LEVELS:
        raise ValueError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {text!r}")
    return level


def _database_url(text: str) -> str:
    url = text.strip()
    if not url.startswith(("sqlite:///", *POSTGRESQL_PREFIXES)):
        # Only the scheme is shown: the rest may hold a password.
        raise ValueError(
            "DATABASE_URL must start with sqlite:/// (a file) or postgresql:// (a server),"
            f" not {url.partition('://')[0] + '://'!r}"
        )
    if url.startswith(POSTGRESQL_PREFIXES):
        problem = _postgresql_url_problem(url)
        if problem:
            raise ValueError(
                f"DATABASE_URL is not a usable PostgreSQL URL: {problem}; percent-encode @ : / # ? % and"
                " spaces in the user name and password (see README, 'Running at scale')"
            )
    return url


PERCENT_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


def _postgresql_url_problem(url: str) -> str | None:
    """What makes `url` misread, as asyncpg splits it (first @ ends the password, then host:port
    pairs), or None. Mostly a special character left unencoded in the password; never echoes it."""
    parts = urllib.parse.urlsplit(url)
    userinfo, _, hosts = parts.netloc.rpartition("@")
    if parts.fragment or "@" in parts.path or "@" in parts.query:
        return "a # / or ? in the password cuts the URL short"
    if "@" in userinfo:
        return "more than one @ before the host"
    if PERCENT_ESCAPE.search(userinfo) or any(char.isspace() for char in userinfo):
        return "a % or a space in the user name or password"
    for host in hosts.split(",") if hosts else ():
        port = "" if host.startswith(("[", "/")) else host.partition(":")[2]
        if port and not (port.isdigit() and int(port) <= 65535):
            return "the port is not a number up to 65535 (a # / or ? in the password cuts the URL short)"
    if parts.query:
        try:
            urllib.parse.parse_qs(parts.query, strict_parsing=True)
        except ValueError:
            return "its options after ? are not name=value pairs"
    return None


def _seconds(name: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {text!r}") from None
    if value < 0:
        raise ValueError(f"{name} can't be negative, got {text!r}")
    return value


@dataclass
class Settings:
    token: str = field(default="", repr=False)  # never printed, never logged
    database_url: str = "sqlite:///data/martian.db"
    sync_commands: bool = True  # when the commands changed since the last sync
    always_sync_commands: bool = False  # SYNC_COMMANDS=always: even when they didn't
    command_guild_id: int | None = None
    lobby_timeout_seconds: int = 600
    sweep_seconds: int = 30  # how often expired invitations, reminders and turn clocks are checked
    log_level: str = "INFO"
    computer_delay_seconds: float = 2  # the pause before a computer player moves, so people can follow
    computer_workers: int = 1  # processes computer players think in (0: a thread of the bot's process)
    shard_count: int | None = None  # None: as many shards as Discord recommends
    shard_ids: list[int] | None = None  # the shards this process runs (None: all of them)
    heartbeat_file: str = ""  # touched on every sweep while connected, for `python -m bot health`

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, env_file: str | Path = ".env") -> Settings:
        """Real environment variables win over the `.env` file. ValueError names a bad setting."""
        values: dict[str, str] = {}
        path = Path(env_file)
        if path.is_file():
            values.update({key: value or "" for key, value in dotenv_values(path).items()})
        values.update(os.environ if environ is None else environ)
        settings = cls()
        settings.token = values.get("DISCORD_TOKEN", "").strip()
        if values.get("DATABASE_URL"):
            settings.database_url = _database_url(values["DATABASE_URL"])
        if "SYNC_COMMANDS" in values:
            settings.sync_commands, settings.always_sync_commands = _sync_commands(values["SYNC_COMMANDS"])
        if values.get("COMMAND_GUILD_ID"):
            settings.command_guild_id = _number("COMMAND_GUILD_ID", values["COMMAND_GUILD_ID"], 1)
        if values.get("LOBBY_TIMEOUT_SECONDS"):
            settings.lobby_timeout_seconds = _number(
                "LOBBY_TIMEOUT_SECONDS", values["LOBBY_TIMEOUT_SECONDS"], 1
            )
        if values.get("SWEEP_SECONDS"):
            settings.sweep_seconds = _number("SWEEP_SECONDS", values["SWEEP_SECONDS"], 1)
        if values.get("COMPUTER_DELAY_SECONDS"):
            settings.computer_delay_seconds = _seconds(
                "COMPUTER_DELAY_SECONDS", values["COMPUTER_DELAY_SECONDS"]
            )
        if values.get("COMPUTER_WORKERS"):
            settings.computer_workers = _number("COMPUTER_WORKERS", values["COMPUTER_WORKERS"], 0)
        if values.get("SHARD_COUNT"):
            settings.shard_count = _number("SHARD_COUNT", values["SHARD_COUNT"], 1)
        if values.get("SHARD_IDS"):
            settings.shard_ids = shard_ids(values["SHARD_IDS"], settings.shard_count)
        if values.get("LOG_LEVEL"):
            settings.log_level = _log_level(values["LOG_LEVEL"])
        if values.get("HEARTBEAT_FILE"):
            settings.heartbeat_file = values["HEARTBEAT_FILE"].strip()
        return settings


def shard_ids(text: str, count: int | None) -> list[int]:
    """SHARD_IDS: a comma-separated list like "0,1" or a range like "2-3", each below SHARD_COUNT."""
    if count is None:
        raise ValueError("SHARD_IDS needs SHARD_COUNT (the total number of shards of all processes)")
    ids: list[int] = []
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        start = _number("SHARD_IDS", first)
        ids += range(start, (_number("SHARD_IDS", last) if last else start) + 1)
    if not ids or len(set(ids)) != len(ids) or not all(0 <= shard < count for shard in ids):
        raise ValueError(f"SHARD_IDS must name different shards from 0 to {count - 1}, got {text!r}")
    return ids
