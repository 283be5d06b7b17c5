"""Configuration and the `python -m bot` entry point."""

import os
import urllib.parse
from pathlib import Path

import aiohttp
import discord
import pytest

from bot import Settings, create_bot
from tests.helpers import bot_command

ROOT = Path(__file__).resolve().parents[2]


def test_missing_token_exits_2_with_one_line(tmp_path):
    done = bot_command(cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "DISCORD_TOKEN" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_bad_setting_exits_2_with_one_line(tmp_path):
    done = bot_command(cwd=tmp_path, DISCORD_TOKEN="x", LOBBY_TIMEOUT_SECONDS="soon")
    assert done.returncode == 2 and "LOBBY_TIMEOUT_SECONDS" in done.stderr and "Traceback" not in done.stderr


def test_defaults():
    settings = Settings()
    assert settings.database_url == "sqlite:///data/martian.db"
    assert settings.sync_commands and settings.lobby_timeout_seconds == 600 and settings.token == ""


def test_env_file_and_environment(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# comment\nDISCORD_TOKEN='from-file'\nDATABASE_URL=sqlite:///x.db\nSYNC_COMMANDS=no\nCOMMAND_GUILD_ID=42\n"
    )
    settings = Settings.from_env({"DATABASE_URL": "sqlite:///y.db"}, env_file=env_file)
    assert settings.token == "from-file"
    assert settings.database_url == "sqlite:///y.db", "the real environment wins over .env"
    assert settings.sync_commands is False and settings.command_guild_id == 42


def test_token_never_appears_in_repr():
    settings = Settings(token="super-secret-token")
    assert "super-secret-token" not in repr(settings) and "super-secret-token" not in str(settings)


@pytest.mark.parametrize("value", ["maybe", "2"])
def test_bad_flag_is_refused(value):
    with pytest.raises(ValueError, match="SYNC_COMMANDS"):
        Settings.from_env({"SYNC_COMMANDS": value}, env_file="/nonexistent")


def test_create_bot_touches_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'sub' / 'x.db'}"
    bot = create_bot(Settings(database_url=url))
    assert getattr(bot, "repository", None) is None and not (tmp_path / "sub").exists()


@pytest.mark.parametrize(
    ("failure", "code", "words"),
    [
        (discord.LoginFailure("Improper token has been passed."), 2, "rejected DISCORD_TOKEN"),
        (aiohttp.ClientConnectionError("no route"), 1, "cannot reach Discord"),
    ],
)
def test_start_up_failures_are_one_line(monkeypatch, capsys, failure, code, words):
    import bot.__main__ as entry

    async def failing(bot, token):
        raise failure

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setattr(entry, "serve", failing)
    assert entry.main([]) == code
    err = capsys.readouterr().err
    assert words in err and "not-a-real-token" not in err and "Traceback" not in err


def write_env(tmp_path, text: str) -> Path:
    (tmp_path / ".env").write_text(text)
    return tmp_path / ".env"


def test_env_file_lines_as_people_write_them(tmp_path):
    """`export` in front, a comment after the value, quotes around it: all read as meant."""
    env_file = write_env(
        tmp_path,
        'export DISCORD_TOKEN=abc.def\nLOG_LEVEL=INFO # the default\nDATABASE_URL="sqlite:///games #1.db"\n',
    )
    settings = Settings.from_env({}, env_file=env_file)
    assert settings.token == "abc.def" and settings.log_level == "INFO"
    assert settings.database_url == "sqlite:///games #1.db"


@pytest.mark.parametrize(
    ("line", "setting", "allowed"),
    [
        ("LOG_LEVEL=verbose", "LOG_LEVEL", "DEBUG, INFO, WARNING, ERROR, CRITICAL"),
        ("DATABASE_URL=mysql://x", "DATABASE_URL", "sqlite:///"),
        ("DATABASE_URL=postgresql://arcade:p@ss@database:5432/arcade", "DATABASE_URL", "percent-encode"),
        ("SWEEP_SECONDS=0", "SWEEP_SECONDS", "at least 1"),
        ("LOBBY_TIMEOUT_SECONDS=-5", "LOBBY_TIMEOUT_SECONDS", "at least 1"),
        ("COMPUTER_WORKERS=-1", "COMPUTER_WORKERS", "at least 0"),
        ("COMMAND_GUILD_ID=my-server", "COMMAND_GUILD_ID", "whole number"),
    ],
)
def test_every_bad_setting_stops_the_bot_with_one_line(tmp_path, line, setting, allowed):
    write_env(tmp_path, f"DISCORD_TOKEN=x\n{line}\n")
    done = bot_command(cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and setting in done.stderr and allowed in done.stderr


@pytest.mark.parametrize(
    ("value", "sync", "always"),
    [("true", True, False), ("always", True, True), ("Always", True, True), ("false", False, False)],
)
def test_sync_commands_true_when_changed_always_or_false(value, sync, always):
    settings = Settings.from_env({"SYNC_COMMANDS": value}, env_file="/nonexistent")
    assert (settings.sync_commands, settings.always_sync_commands) == (sync, always)


def test_a_bad_sync_commands_names_its_three_choices():
    with pytest.raises(ValueError, match="SYNC_COMMANDS must be true, false or always"):
        Settings.from_env({"SYNC_COMMANDS": "sometimes"}, env_file="/nonexistent")


GOOD_POSTGRESQL_URLS = [
    "postgresql://arcade:s3cret@database:5432/arcade",
    "postgresql://arcade:p%40ss%3Aw%2Fo%23rd%25@database/arcade",  # p@ss:w/o#rd% percent-encoded
    "postgres://arcade@localhost/arcade?sslmode=require",
    "postgresql:///arcade",  # the local socket
    "postgresql://arcade:s3cret@one:5432,two:5433/arcade",  # several hosts, as asyncpg allows
    "postgresql://arcade:s3cret@[::1]:5432/arcade",
]
# Passwords with a special character left unencoded: asyncpg would read another host, port or password.
UNENCODED_PASSWORDS = ["p@ss", "pa/ss", "12/ss", "pa#ss", "pa?ss", "100%sure", "two words"]


@pytest.mark.parametrize("url", GOOD_POSTGRESQL_URLS)
def test_postgresql_urls_as_asyncpg_reads_them_are_accepted(url):
    assert Settings.from_env({"DATABASE_URL": url}, env_file="/nonexistent").database_url == url


@pytest.mark.parametrize("password", UNENCODED_PASSWORDS)
def test_an_unencoded_special_character_in_the_password_is_a_configuration_error(password):
    url = f"postgresql://arcade:{password}@database:5432/arcade"
    with pytest.raises(ValueError, match="DATABASE_URL") as raised:
        Settings.from_env({"DATABASE_URL": url}, env_file="/nonexistent")
    message = str(raised.value)
    assert "percent-encode" in message and "\n" not in message
    assert password not in message, "the password is never shown"
    encoded = urllib.parse.quote(password, safe="")  # the README's one-liner
    good = f"postgresql://arcade:{encoded}@database:5432/arcade"
    assert Settings.from_env({"DATABASE_URL": good}, env_file="/nonexistent").database_url == good


def test_a_database_url_of_another_kind_is_refused_without_showing_its_password():
    with pytest.raises(ValueError, match="DATABASE_URL") as raised:
        Settings.from_env({"DATABASE_URL": "mysql://arcade:hunter2@db/arcade"}, env_file="/nonexistent")
    assert "hunter2" not in str(raised.value) and "mysql://" in str(raised.value)


async def test_sigterm_lets_work_finish_then_closes_the_database(simcord_env, caplog):
    """docker stop sends SIGTERM: the bot waits for a decision being shown, then disconnects
    and closes the database, and says so in the log."""
    import asyncio
    import logging
    import signal

    from bot.app import stop_on_signals

    bot = simcord_env.bot
    loop = asyncio.get_running_loop()
    stop_on_signals(bot)
    try:
        busy = bot.publisher.lock(1)
        await busy.acquire()  # a click being applied and shown
        with caplog.at_level(logging.INFO, logger="bot.app"):
            os.kill(os.getpid(), signal.SIGTERM)
            while bot.stopping is None:  # the signal arrives at the loop's next turns
                await asyncio.sleep(0)
            for _ in range(20):
                await asyncio.sleep(0)
            assert not bot.stopping.done(), "it waits for the click"
            busy.release()  # the click is shown
            await bot.stopping
        assert bot.is_closed() and bot._repository is None
        assert "SIGTERM received: stopping" in caplog.text and "the database is closed" in caplog.text
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
