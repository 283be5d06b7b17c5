"""Small Discord helpers every cog uses: links, files, mentions and private answers."""

from __future__ import annotations

import io
import logging

import discord

from catalogue import language, trn

from .layout import alt_text

log = logging.getLogger(__name__)

MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def message_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    link = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{link}/{message_id}" if message_id else link


async def server_language(service, guild: discord.Guild | None) -> str:
    """The language public messages in `guild` are written in: the one chosen with /config, else
    its Discord "server primary language" (Community servers set it; others default to US English)."""
    if guild is None:
        return language(None)
    return await service.server_language(guild.id, guild.preferred_locale)


def png_file(data: bytes, name: str, alt: str = "") -> discord.File:
    """A picture to attach; `alt`: what it shows in words, for screen readers (its description)."""
    return discord.File(io.BytesIO(data), filename=name, description=alt_text(alt) or None)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was acknowledged already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.info("Could not answer an interaction (it may have expired)")


def organiser(interaction: discord.Interaction) -> dict:
    """What decides whether the member may run the server's tournaments and seasons
    (`GuildSettings.may_organise`), as keyword arguments for the service."""
    return {
        "manages_server": bool(interaction.permissions.manage_guild),
        "role_ids": [role.id for role in getattr(interaction.user, "roles", [])],
    }


MESSAGE_LIMIT = 2000  # Discord's, for a message's text


def fitted(header: str, lines: list[str]) -> str:
    """The header and as many lines as fit in one message, the rest counted."""
    shown = list(lines)
    while True:
        left_out = len(lines) - len(shown)
        tail = [trn("…and {count} more.", "…and {count} more.", left_out, count=left_out)] if left_out else []
        text = "\n".join([header, *shown, *tail])
        if len(text) <= MESSAGE_LIMIT or not shown:
            return text[:MESSAGE_LIMIT]
        shown.pop()


def in_messages(lines: list[str]) -> list[str]:
    """Whole lines gathered into as few messages as Discord's limit allows (a longer line is cut)."""
    messages: list[str] = []
    for line in lines:
        line = line[:MESSAGE_LIMIT]
        if messages and len(messages[-1]) + 1 + len(line) <= MESSAGE_LIMIT:
            messages[-1] += "\n" + line
        else:
            messages.append(line)
    return messages
