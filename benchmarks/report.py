"""The numbers of a run as a plain-text report and as JSON."""

from __future__ import annotations

import os
import platform
import resource
import sys

import PIL

from .engine import combined
from .runner import GameResult
from .stats import kilobytes, median, p95


def peak_rss_mb() -> float:
    """The process's peak resident memory so far."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10  # bytes on macOS, KiB on Linux


def environment() -> dict:
    return {
        "python": platform.python_version(),
        "pillow": PIL.__version__,
        "machine": f"{platform.system()} {platform.machine()}",
        "cpus": os.cpu_count(),
    }


def engine_summary(result) -> dict:
    return {
        "games": result.games,
        "seconds": result.seconds,
        "games_per_second": result.games_per_second,
        "actions_per_second": result.actions_per_second,
        "actions_per_game": result.actions_per_game,
    }


def game_summary(result: GameResult) -> dict:
    """Every number reported for one game; the text report and the JSON both read from this."""
    engine_all = combined(result.engine)
    r = result.rendering
    board_kb, hand_kb = kilobytes(r.board.sizes), kilobytes(r.hand.sizes)
    return {
        # all player counts together: total games over total time
        "games_per_second": engine_all.games_per_second,
        "actions_per_second": engine_all.actions_per_second,
        "actions_per_game": engine_all.actions_per_game,
        "engine_by_players": {str(e.num_players): engine_summary(e) for e in result.engine},
        "clone_us": result.clone.clone_us,
        "json_round_trip_us": result.clone.json_us,
        "json_to_clone_ratio": result.clone.json_to_clone_ratio,
        "positions": r.positions,
        "renders_timed": len(r.board.render_ms),
        "board_ms_cold": r.cold_board_ms,
        "board_ms_median": median(r.board.render_ms),
        "board_ms_p95": p95(r.board.render_ms),
        "board_kb_median": median(board_kb),
        "board_kb_max": max(board_kb),
        "hand_ms_median": median(r.hand.render_ms),
        "hand_ms_p95": p95(r.hand.render_ms),
        "hand_kb_median": median(hand_kb),
        "hand_kb_max": max(hand_kb),
        "encode_ms_median": median(r.board.encode_ms),
        "encode_ms_p95": p95(r.board.encode_ms),
        "hand_encode_ms_median": median(r.hand.encode_ms),
        "hand_encode_ms_p95": p95(r.hand.encode_ms),
        "encode_matches_render": r.board.encode_matches_render and r.hand.encode_matches_render,
        "render_to_encode_ratio": r.board.ratio,
        "hand_render_to_encode_ratio": r.hand.ratio,
        "fresh_render_to_encode_ratio": r.board.fresh_ratio,
        "fresh_hand_render_to_encode_ratio": r.hand.fresh_ratio,
    }


def rounded(value):
    """Floats to 3 decimals, through nested dicts, so the JSON stays readable."""
    if isinstance(value, float):
        return round(value, 3)
    if isinstance(value, dict):
        return {key: rounded(item) for key, item in value.items()}
    return value


def as_json(mode: str, summaries: dict[str, dict], clicks: dict[str, dict], peak_mb: float) -> dict:
    return rounded(
        {
            "mode": mode,
            "environment": environment(),
            "games": summaries,
            "clicks": clicks,
            "peak_rss_mb": peak_mb,
        }
    )


# --- text -----------------------------------------------------------------------------------


def table(headers: list[str], rows: list[list[str]], indent: str = "  ") -> list[str]:
    """Columns sized to fit; the first is left-aligned (labels), the rest right-aligned (numbers)."""
    widths = [max(len(cells[i]) for cells in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        first, *rest = cells
        aligned = [first.ljust(widths[0])] + [c.rjust(w) for c, w in zip(rest, widths[1:], strict=True)]
        return (indent + "  ".join(aligned)).rstrip()

    rule = indent + "-" * (sum(widths) + 2 * (len(widths) - 1))
    return [line(headers), rule, *[line(row) for row in rows]]


def engine_row(label: str, engine: dict) -> list[str]:
    games = str(engine["games"]) if "games" in engine else ""
    seconds = f"{engine['seconds']:.1f}" if "seconds" in engine else ""
    rates = [f"{engine['games_per_second']:.1f}", f"{engine['actions_per_second']:.0f}"]
    return [label, games, seconds, *rates, f"{engine['actions_per_game']:.1f}"]


def engine_lines(summary: dict) -> list[str]:
    rows = [engine_row(f"{players} players", e) for players, e in summary["engine_by_players"].items()]
    rows.append(engine_row("all", summary))
    return [
        *table(["random games", "games", "s", "games/s", "actions/s", "actions/game"], rows),
        f"  copying a mid-game state: clone() {summary['clone_us']:.1f} us, "
        f"from_json(to_json()) {summary['json_round_trip_us']:.1f} us: "
        f"clone is {summary['json_to_clone_ratio']:.1f}x cheaper",
    ]


def timing_row(label: str, summary: dict, key: str, *, sizes: bool = True) -> list[str]:
    """A row of the render table from the summary's `{key}_ms_*` (and `{key}_kb_*`) numbers."""
    cells = [label, str(summary["renders_timed"])]
    cells += [f"{summary[f'{key}_ms_median']:.1f}", f"{summary[f'{key}_ms_p95']:.1f}"]
    cells += [f"{summary[f'{key}_kb_median']:.1f}", f"{summary[f'{key}_kb_max']:.1f}"] if sizes else ["", ""]
    return cells


def render_lines(summary: dict) -> list[str]:
    rows = [
        timing_row("board (public view)", summary, "board"),
        timing_row("board: PNG save only", summary, "encode", sizes=False),
        timing_row("private (seat to move)", summary, "hand"),
        timing_row("private: PNG save only", summary, "hand_encode", sizes=False),
    ]
    matches = "yes" if summary["encode_matches_render"] else "NO, the save settings differ from to_png's"
    return [
        *table(["picture", "renders", "median ms", "p95 ms", "median KB", "max KB"], rows),
        f"  {summary['positions']} mid-game positions, each 20-80% of the way through a random game.",
        "  Caches are warmed by one untimed render of each picture before timing.",
        "  'PNG save only' re-encodes each rendered picture, decoded, with to_png's save settings, right",
        f"  after its render: the encode floor (it reproduces the rendered bytes: {matches}).",
        f"  first board render, cold caches: {summary['board_ms_cold']:.1f} ms",
        f"  render / PNG save, median of pairs: board {summary['render_to_encode_ratio']:.2f}x, "
        f"private {summary['hand_render_to_encode_ratio']:.2f}x",
        f"  the same for positions never drawn before (as in a live match): board "
        f"{summary['fresh_render_to_encode_ratio']:.2f}x, private {summary['fresh_hand_render_to_encode_ratio']:.2f}x",
    ]


def click_lines(clicks: dict[str, dict], renders: dict[str, dict]) -> list[str]:
    def per_encode(game_id: str, ms: float) -> str:
        encode = renders.get(game_id, {}).get("encode_ms_median")
        return f"{ms / encode:.1f}x" if encode else "-"

    rows = [
        [
            f"{game_id} ({summary['players']}p)",
            str(summary["moves"]),
            f"{summary['move_ms_p50']:.1f}",
            f"{summary['move_ms_p95']:.1f}",
            f"{summary['handled_ms_p95']:.1f}",
            per_encode(game_id, summary["handled_ms_p95"]),
            f"{summary['move_ms_max']:.1f}",
            str(summary["steps"]),
            f"{summary['step_ms_p50']:.1f}",
            f"{summary['step_ms_p95']:.1f}",
        ]
        for game_id, summary in clicks.items()
    ]
    headers = [
        "game",
        "moves",
        "p50 ms",
        "p95 ms",
        "in bot p95",
        "/encode",
        "max ms",
        "steps",
        "step p50",
        "step p95",
    ]
    return [
        *table(headers, rows),
        "  Random moves by clicks on the real bot in SimCord (board buttons and selects, DM prompts,",
        "  Play's private prompt); each timed from the click until the bot's handling has settled.",
        "  A move is a click that changes the board; steps lead to one (opening Play, picking a piece).",
        "  in bot p95: a move's own cost, from its claim reaching the bot's router until its messages are",
        "  out (the settled times include SimCord's 50 ms checks for leftover work while a timer waits);",
        "  /encode: that p95 over the median bare PNG encode of the game's board, in this run.",
    ]


def as_text(mode: str, summaries: dict[str, dict], clicks: dict[str, dict], peak_mb: float) -> str:
    env = environment()
    lines = [
        f"Martian Arcade benchmarks ({mode} run): Python {env['python']}, Pillow {env['pillow']}, "
        f"{env['machine']}, {env['cpus']} CPUs",
    ]
    for game_id, summary in summaries.items():
        lines += ["", f"== {game_id} ==", "", *engine_lines(summary), "", *render_lines(summary)]
    if clicks:
        lines += ["", "== click latency ==", "", *click_lines(clicks, summaries)]
    lines += ["", f"Peak memory (ru_maxrss): {peak_mb:.1f} MB"]
    return "\n".join(lines)


def by_size(results: dict, sizes: list[int], key: str):
    """Each database's numbers at each size, with `key`'s ratio to the smallest size measured in
    the same run: (database, size, numbers, ratio)."""
    for database, measured in results.items():
        base = measured[sizes[0]][key]
        for count, numbers in measured.items():
            yield database, count, numbers, numbers[key] / base
