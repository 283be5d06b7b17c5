"""Ratings and win counts from finished matches: pure arithmetic, no Discord and no database.

How ratings work: every player has a skill estimate per server and game, kept as two numbers by
OpenSkill's Plackett-Luce model (Weng and Lin's Bayesian rating for matches of any size): `mu`,
the skill the bot believes in, and `sigma`, how unsure it still is (everyone starts at mu 25,
sigma 25/3). Each finished match is one ranking of its players (`league.placings`: a player who
resigned or forfeited is behind everyone who did not, the match's winners share first place
whatever their scores, the rest go by final score); the model moves each player's mu by how much
better or worse they placed than their mu expected, and shrinks their sigma because it has seen
them play. The leaderboard orders by the conservative rating, mu - 3 sigma (the library's
`ordinal`): a skill the player is very probably above, so one lucky win against strangers doesn't
top the table. It is shown times SHOWN_SCALE, rounded, see `shown`.

Matches count in the order they finished (`ratings` replays them so, to rebuild standings). One
person in several seats (a test game) counts once, at their best place, and is not rated against
themselves. Computer players are rated like people, one rating per level ("Computer (normal)" is
one entry on the leaderboard however many matches it plays), so people can see how they compare.
A seat a computer player took over from someone who left counts for that person, as resigned;
the computer player is not rated for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from openskill.models import PlackettLuce

from league import match_points, placings

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
START_MU, START_SIGMA = MODEL.mu, MODEL.sigma
# The conservative rating is shown times 40, rounded: an established average player (mu 25, small
# sigma) shows near 1000, the scale people know from Elo, and whole numbers are precise enough
# (one shown point is 1/40 of the model's unit). A newcomer shows 0 and rises as matches make the
# bot surer of them.
SHOWN_SCALE = 40

# Computer players stand in the ratings under these ids, one per level (people's ids are positive).
COMPUTER_IDS = {"easy": -1, "normal": -2, "hard": -3}
COMPUTER_LEVELS = {player: level for level, player in COMPUTER_IDS.items()}


@dataclass(frozen=True)
class FinishedMatch:
    """One finished match as the ratings need it. Seats index `players` and `scores`."""

    game_id: str
    finished_at: str  # ISO 8601; a time without a zone is taken as UTC
    players: tuple[int, ...]  # user ids in seat order
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # seat indexes; every seat for a draw (Outcome.is_draw), none for one agreed
    resigned: tuple[int, ...] = ()  # seats that resigned or forfeited
    with_computers: bool = False  # whether computer players played in it

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place, 1 the best, shared places equal (see `league.placings`)."""
        return placings(len(self.players), self.scores, self.winners, self.resigned)

    def best_places(self) -> dict[int, int]:
        """Each player's place, a person in several seats at the best of theirs; in seat order."""
        best: dict[int, int] = {}
        for user, place in zip(self.players, self.places, strict=True):
            best[user] = min(place, best.get(user, place))
        return best

    def points(self) -> dict[int, float]:
        """The season points each player takes (`league.match_points`; the best of a person's seats)."""
        best: dict[int, float] = {}
        for user, points in zip(self.players, match_points(self.places), strict=True):
            best[user] = max(points, best.get(user, points))
        return best


@dataclass
class Rating:
    """A player's standing in one game: what /leaderboard and /stats show, kept up to date as
    matches finish (`record`)."""

    user_id: int
    mu: float = START_MU  # the skill the model believes in
    sigma: float = START_SIGMA  # how unsure it still is (one standard deviation)
    games: int = 0
    wins: int = 0
    draws: int = 0  # two-player matches agreed drawn (a game's own draw is a shared win, in `wins`)
    with_computers: int = 0  # matches that had computer players in them
    first_finished_at: str = ""  # when their first match of the game finished: orders /stats

    @property
    def rating(self) -> float:
        """The conservative rating, mu - 3 sigma (OpenSkill's ordinal): what the leaderboard orders by."""
        return self.mu - 3 * self.sigma


def shown(value: float) -> int:
    """A rating (or mu, or sigma) as players see it: times SHOWN_SCALE, rounded."""
    return round(value * SHOWN_SCALE)


def finish_time(match: FinishedMatch) -> datetime:
    moment = datetime.fromisoformat(match.finished_at)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def in_finish_order(matches: Iterable[FinishedMatch]) -> list[FinishedMatch]:
    """Oldest first; matches that finished at the same moment keep the order they were given in."""
    return sorted(matches, key=finish_time)


def ratings(matches: Iterable[FinishedMatch], game_id: str) -> list[Rating]:
    """Everyone who finished a match of `game_id`, best conservative rating first (then most
    games, then user id)."""
    table: dict[int, Rating] = {}
    for match in in_finish_order(m for m in matches if m.game_id == game_id):
        record(table, match)
    return sorted(table.values(), key=lambda entry: (-entry.rating, -entry.games, entry.user_id))


def record(table: dict[int, Rating], match: FinishedMatch) -> None:
    """Add one finished match to its players' standings in `table` (user id -> Rating of the
    match's game), adding whoever is missing."""
    for user in match.players:
        table.setdefault(user, Rating(user))
    places = match.best_places()
    if len(places) > 1:  # alone in every seat, a person has nobody to be rated against
        players = list(places)
        teams = [[MODEL.rating(mu=table[user].mu, sigma=table[user].sigma)] for user in players]
        rated = MODEL.rate(teams, ranks=[places[user] for user in players])
        for user, [after] in zip(players, rated, strict=True):
            table[user].mu, table[user].sigma = after.mu, after.sigma
    drawn = len(match.players) == 2 and len(set(match.places)) == 1
    for user in places:
        entry = table[user]
        if not entry.games:
            entry.first_finished_at = match.finished_at
        entry.games += 1
        if won(match, user):
            entry.wins += 1
        elif drawn:
            entry.draws += 1
        entry.with_computers += int(match.with_computers)


def won(match: FinishedMatch, user_id: int) -> bool:
    """Whether the user won the match; a shared win counts, a resigned seat never wins."""
    return any(
        match.players[seat] == user_id
        for seat in match.winners
        if seat < len(match.players) and seat not in match.resigned
    )


def player_stats(standings: Iterable[tuple[str, Rating]]) -> dict:
    """One player's totals from their standings in each game (game id, Rating): how many matches
    they finished and won, in all and per game with the rating as shown, the skill (mu) and its
    uncertainty (sigma) on the same scale, and how many had computer players.

    {"played": 7, "won": 3, "with_computers": 2, "games": {"mars": {"played": 5, "won": 2,
    "rating": 412, "skill": 1102, "uncertainty": 230}, ...}}, games in the order first played.
    """
    stats: dict = {"played": 0, "won": 0, "with_computers": 0, "games": {}}
    for game_id, entry in sorted(standings, key=lambda pair: pair[1].first_finished_at):
        stats["games"][game_id] = {
            "played": entry.games,
            "won": entry.wins,
            "rating": shown(entry.rating),
            "skill": shown(entry.mu),
            "uncertainty": shown(entry.sigma),
        }
        stats["played"] += entry.games
        stats["won"] += entry.wins
        stats["with_computers"] += entry.with_computers
    return stats
