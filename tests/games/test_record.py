"""Match records: the seed commitment, the text format's round trip, replaying and checking a record,
and the `python -m games.replay` command, for every game in `games.GAMES`."""

import hashlib
import io
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from games import GAMES, random_choice, replay_actions
from games.record import (
    SEED_MISMATCH,
    commitment,
    format_record,
    parse_record,
    record_for,
    replay_record,
)
from games.replay import main, summary
from tests.games.test_conformance import MAX_STEPS, random_options

ROOT = Path(__file__).resolve().parents[2]
# Names that must survive the line format: quotes, non-ASCII, surrounding spaces, a tab.
PLAYERS = ["Alice", 'Bø "the builder"', "  Carol ", '"Dan"\t2']
CASES = [
    (game_id, players)
    for game_id, game in GAMES.items()
    for players in range(game.min_players, game.max_players + 1)
]


def play(game_id, num_players, *, stop_after=None):
    """A random game to its end (or the game's step cap, or `stop_after` actions), like the bot would
    store it: a 63-bit seed, the options and the (seat, notation) log. Returns them with the state."""
    game = GAMES[game_id]
    chooser = random.Random(f"record:{game_id}:{num_players}")
    seed = chooser.getrandbits(63)
    options = random_options(game, num_players, chooser)
    state = game.new(num_players, seed, options)
    log = []
    limit = stop_after or MAX_STEPS.get(game_id)
    while not state.is_over and (limit is None or len(log) < limit):
        seat = chooser.choice(state.to_move)
        action = random_choice(state.legal_actions(seat), chooser)
        state.apply(seat, action)
        log.append((seat, str(action)))
    return seed, options, log, state


def finished_record(game_id, num_players):
    """The record once the match has ended; a game cut off at its step cap counts as abandoned
    (finished without a result), which still reveals the seed."""
    seed, options, log, state = play(game_id, num_players)
    record = record_for(game_id, seed, options, PLAYERS[:num_players], log, match_id=17, finished=True)
    return record, state


def run_replay(args, capsys):
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_commitment_is_sha256_of_the_documented_string():
    assert commitment(5) == hashlib.sha256(b"martian-arcade-seed:5").hexdigest()
    assert commitment(5) != commitment(6)
    assert len(commitment(2**63 - 1)) == 64


@pytest.mark.parametrize(("game_id", "num_players"), CASES)
def test_record_round_trips_and_replays_to_the_same_end(game_id, num_players):
    record, state = finished_record(game_id, num_players)
    assert record.seed is not None and record.commitment == commitment(record.seed)
    assert record.result == state.outcome
    assert record.finished and record.options == GAMES[game_id].resolve_options(record.options)

    text = format_record(record)
    assert parse_record(text) == record
    assert format_record(parse_record(text)) == text

    replayed = replay_record(parse_record(text))
    assert replayed.to_json() == state.to_json()
    assert replayed.outcome == state.outcome
    direct = replay_actions(GAMES[game_id], num_players, record.seed, record.options, record.actions)
    assert direct.to_json() == state.to_json()


def test_names_are_written_as_they_are_unless_they_would_not_read_back():
    names = ["Alice", 'Bø "the builder"', "  Carol ", '"Eve"']
    record = record_for("senet", 5, {}, names[:2], [], match_id=3)
    lines = format_record(record).splitlines()
    assert "P1: Alice" in lines and 'P2: Bø "the builder"' in lines
    # surrounding spaces and a leading quote would read back otherwise: those are JSON strings
    record = replace(record, players=names[2:])
    lines = format_record(record).splitlines()
    assert 'P1: "  Carol "' in lines and 'P2: "\\"Eve\\""' in lines
    assert parse_record(format_record(record)).players == names[2:]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_replay_command_checks_the_record_and_prints_the_result(game_id, tmp_path, capsys):
    record, state = finished_record(game_id, GAMES[game_id].min_players)
    path = tmp_path / "match.txt"
    path.write_text(format_record(record), encoding="utf-8")

    code, out, err = run_replay([str(path)], capsys)

    assert code == 0, err
    assert record.title in out and "Alice" in out
    assert f"Seed {record.seed} matches the commitment" in out
    if state.outcome is None:  # cut off at the step cap
        assert "Not finished:" in out
    else:
        scores = ", ".join(
            f"P{seat + 1} {PLAYERS[seat]} {score}" for seat, score in enumerate(state.outcome.scores)
        )
        assert f"Scores: {scores}" in out
        winners = [f"P{seat + 1} {PLAYERS[seat]}" for seat in state.outcome.winners]
        named = "Winner" if len(winners) == 1 else "Winners"
        assert f"{named}: {', '.join(winners) or 'none'}" in out.splitlines()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_tampered_seed_is_refused(game_id, tmp_path, capsys):
    record, _ = finished_record(game_id, GAMES[game_id].min_players)
    tampered = replace(record, seed=record.seed + 1)
    with pytest.raises(ValueError, match=SEED_MISMATCH):
        replay_record(tampered)

    path = tmp_path / "match.txt"
    path.write_text(format_record(tampered), encoding="utf-8")
    code, out, err = run_replay([str(path)], capsys)
    assert code == 1 and out == ""
    assert err.strip() == f"{path}: {SEED_MISMATCH}"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_tampered_action_is_refused(game_id, tmp_path, capsys):
    record, _ = finished_record(game_id, GAMES[game_id].min_players)
    middle = len(record.actions) // 2
    seat, _ = record.actions[middle]
    garbled = replace(
        record, actions=[*record.actions[:middle], (seat, "zz?"), *record.actions[middle + 1 :]]
    )
    with pytest.raises(ValueError, match=rf"Action {middle + 1} \(P{seat + 1} zz\?\) can't be replayed"):
        replay_record(garbled)

    # A different but legal choice: the later actions no longer fit, or the result differs.
    ply, action = first_other_legal_choice(record)
    seat, _ = record.actions[ply]
    changed = replace(record, actions=[*record.actions[:ply], (seat, action), *record.actions[ply + 1 :]])
    with pytest.raises(ValueError, match=r"can't be replayed|but the record says"):
        replay_record(changed)

    path = tmp_path / "match.txt"
    path.write_text(format_record(changed), encoding="utf-8")
    code, out, err = run_replay([str(path)], capsys)
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1


def first_other_legal_choice(record):
    """The first ply where the seat had another legal action, and that action's notation."""
    game = GAMES[record.game]
    state = game.new(len(record.players), record.seed, record.options)
    for ply, (seat, notation) in enumerate(record.actions):
        chosen = game.parse_action(notation)
        others = [action for action in state.legal_actions(seat) if action != chosen]
        if others:
            return ply, str(others[0])
        state.apply(seat, chosen)
    raise AssertionError("no ply had a choice")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_tampered_result_is_refused(game_id):
    record, state = finished_record(game_id, GAMES[game_id].min_players)
    if state.outcome is None:
        pytest.skip("the random game was cut off before its end")
    scores = (state.outcome.scores[0] + 1, *state.outcome.scores[1:])
    tampered = replace(record, result=replace(state.outcome, scores=scores))
    with pytest.raises(ValueError, match="but the record says"):
        replay_record(parse_record(format_record(tampered)))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_record_before_the_end_hides_the_seed(game_id, tmp_path, capsys):
    num_players = GAMES[game_id].min_players
    halfway = len(play(game_id, num_players)[2]) // 2  # the same random match, stopped halfway
    seed, options, log, state = play(game_id, num_players, stop_after=halfway)
    assert not state.is_over
    record = record_for(game_id, seed, options, PLAYERS[:num_players], log)

    assert not record.finished and record.seed is None and record.result is None
    assert record.commitment == commitment(seed)
    text = format_record(record)
    assert str(seed) not in text
    assert "seed: hidden until the end" in text and "status: in progress" in text
    assert parse_record(text) == record
    with pytest.raises(ValueError, match="still hidden"):
        replay_record(record)

    path = tmp_path / "running.txt"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_replay([str(path)], capsys)
    assert code == 1 and out == ""
    assert "The seed is still hidden" in err and "can't be checked" in err


def test_replay_reads_standard_input(monkeypatch, capsys):
    record, _ = finished_record("senet", 2)
    monkeypatch.setattr(sys, "stdin", io.StringIO(format_record(record)))
    code, out, err = run_replay(["-"], capsys)
    assert code == 0, err
    assert "Martian Senet (match 17)" in out


def test_replay_reports_unreadable_files(tmp_path, capsys):
    code, out, err = run_replay([str(tmp_path / "missing.txt")], capsys)
    assert code == 1 and out == "" and "can't read the file" in err

    binary = tmp_path / "picture.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    code, out, err = run_replay([str(binary)], capsys)
    assert code == 1 and out == "" and "not UTF-8" in err

    not_a_record = tmp_path / "notes.txt"
    not_a_record.write_text("shopping list\n", encoding="utf-8")
    code, out, err = run_replay([str(not_a_record)], capsys)
    assert code == 1 and out == "" and "not a match record" in err and len(err.strip().splitlines()) == 1


def test_the_command_line_runs_as_a_module(tmp_path):
    record, state = finished_record("trickery", 3)
    path = tmp_path / "trickery match.txt"
    path.write_text(format_record(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "games.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Martian Trickery (match 17)" in done.stdout
    assert f"Scores: P1 Alice {state.outcome.scores[0]}" in done.stdout


# --- malformed records: each problem is named ---------------------------------------------------


def sample_text():
    record, _ = finished_record("senet", 2)
    return format_record(record)


def edited(text, old, new):
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("Martian Arcade match record", "Some other file"), "not a match record"),
        (lambda t: t.split("actions:")[0], "ends too early: the 'actions:' line is missing"),
        (lambda t: edited(t, "\ntitle:", "\nname:"), "expected 'title: ...'"),
        (lambda t: edited(t, "\nP2:", "\nP3:"), "expected player P2, found P3"),
        (lambda t: edited(t, "\n2. P", "\n3. P"), "expected ply 2, found ply 3"),
        (lambda t: edited(t, "\n1. P1 ", "\n1. P7 "), "there is no P7 among 2 players"),
        (lambda t: edited(t, "\n1. P1 ", "\n1 P1 "), "expected '<ply>. P<seat> <action>'"),
        (lambda t: edited(t, 'options: {"', 'options: ["'), "options must be a JSON object"),
        (lambda t: edited(t, "commitment: ", "commitment: xyz"), "64 lowercase hex digits"),
        (lambda t: edited(t, "seed: ", "seed: soon "), "seed must be a whole number"),
        (lambda t: edited(t, "match: 17", "match: seventeen"), "match id must be a number"),
        (lambda t: edited(t, "status: finished", "status: done"), "status must be 'finished'"),
        (lambda t: edited(t, "result: scores ", "result: points "), "expected 'result: scores"),
        (lambda t: t + "extra line\n", "nothing may follow the result"),
    ],
)
def test_malformed_records_are_refused_with_the_reason(edit, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_record(edit(sample_text()))


def test_comments_blank_lines_and_windows_line_ends_are_fine():
    text = sample_text()
    relaxed = text.replace("\nactions:\n", "\n\n# the moves\nactions:\n").replace("\n", "\r\n")
    assert parse_record(relaxed) == parse_record(text)


def test_an_unknown_game_is_named():
    text = sample_text().replace("game: senet", "game: chess")
    with pytest.raises(ValueError, match="Unknown game 'chess'"):
        replay_record(parse_record(text))


def test_a_record_shared_before_the_end_hides_the_objectives():
    from games.mars import MARS

    state = MARS.new(2, 5, {})
    log = []
    for seat, text in ((0, "+2:Y +1:G 0:R -1:B"), (1, "+2:B +1:R 0:Y -1:G")):
        state.apply(seat, MARS.parse_action(text))
        log.append((seat, text))
    running = format_record(record_for("mars", 5, {}, ["ann", "bo"], log))
    assert "+2:Y" not in running and "+2:B" not in running
    assert running.count("(secret until the end)") == 2
    finished = format_record(record_for("mars", 5, {}, ["ann", "bo"], log, finished=True))
    assert "+2:Y +1:G 0:R -1:B" in finished


def test_the_replay_draws_every_rank_of_the_final_mars_board(tmp_path, capsys):
    record, state = finished_record("mars", 2)
    path = tmp_path / "match.txt"
    path.write_text(format_record(record), encoding="utf-8")
    code, out, err = run_replay([str(path)], capsys)
    assert code == 0, err
    ranks = state.view(None).ranks
    drawn = [
        line.split()[0] for line in out.splitlines() if line.startswith("  ") and line.split()[0].isdigit()
    ]
    assert drawn == [str(rank) for rank in range(ranks, 0, -1)]


def test_a_long_wrong_line_is_quoted_cut_to_sixty_characters():
    record, _ = finished_record("senet", 2)
    lines = format_record(record).splitlines()
    title = next(index for index, line in enumerate(lines) if line.startswith("title:"))
    for length in (60, 61, 200):
        lines[title] = "x" * length  # not "title: ..."
        with pytest.raises(ValueError) as refused:
            parse_record("\n".join(lines) + "\n")
        quoted = str(refused.value).split("found '")[1].rsplit("'", 1)[0]
        assert quoted == ("x" * 60 if length == 60 else "x" * 59 + "…")


def test_a_replay_keeps_the_spectator_views_of_the_positions_asked_for():
    from games.replay import spectator_views

    seed, options, log, _ = play("senet", 2, stop_after=6)
    every = spectator_views(GAMES["senet"], 2, seed, options, log)
    assert len(every) == len(log) + 1 and every[0] == GAMES["senet"].new(2, seed, options).view(None)
    for positions in ([0, 3], [1, 2, 6], [6]):
        kept = spectator_views(GAMES["senet"], 2, seed, options, log, positions)
        assert kept == [every[position] for position in positions]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_replay_stopped_before_the_end_says_who_is_to_move(game_id):
    """An abandoned match's record replays to where it stopped: no result, whose turn it was."""
    seed, options, log, state = play(game_id, GAMES[game_id].min_players, stop_after=3)
    players = PLAYERS[: GAMES[game_id].min_players]
    record = record_for(game_id, seed, options, players, log, finished=True)
    lines = summary(record, replay_record(record))
    to_move = ", ".join(f"P{seat + 1} {PLAYERS[seat]}" for seat in state.to_move)
    assert lines[-1] == f"Not finished: {to_move} to move."
    assert not any(line.startswith(("Scores", "Winner")) for line in lines)
