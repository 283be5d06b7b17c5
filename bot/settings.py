"""Configuration, read once from the environment (and a `.env` file, if there is one)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines; blank lines and # comments are skipped, surrounding quotes removed."""
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


def _flag(name: str, text: str) -> bool:
    lowered = text.strip().lower()
    if lowered in TRUE_WORDS:
        return True
    if lowered in FALSE_WORDS:
        return False
    raise ValueError(f"{name} must be true or false, not {text!r}")


def _number(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {text!r}") from None


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
    sync_commands: bool = True
    command_guild_id: int | None = None
    lobby_timeout_seconds: int = 600
    sweep_seconds: int = 30  # how often expired invitations, reminders and turn clocks are checked
    log_level: str = "INFO"
    computer_delay_seconds: float = 2  # the pause before a computer player moves, so people can follow
    computer_workers: int = 1  # processes computer players think in (0: a thread of the bot's process)
    shard_count: int | None = None  # None: as many shards as Discord recommends
    shard_ids: list[int] | None = None  # the shards this process runs (None: all of them)

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, env_file: str | Path = ".env") -> Settings:
        """Real environment variables win over the `.env` file."""
        values: dict[str, str] = {}
        path = Path(env_file)
        if path.is_file():
            values.update(read_env_file(path))
        values.update(os.environ if environ is None else environ)
        settings = cls()
        settings.token = values.get("DISCORD_TOKEN", "").strip()
        settings.database_url = values.get("DATABASE_URL") or settings.database_url
        if "SYNC_COMMANDS" in values:
            settings.sync_commands = _flag("SYNC_COMMANDS", values["SYNC_COMMANDS"])
        if values.get("COMMAND_GUILD_ID"):
            settings.command_guild_id = _number("COMMAND_GUILD_ID", values["COMMAND_GUILD_ID"])
        if values.get("LOBBY_TIMEOUT_SECONDS"):
            settings.lobby_timeout_seconds = _number("LOBBY_TIMEOUT_SECONDS", values["LOBBY_TIMEOUT_SECONDS"])
        if values.get("SWEEP_SECONDS"):
            settings.sweep_seconds = _number("SWEEP_SECONDS", values["SWEEP_SECONDS"])
        if values.get("COMPUTER_DELAY_SECONDS"):
            settings.computer_delay_seconds = _seconds(
                "COMPUTER_DELAY_SECONDS", values["COMPUTER_DELAY_SECONDS"]
            )
        if values.get("COMPUTER_WORKERS"):
            settings.computer_workers = _number("COMPUTER_WORKERS", values["COMPUTER_WORKERS"])
            if settings.computer_workers < 0:
                raise ValueError("COMPUTER_WORKERS can't be negative")
        if values.get("SHARD_COUNT"):
            settings.shard_count = _number("SHARD_COUNT", values["SHARD_COUNT"])
            if settings.shard_count < 1:
                raise ValueError("SHARD_COUNT must be at least 1")
        if values.get("SHARD_IDS"):
            settings.shard_ids = shard_ids(values["SHARD_IDS"], settings.shard_count)
        settings.log_level = (values.get("LOG_LEVEL") or settings.log_level).upper()
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
