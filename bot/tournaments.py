"""Tournament decisions of the match service: creating one, signing up and leaving, sitting out a
round, starting, each round's tables (started at once, every seat taken), the tables' places once
they end, the next round or the end, cancelling, and no-shows.

The pairing, byes, points and tie-breaks are `league.tournament`'s; a table's places are
`league.placings` of its match. A tournament's table is an ordinary rated match: its result counts
in the ratings as any other. A no-show (their turn clock ran out) forfeits a two-player table, and
at a table of 3 or 4 a computer player takes their seat at once (the others are not asked); either
way it counts as their resigning, and they are withdrawn from the later rounds.

A mixin of `bot.service.MatchService` (repository, kits, clock, lease, `_start`, `_end`,
`_substitute`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from catalogue import N_
from league.tournament import (
    ROUND_ROBIN,
    SWISS,
    Bye,
    Result,
    Standing,
    pair_round,
    round_count,
    standings,
)

from .errors import MatchError
from .model import GuildSettings, Match, MatchResult, Seat, Tournament, check_level, rated_as
from .repository.tournaments import NewTable

FORMAT_NAMES = {SWISS: N_("Swiss"), ROUND_ROBIN: N_("round robin")}
TIEBREAK_NAMES = {SWISS: N_("Buchholz"), ROUND_ROBIN: N_("Sonneborn-Berger")}
ENDED = ("finished", "cancelled")
MAX_ENTRANTS = 64
MAX_ROUNDS = 20


@dataclass(frozen=True)
class Table:
    """One table of a tournament as its posts show it: the match, its round, its players (user
    ids in seat order, a no-show's seat still theirs) and, once it ended, their places."""

    match: Match
    round: int
    players: tuple[int, ...]
    places: tuple[int, ...] | None

    @property
    def result(self) -> Result | None:
        return Result(self.round, self.players, self.places) if self.places is not None else None


@dataclass(frozen=True)
class TournamentView:
    """A tournament with its tables and standings, for the publisher."""

    tournament: Tournament
    tables: list[Table]
    standings: list[Standing]

    @property
    def playing(self) -> list[Table]:
        return [table for table in self.tables if table.places is None]

    def round_tables(self, number: int) -> list[Table]:
        return [table for table in self.tables if table.round == number]


@dataclass(frozen=True)
class Advance:
    """What tending a tournament did: a new round began (`started`: its matches) or it finished."""

    tournament: Tournament
    started: list[Match]
    finished: bool = False


def table_places(match: Match) -> tuple[int, ...]:
    """How an ended match ranks its seats: a cancelled one has everyone share first place."""
    if match.status == "cancelled" or match.state is None:
        return (1,) * len(match.seats)
    return MatchResult.of(match).finished.places


class TournamentDecisions:
    # --- who may

    @staticmethod
    def check_may_run(settings: GuildSettings, *, manages_server: bool, role_ids: list[int]) -> None:
        if settings.may_organise(manages_server=manages_server, role_ids=role_ids):
            return
        raise MatchError("Only members with Manage Server or this server's league role can run tournaments.")

    async def tournament_for(self, tournament_id: int, guild_id: int | None) -> Tournament:
        """A tournament of this server; another server's is as unknown as a wrong number."""
        tournament = await self.repository.load_tournament(tournament_id)
        if tournament is None or guild_id is None or tournament.guild_id != guild_id:
            raise MatchError("There is no tournament #{number} in this server.", number=tournament_id)
        return tournament

    # --- before it starts

    async def create_tournament(
        self,
        game_id: str,
        fmt: str,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        manages_server: bool,
        role_ids: list[int],
        rounds: int | None = None,
        clock_hours: float | None = None,
        table_size: int | None = None,
        max_entrants: int | None = None,
        level: str = "normal",
    ) -> Tournament:
        settings = await self.repository.settings_for(guild_id)
        self.check_may_run(settings, manages_server=manages_server, role_ids=role_ids)
        engine = self.kits[game_id].engine
        if fmt not in (SWISS, ROUND_ROBIN):
            raise MatchError("A tournament is Swiss or a round robin.")
        check_level(level)
        if rounds is not None and (fmt != SWISS or not 1 <= rounds <= MAX_ROUNDS):
            raise MatchError(
                "Only a Swiss tournament takes a number of rounds, from 1 to {most}.", most=MAX_ROUNDS
            )
        clock = clock_hours or settings.clock_hours or 48
        if not 1 <= clock <= 24 * 30:
            raise MatchError("The turn clock must be between 1 and 720 hours.")
        largest = min(max(table_size or engine.max_players, engine.min_players), engine.max_players)
        entrants = max_entrants or MAX_ENTRANTS
        if not engine.min_players <= entrants <= MAX_ENTRANTS:
            raise MatchError(
                "A tournament of {game} takes from {least} to {most} players.",
                game=engine.title,
                least=engine.min_players,
                most=MAX_ENTRANTS,
            )
        _, stamp = self._now()
        tournament = Tournament(
            id=0,  # the database numbers it
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=None,
            signup_message_id=None,
            standings_message_id=None,
            game_id=game_id,
            format=fmt,
            rounds=rounds,
            table_size=largest,
            clock_hours=clock,
            computer_level=level,
            max_entrants=entrants,
            status="signup",
            current_round=0,
            creator_id=creator_id,
            created_at=stamp,
            version=0,
            round_posted=0,
            standings_key=None,
        )
        return await self.repository.load_tournament(await self.repository.create_tournament(tournament))

    async def sign_up(self, tournament_id: int, user_id: int, name: str, guild_id: int | None) -> Tournament:
        tournament = await self.tournament_for(tournament_id, guild_id)
        answer = await self.repository.sign_up(tournament_id, user_id, name, limit=tournament.max_entrants)
        if answer == "twice":
            raise MatchError("You're already signed up.")
        if answer == "full":
            raise MatchError("This tournament is full ({count} players).", count=tournament.max_entrants)
        if answer == "closed":
            raise MatchError("Sign-up for this tournament is closed.")
        return await self.repository.load_tournament(tournament_id)

    async def leave_tournament(self, tournament_id: int, user_id: int, guild_id: int | None) -> Tournament:
        tournament = await self.tournament_for(tournament_id, guild_id)
        if tournament.status != "signup":
            raise MatchError("Sign-up for this tournament is closed.")
        if not await self.repository.leave_tournament(tournament_id, user_id):
            raise MatchError("You're not signed up.")
        return await self.repository.load_tournament(tournament_id)

    async def sit_out(
        self, tournament_id: int, user_id: int, round_number: int, guild_id: int | None
    ) -> Tournament:
        """`user_id` sits out the round after `round_number` (the round whose post they clicked):
        a requested bye, Swiss only."""
        tournament = await self.tournament_for(tournament_id, guild_id)
        entrant = tournament.entrant(user_id)
        if tournament.format != SWISS:
            raise MatchError("Only a Swiss tournament lets players sit out a round.")
        if entrant is None or entrant.withdrawn:
            raise MatchError("You're not playing in this tournament.")
        if tournament.status != "running" or tournament.current_round != round_number:
            raise MatchError("That button is from an earlier round; the tournament has moved on.")
        if round_number >= (tournament.rounds or 0):
            raise MatchError("This is the last round: there is no next round to sit out.")
        if not await self.repository.request_bye(tournament_id, round_number + 1, user_id):
            raise MatchError("You already sit out the next round.")
        return await self.repository.load_tournament(tournament_id)

    async def start_tournament(
        self, tournament_id: int, *, manages_server: bool, role_ids: list[int], guild_id: int | None
    ) -> Advance:
        tournament = await self.tournament_for(tournament_id, guild_id)
        self.check_may_run(
            await self.repository.settings_for(guild_id), manages_server=manages_server, role_ids=role_ids
        )
        if tournament.status != "signup":
            raise MatchError("This tournament has already started.")
        engine = self.kits[tournament.game_id].engine
        if len(tournament.entrants) < engine.min_players:
            raise MatchError(
                "A tournament of {game} needs at least {least} players; {count} signed up.",
                game=engine.title,
                least=engine.min_players,
                count=len(tournament.entrants),
            )
        advance = await self._next_round(tournament, [])
        if advance is None:
            raise MatchError("Someone else changed this tournament at the same moment; try again.")
        return advance

    async def cancel_tournament(
        self,
        tournament_id: int,
        *,
        manages_server: bool,
        role_ids: list[int],
        guild_id: int | None,
        user_id: int,
    ) -> list[Match]:
        """Cancel it, and its tables still playing with it (they then count for nobody), in one
        transaction; returns those tables."""
        tournament = await self.tournament_for(tournament_id, guild_id)
        self.check_may_run(
            await self.repository.settings_for(guild_id), manages_server=manages_server, role_ids=role_ids
        )
        if tournament.status not in ("signup", "running"):
            raise MatchError("This tournament has already ended.")
        _, stamp = self._now()
        cancelled = await self.repository.end_tournament(
            tournament_id,
            version=tournament.version,
            status="cancelled",
            stamp=stamp,
            reason=f"cancelled:{user_id}",
        )
        if cancelled is None:
            raise MatchError("Someone else changed this tournament at the same moment; try again.")
        return [await self.load(match_id) for match_id in cancelled]

    async def tournaments_here(self, guild_id: int) -> list[Tournament]:
        return [
            await self.repository.load_tournament(i) for i in await self.repository.tournaments_in(guild_id)
        ]

    # --- its tables and standings

    async def tournament_view(self, tournament: Tournament) -> TournamentView:
        """Its tables (each match loaded once) and the standings from the ended ones."""
        tables = []
        for row in await self.repository.tournament_tables(tournament.id):
            match = await self.load(row.match_id)
            players = tuple(rated_as(seat) for seat in match.seats)
            places = table_places(match) if match.status in ENDED else None
            tables.append(Table(match, row.round, players, places))
        results = [table.result for table in tables if table.result is not None]
        return TournamentView(
            tournament,
            tables,
            standings(tournament.format, self._entrant_ids(tournament), results, _byes(tournament)),
        )

    @staticmethod
    def _entrant_ids(tournament: Tournament) -> list[int]:
        return [entrant.user_id for entrant in tournament.entrants]

    # --- rounds

    async def tournaments_to_tend(self) -> list[Tournament]:
        """Running tournaments, each claimed for this process (released by `tended`)."""
        claimed = [await self.claim_tournament(i) for i in await self.repository.running_tournaments()]
        return [tournament for tournament in claimed if tournament is not None]

    async def claim_tournament(self, tournament_id: int) -> Tournament | None:
        """The tournament, claimed for this process to tend (released by `tended`); None while
        another process is at it."""
        now, _ = self._now()
        if not await self.repository.claim_tournament(tournament_id, now, now + self.lease_seconds):
            return None
        return await self.repository.load_tournament(tournament_id)

    async def set_tournament_messages(self, tournament_id: int, **messages: int | None) -> None:
        """Where it lives on Discord: `signup_message_id`, `thread_id`, `standings_message_id`."""
        await self.repository.set_tournament_messages(tournament_id, **messages)

    async def tended(
        self, tournament_id: int, *, round_posted: int | None = None, standings_key: str | None = None
    ) -> None:
        await self.repository.release_tournament(
            tournament_id, round_posted=round_posted, standings_key=standings_key
        )

    async def advance(self, tournament: Tournament, view: TournamentView) -> Advance | None:
        """When every table of the current round has ended: the next round, or the end. None while
        tables still play (or another process moved it on)."""
        if tournament.status != "running" or view.playing:
            return None
        if tournament.current_round >= (tournament.rounds or 0):
            ended = await self.repository.end_tournament(
                tournament.id, version=tournament.version, status="finished"
            )
            if ended is None:
                return None
            return Advance(await self.repository.load_tournament(tournament.id), [], finished=True)
        return await self._next_round(tournament, [t.result for t in view.tables if t.result is not None])

    async def _next_round(self, tournament: Tournament, results: list[Result]) -> Advance | None:
        """Pair the next round and start its tables, in one transaction; None if the tournament
        moved on meanwhile."""
        engine = self.kits[tournament.game_id].engine
        number = tournament.current_round + 1
        entrants = self._entrant_ids(tournament)
        rounds = tournament.rounds or round_count(
            tournament.format, len(entrants), tournament.table_size, smallest=engine.min_players
        )
        pairing = pair_round(
            tournament.format,
            entrants,
            number,
            results,
            _byes(tournament),
            smallest=engine.min_players,
            largest=tournament.table_size,
            withdrawn=[entrant.user_id for entrant in tournament.entrants if entrant.withdrawn],
            sitting_out=[
                user for round_, user, requested in tournament.byes if round_ == number and requested
            ],
        )
        settings = await self.repository.settings_for(tournament.guild_id)
        tables = [self._new_table(tournament, players, settings) for players in pairing.tables]
        _, stamp = self._now()
        ids = await self.repository.start_round(
            tournament, number=number, rounds=rounds, tables=tables, byes=list(pairing.byes), stamp=stamp
        )
        if ids is None:
            return None
        return Advance(
            await self.repository.load_tournament(tournament.id), [await self.load(i) for i in ids]
        )

    def _new_table(
        self, tournament: Tournament, players: tuple[int, ...], settings: GuildSettings
    ) -> NewTable:
        engine = self.kits[tournament.game_id].engine
        seats = [Seat(i, user, tournament.name_of(user), True, False, None) for i, user in enumerate(players)]
        options = engine.resolve_options({})
        # the table as `_start` reads it (its first state and deadlines) before it is stored
        match = Match(
            id=0,
            game_id=tournament.game_id,
            guild_id=tournament.guild_id,
            channel_id=tournament.channel_id,
            thread_id=None,
            status="lobby",
            seed=secrets.randbits(63),
            version=0,
            options=options,
            host_id=tournament.creator_id,
            lobby_message_id=None,
            lobby_expires_at=None,
            board_message_id=None,
            board_version=None,
            end_reason=None,
            finished_at=None,
            rematch_of=None,
            reminder_due_at=None,
            clock_due_at=None,
            seats=seats,
            settings=settings,
            computer_level=tournament.computer_level,
            tournament_id=tournament.id,
            tournament_clock_hours=tournament.clock_hours,
        )
        return NewTable(seats, match.seed, options, self._start(match, seats=seats))

    # --- no-shows

    async def _time_out(self, match: Match, seat: int) -> Match:
        """`seat`'s turn clock ran out. In a tournament: a computer player takes the seat at once
        where the match can go on (3-4 players), else the match is forfeited; either way the
        person is withdrawn from the later rounds. Elsewhere: the usual leaving."""
        if match.tournament_id is None:
            return await self._leave(match, seat, "timeout")
        user_id = match.user_at(seat)
        withdrawn = (match.tournament_id, user_id)
        if self._may_go_on_without(match, seat):
            return await self._substitute(match, seat, withdrawn=withdrawn)
        return await self._end(match, "finished", f"timeout:{user_id}", seat, withdrawn=withdrawn)


def _byes(tournament: Tournament) -> list[Bye]:
    return [Bye(round_, user, requested) for round_, user, requested in tournament.byes]


def standings_key(view: TournamentView) -> str:
    """What the standings message shows, in a word: it changes when a table ends or the
    tournament moves on (a round, a withdrawal, a bye), so it is edited then and only then."""
    ended = sum(1 for table in view.tables if table.places is not None)
    withdrawn = sum(1 for entrant in view.tournament.entrants if entrant.withdrawn)
    return f"{view.tournament.version}:{len(view.tables)}:{ended}:{withdrawn}"
