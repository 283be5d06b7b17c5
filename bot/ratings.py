"""Ratings and win counts from finished matches: pure arithmetic, no Discord and no database.

How ratings work: everyone starts at 1000, and each match changes its players' ratings when it
finishes (the bot keeps every player's standing per server and game up to date, `record`).
A two-player match is a plain Elo game with K = 32: the winner takes points from the loser, more
for beating a stronger player and fewer for beating a weaker one, and a draw moves both players
towards each other's rating. A match of three or four players is scored as if every pair of
players had played each other: in a pair the one with the higher final score wins (equal scores
are a draw), except that a winner of the match beats everyone who did not win, and a player who
resigned or forfeited loses to everyone who did not. Each of those pairwise games counts with
K / (number of players - 1), so one match moves a rating about as much as one two-player game,
and all of a match's changes are worked out from the ratings before it.

Elo depends on order: the same results in another order give slightly different ratings, which is
why matches count in the order they finished (`ratings` replays them so, to rebuild standings).

Computer players are rated like people, one rating per level ("Computer (normal)" is one entry on
the leaderboard however many matches it plays), so people can see how they compare. A seat a
computer player took over from someone who left counts for that person, as resigned; the computer
player is not rated for it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import combinations

START_RATING = 1000.0
K_FACTOR = 32.0
ELO_SCALE = 400.0  # a 400-point gap means the stronger player is expected to score 10 to 1

WIN, DRAW, LOSS = 1.0, 0.5, 0.0

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


@dataclass
class Rating:
    """A player's standing in one game: what /leaderboard and /stats show, kept up to date as
    matches finish (`record`)."""

    user_id: int
    rating: float = START_RATING
    games: int = 0
    wins: int = 0
    draws: int = 0  # two-player matches agreed drawn (a game's own draw is a shared win, in `wins`)
    with_computers: int = 0  # matches that had computer players in them
    first_finished_at: str = ""  # when their first match of the game finished: orders /stats


def expected_score(rating: float, opponent: float) -> float:
    """The share of the points Elo expects `rating` to take from `opponent` (0..1)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / ELO_SCALE))


def pair_result(match: FinishedMatch, seat: int, other: int) -> float:
    """How `seat` did against `other` in the match: WIN, DRAW or LOSS."""
    resigned = (seat in match.resigned, other in match.resigned)
    if resigned[0] != resigned[1]:
        return LOSS if resigned[0] else WIN
    if not any(resigned):
        won = (seat in match.winners, other in match.winners)
        if won[0] != won[1]:
            return WIN if won[0] else LOSS
        if won[0]:
            return DRAW  # a shared win ties the winners whatever their scores
    mine, theirs = score_of(match, seat), score_of(match, other)
    return WIN if mine > theirs else LOSS if mine < theirs else DRAW


def score_of(match: FinishedMatch, seat: int) -> int:
    return match.scores[seat] if seat < len(match.scores) else 0


def finish_time(match: FinishedMatch) -> datetime:
    moment = datetime.fromisoformat(match.finished_at)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def in_finish_order(matches: Iterable[FinishedMatch]) -> list[FinishedMatch]:
    """Oldest first; matches that finished at the same moment keep the order they were given in."""
    return sorted(matches, key=finish_time)


def rating_changes(match: FinishedMatch, current: dict[int, float]) -> dict[int, float]:
    """Each player's rating change from one match, all worked out from the ratings before it."""
    seats = len(match.players)
    changes = dict.fromkeys(match.players, 0.0)
    if seats < 2:
        return changes
    k = K_FACTOR / (seats - 1)
    for seat, other in combinations(range(seats), 2):
        user, opponent = match.players[seat], match.players[other]
        if user == opponent:
            continue  # one person in two seats (a test game) cannot gain from themselves
        result = pair_result(match, seat, other)
        swing = k * (result - expected_score(current[user], current[opponent]))
        changes[user] += swing
        changes[opponent] -= swing  # Elo is zero-sum: the pair's expectations add up to 1
    return changes


def ratings(matches: Iterable[FinishedMatch], game_id: str) -> list[Rating]:
    """Everyone who finished a match of `game_id`, best rating first (then most games, then user id)."""
    table: dict[int, Rating] = {}
    for match in in_finish_order(m for m in matches if m.game_id == game_id):
        record(table, match)
    return sorted(table.values(), key=lambda entry: (-entry.rating, -entry.games, entry.user_id))


def record(table: dict[int, Rating], match: FinishedMatch) -> None:
    """Add one finished match to its players' standings in `table` (user id -> Rating of the
    match's game), adding whoever is missing."""
    for user in match.players:
        table.setdefault(user, Rating(user))
    changes = rating_changes(match, {user: table[user].rating for user in match.players})
    for user, change in changes.items():
        table[user].rating += change
    for user in set(match.players):
        entry = table[user]
        if not entry.games:
            entry.first_finished_at = match.finished_at
        entry.games += 1
        if won(match, user):
            entry.wins += 1
        elif len(match.players) == 2 and pair_result(match, 0, 1) == DRAW:
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
    they finished and won, in all and per game with the rating, and how many had computer players.

    {"played": 7, "won": 3, "with_computers": 2, "games": {"mars": {"played": 5, "won": 2,
    "rating": 1012}, ...}}, games in the order first played.
    """
    stats: dict = {"played": 0, "won": 0, "with_computers": 0, "games": {}}
    for game_id, entry in sorted(standings, key=lambda pair: pair[1].first_finished_at):
        stats["games"][game_id] = {"played": entry.games, "won": entry.wins, "rating": round(entry.rating)}
        stats["played"] += entry.games
        stats["won"] += entry.wins
        stats["with_computers"] += entry.with_computers
    return stats
