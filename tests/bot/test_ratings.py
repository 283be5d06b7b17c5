"""Ratings and statistics from finished matches, checked against Elo worked out by hand.

With both players at 1000 a win is expected half the time, so K = 32 moves each by 16. After that,
at 1016 vs 984 the favourite's expected score is 1 / (1 + 10^(-32/400)) = 0.545922, so a draw
costs them 32 * 0.045922 = 1.4695 and an upset moves 32 * 0.545922 = 17.4695.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import START_RATING, FinishedMatch, player_stats, ratings


def match(
    game_id="senet",
    at="2024-05-01T10:00:00",
    players=(1, 2),
    scores=(0, 0),
    winners=(),
    resigned=(),
    computers=False,
):
    return FinishedMatch(
        game_id, at, tuple(players), tuple(scores), tuple(winners), tuple(resigned), computers
    )


def by_user(table) -> dict[int, float]:
    return {entry.user_id: entry.rating for entry in table}


def test_a_two_player_win_moves_both_by_sixteen():
    table = ratings([match(scores=(12, 0), winners=(0,))], "senet")
    assert by_user(table) == {1: 1016.0, 2: 984.0}
    assert [(e.user_id, e.games, e.wins, e.draws) for e in table] == [(1, 1, 1, 0), (2, 1, 0, 0)]


def test_a_draw_between_equals_changes_nothing_and_counts_as_a_draw():
    table = ratings([match("mars", scores=(3, 3))], "mars")
    assert by_user(table) == {1: START_RATING, 2: START_RATING}
    assert all(entry.draws == 1 and entry.wins == 0 for entry in table)


def test_a_draw_pulls_the_favourite_down():
    first = match("mars", "2024-05-01T10:00:00", scores=(5, 0), winners=(0,))
    draw = match("mars", "2024-05-01T11:00:00", scores=(3, 3))
    rated = by_user(ratings([first, draw], "mars"))
    assert rated[1] == pytest.approx(1014.5305, abs=1e-3)
    assert rated[2] == pytest.approx(985.4695, abs=1e-3)


def test_matches_are_replayed_in_finishing_order_not_list_order():
    """Elo depends on order: the later upset leaves its winner ahead, however the list is ordered."""
    early = match(at="2024-05-01T10:00:00", scores=(5, 0), winners=(0,))
    late = match(at="2024-05-01T11:00:00", scores=(0, 5), winners=(1,))
    for given_order in ([early, late], [late, early]):
        rated = by_user(ratings(given_order, "senet"))
        assert rated[2] == pytest.approx(1001.4695, abs=1e-3)
        assert rated[1] == pytest.approx(998.5305, abs=1e-3)


def test_finishing_times_compare_as_moments_not_as_text():
    # 10:00 at +02:00 is 08:00 UTC: before 09:30 UTC although its text sorts after it.
    early = match(at="2024-05-01T10:00:00+02:00", scores=(5, 0), winners=(0,))
    late = match(at="2024-05-01T09:30:00+00:00", scores=(0, 5), winners=(1,))
    rated = by_user(ratings([late, early], "senet"))
    assert rated[2] > rated[1]


def test_three_players_split_into_pairs_with_k_over_two():
    """Each pair counts with K / 2 = 16: the winner beats two players, +8 each."""
    three = match("trickery", players=(1, 2, 3), scores=(10, 5, 0), winners=(0,))
    assert by_user(ratings([three], "trickery")) == {1: 1016.0, 2: 1000.0, 3: 984.0}


def test_four_players_use_k_over_three():
    four = match("flood", players=(4, 3, 2, 1), scores=(9, 1, 6, 3), winners=(0,))
    rated = by_user(ratings([four], "flood"))
    step = 32 / 3 / 2  # one pair between equals
    assert rated[4] == pytest.approx(1000 + 3 * step)
    assert rated[2] == pytest.approx(1000 + step)
    assert rated[1] == pytest.approx(1000 - step)
    assert rated[3] == pytest.approx(1000 - 3 * step)


def test_a_winner_beats_a_non_winner_with_the_same_score():
    tied = match("combat", players=(1, 2, 3), scores=(5, 5, 0), winners=(1,))
    assert by_user(ratings([tied], "combat")) == {2: 1016.0, 1: 1000.0, 3: 984.0}


def test_shared_winners_draw_with_each_other_whatever_their_scores():
    shared = match("trickery", players=(1, 2, 3), scores=(10, 3, 0), winners=(0, 1))
    table = ratings([shared], "trickery")
    assert by_user(table) == {1: 1008.0, 2: 1008.0, 3: 984.0}
    assert {entry.user_id: entry.wins for entry in table} == {1: 1, 2: 1, 3: 0}


def test_a_resigned_seat_loses_to_everyone_even_with_the_best_score():
    resigned = match("trickery", players=(1, 2, 3), scores=(20, 10, 0), winners=(1,), resigned=(0,))
    assert by_user(ratings([resigned], "trickery")) == {2: 1016.0, 3: 1000.0, 1: 984.0}


def test_a_two_player_forfeit_without_a_recorded_winner():
    forfeit = match(scores=(9, 0), resigned=(0,))
    table = ratings([forfeit], "senet")
    assert by_user(table) == {2: 1016.0, 1: 984.0}
    assert all(entry.wins == 0 and entry.draws == 0 for entry in table)


def test_only_the_asked_game_counts():
    matches = [match("senet", scores=(1, 0), winners=(0,)), match("mars", players=(1, 3), winners=(1,))]
    assert by_user(ratings(matches, "mars")) == {3: 1016.0, 1: 984.0}
    assert ratings(matches, "flood") == []


def test_equal_ratings_order_by_games_played_then_user_id():
    draws = [
        match("mars", "2024-05-01T10:00:00", players=(5, 3)),
        match("mars", "2024-05-01T11:00:00", players=(9, 7)),
        match("mars", "2024-05-01T12:00:00", players=(7, 9)),
    ]
    assert [entry.user_id for entry in ratings(draws, "mars")] == [7, 9, 3, 5]


def test_best_rating_comes_first():
    matches = [
        match("mars", "2024-05-01T10:00:00", players=(1, 2), winners=(1,)),
        match("mars", "2024-05-01T11:00:00", players=(3, 2), winners=(1,)),
        match("mars", "2024-05-01T12:00:00", players=(3, 1), winners=(0,)),
    ]
    table = ratings(matches, "mars")
    assert [entry.user_id for entry in table] == [2, 3, 1]
    assert table[0].rating > table[1].rating > table[2].rating


@given(
    st.lists(
        st.tuples(
            st.integers(2, 4),
            st.lists(st.integers(0, 9), min_size=4, max_size=4),
            st.sets(st.integers(0, 3), max_size=2),
            st.sets(st.integers(0, 3), max_size=1),
            st.permutations(range(1, 7)),
        ),
        max_size=12,
    )
)
def test_ratings_are_zero_sum(games):
    """Every pairwise update gives one player what it takes from the other."""
    matches = [
        match(
            "combat",
            f"2024-05-01T10:{minute:02d}:00",
            players=users[:n],
            scores=scores[:n],
            winners=sorted(s for s in winners if s < n),
            resigned=sorted(s for s in resigned if s < n),
        )
        for minute, (n, scores, winners, resigned, users) in enumerate(games)
    ]
    table = ratings(matches, "combat")
    assert sum(entry.rating for entry in table) == pytest.approx(START_RATING * len(table))


def test_player_stats_count_played_and_won_per_game_in_the_order_first_played():
    matches = [
        match("trickery", "2024-05-03T10:00:00", players=(3, 1, -2), winners=(1, 2), computers=True),
        match("trickery", "2024-05-04T10:00:00", players=(1, 3, 2), winners=(0,), resigned=(0,)),
        match("senet", "2024-05-01T10:00:00", players=(1, 2), winners=(0,)),
        match("senet", "2024-05-02T10:00:00", players=(2, 1), winners=(0,)),
        match("mars", players=(2, 3), winners=(0,)),  # not theirs
    ]

    def standings_of(user):
        return [
            (game, entry)
            for game in ("mars", "trickery", "senet")
            for entry in ratings(matches, game)
            if entry.user_id == user
        ]

    rated = {game: round(entry.rating) for game, entry in standings_of(1)}
    assert player_stats(standings_of(1)) == {
        "played": 4,
        "won": 2,  # a shared win counts; a resigned seat never wins
        "with_computers": 1,
        "games": {
            "senet": {"played": 2, "won": 1, "rating": rated["senet"]},
            "trickery": {"played": 2, "won": 1, "rating": rated["trickery"]},
        },
    }
    assert list(player_stats(standings_of(1))["games"]) == ["senet", "trickery"]
    assert player_stats(standings_of(42)) == {"played": 0, "won": 0, "with_computers": 0, "games": {}}


def test_computer_players_are_rated_one_entry_per_level_and_a_taken_over_seat_counts_for_who_left():
    from bot.model import Match, MatchResult, Seat
    from bot.ratings import COMPUTER_IDS
    from games import GAMES

    state = GAMES["senet"].new(2, 1)
    seats = [
        Seat(0, 7, "Ann", True, False, None),
        Seat(1, None, "Computer (hard)", True, False, None, resigned=True, computer="hard", left_user_id=8),
    ]
    stored = Match(
        1,
        "senet",
        1,
        1,
        None,
        "finished",
        1,
        5,
        {},
        7,
        None,
        None,
        None,
        None,
        "completed",
        "2024-05-01T10:00:00",
        None,
        None,
        None,
        seats,
        None,
        state,
    )
    finished = MatchResult.of(stored).finished
    assert finished.players == (7, 8) and finished.resigned == (1,) and finished.with_computers
    both = [match(players=(7, COMPUTER_IDS["normal"]), winners=(1,), computers=True)] * 2
    table = by_user(ratings(both, "senet"))
    assert table[COMPUTER_IDS["normal"]] > 1000 > table[7]
