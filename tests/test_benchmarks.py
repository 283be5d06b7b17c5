"""The benchmark script runs and reports every number README promises (no timing is asserted)."""

import json
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
]


def test_quick_benchmark_reports_every_game(tmp_path):
    out = tmp_path / "bench.json"
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "--quick", "--json", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(out.read_text())
    assert set(report["games"]) == set(GAMES), "every registered game is benchmarked"
    for numbers in report["games"].values():
        assert all(numbers[key] > 0 for key in KEYS)
        assert numbers["board_kb_max"] < 200, "boards stay under Discord-friendly 200 KB"
    assert "trickery" in done.stdout and "median" in done.stdout
