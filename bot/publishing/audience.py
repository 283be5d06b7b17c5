"""Who reads a match's messages, and in which language: everyone (the board, the invitation, a
request put to the players) in the server's language, and each seat's person their private
messages in their own. Worked out once per published change, from the match as loaded (its
settings and its seats' chosen languages come with it), and handed to whatever builds a message."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from ..model import Match


@dataclass(frozen=True)
class Audience:
    public: str  # the server's language: chosen with /config, else Discord's server primary language
    seats: tuple[str, ...]  # per seat, its person's: chosen with /language, else the server's

    @classmethod
    def of(cls, match: Match, guild_locale: object) -> Audience:
        public = match.settings.public_language(guild_locale)
        return cls(public, tuple(seat.language or public for seat in match.seats))


def public_channel(bot: discord.Client, channel_id: int, match: Match) -> discord.PartialMessageable:
    """A channel of the match's server, to post in without fetching it."""
    return bot.get_partial_messageable(channel_id, guild_id=match.guild_id)
