"""Seats that change hands, on the match service and a real SQLite file: open seats and filling
them, racing joins, the vote on a seat someone left, handing a seat over, and the deadlines a
computer player's turn gets. Computer players' moves themselves are in the SimCord tests."""

import asyncio
from datetime import timedelta

import pytest

from bot.computer_turns import decision_seed
from bot.service import MatchError, StaleClick
from bot.storage import Database
from games import GAMES
from tests.bot.test_storage import FakeClock
from tests.helpers import service_on

ALICE, BOB, CAROL, DAVE = (11, "alice"), (22, "bob"), (33, "carol"), (44, "dave")


@pytest.fixture
async def service(database_url):
    database = await Database.open(database_url)
    yield service_on(database, clock=FakeClock(), lobby_timeout=600)
    await database.close()


async def four_people(service):
    match = await service.create_lobby(
        "trickery", guild_id=1, channel_id=2, players=[ALICE, BOB, CAROL, DAVE]
    )
    for user_id, _ in (BOB, CAROL, DAVE):
        answer = await service.answer_invite(match.id, user_id, accept=True)
    return answer.match


async def test_a_lobby_of_open_seats_and_computers_fills_in_seat_order(service):
    match = await service.create_lobby(
        "flood", guild_id=1, channel_id=2, players=[ALICE], open_seats=2, computers=1, level="easy"
    )
    assert [(s.user_id, s.computer, s.accepted) for s in match.seats] == [
        (11, None, True),
        (None, None, False),
        (None, None, False),
        (None, "easy", True),
    ]
    assert match.lobby_expires_at == pytest.approx(service.clock().timestamp() + 3600)
    first = await service.join(match.id, *BOB)
    assert not first.started and first.match.seats[1].user_id == 22
    with pytest.raises(MatchError, match="already in this match"):
        await service.join(match.id, *BOB)
    second = await service.join(match.id, *CAROL)
    assert second.started and second.match.status == "active"
    with pytest.raises(MatchError, match="already started"):
        await service.join(match.id, *DAVE)


async def test_only_the_host_fills_and_every_unanswered_seat_goes_to_a_computer(service):
    match = await service.create_lobby(
        "trickery", guild_id=1, channel_id=2, players=[ALICE, BOB], open_seats=1, level="hard"
    )
    with pytest.raises(MatchError, match="Only the host"):
        await service.fill_and_start(match.id, 22)
    answer = await service.fill_and_start(match.id, 11)
    stored = await service.load(match.id)
    assert answer.started and stored.status == "active" and stored.version == 1
    assert [(s.user_id, s.computer) for s in stored.seats] == [(11, None), (None, "hard"), (None, "hard")]
    assert stored.state.to_json() == GAMES["trickery"].new(3, stored.seed, stored.options).to_json()


async def test_two_members_racing_for_the_last_seat_one_gets_it(service):
    match = await service.create_lobby("senet", guild_id=1, channel_id=2, players=[ALICE], open_seats=1)
    results = await asyncio.gather(
        service.join(match.id, *BOB), service.join(match.id, *CAROL), return_exceptions=True
    )
    assert sorted(type(r).__name__ for r in results) == ["LobbyAnswer", "MatchError"]
    stored = await service.load(match.id)
    assert stored.status == "active" and stored.seats[1].user_id in (22, 33)


async def test_playing_alone_starts_at_once_with_the_computer_turn_scheduled(service):
    match = await service.create_lobby("senet", guild_id=1, channel_id=2, players=[ALICE], computers=1)
    assert match.status == "active"
    computer_to_move = 1 in match.state.to_move
    assert (match.computer_due_at is not None) == computer_to_move
    assert (match.reminder_due_at is None) == computer_to_move  # no reminders for a computer


async def test_the_vote_on_a_left_seat_follows_the_stated_rule(service):
    match = await four_people(service)
    left = await service.resign(match.id, 44)
    assert left.status == "active" and left.vacancy["seat"] == 3 and left.seats[3].resigned
    assert service.voters(left) == [11, 22, 33]
    with pytest.raises(MatchError, match="Play is paused"):
        await service.act(match.id, left.user_at(left.state.to_move[0]), left.version, "x")
    with pytest.raises(MatchError, match="still in this match"):
        await service.vote_on_vacancy(match.id, 44, "end", version=left.version)
    # three voters: ending needs more than half (2), a computer at least half (2)
    one = await service.vote_on_vacancy(match.id, 11, "end", version=left.version)
    assert one.decided is None
    with pytest.raises(StaleClick):
        await service.vote_on_vacancy(match.id, 22, "end", version=left.version - 1)
    again = await service.vote_on_vacancy(
        match.id, 11, "computer", version=left.version
    )  # may change their mind
    assert again.decided is None
    two = await service.vote_on_vacancy(match.id, 22, "computer", version=left.version)
    assert two.decided == "computer" and two.seat == 3
    stored = await service.load(match.id)
    seat = stored.seats[3]
    assert (seat.user_id, seat.computer, seat.left_user_id, seat.resigned) == (None, "normal", 44, True)
    assert stored.vacancy is None and stored.version == left.version + 1
    with pytest.raises(MatchError, match="nothing to decide"):
        await service.vote_on_vacancy(match.id, 33, "end", version=left.version)


async def test_a_majority_to_end_ends_the_match_without_a_winner(service):
    match = await four_people(service)
    left = await service.resign(match.id, 22)
    await service.vote_on_vacancy(match.id, 11, "end", version=left.version)
    ended = await service.vote_on_vacancy(match.id, 33, "end", version=left.version)
    assert ended.decided == "end" and ended.match.status == "finished"
    assert ended.match.end_reason == "resigned:22"


async def test_an_undecided_seat_goes_to_a_computer_when_the_time_is_up(service):
    match = await four_people(service)
    left = await service.resign(match.id, 33)
    assert await service.settle_vacancies() == []
    service.clock.now += timedelta(seconds=601)
    [(settled, seat)] = await service.settle_vacancies()
    assert seat == 2 and settled.seats[2].computer == "normal" and settled.vacancy is None
    assert (await service.load(match.id)).version == left.version + 1


async def test_two_players_or_no_one_left_means_the_match_ends(service):
    two = await service.create_lobby("senet", guild_id=1, channel_id=2, players=[ALICE, BOB])
    await service.answer_invite(two.id, 22, accept=True)
    assert (await service.resign(two.id, 22)).status == "finished"
    alone = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=[ALICE], computers=2)
    assert (await service.resign(alone.id, 11)).status == "finished"


async def test_handing_over_needs_someone_else_and_keeps_the_match_going(service):
    alone = await service.create_lobby("trickery", guild_id=1, channel_id=2, players=[ALICE], computers=2)
    with pytest.raises(MatchError, match="resign instead"):
        await service.hand_over(alone.id, 11)
    match = await four_people(service)
    handed = await service.hand_over(match.id, 22, version=match.version)
    assert handed.status == "active" and handed.seats[1].computer == "normal"
    assert handed.seat_left_by(22) == 1 and handed.seat_of(22) is None
    with pytest.raises(MatchError, match="not playing"):
        await service.hand_over(match.id, 22)


def test_decision_seeds_are_fixed_per_turn_and_purpose_and_ignore_the_match_seed():
    assert decision_seed(1, 5, 0) == decision_seed(1, 5, 0)
    assert (
        len(
            {
                decision_seed(1, 5, 0),
                decision_seed(1, 6, 0),
                decision_seed(1, 5, 1),
                decision_seed(1, 5, 0, "hint"),
            }
        )
        == 4
    )
