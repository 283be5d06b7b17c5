"""What the bot stores about a match and a server, as the service and the Discord layer read it."""

from __future__ import annotations

from dataclasses import dataclass, field

from catalogue import N_, language, tr
from games import State

from .errors import MatchError
from .ratings import COMPUTER_IDS, FinishedMatch

# Timed work one process claims (a reminder, a computer turn, a board or closed invitation to bring
# up to date) comes back due this long after the claim if that process died before finishing it.
LEASE_SECONDS = 120
LEVELS = ("easy", "normal", "hard")  # the computer players' levels, weakest first
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}


def computer_name(level: str) -> str:
    """The name a computer player's seat is stored under (English, like a member's name)."""
    return f"Computer ({level})"


def shown_computer_name(level: str, number: int | None = None) -> str:
    """A computer player's name in the language spoken now; `number` tells apart the computer
    players of one match, when it has several."""
    if number is None:
        return tr("Computer ({level})", level=level_name(level))
    return tr("Computer {number} ({level})", number=number, level=level_name(level))


def level_name(level: str) -> str:
    """A computer players' level ("normal") in the language spoken now."""
    return tr(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def check_level(level: str) -> None:
    """Refuse a computer level that isn't one of LEVELS, naming those that are."""
    if level not in LEVELS:
        raise MatchError(
            "The computer players' level must be one of: {levels}.",
            levels=", ".join(level_name(name) for name in LEVELS),
        )


@dataclass
class Seat:
    """A person (`user_id`), a computer player (`computer`, its level) or, in a lobby, an open
    seat (neither). `left_user_id`: the person who held the seat before a computer took it over."""

    seat: int
    user_id: int | None
    display_name: str
    accepted: bool
    dm_closed: bool
    prompt_message_id: int | None
    resigned: bool = False
    computer: str | None = None
    left_user_id: int | None = None
    prompt_chapter: str | None = None  # the hand or round the private message (prompt_message_id) is for
    last_seen_at: float | None = None  # when the person last acted, or the match started
    language: str | None = None  # the one its person chose with /language; None: the server's

    @property
    def is_open(self) -> bool:
        return self.user_id is None and self.computer is None

    @property
    def is_person(self) -> bool:
        return self.user_id is not None


@dataclass
class GuildSettings:
    """What /config changes, with the defaults a new server gets."""

    guild_id: int
    reminder_hours: float = 12
    clock_hours: float | None = None
    use_threads: bool = True
    play_channels: list[int] | None = None
    max_open_lobbies: int = 3
    max_active_per_member: int = 5
    max_active_per_guild: int = 50
    open_invite_minutes: float = 60  # how long an invitation with open seats stays open
    away_minutes: float = 3  # a player idle this long is pinged when their turn begins
    language: str | None = None  # of public posts; None: Discord's server primary language
    league_role_id: int | None = None  # may run tournaments and seasons, besides members with Manage Server

    def may_organise(self, *, manages_server: bool, role_ids: list[int]) -> bool:
        """Whether a member may run this server's tournaments and seasons: Manage Server, or the
        league role the server named (`/config league_role`)."""
        return manages_server or (self.league_role_id is not None and self.league_role_id in role_ids)

    def public_language(self, discord_locale: object) -> str:
        """The language of the server's public posts: the one chosen with /config, else Discord's
        server primary language (`discord_locale`)."""
        return self.language or language(discord_locale)


SETTING_LIMITS = {  # name: (smallest, largest)
    "reminder_hours": (0.25, 24 * 14),
    "clock_hours": (1, 24 * 30),
    "max_open_lobbies": (1, 20),
    "max_active_per_member": (1, 50),
    "max_active_per_guild": (1, 1000),
    "open_invite_minutes": (10, 7 * 24 * 60),
    "away_minutes": (1, 24 * 60),
}
SETTING_NAMES = {  # how a refusal names a setting: its name, in words
    "reminder_hours": N_("reminder hours"),
    "clock_hours": N_("clock hours"),
    "max_open_lobbies": N_("max open lobbies"),
    "max_active_per_member": N_("max active per member"),
    "max_active_per_guild": N_("max active per guild"),
    "open_invite_minutes": N_("open invite minutes"),
    "away_minutes": N_("away minutes"),
}


@dataclass
class Match:
    id: int
    game_id: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    status: str  # lobby, active, finished or cancelled
    seed: int
    version: int
    options: dict
    host_id: int
    lobby_message_id: int | None
    lobby_expires_at: float | None
    board_message_id: int | None
    board_version: int | None
    end_reason: str | None
    finished_at: str | None
    rematch_of: int | None
    reminder_due_at: float | None
    clock_due_at: float | None
    seats: list[Seat]
    settings: GuildSettings  # of the match's server, read with it
    state: State | None = None
    computer_level: str = "normal"  # for seats filled by computer players
    hints_allowed: bool = False
    computer_due_at: float | None = None
    vacancy: dict | None = None  # {"seat", "user_id", "reason", "votes": {user id: choice}}
    vacancy_due_at: float | None = None
    board_posted_at: float | None = None  # when the live board message was posted
    board_chapter: str | None = None  # the hand, round or phase it was posted for
    board_lines: list[str] = field(default_factory=list)  # the last few actions in words, on it
    # A take-back or draw request: {"kind", "seat", "version" (it lapses when play moves on),
    # "action" (a take-back's), "agreed": [user ids]}
    request: dict | None = None
    # What the match is for: an ordinary one ("match", rated), a guided first match ("tutorial",
    # /learn) or a practice match played on from a reviewed position ("practice", naming its source)
    purpose: str = "match"
    source_match_id: int | None = None
    # A tournament's table: which tournament and round, and its turn clock (instead of the server's)
    tournament_id: int | None = None
    tournament_round: int | None = None
    tournament_clock_hours: float | None = None

    @property
    def clock_hours(self) -> float | None:
        """How long each turn may take: the tournament's clock for its tables, else the server's."""
        return self.tournament_clock_hours or self.settings.clock_hours

    @property
    def rated(self) -> bool:
        """Whether its result counts in the server's standings: only ordinary matches do."""
        return self.purpose == "match"

    @property
    def play_channel_id(self) -> int:
        """Where the board lives: the match thread, or the channel when no thread could be made."""
        return self.thread_id or self.channel_id

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

    @property
    def shown_names(self) -> list[str]:
        """The seats' names as texts show them: computer players' in the language spoken now, and
        numbered in seat order when there are several, so that no two seats share a name."""
        computers = [seat.seat for seat in self.seats if seat.computer]
        return [
            shown_computer_name(seat.computer, computers.index(seat.seat) + 1 if len(computers) > 1 else None)
            if seat.computer
            else seat.display_name
            for seat in self.seats
        ]

    def label(self, seat: int) -> str:
        """'P1 Alice': how texts name a seat."""
        return tr("P{number} {name}", number=seat + 1, name=self.shown_names[seat])

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def check_server(self, guild_id: int | None, *, dm_ok: bool = True) -> None:
        """A decision made in a server must be about that server's match; from DMs (guild None)
        only where `dm_ok` (a player's own prompts)."""
        if guild_id is None and dm_ok:
            return
        if guild_id != self.guild_id:
            raise MatchError("There is no such match in this server.")

    def seat_left_by(self, user_id: int) -> int | None:
        """The seat a computer player took over from `user_id`."""
        return next((s.seat for s in self.seats if s.left_user_id == user_id), None)

    def user_at(self, seat: int) -> int | None:
        return self.seats[seat].user_id

    @property
    def people(self) -> list[Seat]:
        """The seats people hold (not computer players, not open seats)."""
        return [seat for seat in self.seats if seat.is_person]

    def computers_to_move(self) -> list[int]:
        """The computer players' seats among those to move now. Where seats act in any order (the
        M.A.R.S. objectives), a tutorial's computer players wait for the learner: its match then
        goes the same way however quickly the learner chooses."""
        if self.status != "active" or self.vacancy or self.state is None or self.state.is_over:
            return []
        return self.computer_seats_due()

    def computer_seats_due(self) -> list[int]:
        """The computer players' seats among `state.to_move` that play now (a tutorial's wait for
        the learner: see `computers_to_move`), whatever the match's status."""
        if self.purpose == "tutorial" and any(self.seats[seat].is_person for seat in self.state.to_move):
            return []
        return [seat for seat in self.state.to_move if self.seats[seat].computer]

    def people_to_move(self) -> list[int]:
        if self.state is None or self.state.is_over:
            return []
        return [seat for seat in self.state.to_move if self.seats[seat].is_person]

    @property
    def has_computers(self) -> bool:
        return any(seat.computer for seat in self.seats)


@dataclass(frozen=True)
class Deadlines:
    """When the turn being waited for needs something done: a reminder to the people to move,
    their turn clock running out, and a computer player's move."""

    reminder: float | None = None
    clock: float | None = None
    computer: float | None = None

    def __iter__(self):
        return iter((self.reminder, self.clock, self.computer))


@dataclass(frozen=True)
class MatchResult:
    """What a match ending now adds to its server's standings: the result as the ratings read it,
    and the names its players go by now (a person who left is not renamed by it)."""

    guild_id: int | None
    finished: FinishedMatch
    names: dict[int, str]

    @classmethod
    def of(
        cls,
        match: Match,
        *,
        finished_at: str | None = None,
        leaving_seat: int | None = None,
        end_reason: str | None = None,
    ) -> MatchResult:
        """A finished match's result; `finished_at`, `leaving_seat` and `end_reason` for one ending
        now, before they are stored. Resigned: in a 2-player game the other player wins; with more,
        nobody does. Agreed to end (a draw): nobody wins, everyone draws with everyone."""
        resigned = tuple(seat.seat for seat in match.seats if seat.resigned or seat.seat == leaving_seat)
        outcome = match.state.outcome if match.state.is_over else None
        if (end_reason or match.end_reason) == "draw":
            scores, winners = (0,) * len(match.seats), ()
        elif outcome:
            scores, winners = tuple(outcome.scores), tuple(outcome.winners)
        else:
            scores = (0,) * len(match.seats)
            others = tuple(s for s in range(len(match.seats)) if s not in resigned)
            winners = others if len(match.seats) == 2 else ()
        finished = FinishedMatch(
            match.game_id,
            finished_at or match.finished_at or "",
            tuple(rated_as(seat) for seat in match.seats),
            scores,
            winners,
            resigned,
            match.has_computers,
        )
        names = {rated_as(seat): seat.display_name for seat in match.seats if not seat.left_user_id}
        return cls(match.guild_id, finished, names)


def rated_as(seat: Seat) -> int:
    """Who a seat counts for in the ratings: its person, the person a computer player took it
    over from, or the computer player's level."""
    return seat.left_user_id or seat.user_id or COMPUTER_IDS[seat.computer]


@dataclass(frozen=True)
class MyGame:
    """A match a member is in, as /games lists it: read from its row and seats, not its state."""

    match_id: int
    game_id: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    status: str  # lobby or active
    lobby_message_id: int | None
    board_message_id: int | None
    # Its turn clock, else its reminder, else the end of a vote on a seat left empty, else the
    # invitation's expiry
    deadline: float | None
    paused: bool  # while the others vote on a seat left empty
    seat: int  # the member's
    # Who it waits for: the seats to move, in a lobby the invited who haven't answered and the open
    # seats, while paused those who haven't voted
    waiting_for: tuple[Seat, ...]

    @property
    def waits_on_me(self) -> bool:
        return any(seat.seat == self.seat for seat in self.waiting_for)


@dataclass(frozen=True)
class Start:
    """How a lobby becomes a match: the first state, when, and its first deadlines."""

    state: dict
    stamp: str
    deadlines: Deadlines
    at: float = 0.0  # the same moment, as a timestamp (the players are present then)
    opening: tuple[tuple[int, str], ...] = ()  # moves already made (a practice match's), logged first
    to_move: tuple[int, ...] = ()  # the seats the first state waits for

    @property
    def version(self) -> int:
        return 1 + len(self.opening)


@dataclass
class ActionResult:
    """What one applied action did, as the service returns it to the publisher."""

    match: Match  # as saved, with the state after the action
    seat: int
    action: str
    events: list[str]
    previous_version: int
    turns_begun: list[int] = field(default_factory=list)  # seats that must act now and didn't before


@dataclass(frozen=True)
class LiveBoard:
    """The board message a match edits in place: which message, the version it shows, when it was
    posted, the hand or round it was posted for, and the recent actions it lists."""

    message_id: int
    version: int
    posted_at: float
    chapter: str
    lines: list[str]


NOTIFY_WHEN = (
    "away",
    "every",
    "never",
)  # /notify: ping me when my turn begins and I'm away, always, or never
NOTIFY_BY = ("mention", "dm")
# /board: what the bot's personal messages show of the position: the picture, words instead, or both
BOARD_STYLES = ("picture", "words", "both")


@dataclass(frozen=True)
class NotifyPreference:
    when: str = "away"
    by: str = "mention"


@dataclass(frozen=True)
class LimitReached:
    """Why a new lobby would go past its server's limits: which limit, the count, and whose."""

    limit: str  # "open_lobbies", "per_guild" or "per_member"
    count: int
    allowed: int
    user_id: int | None = None

    @property
    def error(self) -> MatchError:
        """The refusal, for the member who ran /play."""
        if self.limit == "open_lobbies":
            return MatchError(
                "You already have {count} open invitations here (the limit is {allowed}): "
                "wait for them to start, or cancel one with /match cancel.",
                count=self.count,
                allowed=self.allowed,
            )
        if self.limit == "per_guild":
            return MatchError(
                "This server already has {count} matches going, its limit; try later.", count=self.count
            )
        return MatchError(
            "{member} is already in {count} matches here, this server's limit per member.",
            member=f"<@{self.user_id}>",
            count=self.count,
        )


@dataclass
class Entrant:
    user_id: int
    display_name: str
    signup_order: int
    withdrawn: bool = False


@dataclass
class Tournament:
    """A server's tournament of one game, as stored: its settings, where it lives on Discord, who
    signed up, the byes so far, and `version`, which moves on with every decision about it."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    signup_message_id: int | None
    standings_message_id: int | None
    game_id: str
    format: str  # league.tournament.SWISS or ROUND_ROBIN
    rounds: int | None  # known once it starts
    table_size: int  # the largest table
    clock_hours: float
    computer_level: str
    max_entrants: int
    status: str  # signup, running, finished or cancelled
    current_round: int
    creator_id: int
    created_at: str
    version: int
    round_posted: int  # the last round whose tables were announced in the thread
    standings_key: str | None  # what the standings message last showed (see TournamentDecisions)
    entrants: list[Entrant] = field(default_factory=list)  # in sign-up order
    byes: list[tuple[int, int, bool]] = field(default_factory=list)  # (round, user id, requested)

    @property
    def home_id(self) -> int:
        """Where its posts go: its thread, or the channel when no thread could be made."""
        return self.thread_id or self.channel_id

    def entrant(self, user_id: int) -> Entrant | None:
        return next((entrant for entrant in self.entrants if entrant.user_id == user_id), None)

    def name_of(self, user_id: int) -> str:
        entrant = self.entrant(user_id)
        return entrant.display_name if entrant else str(user_id)
