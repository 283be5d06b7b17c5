"""What the bot stores about a match and a server, as the service and the Discord layer read it."""

from __future__ import annotations

from dataclasses import dataclass

from games import State


@dataclass
class Seat:
    seat: int
    user_id: int
    display_name: str
    accepted: bool
    dm_closed: bool
    prompt_message_id: int | None
    resigned: bool = False


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


SETTING_LIMITS = {  # name: (smallest, largest)
    "reminder_hours": (0.25, 24 * 14),
    "clock_hours": (1, 24 * 30),
    "max_open_lobbies": (1, 20),
    "max_active_per_member": (1, 50),
    "max_active_per_guild": (1, 1000),
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

    @property
    def play_channel_id(self) -> int:
        """Where the board lives: the match thread, or the channel when no thread could be made."""
        return self.thread_id or self.channel_id

    @property
    def names(self) -> list[str]:
        return [seat.display_name for seat in self.seats]

    def label(self, seat: int) -> str:
        """'P1 Alice': how texts name a seat."""
        return f"P{seat + 1} {self.seats[seat].display_name}"

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def user_at(self, seat: int) -> int:
        return self.seats[seat].user_id


@dataclass(frozen=True)
class LimitReached:
    """Why a new lobby would go past its server's limits: which limit, the count, and whose."""

    limit: str  # "open_lobbies", "per_guild" or "per_member"
    count: int
    allowed: int
    user_id: int | None = None

    @property
    def text(self) -> str:
        """The refusal, for the member who ran /play."""
        if self.limit == "open_lobbies":
            return (
                f"You already have {self.count} open invitations here (the limit is {self.allowed}): "
                "wait for them to start, or cancel one with /match cancel."
            )
        if self.limit == "per_guild":
            return f"This server already has {self.count} matches going, its limit; try later."
        return f"<@{self.user_id}> is already in {self.count} matches here, this server's limit per member."
