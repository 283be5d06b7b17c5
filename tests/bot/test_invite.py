"""`python -m bot invite` prints the link that adds the bot to a server, worked out offline from
the token, with the scopes and permissions README lists; the token is never shown."""

import base64
import re
import subprocess
import urllib.parse
from pathlib import Path

import pytest

from bot.invite import PERMISSIONS, permissions
from tests.helpers import bot_command

ROOT = Path(__file__).resolve().parents[2]
APPLICATION_ID = "123456789012345678"
# A bot token's shape: the application id in unpadded base64, a timestamp, a signature.
FAKE_TOKEN = (
    base64.urlsafe_b64encode(APPLICATION_ID.encode()).decode().rstrip("=") + ".GhJkLm.s3cr3tSignature_x"
)


def run_invite(cwd: Path, token: str | None, *arguments: str) -> subprocess.CompletedProcess:
    """In an empty folder: no .env, no database."""
    return bot_command("invite", *arguments, cwd=cwd, **({} if token is None else {"DISCORD_TOKEN": token}))


def test_invite_prints_the_link_with_the_scopes_and_permissions_and_never_the_token(tmp_path):
    done = run_invite(tmp_path, FAKE_TOKEN)
    assert done.returncode == 0 and done.stderr == ""
    (line,) = done.stdout.splitlines()
    link = urllib.parse.urlsplit(line)
    assert (link.scheme, link.netloc, link.path) == ("https", "discord.com", "/oauth2/authorize")
    query = urllib.parse.parse_qs(link.query)
    assert query["client_id"] == [APPLICATION_ID]
    assert query["scope"][0].split() == ["bot", "applications.commands"]
    assert query["permissions"] == [str(permissions().value)]
    assert not any(part in done.stdout for part in FAKE_TOKEN.split(".")), "no part of the token"


@pytest.mark.parametrize(
    "token",
    [
        None,  # not set
        "",
        "not-a-token",
        APPLICATION_ID,  # the application id pasted instead of the token
        "!!!.GhJkLm.s3cr3tSignature_x",  # not base64
        base64.b64encode(b"hello").decode() + ".GhJkLm.s3cr3tSignature_x",  # no id in it
    ],
)
def test_a_missing_or_malformed_token_gets_one_line_and_exit_2(tmp_path, token):
    done = run_invite(tmp_path, token)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "DISCORD_TOKEN" in done.stderr
    if token:
        assert token not in done.stderr and "s3cr3tSignature_x" not in done.stderr


def test_invite_takes_no_arguments(tmp_path):
    done = run_invite(tmp_path, FAKE_TOKEN, "extra")
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1


def test_readme_lists_the_permissions_the_invite_asks_for():
    """README's manual way (the URL Generator's ticks and the integer) asks for what the code does."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("### Creating the bot application and inviting it", 1)[1].split("\n### ", 1)[0]
    assert "python -m bot invite" in section
    listed = re.findall(r"^\s+- (.+)$", section, re.MULTILINE)
    assert listed == list(PERMISSIONS)
    assert re.search(r"permissions integer `(\d+)`", section)[1] == str(permissions().value)
    asked = permissions()
    assert all(getattr(asked, flag) for flag in PERMISSIONS.values())
    assert bin(asked.value).count("1") == len(PERMISSIONS), "each name is one permission of its own"
