"""The benchmark script runs and reports every number README promises, click latency included (no
timing is asserted)."""

import json
import os
import subprocess
import sys
from pathlib import Path

from games import GAMES

ROOT = Path(__file__).resolve().parent.parent
KEYS = [
    "games_per_second",
    "actions_per_game",
    "board_ms_median",
    "board_ms_p95",
    "board_kb_median",
    "board_kb_max",
    "hand_ms_median",
    "encode_ms_median",
    "render_to_encode_ratio",
    "hand_render_to_encode_ratio",
    "clone_us",
    "json_to_clone_ratio",
]


def run_quick(*options: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_quick_benchmark_reports_every_game(tmp_path):
    out = tmp_path / "bench.json"
    done = run_quick("--json", str(out), "--no-standings")  # measured below, on the test PostgreSQL
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert set(report["games"]) == set(GAMES), "every registered game is benchmarked"
    for numbers in report["games"].values():
        assert all(numbers[key] > 0 for key in KEYS)
        assert numbers["board_kb_max"] < 200, "boards stay under Discord-friendly 200 KB"
    assert "trickery" in done.stdout and "median" in done.stdout and "clone is" in done.stdout
    assert set(report["clicks"]) == set(GAMES), "click latency is measured for every game"
    for clicks in report["clicks"].values():
        assert clicks["moves"] == 3 and 0 < clicks["move_ms_p50"] <= clicks["move_ms_p95"]
    assert "click latency" in done.stdout


def test_clicks_alone_play_moves_through_the_bot(tmp_path):
    out = tmp_path / "clicks.json"
    done = run_quick("--clicks", "--games", "senet", "trickery", "--click-moves", "2", "--json", str(out))
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert report["games"] == {} and set(report["clicks"]) == {"senet", "trickery"}
    assert all(clicks["moves"] == 2 for clicks in report["clicks"].values())
    assert "random games" not in done.stdout and "p95 ms" in done.stdout


def run_on_postgresql(server: str, module: str, *options: str) -> tuple[subprocess.CompletedProcess, dict]:
    """Run a database benchmark on the test PostgreSQL server; its output and its JSON last line."""
    done = subprocess.run(
        [sys.executable, "-m", module, *options],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "TEST_POSTGRESQL_URL": server},
    )
    assert done.returncode == 0, done.stderr
    return done, json.loads(done.stdout.strip().splitlines()[-1])


def test_the_scaling_benchmark_runs_every_configuration(postgresql_server):
    _, rates = run_on_postgresql(
        postgresql_server, "benchmarks.scaling", "--seconds", "0.5", "--matches", "10"
    )
    assert set(rates) == {
        "sqlite, 1 process",
        "postgresql, 1 process",
        "postgresql, 2 processes",
        "postgresql, 4 processes",
    }
    assert all(rate > 0 for rate in rates.values())


def test_the_standings_benchmark_measures_both_databases_at_every_size(postgresql_server):
    done, results = run_on_postgresql(
        postgresql_server, "benchmarks.standings", "--matches", "5", "40", "--repeat", "3"
    )
    assert set(results) == {"sqlite", "postgresql"}
    for by_size in results.values():
        assert set(by_size) == {"5", "40"}
        for numbers in by_size.values():
            keys = ("upgrade_s", "leaderboard_ms", "stats_ms", "replay_ms", "match_end_ms")
            assert all(numbers[key] > 0 for key in keys)
    assert "leaderboard" in done.stdout and "40 finished" in done.stdout
    assert "a match's end (ratings + season)" in done.stdout and "one-time conversion" in done.stdout


def test_the_whole_benchmark_reports_the_league_costs_at_10_and_200_finished_when_quick(
    postgresql_server, tmp_path
):
    out = tmp_path / "bench.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks",
            "--quick",
            "--no-clicks",
            "--games",
            "senet",
            "--json",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "TEST_POSTGRESQL_URL": postgresql_server},
    )
    assert done.returncode == 0, done.stderr
    numbers = json.loads(out.read_text())
    for part in ("standings", "games", "tournament_standings"):
        assert set(numbers[part]) == {"sqlite", "postgresql"} and set(numbers[part]["sqlite"]) == {
            "10",
            "200",
        }
    assert "200 finished: a match's end (ratings + season)" in done.stdout
    assert "/games query" in done.stdout and "200 other finished matches" in done.stdout


def test_the_tournament_standings_benchmark_measures_both_databases_at_every_size(postgresql_server):
    done, results = run_on_postgresql(
        postgresql_server, "benchmarks.tournament_standings", "--matches", "5", "40", "--repeat", "3"
    )
    assert set(results) == {"sqlite", "postgresql"}
    for by_size in results.values():
        assert set(by_size) == {"5", "40"}
        assert all(numbers["update_ms"] > 0 and numbers["tables"] == 28 for numbers in by_size.values())
    assert "40 other finished matches" in done.stdout
