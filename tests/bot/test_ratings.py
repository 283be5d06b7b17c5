"""Ratings and statistics from finished matches: OpenSkill's Plackett-Luce model, checked against
the Weng-Lin update worked out here from the paper's formulas (not through the library).

Weng and Lin (2011), Plackett-Luce (their Algorithm 4), for players i with skill mu_i and
uncertainty sigma_i, as OpenSkill applies it: first every sigma_i^2 grows by tau^2 (so nobody's
uncertainty ever reaches 0); c^2 = sum over players of (sigma_i^2 + beta^2); C_q = sum of
exp(mu_s / c) over the players s placed at q's place or behind it; A_q = how many share q's place.
Then, over the players q placed at i's place or ahead of it,
    Omega_i = sigma_i^2 / c * sum_q ([q = i] - exp(mu_i / c) / C_q) / A_q
    Delta_i = gamma_i * sigma_i^2 / c^2 * sum_q (exp(mu_i / c) / C_q)(1 - exp(mu_i / c) / C_q) / A_q
with gamma_i = sigma_i / c, and mu_i += Omega_i, sigma_i^2 *= max(1 - Delta_i, kappa).
"""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import (
    COMPUTER_IDS,
    SHOWN_SCALE,
    START_MU,
    START_SIGMA,
    FinishedMatch,
    Rating,
    player_stats,
    ratings,
    record,
    shown,
)

BETA, TAU, KAPPA = 25 / 6, 25 / 300, 0.0001  # OpenSkill's defaults for mu 25, sigma 25/3


def weng_lin(players: list[tuple[float, float]], places: list[int]) -> list[tuple[float, float]]:
    """The Plackett-Luce update of the module docstring: (mu, sigma) per player, places 1 = best."""
    variances = [sigma * sigma + TAU * TAU for _, sigma in players]
    c = math.sqrt(sum(variance + BETA * BETA for variance in variances))
    strength = [math.exp(mu / c) for mu, _ in players]
    n = len(players)
    behind = [sum(strength[s] for s in range(n) if places[s] >= places[q]) for q in range(n)]
    sharing = [sum(1 for s in range(n) if places[s] == places[q]) for q in range(n)]
    updated = []
    for i, (mu, _) in enumerate(players):
        omega = delta = 0.0
        for q in range(n):
            if places[q] <= places[i]:
                p = strength[i] / behind[q]
                omega += ((q == i) - p) / sharing[q]
                delta += p * (1 - p) / sharing[q]
        gamma = math.sqrt(variances[i]) / c
        new_mu = mu + variances[i] / c * omega
        new_variance = variances[i] * max(1 - gamma * variances[i] / c**2 * delta, KAPPA)
        updated.append((new_mu, math.sqrt(new_variance)))
    return updated


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


def skills(table) -> dict[int, tuple[float, float]]:
    return {entry.user_id: (entry.mu, entry.sigma) for entry in table}


def assert_rated(table, expected: dict[int, tuple[float, float]]):
    got = skills(table)
    assert set(got) == set(expected)
    for user, (mu, sigma) in expected.items():
        assert got[user] == pytest.approx((mu, sigma), abs=1e-9), user


NEWCOMER = (START_MU, START_SIGMA)


def test_a_two_player_win_between_newcomers_matches_weng_lin_by_hand():
    table = ratings([match(scores=(12, 0), winners=(0,))], "senet")
    winner, loser = weng_lin([NEWCOMER, NEWCOMER], [1, 2])
    assert_rated(table, {1: winner, 2: loser})
    # By hand: sigma^2 = 625/9 + 1/144, c^2 = 2 (sigma^2 + 625/36), each side wins with p = 1/2, so
    # the winner gains sigma^2 / (2c) = 2.635, the loser loses as much; both get surer.
    variance = 625 / 9 + 1 / 144
    c = math.sqrt(2 * (variance + 625 / 36))
    assert winner[0] == pytest.approx(25 + variance / (2 * c)) and winner[0] == pytest.approx(
        27.635, abs=1e-3
    )
    assert loser[0] == pytest.approx(25 - variance / (2 * c))
    assert winner[1] == loser[1] < START_SIGMA
    assert [(e.user_id, e.games, e.wins, e.draws) for e in table] == [(1, 1, 1, 0), (2, 1, 0, 0)]


def test_a_four_player_match_after_earlier_ones_matches_weng_lin_with_ties():
    """Players with different skills and uncertainties (from two earlier matches), then a match of
    four with a shared win (a tie for first, A = 2) and a resigned player last whatever his score."""
    first = match("flood", "2024-05-01T10:00:00", players=(1, 2, 3), scores=(9, 5, 1), winners=(0,))
    second = match("flood", "2024-05-01T11:00:00", players=(4, 2), scores=(3, 8), winners=(1,))
    before = skills(ratings([first, second], "flood"))
    assert before[1] != before[2] != before[4]
    four = match(
        "flood",
        "2024-05-01T12:00:00",
        players=(4, 3, 2, 1),
        scores=(9, 1, 6, 30),
        winners=(0, 1),
        resigned=(3,),
    )
    places = [1, 1, 3, 4]  # shared win ahead of the better score; the resigned seat last
    assert four.places == tuple(places)
    expected = weng_lin([before[4], before[3], before[2], before[1]], places)
    assert_rated(ratings([four, second, first], "flood"), dict(zip((4, 3, 2, 1), expected, strict=True)))


def test_a_draw_moves_the_favourite_down_and_counts_as_a_draw():
    first = match("mars", "2024-05-01T10:00:00", scores=(5, 0), winners=(0,))
    draw = match("mars", "2024-05-01T11:00:00", scores=(3, 3))
    after_first = weng_lin([NEWCOMER, NEWCOMER], [1, 2])
    expected = weng_lin(after_first, [1, 1])
    table = ratings([first, draw], "mars")
    assert_rated(table, {1: expected[0], 2: expected[1]})
    assert expected[0][0] < after_first[0][0] and expected[1][0] > after_first[1][0]
    assert all(entry.draws == 1 and entry.wins == (entry.user_id == 1) for entry in table)


def test_matches_are_replayed_in_finishing_order_not_list_order():
    # 10:00 at +02:00 is 08:00 UTC: before 09:30 UTC although its text sorts after it.
    early = match(at="2024-05-01T10:00:00+02:00", scores=(5, 0), winners=(0,))
    late = match(at="2024-05-01T09:30:00+00:00", scores=(0, 5), winners=(1,))
    after_early = weng_lin([NEWCOMER, NEWCOMER], [1, 2])
    expected = weng_lin(after_early, [2, 1])
    for given_order in ([early, late], [late, early]):
        assert_rated(ratings(given_order, "senet"), {1: expected[0], 2: expected[1]})
    assert expected[1][0] > expected[0][0]  # the later win leaves its winner ahead


def test_a_winner_beats_a_non_winner_with_the_same_score():
    tied = match("combat", players=(1, 2, 3), scores=(5, 5, 0), winners=(1,))
    expected = weng_lin([NEWCOMER] * 3, [2, 1, 3])
    assert_rated(ratings([tied], "combat"), dict(zip((1, 2, 3), expected, strict=True)))


def test_a_two_player_forfeit_without_a_recorded_winner_loses():
    forfeit = match(scores=(9, 0), resigned=(0,))
    table = ratings([forfeit], "senet")
    expected = weng_lin([NEWCOMER, NEWCOMER], [2, 1])
    assert_rated(table, {1: expected[0], 2: expected[1]})
    assert all(entry.wins == 0 and entry.draws == 0 for entry in table)


def test_one_person_in_two_seats_is_not_rated_against_themselves():
    alone = match(players=(7, 7), scores=(3, 0), winners=(0,))
    table = ratings([alone], "senet")
    assert skills(table) == {7: NEWCOMER} and (table[0].games, table[0].wins) == (1, 1)
    # with a third player: the person counts once, at their better place (first), against player 8
    three = match("trickery", players=(7, 8, 7), scores=(0, 5, 9), winners=(2,))
    assert_rated(
        ratings([three], "trickery"), dict(zip((7, 8), weng_lin([NEWCOMER] * 2, [1, 2]), strict=True))
    )


def test_the_leaderboard_orders_by_the_conservative_rating():
    """Player 3 won once and is unsure; players 1 and 2 played ten even matches and are surer: the
    conservative rating, mu - 3 sigma, puts them ahead of the lucky newcomer whose mu is higher."""
    evens = [
        match("mars", f"2024-05-01T10:{minute:02d}:00", players=(1, 2), winners=(minute % 2,))
        for minute in range(10)
    ]
    lucky = match("mars", "2024-05-01T11:00:00", players=(3, 4), winners=(0,))
    table = ratings([*evens, lucky], "mars")
    by_user = {entry.user_id: entry for entry in table}
    assert by_user[3].mu > by_user[1].mu and by_user[3].mu > by_user[2].mu
    assert [entry.user_id for entry in table][:2] in ([1, 2], [2, 1])
    assert all(entry.rating == pytest.approx(entry.mu - 3 * entry.sigma) for entry in table)
    assert Rating(5).rating == pytest.approx(0) and shown(Rating(5).rating) == 0
    assert shown(by_user[1].rating) == round(SHOWN_SCALE * (by_user[1].mu - 3 * by_user[1].sigma))


def test_only_the_asked_game_counts():
    matches = [match("senet", scores=(1, 0), winners=(0,)), match("mars", players=(1, 3), winners=(1,))]
    assert set(skills(ratings(matches, "mars"))) == {1, 3}
    assert ratings(matches, "flood") == []


def test_equal_ratings_order_by_games_played_then_user_id():
    draws = [
        match("mars", "2024-05-01T10:00:00", players=(5, 3)),
        match("mars", "2024-05-01T11:00:00", players=(9, 7)),
        match("mars", "2024-05-01T12:00:00", players=(7, 9)),
    ]
    assert [entry.user_id for entry in ratings(draws, "mars")] == [7, 9, 3, 5]


@given(
    st.lists(
        st.tuples(
            st.integers(2, 4),
            st.lists(st.integers(0, 9), min_size=4, max_size=4),
            st.sets(st.integers(0, 3), max_size=2),
            st.sets(st.integers(0, 3), max_size=1),
            st.permutations(range(1, 7)),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_every_match_is_the_weng_lin_update_of_its_placings(games):
    """Replaying random matches one by one: each is exactly the reference update of its places;
    the sole first never loses skill, the sole last never gains, and everyone gets surer."""
    table: dict[int, Rating] = {}
    for minute, (n, scores, winners, resigned, users) in enumerate(games):
        finished = match(
            "combat",
            f"2024-05-01T10:{minute:02d}:00",
            players=users[:n],
            scores=scores[:n],
            winners=sorted(s for s in winners if s < n),
            resigned=sorted(s for s in resigned if s < n),
        )
        before = [(table[u].mu, table[u].sigma) if u in table else NEWCOMER for u in finished.players]
        expected = weng_lin(before, list(finished.places))
        record(table, finished)
        for user, (mu_before, sigma_before), (mu, sigma), place in zip(
            finished.players, before, expected, finished.places, strict=True
        ):
            assert (table[user].mu, table[user].sigma) == pytest.approx((mu, sigma), abs=1e-9)
            assert sigma < math.hypot(sigma_before, TAU)
            if finished.places.count(place) == 1 and place == 1:
                assert mu >= mu_before
            if finished.places.count(place) == 1 and place == max(finished.places):
                assert mu <= mu_before


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

    mine = dict(standings_of(1))

    def shown_of(game):
        entry = mine[game]
        return {"rating": shown(entry.rating), "skill": shown(entry.mu), "uncertainty": shown(entry.sigma)}

    assert player_stats(standings_of(1)) == {
        "played": 4,
        "won": 2,  # a shared win counts; a resigned seat never wins
        "with_computers": 1,
        "games": {
            "senet": {"played": 2, "won": 1, **shown_of("senet")},
            "trickery": {"played": 2, "won": 1, **shown_of("trickery")},
        },
    }
    senet = shown_of("senet")
    assert abs(senet["rating"] - (senet["skill"] - 3 * senet["uncertainty"])) <= 2  # each rounded alone
    assert list(player_stats(standings_of(1))["games"]) == ["senet", "trickery"]
    assert player_stats(standings_of(42)) == {"played": 0, "won": 0, "with_computers": 0, "games": {}}


def test_computer_players_are_rated_one_entry_per_level_and_a_taken_over_seat_counts_for_who_left():
    from bot.model import Match, MatchResult, Seat
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
    both = [
        match(
            at=f"2024-05-01T1{hour}:00:00", players=(7, COMPUTER_IDS["normal"]), winners=(1,), computers=True
        )
        for hour in range(2)
    ]
    table = {entry.user_id: entry for entry in ratings(both, "senet")}
    assert set(table) == {7, COMPUTER_IDS["normal"]}
    assert table[COMPUTER_IDS["normal"]].mu > START_MU > table[7].mu
    assert table[COMPUTER_IDS["normal"]].games == 2
