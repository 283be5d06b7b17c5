"""The strength benchmark's bookkeeping: seats alternate on shared seeds, draws count half, and the
interval is Wilson's."""

from benchmarks.computer import MatchResult, Task, tasks_for, wilson


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
