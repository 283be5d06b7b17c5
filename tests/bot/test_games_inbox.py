"""The query behind /games on SQLite and PostgreSQL: a member's live matches and invitations in
every server, whose turn each is kept with its state (started, played, taken back; filled in once
for matches going before), what each waits for, and finished or resigned matches left out."""

import pytest

from bot.repository import Repository
from bot.storage import open_database
from games import GAMES
from tests.bot.test_storage import FakeClock
from tests.helpers import service_on, until_a_decision_can_be_taken_back

ALICE, BOB, CAROL, DAVE = (11, "alice"), (22, "bob"), (33, "carol"), (44, "dave")


@pytest.fixture
async def service(any_database_url):
    db = await open_database(any_database_url)
    yield service_on(db, clock=FakeClock())
    await db.close()


async def started(service, game_id, players, guild_id=1):
    lobby = await service.create_lobby(game_id, guild_id=guild_id, channel_id=2, players=players)
    for user_id, _ in players[1:]:
        await service.answer_invite(lobby.id, user_id, accept=True)
    return await service.load(lobby.id)


def summary(games) -> list[tuple]:
    return [
        (game.match_id, game.guild_id, game.status, game.waits_on_me, [s.seat for s in game.waiting_for])
        for game in games
    ]


async def test_a_members_live_matches_in_every_server_and_what_each_waits_for(service):
    senet = await started(service, "senet", [ALICE, BOB], guild_id=1)
    mover = senet.state.to_move[0]
    trickery = await started(service, "trickery", [BOB, CAROL, ALICE], guild_id=2)
    invitation = await service.create_lobby("senet", guild_id=2, channel_id=3, players=[CAROL, ALICE])
    seek = await service.create_lobby("flood", guild_id=1, channel_id=3, players=[ALICE], open_seats=2)
    over = await started(service, "senet", [ALICE, DAVE], guild_id=2)
    await service.resign(over.id, ALICE[0], guild_id=2)
    left = await started(service, "trickery", [CAROL, ALICE, DAVE], guild_id=2)
    await service.resign(left.id, ALICE[0], guild_id=2)
    assert (await service.load(left.id)).status == "active"  # the others decide about her seat
    [paused] = [game for game in await service.repository.games_of(DAVE[0]) if game.match_id == left.id]
    assert paused.paused and paused.waits_on_me and [s.seat for s in paused.waiting_for] == [0, 2]
    assert paused.deadline == (await service.load(left.id)).vacancy_due_at
    await service.create_lobby("senet", guild_id=1, channel_id=3, players=[BOB, DAVE])  # not alice's

    games = await service.repository.games_of(ALICE[0])
    assert summary(games) == [
        (senet.id, 1, "active", senet.seat_of(ALICE[0]) == mover, [mover]),
        (trickery.id, 2, "active", 2 in trickery.state.to_move, list(trickery.state.to_move)),
        (invitation.id, 2, "lobby", True, [1]),
        (seek.id, 1, "lobby", False, [1, 2]),
    ]
    assert [s.is_open for s in games[3].waiting_for] == [True, True]
    assert games[2].deadline == invitation.lobby_expires_at and games[3].deadline == seek.lobby_expires_at
    assert games[0].deadline == senet.reminder_due_at and games[0].board_message_id is None
    ordered = [game.match_id for game in await service.games_of(ALICE[0])]
    waiting = {game.match_id for game in games if game.waits_on_me}
    assert set(ordered[: len(waiting)]) == waiting  # waiting on alice first
    assert ordered[0] == invitation.id  # of those, the soonest deadline first
    assert await service.repository.games_of(999) == []


async def test_whose_turn_follows_every_move_and_take_back(service):
    match = await started(service, "combat", [ALICE, BOB])
    for _ in range(6):
        seat = match.state.to_move[0]
        await service.act(
            match.id, match.user_at(seat), match.version, str(match.state.legal_actions(seat)[0])
        )
        match = await service.load(match.id)
        [game] = await service.repository.games_of(ALICE[0])
        assert [s.seat for s in game.waiting_for] == list(match.state.to_move)
    match = await until_a_decision_can_be_taken_back(service, match)
    taker = match.user_at((await service.action_log(match.id))[-1][0])
    other = BOB[0] if taker == ALICE[0] else ALICE[0]
    await service.ask(match.id, taker, "takeback")
    await service.answer(match.id, other, True, version=match.version)
    back = await service.load(match.id)
    [game] = await service.repository.games_of(ALICE[0])
    assert [s.seat for s in game.waiting_for] == list(back.state.to_move)


async def test_matches_going_before_the_bot_kept_whose_turn_get_it_once(any_database_url):
    db = await open_database(any_database_url)
    try:
        service = service_on(db, clock=FakeClock())
        match = await started(service, "trickery", [ALICE, BOB, CAROL])
        await db.execute("UPDATE matches SET to_move = NULL WHERE id = ?", (match.id,))
        [game] = await service.repository.games_of(ALICE[0])
        assert game.waiting_for == ()  # as an older bot left it
    finally:
        await db.close()
    repository = await Repository.open(any_database_url, GAMES)
    try:
        [game] = await repository.games_of(ALICE[0])
        assert [s.seat for s in game.waiting_for] == list(match.state.to_move)
    finally:
        await repository.close()
