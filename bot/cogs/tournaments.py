"""Tournaments: `/tournament create|start|cancel|list`, the Sign up / Leave / Sit out next round
buttons, and tending running tournaments (the next round once every table of this one has ended,
the standings message kept current, the final standings), on the sweep, so a round that ended
while the bot was down moves on at its first sweep."""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands, tasks

from catalogue import speak, tr

from ..arcade import Arcade
from ..components import TournamentButton
from ..discord_io import fitted, message_link, organiser, tell
from ..errors import MatchError
from ..model import LEVELS, Tournament
from ..publishing.tournament import TournamentPosts, signup_text, signup_view
from ..service import MatchService
from ..tournaments import FORMAT_NAMES, ROUND_ROBIN, SWISS, standings_key

log = logging.getLogger(__name__)
FINAL = "final"  # the standings key once the final standings are posted


class Tournaments(commands.Cog):
    def __init__(self, bot: commands.Bot, arcade: Arcade) -> None:
        self.bot = bot
        self.arcade = arcade
        self.service: MatchService = arcade.service
        self.posts = TournamentPosts(bot, arcade.publisher)
        self.service.on_tournament_moved = self._poke
        self._tending: set[asyncio.Task] = set()
        self.group = app_commands.Group(name="tournament", description="Run a tournament", guild_only=True)
        self.group.add_command(self._create_command())
        self.group.add_command(
            app_commands.Command(
                name="start", description="Close sign-up and pair the first round", callback=self.start
            )
        )
        self.group.add_command(
            app_commands.Command(
                name="cancel", description="Cancel a tournament and its tables", callback=self.cancel
            )
        )
        self.group.add_command(
            app_commands.Command(name="list", description="This server's tournaments", callback=self.list_)
        )

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)
        self.bot.add_dynamic_items(TournamentButton)
        self.tend.change_interval(seconds=self.arcade.settings.sweep_seconds)
        self.tend.start()

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command("tournament")
        self.tend.cancel()
        for task in self._tending:
            task.cancel()

    def _poke(self, tournament_id: int) -> None:
        """A table ended (or lost a no-show): move the tournament on now rather than at the next
        sweep, once the decision's own messages are out (the sweep still catches anything missed)."""
        task = asyncio.get_running_loop().create_task(self._tend_soon(tournament_id))
        self._tending.add(task)
        task.add_done_callback(self._tending.discard)

    async def _tend_soon(self, tournament_id: int) -> None:
        await asyncio.sleep(0)
        try:
            await self.tend_one(tournament_id)
        except Exception:
            log.exception("Tending tournament %s failed; the sweep will retry", tournament_id)

    # --- commands

    def _create_command(self) -> app_commands.Command:
        kits = self.arcade.kits

        async def create(
            interaction: discord.Interaction,
            game: app_commands.Choice[str],
            format: app_commands.Choice[str],
            rounds: int | None = None,
            clock_hours: float | None = None,
            table_size: int | None = None,
            max_players: int | None = None,
            level: app_commands.Choice[str] | None = None,
        ) -> None:
            await self.create(
                interaction, game.value, format.value, rounds, clock_hours, table_size, max_players, level
            )

        create = app_commands.describe(
            game="Which game",
            format="Swiss (a set number of rounds) or round robin (everyone meets everyone)",
            rounds="Swiss only: how many rounds (default: enough for a clear winner)",
            clock_hours="How long each turn may take, in hours (default: the server's clock, else 48)",
            table_size="The largest table (default: the game's most players)",
            max_players="How many may sign up (default 64)",
            level="The computer player that takes a no-show's seat (default: normal)",
        )(create)
        create = app_commands.choices(
            game=[app_commands.Choice(name=kit.title, value=kit.id) for kit in kits.values()],
            format=[
                app_commands.Choice(name="Swiss system", value=SWISS),
                app_commands.Choice(name="Round robin", value=ROUND_ROBIN),
            ],
            level=[app_commands.Choice(name=name, value=name) for name in LEVELS],
        )(create)
        return app_commands.Command(
            name="create", description="Open a tournament with a sign-up message", callback=create
        )

    async def create(
        self,
        interaction: discord.Interaction,
        game_id: str,
        fmt: str,
        rounds: int | None,
        clock_hours: float | None,
        table_size: int | None,
        max_players: int | None,
        level: app_commands.Choice[str] | None,
    ) -> None:
        try:
            tournament = await self.service.create_tournament(
                game_id,
                fmt,
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                creator_id=interaction.user.id,
                **organiser(interaction),
                rounds=rounds,
                clock_hours=clock_hours,
                table_size=table_size,
                max_entrants=max_players,
                level=level.value if level else "normal",
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        publisher = self.arcade.publisher
        speak(await self.posts.language(tournament))  # the sign-up message is everyone's
        await interaction.response.send_message(
            signup_text(publisher, tournament), view=signup_view(tournament)
        )
        message = await interaction.original_response()
        tournament.signup_message_id = message.id
        await self.service.set_tournament_messages(tournament.id, signup_message_id=message.id)
        await self.posts.open_home(tournament, message)

    @app_commands.describe(id="The tournament's number (default: the only one)")
    async def start(self, interaction: discord.Interaction, id: int | None = None) -> None:
        try:
            tournament_id = id or await self._only_open(interaction, ("signup",))
            await self.service.start_tournament(
                tournament_id,
                **organiser(interaction),
                guild_id=interaction.guild_id,
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        tournament = await self.service.tournament_for(tournament_id, interaction.guild_id)
        await self.posts.show_signup(tournament)
        await self.tend_one(tournament_id)
        await tell(
            interaction,
            tr(
                "Tournament #{number} has started: {link}",
                number=tournament_id,
                link=message_link(tournament.guild_id, tournament.home_id),
            ),
        )

    @app_commands.describe(id="The tournament's number (default: the only one)")
    async def cancel(self, interaction: discord.Interaction, id: int | None = None) -> None:
        try:
            tournament_id = id or await self._only_open(interaction, ("signup", "running"))
            cancelled = await self.service.cancel_tournament(
                tournament_id,
                **organiser(interaction),
                guild_id=interaction.guild_id,
                user_id=interaction.user.id,
            )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        for match in cancelled:
            async with self.arcade.publisher.lock(match.id):
                await self.arcade.publisher.close_down(match)
        tournament = await self.service.tournament_for(tournament_id, interaction.guild_id)
        await self.posts.show_signup(tournament)
        await self.posts.show_standings(await self.service.tournament_view(tournament))
        await tell(interaction, tr("Tournament #{number} is cancelled.", number=tournament_id))

    async def list_(self, interaction: discord.Interaction) -> None:
        tournaments = await self.service.tournaments_here(interaction.guild_id)
        if not tournaments:
            await tell(interaction, tr("This server has no tournaments yet: `/tournament create` opens one."))
            return
        first, *rest = [self._line(tournament) for tournament in tournaments]
        await tell(interaction, fitted(first, rest))  # whole lines, the rest counted

    def _line(self, tournament: Tournament) -> str:
        status = {
            "signup": tr("sign-up open"),
            "running": tr(
                "round {round} of {rounds}", round=tournament.current_round, rounds=tournament.rounds
            ),
            "finished": tr("finished"),
            "cancelled": tr("cancelled"),
        }[tournament.status]
        return tr(
            "#{number} {game}, {format}: {status}, {count} players · {link}",
            number=tournament.id,
            game=self.arcade.kits[tournament.game_id].title,
            format=tr(FORMAT_NAMES[tournament.format]),
            status=status,
            count=len(tournament.entrants),
            link=message_link(tournament.guild_id, tournament.home_id),
        )

    async def _only_open(self, interaction: discord.Interaction, statuses: tuple[str, ...]) -> int:
        """The tournament a command without an id means: this server's only one in `statuses`."""
        found = [
            t.id for t in await self.service.tournaments_here(interaction.guild_id) if t.status in statuses
        ]
        if len(found) != 1:
            raise MatchError("Name the tournament: `/tournament list` shows their numbers.")
        return found[0]

    # --- buttons

    async def clicked(self, interaction: discord.Interaction, button: TournamentButton) -> None:
        speak(await self.bot.language_of(interaction))
        user = interaction.user
        try:
            if button.kind == "join":
                tournament = await self.service.sign_up(
                    button.tournament_id, user.id, user.display_name, interaction.guild_id
                )
                answer = tr("You're signed up for tournament #{number}.", number=tournament.id)
            elif button.kind == "leave":
                tournament = await self.service.leave_tournament(
                    button.tournament_id, user.id, interaction.guild_id
                )
                answer = tr("You're no longer signed up for tournament #{number}.", number=tournament.id)
            else:
                tournament = await self.service.sit_out(
                    button.tournament_id, user.id, button.round_number or 0, interaction.guild_id
                )
                answer = tr(
                    "You sit out round {round}: it counts as half a win.", round=tournament.current_round + 1
                )
        except MatchError as error:
            await tell(interaction, str(error))
            return
        await tell(interaction, answer)
        if button.kind in ("join", "leave"):
            await self.posts.show_signup(tournament)
        else:
            await self.tend_one(tournament.id)  # the standings show the bye to come

    # --- tending

    @tasks.loop(seconds=30)
    async def tend(self) -> None:
        try:
            for tournament in await self.service.tournaments_to_tend():
                await self._tend(tournament)
        except Exception:
            log.exception("Tending tournaments failed; will retry")

    @tend.before_loop
    async def _before_tend(self) -> None:
        await self.bot.wait_until_ready()

    async def tend_one(self, tournament_id: int) -> None:
        """Tend one tournament now (after a decision about it), unless another process is at it."""
        if (tournament := await self.service.claim_tournament(tournament_id)) is not None:
            await self._tend(tournament)

    async def _tend(self, tournament: Tournament) -> None:
        """Move it on if its round ended, post what is owed (a round's tables, the final standings)
        and bring the standings message up to date; the claim is released whatever happens."""
        round_posted = key = None
        try:
            view = await self.service.tournament_view(tournament)
            advance = await self.service.advance(tournament, view)
            if advance is not None:
                tournament = advance.tournament
                view = await self.service.tournament_view(tournament)
            if tournament.status == "running" and tournament.round_posted < tournament.current_round:
                await self.posts.start_tables(view)
                view = await self.service.tournament_view(tournament)
                await self.posts.announce_round(view)
                round_posted = tournament.current_round
            if tournament.status == "finished":
                await self.posts.show_standings(view)
                await self.posts.announce_end(view)
                key = FINAL
            elif standings_key(view) != tournament.standings_key:
                await self.posts.show_standings(view)
                key = standings_key(view)
        except Exception:
            log.exception("Tending tournament %s failed; will retry", tournament.id)
        finally:
            await self.service.tended(tournament.id, round_posted=round_posted, standings_key=key)
