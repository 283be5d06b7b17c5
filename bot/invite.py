"""`python -m bot invite`: the link that adds the bot to a server, worked out offline from the
token (a bot token's first part is its application id in base64), with the scopes and the
permissions the bot needs. The token itself is never shown."""

from __future__ import annotations

import base64
import binascii

import discord

SCOPES = ("bot", "applications.commands")  # the bot user, and its slash commands
# The permissions the bot asks for, as the Developer Portal's URL Generator names them (README lists
# these names), and discord.py's flag for each.
PERMISSIONS = {
    "View Channels": "view_channel",
    "Send Messages": "send_messages",
    "Send Messages in Threads": "send_messages_in_threads",
    "Create Public Threads": "create_public_threads",  # without it, matches play in the channel
    "Embed Links": "embed_links",
    "Attach Files": "attach_files",  # boards, records and replays are files
    "Read Message History": "read_message_history",
}


def permissions() -> discord.Permissions:
    return discord.Permissions(**dict.fromkeys(PERMISSIONS.values(), True))


def application_id(token: str) -> int:
    """The application id a bot token starts with. ValueError (never quoting the token) if it
    isn't a bot token."""
    parts = token.strip().split(".")
    if len(parts) != 3 or not all(parts):
        raise ValueError("DISCORD_TOKEN is not a bot token (three parts separated by dots); copy it again")
    first = parts[0]
    try:
        decoded = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        decoded = ""
    if not decoded.isdigit():
        raise ValueError("DISCORD_TOKEN does not start with an application id; copy it again")
    return int(decoded)


def invite_url(token: str) -> str:
    return discord.utils.oauth_url(application_id(token), permissions=permissions(), scopes=SCOPES)
