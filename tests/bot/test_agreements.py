"""Take-backs and draws through the match service, on SQLite and PostgreSQL: who may ask and
answer, what can be taken back, and that the match returns exactly to the replay of its log
without the decision taken back."""

import contextlib
from datetime import UTC, datetime, timedelta

import pytest

from bot.service import MatchError, StaleClick
from bot.storage import open_database
from games import GAMES, replay_actions
from tests.helpers import service_on, until_a_decision_can_be_taken_back

ALICE, BOB, CAROL = (11, "alice"), (22, "bob"), (33, "carol")


def now():
    return datetime.now(UTC)


@pytest.fixture
async def service(any_database_url):
    db = await open_database(any_database_url)
    yield service_on(db, clock=now)
    await db.close()


async def started(service, game_id, players):
    lobby = await service.create_lobby(game_id, guild_id=1, channel_id=2, players=players)
    for user_id, _ in players[1:]:
        answer = await service.answer_invite(lobby.id, user_id, accept=True)
    assert answer.started
    return await service.load(lobby.id)


async def test_an_agreed_take_back_returns_to_the_replay_without_it(service):
    match = await until_a_decision_can_be_taken_back(service, await started(service, "combat", [ALICE, BOB]))
    log = await service.action_log(match.id)
    asker = match.user_at(log[-1][0])
    other = BOB[0] if asker == ALICE[0] else ALICE[0]
    with pytest.raises(MatchError, match="your own last decision"):
        await service.ask(match.id, other, "takeback")

    asked = await service.ask(match.id, asker, "takeback")
    assert asked.decided is None and asked.request["action"] == log[-1][1]
    with pytest.raises(MatchError, match="already waiting"):
        await service.ask(match.id, asker, "draw")
    with pytest.raises(MatchError, match="Only the other players"):
        await service.answer(match.id, asker, True, version=match.version)
    with pytest.raises(MatchError, match="Only the other players"):
        await service.answer(match.id, 999, True, version=match.version)

    agreed = await service.answer(match.id, other, True, version=match.version)
    assert agreed.decided == "agreed"
    back = await service.load(match.id)
    assert await service.action_log(match.id) == log[:-1]
    replayed = replay_actions(GAMES["combat"], 2, back.seed, back.options, log[:-1])
    assert back.state.to_json() == replayed.to_json()
    assert back.version == match.version + 1 and back.request is None
    assert agreed.match.version == back.version  # what the publisher puts on the new buttons
    assert await service.repository.takebacks_of(match.id) == [(len(log) - 1, log[-1][0], log[-1][1])]

    # play goes on from there, and the next action takes the freed place in the log
    seat = back.state.to_move[0]
    action = str(back.state.legal_actions(seat)[0])
    await service.act(match.id, back.user_at(seat), back.version, action)
    rows = await service.repository.db.fetchall(
        "SELECT ply FROM actions WHERE match_id = ? ORDER BY ply", (match.id,)
    )
    assert [row["ply"] for row in rows] == list(range(len(log)))


async def test_a_refusal_or_an_action_ends_the_request(service):
    match = await until_a_decision_can_be_taken_back(service, await started(service, "combat", [ALICE, BOB]))
    log = await service.action_log(match.id)
    asker = match.user_at(log[-1][0])
    other = BOB[0] if asker == ALICE[0] else ALICE[0]
    await service.ask(match.id, asker, "takeback")
    refused = await service.answer(match.id, other, False, version=match.version)
    assert refused.decided == "refused" and (await service.load(match.id)).request is None
    assert await service.action_log(match.id) == log

    await service.ask(match.id, asker, "takeback")
    seat = match.state.to_move[0]
    await service.act(match.id, match.user_at(seat), match.version, str(match.state.legal_actions(seat)[0]))
    assert (await service.load(match.id)).request is None
    with pytest.raises(StaleClick):
        await service.answer(match.id, other, True, version=match.version)


async def test_a_decision_that_rolled_a_die_cannot_be_taken_back(service):
    match = await started(service, "combat", [ALICE, BOB])
    seat = match.state.to_move[0]
    await service.act(match.id, match.user_at(seat), match.version, "M -")  # rolls the action die
    with pytest.raises(MatchError, match="can't be taken back"):
        await service.ask(match.id, match.user_at(seat), "takeback")


async def test_an_agreed_draw_ends_the_match_level_for_the_ratings(service):
    match = await started(service, "senet", [ALICE, BOB])
    asked = await service.ask(match.id, BOB[0], "draw")
    assert asked.decided is None
    agreed = await service.answer(match.id, ALICE[0], True, version=match.version)
    ended = await service.load(match.id)
    assert agreed.decided == "agreed" and (ended.status, ended.end_reason) == ("finished", "draw")
    standings = {entry.user_id: entry for _, entry in await service.leaderboard(1, "senet", 10)}
    assert {(e.games, e.wins, e.draws, e.mu) for e in standings.values()} == {(1, 0, 1, 25.0)}
    assert all(entry.sigma < 25 / 3 for entry in standings.values())  # level, but the bot is surer of both


async def test_only_a_player_of_the_match_may_ask(service):
    match = await started(service, "senet", [ALICE, BOB])
    for kind in ("draw", "takeback"):
        with pytest.raises(MatchError, match="not playing"):
            await service.ask(match.id, CAROL[0], kind)
    after = await service.load(match.id)
    assert (after.version, after.request) == (match.version, match.request)


async def test_in_three_player_matches_everyone_else_must_agree(service):
    match = await started(service, "flood", [ALICE, BOB, CAROL])
    await service.ask(match.id, CAROL[0], "draw")
    first = await service.answer(match.id, ALICE[0], True, version=match.version)
    assert first.decided is None and (await service.load(match.id)).status == "active"
    with pytest.raises(MatchError, match="agreed already"):
        await service.answer(match.id, ALICE[0], True, version=match.version)
    second = await service.answer(match.id, BOB[0], True, version=match.version)
    assert second.decided == "agreed" and (await service.load(match.id)).end_reason == "draw"


async def test_a_request_left_behind_by_a_change_of_version_has_lapsed(service):
    """Anything that moves the match on (a seat taken over, say) leaves an old request powerless."""
    match = await started(service, "senet", [ALICE, BOB])
    await service.ask(match.id, ALICE[0], "draw")
    await service.repository.db.execute("UPDATE matches SET version = version + 1 WHERE id = ?", (match.id,))
    with pytest.raises(StaleClick):
        await service.answer(match.id, BOB[0], True, version=match.version + 1)
    asked = await service.ask(match.id, BOB[0], "draw")
    assert asked.decided is None and asked.request["seat"] == 1


async def test_answers_given_at_once_in_two_processes_are_not_lost(postgresql_url):
    """Two players agree at the same moment through two processes: one answer is stored, the
    other is told to look again (never silently overwritten), and answering again completes it."""
    import asyncio

    first = service_on(await open_database(postgresql_url), clock=now)
    second = service_on(await open_database(postgresql_url), clock=now)
    try:
        for _ in range(4):  # a few rounds, so the two answers surely collide at least once
            match = await started(first, "flood", [ALICE, BOB, CAROL])
            await first.ask(match.id, CAROL[0], "draw")
            answers = await asyncio.gather(
                first.answer(match.id, ALICE[0], True, version=match.version),
                second.answer(match.id, BOB[0], True, version=match.version),
                return_exceptions=True,
            )
            raced = [answer for answer in answers if isinstance(answer, StaleClick)]
            stored = (await first.load(match.id)).request
            if raced:  # they collided: exactly one answer is in, and the other was told
                assert len(raced) == 1 and len(stored["agreed"]) == 1
                late = BOB[0] if stored["agreed"] == [ALICE[0]] else ALICE[0]
                done = await second.answer(match.id, late, True, version=match.version)
            else:  # one ran after the other: the second carried it out
                done = next(answer for answer in answers if answer.decided)
            assert done.decided == "agreed" and (await first.load(match.id)).end_reason == "draw"
    finally:
        await first.repository.close()
        await second.repository.close()


async def test_a_secret_decision_is_never_put_to_the_others(service):
    """Choosing a M.A.R.S. objective draws on no chance and shows nothing, but asking to take it
    back would post its notation, the objective itself, in the thread: refused."""
    match = await started(service, "mars", [ALICE, BOB])
    seat = match.state.to_move[0]
    objective = str(match.state.legal_actions(seat)[0])
    await service.act(match.id, match.user_at(seat), match.version, objective)
    with pytest.raises(MatchError, match="secret decision"):
        await service.ask(match.id, match.user_at(seat), "takeback")
    assert (await service.load(match.id)).request is None


async def test_no_take_back_while_an_empty_seat_waits_for_its_vote_or_after_the_match_ended(service):
    """A take-back asked after someone resigned: refused while the others decide about the seat
    (play is paused), and refused once a resignation ended the match (mutants that let these
    through survived a sample)."""
    match = await until_a_decision_can_be_taken_back(
        service, await started(service, "combat", [ALICE, BOB, CAROL])
    )
    asker = match.user_at((await service.action_log(match.id))[-1][0])
    leaver = next(user for user, _ in (ALICE, BOB, CAROL) if user != asker)
    await service.resign(match.id, leaver)
    assert (await service.load(match.id)).vacancy
    with pytest.raises(MatchError, match="Play is paused"):
        await service.ask(match.id, asker, "takeback")
    assert (await service.load(match.id)).request is None

    two = await until_a_decision_can_be_taken_back(service, await started(service, "combat", [ALICE, BOB]))
    asker = two.user_at((await service.action_log(two.id))[-1][0])
    other = BOB[0] if asker == ALICE[0] else ALICE[0]
    await service.resign(two.id, other)
    with pytest.raises(MatchError, match="Only a match in progress"):
        await service.ask(two.id, asker, "takeback")


@contextlib.asynccontextmanager
async def service_with_a_turn_clock(database_url):
    """A service on a clock the test moves (`moment[0]`), server 1 playing with a one-hour turn clock."""
    moment = [datetime(2026, 11, 21, 12, 0, tzinfo=UTC)]
    db = await open_database(database_url)
    try:
        service = service_on(db, clock=lambda: moment[0])
        await service.update_settings(1, clock_hours=1)
        yield service, moment
    finally:
        await db.close()


async def test_no_take_back_after_the_turn_clock_ran_out_while_the_others_decide(any_database_url):
    """The clock's forfeit leaves the seat empty like a resignation: play is paused, so neither a
    take-back nor a draw can be asked (a mutant that let a take-back through survived a sample)."""
    async with service_with_a_turn_clock(any_database_url) as (service, moment):
        match = await until_a_decision_can_be_taken_back(
            service, await started(service, "combat", [ALICE, BOB, CAROL])
        )
        asker = match.user_at((await service.action_log(match.id))[-1][0])
        late = match.user_at(match.people_to_move()[0])  # the asker, if their turn goes on
        other = next(user for user, _ in (ALICE, BOB, CAROL) if user not in (asker, late))
        moment[0] += timedelta(hours=2)
        forfeited = await service.forfeit_overdue()
        assert [(m.id, seat) for m, seat in forfeited] == [(match.id, match.seat_of(late))]
        after = await service.load(match.id)
        assert after.vacancy and after.vacancy["reason"] == "timeout"
        for user in (asker, other):  # whoever ran out of time, nobody may ask
            with pytest.raises(MatchError, match=r"Play is paused|not playing"):
                await service.ask(match.id, user, "takeback" if user == asker else "draw")
        assert (await service.load(match.id)).request is None


async def test_a_take_back_is_refused_from_the_moment_the_turn_clock_runs_out(any_database_url):
    """Before the sweep forfeits the seat, the clock has already run out at its due moment (the
    sweep's own rule, `due <= now`); a moment before, the take-back may still be asked."""
    async with service_with_a_turn_clock(any_database_url) as (service, moment):
        match = await until_a_decision_can_be_taken_back(
            service, await started(service, "combat", [ALICE, BOB])
        )
        asker = match.user_at((await service.action_log(match.id))[-1][0])
        moment[0] = datetime.fromtimestamp(match.clock_due_at, UTC)
        with pytest.raises(MatchError, match="turn clock has run out"):
            await service.ask(match.id, asker, "takeback")
        assert (await service.load(match.id)).request is None
        moment[0] -= timedelta(seconds=1)
        assert (await service.ask(match.id, asker, "takeback")).request["kind"] == "takeback"
