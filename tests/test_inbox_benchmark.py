"""`python -m benchmarks.inbox` runs on both databases at every size it is given, and every size
lists the same live matches (the finished ones only add rows the query must not read)."""

from tests.test_benchmarks import run_on_postgresql


def test_the_games_benchmark_measures_both_databases_at_every_size(postgresql_server):
    done, results = run_on_postgresql(
        postgresql_server, "benchmarks.inbox", "--matches", "4", "40", "--repeat", "3"
    )
    assert set(results) == {"sqlite", "postgresql"}
    for by_size in results.values():
        assert set(by_size) == {"4", "40"}
        assert all(numbers["listed"] == 7 and numbers["games_ms"] > 0 for numbers in by_size.values())
    assert "/games query" in done.stdout and "40 finished" in done.stdout
