"""`python -m bot migrate --to postgresql://...` copies a SQLite database, matches in progress
included, to PostgreSQL and checks the copy; the bot then plays on from the copy. It copies every
table the database holds, and refuses, in one line and without writing anything, a source that is
not the bot's database or a target that is not empty."""

import random
import shutil
import sqlite3
import subprocess
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest

from bot.migrate import migrate
from bot.storage import migrations, open_database, sqlite_path
from tests import postgres_server
from tests.helpers import bot_command, service_on, until_a_decision_can_be_taken_back

ROOT = Path(__file__).resolve().parents[2]
OLD_DATABASE = ROOT / "tests" / "fixtures" / "schema_v1.db"
PAIR = [(11, "alice"), (22, "bob")]
TRIO = [(11, "alice"), (22, "bob"), (33, "Дмитрий")]


async def started(service, game: str, players, moves: int, seed: int):
    lobby = await service.create_lobby(game, guild_id=1, channel_id=2, players=players)
    for user_id, _ in players[1:]:
        answer = await service.answer_invite(lobby.id, user_id, accept=True)
    match = answer.match
    chooser = random.Random(seed)
    for _ in range(moves):
        seat = match.state.to_move[0]
        action = str(chooser.choice(match.state.legal_actions(seat)))
        match = (await service.act(match.id, match.user_at(seat), match.version, action)).match
    return match


async def sqlite_with_matches(database_url):
    """Matches in progress (Senet, Trickery, Combat with a decision taken back), an open lobby, one
    ended, settings, a notification preference and a chosen language: a row in every table the
    bot fills as it plays, but the hints'."""
    db = await open_database(database_url)
    service = service_on(db, clock=lambda: datetime(2026, 11, 25, 12, 0, tzinfo=UTC))
    playing = [await started(service, "senet", PAIR, 12, 1), await started(service, "trickery", TRIO, 7, 2)]
    combat = await until_a_decision_can_be_taken_back(service, await started(service, "combat", PAIR, 0, 4))
    asker = combat.user_at((await service.action_log(combat.id))[-1][0])
    await service.ask(combat.id, asker, "takeback")
    other = next(user_id for user_id, _ in PAIR if user_id != asker)
    assert (await service.answer(combat.id, other, True, version=combat.version)).decided == "agreed"
    playing.append(combat)
    await service.create_lobby("mars", guild_id=1, channel_id=2, players=PAIR)
    ended = await started(service, "senet", PAIR, 3, 3)
    await service.cancel(ended.id, 11, manages_server=True, guild_id=1)
    await service.update_settings(1, lambda current: {"reminder_hours": 6.0})
    await service.set_notify_preference(22, "every", "dm")
    await service.set_language(33, "de")
    await db.close()
    return [match.id for match in playing]


def tables_of(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as db:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def run_sql(path, script: str) -> None:
    """Change a SQLite file directly, as another program would (closed after, so no -wal is left)."""
    with closing(sqlite3.connect(path)) as db:
        db.executescript(script)


def run_migrate(*args: str) -> subprocess.CompletedProcess:
    return bot_command("migrate", *args, cwd=ROOT)


def refused_in_one_line(done: subprocess.CompletedProcess, saying: str) -> bool:
    return (
        done.returncode == 2
        and done.stderr.count("\n") == 1
        and saying in done.stderr
        and "Traceback" not in done.stderr
        and not done.stdout
    )


async def test_a_sqlite_database_moves_to_postgresql_and_play_goes_on(database_url, postgresql_url):
    playing = await sqlite_with_matches(database_url)
    report = await migrate(database_url, postgresql_url)
    assert not report.problems and report.checked_matches == len(playing)
    every_table = tables_of(Path(sqlite_path(database_url))) - {"sqlite_sequence"}
    assert set(report.copied) == every_table and {"takebacks", "player_languages"} <= every_table
    assert report.copied["matches"] == 5 and report.copied["actions"] > 19
    assert report.copied["takebacks"] == 1 and report.copied["player_languages"] == 1

    before = service_on(await open_database(database_url), clock=lambda: datetime.now(UTC))
    after = service_on(await open_database(postgresql_url), clock=lambda: datetime.now(UTC))
    try:
        for match_id in range(1, 6):
            old, new = await before.load(match_id), await after.load(match_id)
            assert (new.status, new.version, new.seed, new.names) == (
                old.status,
                old.version,
                old.seed,
                old.names,
            )
            assert (new.state and new.state.to_json()) == (old.state and old.state.to_json())  # lobbies: None
            assert await after.action_log(match_id) == await before.action_log(match_id)
            assert await after.takebacks_of(match_id) == await before.takebacks_of(match_id)
        assert (await after.settings_for(1)).reminder_hours == 6.0
        assert (await after.notify_preference(22)).by == "dm"
        assert await after.repository.language_of(33) == "de"
        match = await after.load(playing[0])  # play goes on from the copy
        seat = match.state.to_move[0]
        action = str(match.state.legal_actions(seat)[0])
        assert (
            await after.act(match.id, match.user_at(seat), match.version, action)
        ).match.version == match.version + 1
        lobby = await after.create_lobby("senet", guild_id=1, channel_id=2, players=PAIR)
        assert lobby.id == 6, "new matches are numbered after the copied ones"
    finally:
        await before.repository.close()
        await after.repository.close()

    with pytest.raises(ValueError, match=r"already has rows in .*\bmatches \("):
        await migrate(database_url, postgresql_url)


async def test_a_table_a_later_migration_adds_is_copied_after_its_parents_and_numbered_on(
    database_url, postgresql_url
):
    """As if a migration added `awards` pointing to `trophies` pointing to matches, created in
    that order: they are copied parents first, and new trophies are numbered after the copied ones."""
    await sqlite_with_matches(database_url)
    run_sql(
        sqlite_path(database_url),
        "CREATE TABLE awards (id INTEGER PRIMARY KEY, trophy_id INTEGER NOT NULL REFERENCES trophies (id));"
        "CREATE TABLE trophies (id INTEGER PRIMARY KEY, match_id INTEGER NOT NULL REFERENCES matches (id));"
        "INSERT INTO trophies VALUES (1, 1), (7, 2); INSERT INTO awards VALUES (1, 7);",
    )
    target = await open_database(postgresql_url)
    async with target.transaction() as connection:
        await connection.execute(
            "CREATE TABLE trophies (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,"
            " match_id BIGINT NOT NULL REFERENCES matches (id))"
        )
        await connection.execute(
            "CREATE TABLE awards (id BIGSERIAL PRIMARY KEY, trophy_id BIGINT NOT NULL REFERENCES trophies (id))"
        )
    await target.close()

    report = await migrate(database_url, postgresql_url)
    assert not report.problems and report.copied["trophies"] == 2 and report.copied["awards"] == 1
    target = await open_database(postgresql_url)
    try:
        async with target.transaction() as connection:
            trophy = await (
                await connection.execute("INSERT INTO trophies (match_id) VALUES (3) RETURNING id")
            ).fetchone()
            award = await (
                await connection.execute("INSERT INTO awards (trophy_id) VALUES (1) RETURNING id")
            ).fetchone()
        assert (trophy[0], award[0]) == (8, 2)
    finally:
        await target.close()


async def test_tables_on_one_side_only_are_refused(database_url, postgresql_url):
    await sqlite_with_matches(database_url)
    run_sql(sqlite_path(database_url), "CREATE TABLE notes (text TEXT)")
    with pytest.raises(ValueError, match="not have the same tables: notes only in the SQLite database"):
        await migrate(database_url, postgresql_url)

    run_sql(sqlite_path(database_url), "DROP TABLE notes")
    target = await open_database(postgresql_url)
    await target.execute("CREATE TABLE audit (text TEXT)")
    await target.close()
    with pytest.raises(ValueError, match="not have the same tables: audit only in the PostgreSQL database"):
        await migrate(database_url, postgresql_url)


def test_the_command_copies_and_says_what_it_did(database_url, postgresql_server):
    import asyncio

    async def prepare():
        await sqlite_with_matches(database_url)
        return await postgres_server.fresh_schema(postgresql_server)

    target = asyncio.run(prepare())
    source = Path(sqlite_path(database_url))
    before = folder_contents(source.parent)
    done = run_migrate("--from", database_url, "--to", target)
    assert done.returncode == 0, done.stderr
    assert "matches: 5 rows" in done.stdout and "takebacks: 1 rows" in done.stdout
    assert "3 matches in progress replay to their state" in done.stdout
    assert folder_contents(source.parent) == before, "the source is only read"
    refused = run_migrate("--from", database_url, "--to", "sqlite:///x.db")
    assert refused_in_one_line(refused, "postgresql://")


def folder_contents(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file's bytes and modification time: a read-only source leaves them all as they were,
    and adds no -wal or -shm file."""
    return {path.name: (path.read_bytes(), path.stat().st_mtime_ns) for path in sorted(folder.iterdir())}


async def bot_database(folder: Path) -> Path:
    folder.mkdir()
    url = f"sqlite:///{folder / 'martian.db'}"
    await sqlite_with_matches(url)
    return Path(sqlite_path(url))


async def missing(folder: Path) -> Path:
    return folder / "martian.db"  # not even the folder exists


async def not_sqlite(folder: Path) -> Path:
    folder.mkdir()
    (folder / "martian.db").write_text("DISCORD_TOKEN=...\n" * 400)
    return folder / "martian.db"


async def truncated(folder: Path) -> Path:
    path = await bot_database(folder)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


async def damaged(folder: Path) -> Path:
    path = await bot_database(folder)
    data = bytearray(path.read_bytes())
    with closing(sqlite3.connect(path)) as db:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        actions_page = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'actions'").fetchone()[0]
    start = (actions_page - 1) * page_size
    data[start : start + page_size] = bytes(range(256)) * (page_size // 256)
    path.write_bytes(bytes(data))
    return path


async def another_programs(folder: Path) -> Path:
    folder.mkdir()
    run_sql(folder / "martian.db", "CREATE TABLE recipes (name TEXT)")
    return folder / "martian.db"


async def newer(folder: Path) -> Path:
    path = await bot_database(folder)
    run_sql(path, f"PRAGMA user_version = {migrations()[-1][0] + 1}")
    return path


async def older(folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(OLD_DATABASE, folder / "martian.db")
    return folder / "martian.db"


@pytest.mark.parametrize(
    ("make_source", "saying"),
    [
        (missing, "there is no database at"),
        (not_sqlite, "cannot be read as a SQLite database: file is not a database"),
        (truncated, "database disk image is malformed"),
        (damaged, "is damaged (SQLite's quick check"),
        (another_programs, "is not a Martian Arcade database"),
        (newer, "newer than this bot's"),
        (older, "older than this bot's"),
    ],
)
async def test_a_source_that_is_not_the_bots_database_is_refused_untouched(
    make_source, saying, tmp_path, postgresql_url
):
    source = await make_source(tmp_path / "data")
    before = folder_contents(source.parent) if source.parent.exists() else None
    done = run_migrate("--from", f"sqlite:///{source}", "--to", postgresql_url)
    assert refused_in_one_line(done, saying), done.stderr
    after = folder_contents(source.parent) if source.parent.exists() else None
    assert after == before, "the source is neither created nor changed"
    assert await tables_in(postgresql_url) == set(), "the target is not touched either"


async def test_a_source_the_bot_has_open_is_refused(tmp_path, postgresql_url):
    source = await bot_database(tmp_path / "data")
    running = sqlite3.connect(source)  # as the bot holds it: in WAL mode, so with a -wal file
    try:
        running.execute("SELECT COUNT(*) FROM matches").fetchone()
        done = run_migrate("--from", f"sqlite:///{source}", "--to", postgresql_url)
    finally:
        running.close()
    assert refused_in_one_line(done, "the bot is still running"), done.stderr


async def test_a_target_holding_rows_in_any_table_is_refused(database_url, postgresql_url):
    await sqlite_with_matches(database_url)
    target = service_on(await open_database(postgresql_url), clock=lambda: datetime.now(UTC))
    await target.update_settings(1, lambda current: {"reminder_hours": 2.0})  # settings, but no matches
    await target.repository.close()
    done = run_migrate("--from", database_url, "--to", postgresql_url)
    assert refused_in_one_line(done, "already has rows in guild_settings (1 rows)"), done.stderr


async def test_an_unreachable_target_is_one_line_and_the_command_ends(database_url):
    await sqlite_with_matches(database_url)
    nowhere = f"postgresql://postgres@127.0.0.1:{postgres_server.free_port()}/postgres"
    done = run_migrate("--from", database_url, "--to", nowhere)
    assert refused_in_one_line(done, "cannot open the PostgreSQL database"), done.stderr


async def tables_in(database_url: str) -> set[str]:
    connection = await asyncpg.connect(database_url)
    try:
        rows = await connection.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    finally:
        await connection.close()
    return {row["table_name"] for row in rows}
