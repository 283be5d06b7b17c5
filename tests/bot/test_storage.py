"""Storage and the match service against a real SQLite file in a temporary directory and a real
PostgreSQL server (a fresh schema per test): every test that isn't about SQLite runs on both."""

import asyncio
import json
import random
import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest

from bot import postgres
from bot.kits import KITS
from bot.repository import Repository
from bot.service import MatchError, MatchService, StaleClick
from bot.storage import Database, migrations, open_database, sqlite_path
from games import GAMES, replay_actions
from tests.helpers import service_on
from tutor import step_for

PLAYERS = [(11, "alice"), (22, "bob"), (33, "carol")]


class FakeClock:
    def __init__(self):
        self.now = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)

    def __call__(self):
        return self.now


@pytest.fixture
async def db(any_database_url):
    database = await open_database(any_database_url)
    yield database
    await database.close()


@pytest.fixture
async def sqlite_db(database_url):
    database = await Database.open(database_url)
    yield database
    await database.close()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def service(db, clock):
    return service_on(db, clock=clock, lobby_timeout=600)


async def started_match(service):
    match = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS)
    for user_id, _ in PLAYERS[1:]:
        answer = await service.answer_invite(match.id, user_id, accept=True)
    assert answer.started
    return answer.match


def test_database_url_parsing():
    assert sqlite_path("sqlite:///data/martian.db") == "data/martian.db"
    assert sqlite_path("sqlite:////var/lib/martian.db") == "/var/lib/martian.db"
    with pytest.raises(ValueError, match="postgresql://"):
        sqlite_path("mysql://localhost/db")


def test_migrations_are_numbered_once_each_in_order():
    """Two branches each adding "the next" migration must not both ship number N: a database at N
    would never get the second one."""
    assert [number for number, _ in migrations()] == list(range(1, len(migrations()) + 1))


async def test_migrations_create_the_schema_with_wal_and_foreign_keys(sqlite_db):
    db = sqlite_db
    assert await db.schema_version() == max(number for number, _ in migrations())
    assert (await db.fetchone("PRAGMA journal_mode"))[0] == "wal"
    assert (await db.fetchone("PRAGMA foreign_keys"))[0] == 1
    tables = {row["name"] for row in await db.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"matches", "seats", "actions"} <= tables
    columns = {row["name"] for row in await db.fetchall("PRAGMA table_info(matches)")}
    assert columns >= MATCH_COLUMNS


MATCH_COLUMNS = {
    "id",
    "game",
    "guild_id",
    "channel_id",
    "thread_id",
    "status",
    "seed",
    "version",
    "state_json",
    "created_at",
    "updated_at",
}


async def test_postgresql_gets_the_same_tables_and_columns(postgresql_url, database_url):
    """Both dialects' migrations, numbered alike, end at the same tables and columns."""
    assert [number for number, _ in postgres.migrations()] == [number for number, _ in migrations()]
    sqlite, pg = await Database.open(database_url), await open_database(postgresql_url)
    try:
        assert await pg.schema_version() == await sqlite.schema_version()
        sqlite_tables = {
            row["name"]
            for row in await sqlite.fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        for table in sqlite_tables:
            sqlite_columns = {row["name"] for row in await sqlite.fetchall(f"PRAGMA table_info({table})")}
            pg_columns = {
                row["column_name"]
                for row in await pg.fetchall(
                    "SELECT column_name FROM information_schema.columns"
                    " WHERE table_name = ? AND table_schema = current_schema()",
                    (table,),
                )
            }
            assert pg_columns == sqlite_columns, table
    finally:
        await sqlite.close()
        await pg.close()


async def test_migrating_again_changes_nothing(db, any_database_url):
    await db.execute(
        "INSERT INTO matches (game, channel_id, status, seed, options_json, host_id, created_at,"
        " updated_at) VALUES ('trickery', 1, 'lobby', 5, '{}', 1, 'x', 'x')"
    )
    again = await open_database(any_database_url)
    try:
        assert (await again.fetchone("SELECT COUNT(*) FROM matches"))[0] == 1
    finally:
        await again.close()


async def test_status_is_constrained(db):
    with pytest.raises((sqlite3.IntegrityError, asyncpg.CheckViolationError)):
        await db.execute(
            "INSERT INTO matches (game, channel_id, status, seed, options_json, host_id, created_at,"
            " updated_at) VALUES ('trickery', 1, 'paused', 5, '{}', 1, 'x', 'x')"
        )


async def test_a_failed_transaction_leaves_nothing_behind(db):
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO matches (game, channel_id, status, seed, options_json, host_id,"
                " created_at, updated_at) VALUES ('trickery', 1, 'lobby', 5, '{}', 1, 'x', 'x')"
            )
            raise RuntimeError("crash between two statements")
    assert (await db.fetchone("SELECT COUNT(*) FROM matches"))[0] == 0


async def test_lobby_to_active_and_actions_are_logged(service, any_database_url):
    match = await started_match(service)
    assert match.status == "active" and match.version == 1
    with pytest.raises(MatchError, match="already started"):
        await service.answer_invite(match.id, 22, accept=True)
    assert [s.user_id for s in match.seats] == [11, 22, 33] and all(s.accepted for s in match.seats)
    state = match.state
    for _ in range(5):
        seat = state.to_move[0]
        action = str(state.legal_actions(seat)[0])
        result = await service.act(match.id, match.user_at(seat), match.version, action)
        match = result.match
        state = match.state
    stored = await service.load(match.id)
    assert stored.version == 6
    log = await service.action_log(match.id)
    assert len(log) == 5
    assert (
        replay_actions(GAMES["trickery"], 3, stored.seed, stored.options, log).to_json()
        == stored.state.to_json()
    )
    # Another connection (another process) sees the committed rows.
    other = await open_database(any_database_url)
    try:
        assert (await other.fetchone("SELECT COUNT(*) FROM actions"))[0] == 5
        state_json = (await other.fetchone("SELECT state_json FROM matches"))[0]
        assert json.loads(state_json) == stored.state.to_json()
    finally:
        await other.close()


async def test_act_checks_seat_turn_version_and_rules(service):
    match = await started_match(service)
    seat = match.state.to_move[0]
    other = (seat + 1) % 3
    legal = str(match.state.legal_actions(seat)[0])
    with pytest.raises(MatchError, match="not playing"):
        await service.act(match.id, 999, match.version, legal)
    with pytest.raises(MatchError, match="not your turn"):
        await service.act(match.id, match.user_at(other), match.version, legal)
    with pytest.raises(StaleClick):
        await service.act(match.id, match.user_at(seat), match.version - 1, legal)
    with pytest.raises(MatchError, match=r"not a Trickery action|not a card"):
        await service.act(match.id, match.user_at(seat), match.version, "no such move")
    hand = match.state.hands[seat]
    foreign = next(c for other_seat in range(3) if other_seat != seat for c in match.state.hands[other_seat])
    with pytest.raises(MatchError, match="not in your hand"):
        await service.act(match.id, match.user_at(seat), match.version, f"L {match.state.pool[0]} {foreign}")
    assert hand == (await service.load(match.id)).state.hands[seat]
    assert (await service.load(match.id)).version == match.version
    assert await service.action_log(match.id) == []


async def test_concurrent_actions_apply_exactly_once(service):
    match = await started_match(service)
    seat = match.state.to_move[0]
    actions = [str(a) for a in match.state.legal_actions(seat)]
    results = await asyncio.gather(
        *(service.act(match.id, match.user_at(seat), match.version, a) for a in actions[:6]),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, MatchError) for r in results if isinstance(r, Exception))
    assert len(await service.action_log(match.id)) == 1


async def test_version_check_in_the_update_rejects_a_lost_race(service, db):
    """Even if two requests pass the in-memory check, the UPDATE ... WHERE version=? lets one win."""
    match = await started_match(service)
    seat = match.state.to_move[0]
    action = str(match.state.legal_actions(seat)[0])
    await db.execute("UPDATE matches SET version = version + 1 WHERE id = ?", (match.id,))
    with pytest.raises(StaleClick):
        await service.act(match.id, match.user_at(seat), match.version, action)
    assert await service.action_log(match.id) == []


async def test_lobby_rules(service, clock):
    with pytest.raises(MatchError, match="only be picked once"):
        await service.create_lobby(
            "trickery", guild_id=1, channel_id=2, players=[*PLAYERS, (22, "bob again")]
        )
    with pytest.raises(MatchError, match="3 to 4 players"):
        await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS[:2])
    with pytest.raises(MatchError, match="pyramids must be one of"):
        await service.create_lobby(
            "trickery", guild_id=1, channel_id=2, players=PLAYERS, options={"pyramids": "x"}
        )
    match = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS)
    with pytest.raises(MatchError, match="invited"):
        await service.answer_invite(match.id, 999, accept=True)
    clock.now += timedelta(seconds=599)
    assert await service.expire_lobbies() == []
    clock.now += timedelta(seconds=2)
    expired = await service.expire_lobbies()
    assert [m.id for m in expired] == [match.id] and expired[0].status == "cancelled"
    with pytest.raises(MatchError, match="closed"):
        await service.answer_invite(match.id, 22, accept=True)


async def test_decline_cancels(service):
    match = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS)
    answer = await service.answer_invite(match.id, 33, accept=False)
    assert answer.declined and answer.match.status == "cancelled" and answer.match.end_reason == "declined:33"


async def test_the_seed_differs_between_matches(service):
    first = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS)
    second = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS)
    assert first.seed != second.seed


async def test_first_start_creates_the_database_and_its_folder(tmp_path):
    url = f"sqlite:///{tmp_path / 'data' / 'martian.db'}"
    database = await Database.open(url)
    await database.close()
    assert (tmp_path / "data" / "martian.db").is_file()


def all_ended(threads: set[threading.Thread]) -> bool:
    """Whether these threads end (aiosqlite's connection thread ends once the connection closes;
    one left running keeps the process from ever exiting)."""
    for thread in threads:
        thread.join(timeout=10)
    return not any(thread.is_alive() for thread in threads)


async def test_a_file_that_is_not_a_database_fails_to_open_without_leaving_its_connection(tmp_path):
    junk = tmp_path / "martian.db"
    junk.write_text("DISCORD_TOKEN=...\n" * 400)
    before = set(threading.enumerate())
    with pytest.raises(sqlite3.DatabaseError, match="not a database"):
        await open_database(f"sqlite:///{junk}")
    assert all_ended(set(threading.enumerate()) - before)


async def test_a_repository_that_fails_to_open_closes_its_database(database_url, monkeypatch):
    async def failing_count(repository):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Repository, "count_unrated", failing_count)
    before = set(threading.enumerate())
    # Kept, the error's traceback keeps the repository from being collected (collecting it would
    # stop the thread), as a logged or re-raised error may keep it.
    with pytest.raises(sqlite3.OperationalError) as failure:
        await Repository.open(database_url, {})
    assert all_ended(set(threading.enumerate()) - before) and failure.value


async def test_a_failed_commit_leaves_no_transaction_open(tmp_path):
    """A COMMIT that fails (here a deferred foreign key) rolls back, so the next transaction works."""
    db = await Database.open(f"sqlite:///{tmp_path / 'commit.db'}")
    try:
        with pytest.raises(sqlite3.IntegrityError):
            async with db.transaction() as conn:
                await conn.execute("PRAGMA defer_foreign_keys = ON")
                await conn.execute(
                    "INSERT INTO seats (match_id, seat, user_id, display_name) VALUES (999, 0, 1, 'ghost')"
                )
        async with (
            db.transaction() as conn
        ):  # would fail with "cannot start a transaction within a transaction"
            await conn.execute("SELECT 1")
        row = await db.fetchone("SELECT COUNT(*) AS n FROM seats")
        assert row["n"] == 0
    finally:
        await db.close()


async def test_timed_work_is_claimed_once_and_taken_over_when_its_claimer_dies(service, any_database_url):
    """A due reminder, computer turn or start-up catch-up goes to exactly one of several processes (each its own
    database connection); if that one dies before finishing, another takes it once the lease ends."""
    match = await started_match(service)
    await service.repository.db.execute(
        "UPDATE matches SET reminder_due_at = 100, computer_due_at = 100 WHERE id = ?", (match.id,)
    )
    from bot.repository import Repository

    processes = [Repository(await open_database(any_database_url), {}) for _ in range(3)]
    try:
        for claim in ("take_reminder", "claim_computer_turn", "claim_catch_up"):
            won = await asyncio.gather(*(getattr(p, claim)(match.id, 200.0, 320.0) for p in processes))
            assert sorted(won) == [False, False, True], claim
            # the winner dies without finishing: nobody else may take it while the lease runs ...
            assert not any([await getattr(p, claim)(match.id, 300.0, 420.0) for p in processes])
            # ... and once it ran out, exactly one other process takes it over
            won = await asyncio.gather(*(getattr(p, claim)(match.id, 330.0, 450.0) for p in processes))
            assert sorted(won) == [False, False, True], claim
        await processes[1].reminder_sent(match.id, 450.0)  # done: no reminder is due again
        assert not any([await p.take_reminder(match.id, 10_000.0, 10_120.0) for p in processes])
    finally:
        for process in processes:
            await process.close()


# --- service rules that only end-to-end tests used to see (mutants that survived a sample)


async def test_the_turn_clock_and_the_reminder_run_in_hours(service, clock):
    await service.update_settings(1, clock_hours=2, reminder_hours=3)
    match = await started_match(service)
    start = clock.now.timestamp()
    assert match.clock_due_at == start + 2 * 3600 and match.reminder_due_at == start + 3 * 3600
    clock.now += timedelta(hours=1)
    seat = match.state.to_move[0]
    played = await service.act(
        match.id, match.user_at(seat), match.version, str(match.state.legal_actions(seat)[0])
    )
    assert played.match.clock_due_at == clock.now.timestamp() + 2 * 3600


async def test_only_the_host_cancels_an_invitation_and_only_managers_a_match_in_progress(service):
    lobby = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS)
    service.check_may_cancel(lobby, PLAYERS[0][0], manages_server=False)
    with pytest.raises(MatchError, match="Only the host"):
        service.check_may_cancel(lobby, PLAYERS[1][0], manages_server=False)
    service.check_may_cancel(lobby, PLAYERS[1][0], manages_server=True)
    match = await started_match(service)
    with pytest.raises(MatchError, match="Only the host"):
        service.check_may_cancel(match, PLAYERS[0][0], manages_server=False)  # the host, once it runs
    service.check_may_cancel(match, 999, manages_server=True)


async def test_hints_are_refused_where_the_match_has_them_off(service):
    match = await started_match(service)
    seat = match.state.to_move[0]
    with pytest.raises(MatchError, match="Hints are off"):
        await service.hint(match.id, match.user_at(seat), match.version)


async def test_a_claimed_reminder_is_not_taken_again_while_its_claim_holds(service, clock):
    await service.update_settings(1, reminder_hours=1)
    match = await started_match(service)
    clock.now += timedelta(hours=1, seconds=1)
    assert [due.id for due in await service.due_reminders()] == [match.id]
    assert await service.due_reminders() == []  # the claim holds: no second reminder from here or elsewhere
    clock.now += timedelta(seconds=service.lease_seconds + 1)
    assert [due.id for due in await service.due_reminders()] == [match.id]  # never sent: taken over


async def test_an_invitation_is_no_ended_match(service):
    lobby = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS)
    with pytest.raises(MatchError, match="still an invitation"):
        await service.ended_match(lobby.id, 1)


async def test_a_failing_computer_player_plays_the_first_legal_move(db, clock):
    async def broken(*_):
        raise RuntimeError("the worker died")

    service = MatchService(
        Repository(db, {"senet": GAMES["senet"]}), {"senet": KITS["senet"]}, clock=clock, think=broken
    )
    lobby = await service.create_lobby("senet", guild_id=1, channel_id=2, players=PLAYERS[:1], computers=1)
    match = await service.load(lobby.id)
    for _ in range(20):  # until the computer's seat has a real choice
        seat = match.state.to_move[0]
        legal = [str(action) for action in match.state.legal_actions(seat)]
        if match.seats[seat].computer and len(legal) > 1:
            break
        if match.seats[seat].computer:
            clock.now += timedelta(minutes=1)
            await service.play_computer(match.id)
        else:
            await service.act(match.id, match.user_at(seat), match.version, legal[-1])
        match = await service.load(match.id)
    assert match.seats[seat].computer and len(legal) > 1
    clock.now += timedelta(minutes=1)
    played = await service.play_computer(match.id)
    assert (played.seat, played.action) == (seat, legal[0])
    assert (await service.repository.action_log(match.id))[-1] == (seat, legal[0])


async def test_turn_notices_reach_whoever_asked_and_by_default_only_the_away(service, clock):
    await service.update_settings(1, away_minutes=10)
    match = await started_match(service)
    seat = match.state.to_move[0]
    person = match.seats[seat]
    assert person.last_seen_at is not None  # starting counts as being seen
    assert await service.turn_notices(match, [seat]) == []  # just seen, default "away": not told
    clock.now += timedelta(minutes=10)  # away exactly as long as the server's away time: away
    assert [told.user_id for told, _ in await service.turn_notices(match, [seat])] == [person.user_id]
    clock.now += timedelta(minutes=1)
    assert [(told.user_id, by) for told, by in await service.turn_notices(match, [seat])] == [
        (person.user_id, "mention")
    ]
    await service.set_notify_preference(person.user_id, "never", "dm")
    assert await service.turn_notices(match, [seat]) == []
    await service.set_notify_preference(person.user_id, "every", "dm")
    clock.now -= timedelta(minutes=11)
    assert [(told.user_id, by) for told, by in await service.turn_notices(match, [seat])] == [
        (person.user_id, "dm")
    ]


async def test_only_a_tutorial_finished_counts_as_a_tutorial_finished(service):
    lobby = await service.create_lobby("senet", guild_id=1, channel_id=2, players=PLAYERS[:2])
    match = (await service.answer_invite(lobby.id, PLAYERS[1][0], accept=True)).match
    chooser = random.Random(4)
    while match.status == "active":
        seat = match.state.to_move[0]
        action = str(chooser.choice(match.state.legal_actions(seat)))
        match = (await service.act(match.id, match.user_at(seat), match.version, action)).match
    assert match.status == "finished"
    assert [await service.repository.tutorials_finished(user) for user, _ in PLAYERS[:2]] == [[], []]


async def test_a_computer_turn_being_thought_is_not_played_again_by_another_process(
    db, clock, any_database_url
):
    """While one process thinks about a computer's move, its claim keeps another from playing the
    same turn; the first one's move is the one played."""
    thinking, answer = asyncio.Event(), asyncio.Event()

    async def slow(game_id, state, seat, level, seed):
        thinking.set()
        await answer.wait()
        return await quick(game_id, state, seat, level, seed)

    async def quick(game_id, state, seat, level, seed):
        return str(GAMES[game_id].from_json(state).legal_actions(seat)[-1])

    def process(database, think):
        return MatchService(
            Repository(database, {"senet": GAMES["senet"]}),
            {"senet": KITS["senet"]},
            clock=clock,
            think=think,
        )

    first = process(db, slow)
    lobby = await first.create_lobby("senet", guild_id=1, channel_id=2, players=PLAYERS[:1], computers=1)
    match = await first.load(lobby.id)
    while not match.seats[match.state.to_move[0]].computer:
        seat = match.state.to_move[0]
        match = (
            await first.act(
                match.id, match.user_at(seat), match.version, str(match.state.legal_actions(seat)[0])
            )
        ).match
    seat, version = match.state.to_move[0], match.version
    clock.now += timedelta(minutes=1)
    playing = asyncio.create_task(first.play_computer(match.id))
    await thinking.wait()
    second = process(await open_database(any_database_url), quick)
    try:
        assert await second.play_computer(match.id) is None  # the first one's claim holds
        assert (await second.load(match.id)).version == version
        answer.set()
        played = await playing
        assert played is not None and played.seat == seat
    finally:
        await second.repository.close()


async def test_a_cancelled_invitation_s_notice_is_left_to_the_canceller_while_its_claim_holds(service, clock):
    lobby = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=PLAYERS)
    await service.cancel(lobby.id, PLAYERS[0][0], manages_server=False, guild_id=1)
    assert await service.owed_lobby_notices() == []  # the canceller is about to edit the message
    clock.now += timedelta(seconds=service.lease_seconds + 1)
    assert [owed.id for owed in await service.owed_lobby_notices()] == [lobby.id]  # it died first


async def test_a_match_still_being_played_has_no_replay(service):
    match = await started_match(service)
    with pytest.raises(MatchError, match="still"):
        await service.ended_match(match.id, 1)
    await service.cancel(match.id, 999, manages_server=True, guild_id=1)
    assert (await service.ended_match(match.id, 1)).status == "cancelled"


async def test_a_board_left_behind_is_caught_up_by_one_process_while_its_claim_holds(service, clock):
    match = await started_match(service)  # no board posted yet: behind
    assert await service.behind_on_discord() == [match.id]
    assert await service.behind_on_discord() == []  # claimed: another process leaves it
    clock.now += timedelta(seconds=service.lease_seconds + 1)
    assert await service.behind_on_discord() == [match.id]  # its claimer died: taken over
    await service.caught_up(match.id)
    assert await service.behind_on_discord() == [match.id]  # released: the next start tries at once


async def test_an_ended_match_comes_back_at_its_stored_version(service):
    match = await started_match(service)
    ended = await service.cancel(match.id, 999, manages_server=True, guild_id=1)
    assert ended.version == (await service.load(match.id)).version == match.version + 1


async def test_a_notify_preference_with_either_part_unknown_is_refused(service):
    for when, by in (("every", "pigeon"), ("sometimes", "dm"), ("sometimes", "pigeon")):
        with pytest.raises(MatchError):
            await service.set_notify_preference(11, when, by)
    kept = await service.set_notify_preference(11, "every", "dm")  # both known: kept
    assert (kept.when, kept.by) == ("every", "dm")


async def test_a_choice_made_side_by_side_stays_valid_after_the_other_seat_chose(service):
    """M.A.R.S. players choose their objectives at the same time: the first choice moves the match
    on, and the second, made from the same first controls, still counts."""
    lobby = await service.create_lobby("mars", guild_id=1, channel_id=2, players=PLAYERS[:2])
    match = (await service.answer_invite(lobby.id, PLAYERS[1][0], accept=True)).match
    first_version = match.version
    assert match.state.to_move == (0, 1) and match.state.order_free
    for seat in (0, 1):
        action = str(match.state.legal_actions(seat)[0])
        match = (await service.act(match.id, match.user_at(seat), first_version, action)).match
    assert not match.state.in_setup


async def test_match_typed_anywhere_finds_the_one_meant(service):
    """/match in a match's thread means that match; elsewhere it means the member's only running
    match, and with two it asks which."""
    host = PLAYERS[0][0]
    with pytest.raises(MatchError, match="no match"):
        await service.match_here(50, host)
    first = await started_match(service)
    await service.set_thread(first.id, 40)
    assert (await service.match_here(40, host)).id == first.id  # in its thread
    assert (await service.match_here(50, host)).id == first.id  # elsewhere: the only one
    second = await started_match(service)
    await service.set_thread(second.id, 41)
    assert (await service.match_here(41, host)).id == second.id
    with pytest.raises(MatchError, match="several"):
        await service.match_here(50, host)


async def test_without_a_worker_pool_the_slow_work_runs_in_a_thread(service):
    """The bot passes its computer players' process pool; a service given none (a script, a test)
    still computes a tutorial's step, off the event loop."""
    match = await service.learn("trickery", guild_id=1, channel_id=2, person=PLAYERS[0])
    log = await service.repository.action_log(match.id)
    step = await service.tutorial_step(match)
    assert step is not None and step == step_for("trickery", log)


async def test_a_member_s_language_is_their_choice_else_their_discord_client_s(service):
    member = 31
    assert await service.language_for(member, "de") == "de"  # nothing chosen: Discord's
    assert await service.language_for(member, "pt-BR") == "en"  # not shipped: English
    await service.set_language(member, "en")
    assert await service.language_for(member, "de") == "en"  # chosen: kept over Discord's
    with pytest.raises(MatchError, match="Choose one of"):
        await service.set_language(member, "xx")
    assert await service.language_for(member, "de") == "en"  # the refusal changed nothing
    await service.set_language(member, None)  # follow Discord again
    assert await service.language_for(member, "de") == "de"


async def test_no_turn_notice_once_a_match_has_ended(service):
    match = await started_match(service)
    seat = match.state.to_move[0]
    await service.set_notify_preference(match.seats[seat].user_id, "every", "dm")
    assert len(await service.turn_notices(match, [seat])) == 1
    ended = await service.cancel(match.id, 999, manages_server=True, guild_id=1)
    assert await service.turn_notices(ended, [seat]) == []
