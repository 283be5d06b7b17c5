"""The strength benchmark's bookkeeping: seats alternate on shared seeds, draws count half, and the
interval is Wilson's."""

import json

import pytest

from benchmarks.computer import (
    MatchResult,
    Task,
    narrow_enough,
    pairing_tasks,
    pairings_for,
    read_log,
    result_to_json,
    run_pairings,
    tasks_for,
    wilson,
)


def test_each_seed_is_played_from_every_seat():
    tasks = [t for t in tasks_for(["mars", "trickery"], ["greedy"], 6, 100) if t.subject == "hard"]
    by_game = {}
    for task in tasks:
        by_game.setdefault(task.game_id, []).append(task)
    assert {t.players.index("hard") for t in by_game["mars"]} == {0, 1}
    assert {t.players.index("hard") for t in by_game["trickery"]} == {0, 1, 2}
    for game_tasks in by_game.values():
        for seed in {t.seed for t in game_tasks}:
            seats = [t.players.index("hard") for t in game_tasks if t.seed == seed]
            assert len(set(seats)) == len(seats) == len(game_tasks[0].players)
        for task in game_tasks:
            assert task.players.count("greedy") == len(task.players) - 1


def test_a_draw_is_half_a_win_with_two_players_and_a_shared_first_is_a_first_with_three():
    two = Task("greedy", "mars", ("hard", "greedy"), "hard", 1)
    three = Task("greedy", "flood", ("greedy", "hard", "greedy"), "hard", 1)
    assert MatchResult(two, (0, 1), 10, 0.0).score == 0.5
    assert MatchResult(two, (1,), 10, 0.0).score == 0.0
    assert MatchResult(three, (1, 2), 10, 0.0).score == 1.0
    assert MatchResult(three, (0,), 10, 0.0).score == 0.0


def test_the_wilson_interval():
    low, high = wilson(75, 100)
    assert round(low, 3) == 0.657 and round(high, 3) == 0.825  # the textbook figures for 75 of 100
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(100, 100)
    assert abs(high - 1.0) < 1e-9 and 0.96 < low < 0.97


def test_with_three_players_hard_against_normal_counts_its_meetings_with_each_seat():
    task = Task("levels", "trickery", ("normal", "hard", "normal"), "hard", 1)
    # hard second of three (higher scores are better): beat seat 2, lost to seat 0
    assert MatchResult(task, (0,), 10, 0.0, scores=(9, 5, 2)).score == 0.5
    assert MatchResult(task, (1,), 10, 0.0, scores=(3, 9, 2)).score == 1.0
    assert MatchResult(task, (0,), 10, 0.0, scores=(9, 2, 2)).score == 0.25  # level with seat 2
    # lower is better when the winner holds the lowest score
    assert MatchResult(task, (2,), 10, 0.0, scores=(9, 5, 1)).score == 0.5
    greedy = Task("greedy", "trickery", ("greedy", "hard", "greedy"), "hard", 1)
    assert MatchResult(greedy, (0,), 10, 0.0, scores=(9, 5, 2)).score == 0.0  # first place only


def _results(task: Task, wins: int, losses: int) -> list[MatchResult]:
    return [MatchResult(task, (0,), 1, 0.0)] * wins + [MatchResult(task, (1,), 1, 0.0)] * losses


def test_a_pairing_is_narrow_enough_only_after_whole_rotations_and_enough_matches():
    task = Task("greedy", "senet", ("hard", "greedy"), "hard", 1)
    assert narrow_enough(_results(task, 40, 40), 0.11)  # 50% of 80: 39.3-60.7
    assert not narrow_enough(_results(task, 40, 40), 0.10)
    assert narrow_enough(_results(task, 76, 24), 0.10)  # 76% of 100: 66.8-83.2
    assert not narrow_enough(_results(task, 76, 23), 0.10)  # a seat rotation unfinished
    assert not narrow_enough(_results(task, 20, 0), 0.20)  # fewer than MIN_MATCHES


def test_run_pairings_rotates_seats_and_stops_a_pairing_once_narrow(monkeypatch):
    import benchmarks.computer as bench

    monkeypatch.setattr(bench, "MIN_MATCHES", 2)
    pairings = pairings_for(["senet"], ["greedy"], ("easy",))
    played = []
    run_pairings(pairings, 12, 500, 0.99, 1, played.append)  # any interval is within 99 points
    assert [r.task.players.index("easy") for r in played] == [0, 1]
    played.clear()
    run_pairings(pairings, 6, 500, None, 1, played.append)
    assert [r.task.seed for r in played] == [500, 500, 501, 501, 502, 502]
    assert all(r.scores is not None and r.winners for r in played)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_resumed_run_plays_only_what_its_log_lacks(jobs):
    pairings = pairings_for(["senet"], ["greedy"], ("easy",))
    tasks = pairing_tasks(pairings[0], 6, 500)
    # A log with a gap (workers finish out of order): its matches come after the first ones played.
    logged = [MatchResult(task, (0,), 1, 0.0) for task in tasks[2:4]]
    played = []
    run_pairings(pairings, 6, 500, None, jobs, played.append, earlier=logged)
    assert len(played) == 4 and {r.task for r in played} == set(tasks[:2] + tasks[4:])


def test_a_log_counts_each_match_once(tmp_path):
    task = Task("greedy", "senet", ("hard", "greedy"), "hard", 7)
    line = json.dumps(result_to_json(MatchResult(task, (0,), 3, 1.0, scores=(1, 0))))
    log = tmp_path / "log.jsonl"
    log.write_text(f"{line}\n{line}\n")
    assert [r.task for r in read_log(str(log))] == [task]
