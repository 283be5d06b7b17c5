"""The bot token never reaches a log: not from `python -m bot`, not from Settings, not from play."""

import logging
import random
from pathlib import Path

import pytest

from bot import Settings
from tests.helpers import bot_command, make_table, play_one_action, start_match, thread_of

ROOT = Path(__file__).resolve().parents[2]
SETTING_NAMES = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "SYNC_COMMANDS",
    "COMMAND_GUILD_ID",
    "LOBBY_TIMEOUT_SECONDS",
    "SWEEP_SECONDS",
    "LOG_LEVEL",
)
# Shaped like a real token (id . timestamp . signature); the signature part is the secret one.
SIGNATURE = "CanarySignature-7q2Wk9xZ4vB1nM8pL3rT6yU0"
FAKE_TOKEN = f"MTIzNDU2Nzg5MDEyMzQ1Njc4.GkXyZa.{SIGNATURE}"


def leaks(text: str) -> bool:
    """Whether the token, or any 12 consecutive characters of its secret part, show in `text`: a log
    line that cut the token short would still give a good part of it away."""
    return FAKE_TOKEN in text or any(SIGNATURE[i : i + 12] in text for i in range(len(SIGNATURE) - 11))


@pytest.mark.parametrize("given_in", ["environment", ".env file"])
def test_python_m_bot_never_prints_the_token(tmp_path, given_in):
    """With no network the login fails and the bot exits 1; were Discord reachable it would refuse
    the fake token (exit 2). Either way the token went to the login, at the chattiest log level."""
    settings = {
        "DISCORD_TOKEN": FAKE_TOKEN,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'martian.db'}",
        "LOG_LEVEL": "DEBUG",
    }
    if given_in == ".env file":
        (tmp_path / ".env").write_text("".join(f"{key}={value}\n" for key, value in settings.items()))
        settings = {}
    done = bot_command(cwd=tmp_path, **settings)
    output = done.stdout + done.stderr
    assert done.returncode in (1, 2), output
    assert "logging in using static token" in output, "the token was used to log in"
    assert "cannot reach Discord" in output or "Discord rejected DISCORD_TOKEN" in output
    assert not leaks(output)


def test_settings_hide_the_token_in_repr_str_and_logs(caplog):
    settings = Settings(token=FAKE_TOKEN)
    from_env = Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN}, env_file="/nonexistent")
    assert from_env.token == FAKE_TOKEN
    caplog.set_level(logging.DEBUG)
    logger = logging.getLogger("martian.test")
    for shown in (settings, from_env):
        assert not leaks(repr(shown)) and not leaks(str(shown)) and not leaks(f"{shown}")
        logger.debug("settings: %s / %r", shown, shown)
        logger.info("settings: %s", [shown])  # inside a container, whose repr shows its items' repr
    assert len(caplog.records) == 4 and "database_url" in caplog.text
    assert not leaks(caplog.text)


@pytest.fixture
def simcord_bot(make_bot, caplog):
    """The SimCord bot carries the token in its Settings; everything is logged from its start on."""
    caplog.set_level(logging.DEBUG)
    return make_bot(token=FAKE_TOKEN)


async def test_playing_logs_nothing_of_the_token(simcord_env, caplog):
    """From the bot's start, through a lobby and a few actions, at DEBUG: no log record carries the
    token, in its message, its arguments or its traceback."""
    env = simcord_env
    assert env.bot.settings.token == FAKE_TOKEN
    table = make_table(env, ["alice", "bob", "carol"])
    await start_match(table)
    thread = thread_of(table)
    rng = random.Random(4)
    for _ in range(5):
        await play_one_action(table, thread, rng)
    assert (await env.bot.service.load(1)).version == 6

    records = caplog.get_records("setup") + caplog.get_records("call")  # the start is in "setup"
    names = {record.name for record in records}
    assert {"bot.storage", "bot.app"} <= names, "the start-up was logged (migrations, command sync)"
    assert any(record.levelno == logging.DEBUG for record in records)
    for record in records:
        text = f"{record.getMessage()} {record.args!r} {record.exc_text or ''} {record.stack_info or ''}"
        assert not leaks(text), record.name
