"""A take-back or draw request put to the other players: its message in the match's channel, with
Agree and Refuse, then where it stands after each answer. Everyone's, in the server's language."""

from __future__ import annotations

import discord

from catalogue import speaking, tr

from ..components import Claim, MatchButton, view_of
from ..model import Match
from .audience import public_channel


class Requests:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot

    async def put(self, match: Match, request: dict, answering: list[int], language: str) -> bool:
        """Put the request to the players `answering` with two buttons; False if it couldn't be posted."""
        others = " ".join(f"<@{user}>" for user in answering)
        with speaking(language):
            buttons = [
                MatchButton(
                    Claim(match.id, match.version, "agree"),
                    label=tr("Agree"),
                    style=discord.ButtonStyle.success,
                ),
                MatchButton(Claim(match.id, match.version, "refuse"), label=tr("Refuse")),
            ]
            put = tr(
                "{players}: {request} Everyone must agree; any action meanwhile withdraws it.",
                players=others,
                request=request_text(match, request),
            )
        try:
            await public_channel(self.bot, match.play_channel_id, match).send(
                put, view=view_of(buttons), allowed_mentions=discord.AllowedMentions(users=True)
            )
        except discord.HTTPException:
            return False
        return True

    @staticmethod
    def answered(match: Match, request: dict, decided: str | None, by_user: int, language: str) -> str:
        """The request's message after `by_user` answered: the agreements so far, or the decision."""
        with speaking(language):
            if decided is None:
                agreed = ", ".join(f"<@{user}>" for user in request["agreed"])
                outcome = tr("Agreed so far: {players}.", players=agreed)
            elif decided == "agreed":
                outcome = tr("✅ Agreed.")
            else:
                outcome = tr("❌ Refused by {player}.", player=f"<@{by_user}>")
            return f"{request_text(match, request)} {outcome}"


def request_text(match: Match, request: dict) -> str:
    asker = match.label(request["seat"])
    if request["kind"] == "takeback":
        return tr(
            "**{player}** asks to take back their last decision (`{action}`).",
            player=asker,
            action=request["action"],
        )
    if len(match.seats) == 2:
        return tr("**{player}** offers a draw.", player=asker)
    return tr("**{player}** asks to end the match here, level for everyone (a draw).", player=asker)
