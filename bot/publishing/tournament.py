"""A tournament's messages: the sign-up message in the channel (Sign up / Leave), its thread's one
standings message (edited as tables end), a post per round naming each table's players, and the
first message of each table's match in the channel (its thread opens on it, as an invitation's
would). Public posts, in the server's language."""

from __future__ import annotations

import logging

import discord

from catalogue import speaking, tr, trn

from ..components import TournamentButton
from ..discord_io import MENTION_USERS, fitted, in_messages, message_link
from ..model import Tournament, level_name
from ..presenters.common import points_text
from ..tournaments import FORMAT_NAMES, TIEBREAK_NAMES, TournamentView
from .publisher import Publisher

log = logging.getLogger(__name__)
LINKS_ROOM = 500  # characters of the standings message the links to tables still playing may take


def _title(publisher: Publisher, tournament: Tournament) -> str:
    return tr(
        "🏆 **Tournament #{number}: {game}**",
        number=tournament.id,
        game=publisher.service.kits[tournament.game_id].title,
    )


def signup_text(publisher: Publisher, tournament: Tournament) -> str:
    names = ", ".join(entrant.display_name for entrant in tournament.entrants) or tr("nobody yet")
    lines = [
        _title(publisher, tournament),
        tr(
            "{format}, tables of up to {size}, a turn clock of {hours:g} h; a computer player ({level}) "
            "takes a no-show's seat at tables of 3 or more.",
            format=tr(FORMAT_NAMES[tournament.format]),
            size=tournament.table_size,
            hours=tournament.clock_hours,
            level=level_name(tournament.computer_level),
        ),
        tr(
            "Signed up ({count}/{most}): {names}",
            count=len(tournament.entrants),
            most=tournament.max_entrants,
            names=names,
        ),
    ]
    if tournament.status == "signup":
        lines.append(tr("Sign up with the button; `/tournament start {id}` begins it.", id=tournament.id))
    elif tournament.status == "cancelled":
        lines.append(tr("This tournament was cancelled."))
    else:
        lines.append(tr("Sign-up is closed: follow the tournament in its thread."))
    return "\n".join(lines)


def signup_view(tournament: Tournament) -> discord.ui.View | None:
    if tournament.status != "signup":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        TournamentButton(tournament.id, "join", label=tr("Sign up"), style=discord.ButtonStyle.primary)
    )
    view.add_item(TournamentButton(tournament.id, "leave", label=tr("Leave")))
    return view


def standings_lines(publisher: Publisher, view: TournamentView) -> tuple[list[str], list[str]]:
    """The standings' heading (with the tables still playing) and one line per player."""
    tournament = view.tournament
    if tournament.status == "finished":
        heading = tr("**Final standings** after {rounds} rounds", rounds=tournament.rounds)
    elif tournament.status == "cancelled":
        heading = tr("**Standings** (the tournament was cancelled)")
    elif tournament.current_round:
        heading = tr(
            "**Standings**, round {round} of {rounds}",
            round=tournament.current_round,
            rounds=tournament.rounds,
        )
    else:
        heading = tr("**Standings**: the tournament hasn't started yet")
    heading_lines = [_title(publisher, tournament), heading]
    if view.playing and tournament.status == "running":
        links = ", ".join(f"[#{table.match.id}]({_match_link(table.match)})" for table in view.playing)
        if len(links) > LINKS_ROOM:  # leave the message to the standings; the round's post links them
            count = len(view.playing)
            links = trn(
                "{count} table, linked in the round's post",
                "{count} tables, linked in the round's post",
                count,
                count=count,
            )
        heading_lines.append(tr("Still playing: {tables}", tables=links))
    heading_lines.append(
        tr("-# points · {tiebreak} · tables played", tiebreak=tr(TIEBREAK_NAMES[tournament.format]))
    )
    lines = []
    for standing in view.standings:
        entrant = tournament.entrant(standing.player)
        notes = (
            [trn("{count} bye", "{count} byes", standing.byes, count=standing.byes)] if standing.byes else []
        )
        if entrant is not None and entrant.withdrawn:
            notes.append(tr("withdrawn"))
        lines.append(
            tr(
                "`{place}.` **{name}** {points} · {score} · {played}{notes}",
                place=standing.place,
                name=tournament.name_of(standing.player),
                points=points_text(standing.points),
                score=points_text(standing.tiebreak),
                played=standing.played,
                notes="".join(f" · {note}" for note in notes),
            )
        )
    return heading_lines, lines


def standings_text(publisher: Publisher, view: TournamentView) -> str:
    """The one standings message: as many players as fit, the rest counted."""
    heading, lines = standings_lines(publisher, view)
    return fitted("\n".join(heading), lines)


def _match_link(match) -> str:
    if match.board_message_id:
        return message_link(match.guild_id, match.play_channel_id, match.board_message_id)
    return message_link(match.guild_id, match.play_channel_id)


def round_lines(publisher: Publisher, view: TournamentView) -> list[str]:
    tournament = view.tournament
    number_ = tournament.current_round
    lines = [
        tr(
            "⚔️ **Round {round} of {rounds}** of tournament #{number}:",
            round=number_,
            rounds=tournament.rounds,
            number=tournament.id,
        )
    ]
    for index, table in enumerate(view.round_tables(number_), 1):
        players = ", ".join(f"<@{user}>" for user in table.players)
        lines.append(
            tr(
                "Table {table}: {players} → [match #{match}]({link})",
                table=index,
                players=players,
                match=table.match.id,
                link=_match_link(table.match),
            )
        )
    byes = [user for round_, user, _ in tournament.byes if round_ == number_]
    if byes:
        lines.append(tr("Sitting out: {players}", players=", ".join(f"<@{user}>" for user in byes)))
    return lines


def round_view(tournament: Tournament) -> discord.ui.View | None:
    """Swiss: Sit out next round, while there is a next round."""
    if tournament.format != "swiss" or tournament.current_round >= (tournament.rounds or 0):
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(
        TournamentButton(tournament.id, "sitout", tournament.current_round, label=tr("Sit out next round"))
    )
    return view


class TournamentPosts:
    """Posting and editing a tournament's messages, each in the server's language."""

    def __init__(self, bot: discord.Client, publisher: Publisher) -> None:
        self.bot = bot
        self.publisher = publisher
        self.service = publisher.service

    async def language(self, tournament: Tournament) -> str:
        guild = self.bot.get_guild(tournament.guild_id)
        return await self.service.server_language(
            tournament.guild_id, guild.preferred_locale if guild else None
        )

    def channel(self, tournament: Tournament, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id, guild_id=tournament.guild_id)

    async def open_home(self, tournament: Tournament, signup: discord.Message) -> Tournament:
        """The tournament's thread, on its sign-up message (or the channel, when no thread can be
        made), with its standings message."""
        with speaking(await self.language(tournament)):
            name = tr(
                "Tournament #{number}: {game}",
                number=tournament.id,
                game=self.service.kits[tournament.game_id].title,
            )
        try:
            thread = await signup.create_thread(name=name[:100])
            tournament.thread_id = thread.id
        except discord.HTTPException as error:
            log.info("No thread for tournament %s (%s); posting in the channel", tournament.id, error.status)
        view = await self.service.tournament_view(tournament)
        with speaking(await self.language(tournament)):
            posted = await self.channel(tournament, tournament.home_id).send(
                standings_text(self.publisher, view)
            )
        tournament.standings_message_id = posted.id
        await self.service.set_tournament_messages(
            tournament.id, thread_id=tournament.thread_id, standings_message_id=posted.id
        )
        return tournament

    async def show_signup(self, tournament: Tournament) -> None:
        if tournament.signup_message_id is None:
            return
        with speaking(await self.language(tournament)):
            text, view = signup_text(self.publisher, tournament), signup_view(tournament)
        message = self.channel(tournament, tournament.channel_id).get_partial_message(
            tournament.signup_message_id
        )
        try:
            await message.edit(content=text, view=view)
        except discord.HTTPException:
            log.info("Could not edit the sign-up message of tournament %s", tournament.id)

    async def show_standings(self, view: TournamentView) -> None:
        tournament = view.tournament
        with speaking(await self.language(tournament)):
            text = standings_text(self.publisher, view)
        if tournament.standings_message_id is None:
            return
        message = self.channel(tournament, tournament.home_id).get_partial_message(
            tournament.standings_message_id
        )
        await message.edit(content=text)

    async def start_tables(self, view: TournamentView) -> None:
        """Each table of the current round not on Discord yet: its first message in the channel,
        then its thread and board, as any match that starts."""
        tournament = view.tournament
        for table in view.round_tables(tournament.current_round):
            match = table.match
            if match.lobby_message_id is not None or match.status != "active":
                continue
            public = self.publisher.audience(match).public
            text = self.publisher.invitations.started_text(match, public)
            message = await self.channel(tournament, match.channel_id).send(
                text, allowed_mentions=MENTION_USERS
            )
            match.lobby_message_id = message.id
            await self.service.set_lobby_message(match.id, message.id)
            if match.board_message_id is None:
                match = await self.publisher.start(match)
            await message.edit(content=self.publisher.invitations.started_text(match, public))

    async def announce_round(self, view: TournamentView) -> None:
        tournament = view.tournament
        with speaking(await self.language(tournament)):
            parts, buttons = in_messages(round_lines(self.publisher, view)), round_view(tournament)
        for index, text in enumerate(parts, 1):  # the button under the last part
            await self.channel(tournament, tournament.home_id).send(
                text, view=buttons if index == len(parts) else None, allowed_mentions=MENTION_USERS
            )

    async def announce_end(self, view: TournamentView) -> None:
        tournament = view.tournament
        with speaking(await self.language(tournament)):
            heading, lines = standings_lines(self.publisher, view)
        for text in in_messages([*heading, *lines]):  # every player, over as many messages as it takes
            await self.channel(tournament, tournament.home_id).send(text)
