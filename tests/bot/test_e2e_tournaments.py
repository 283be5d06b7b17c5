"""Tournaments end to end through SimCord: sign-up, rounds paired by the bot, tables ended by
resigning or agreed draws, the standings message with its tie-break checked against the test's
own arithmetic, restarts between rounds, a no-show at a table of 3-4 and a requested bye."""

from __future__ import annotations

import re

import pytest

from tests.helpers import admin_of, board, buttons, make_table, reply

HOUR = 3600
SWEEP = 601  # these bots tend tournaments (and check clocks) every 10 minutes
STANDING = re.compile(
    r"`(?P<place>\d+)\.` \*\*(?P<name>[^*]+)\*\* (?P<points>[\d.]+) · (?P<tiebreak>[\d.]+) · (?P<played>\d+)"
    r"(?: · (?P<byes>\d+) byes?)?(?P<withdrawn> · withdrawn)?$",
    re.MULTILINE,
)
LEGEND = re.compile(r"^-# points · (?P<tiebreak_name>[A-Za-z-]+) · tables played$", re.MULTILINE)


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(sweep_seconds=600)


def bot_maker(make_bot):
    return lambda: make_bot(sweep_seconds=600)


async def sweep(env) -> None:
    await env.advance_time(SWEEP)


def signup_message(table, number: int = 1):
    return next(m for m in table.channel.history() if m.content.startswith(f"🏆 **Tournament #{number}:"))


def tournament_thread(table):
    return next(t for t in table.channel.threads if t.name.startswith("Tournament #"))


def standings_message(table):
    thread = tournament_thread(table)
    return next(m for m in thread.history() if "tandings" in m.content.split("\n")[1])


def parsed_standings(text: str) -> list[dict]:
    """Each player's line, with the tie-break's name from the legend above them."""
    legend = LEGEND.search(text)
    return [
        found.groupdict()
        | {
            "byes": found["byes"] or "0",
            "withdrawn": bool(found["withdrawn"]),
            "tiebreak_name": legend["tiebreak_name"] if legend else None,
        }
        for found in STANDING.finditer(text)
    ]


async def tournament(env, number: int = 1):
    return await env.bot.service.repository.load_tournament(number)


async def round_tables(env, number: int, round_number: int):
    """The matches of a round, as stored."""
    rows = await env.bot.service.repository.tournament_tables(number)
    return [await env.bot.service.load(row.match_id) for row in rows if row.round == round_number]


def match_thread(table, match):
    return next(t for t in table.channel.threads if t.id == match.thread_id)


async def resign(table, match, user_id: int) -> None:
    player = table.by_id(user_id)
    thread = match_thread(table, match)
    asked = await player.slash(thread, "match resign")
    await player.click(asked.response, label="Yes, resign")


async def agree_draw(table, match) -> None:
    first, second = (table.by_id(seat.user_id) for seat in match.seats)
    thread = match_thread(table, match)
    reply(await first.slash(thread, "match draw"))
    request = next(m for m in thread.history() if "Everyone must agree" in (m.content or ""))
    await second.click(request, label="Agree")


async def sign_up_everyone(table, players) -> None:
    for player in players:
        answer = await player.click(signup_message(table), label="Sign up")
        assert answer.response.flags.ephemeral and "signed up" in answer.response.content


def sonneborn_berger(points: dict[int, float], games: list[tuple[int, int, float]]) -> dict[int, float]:
    """By hand: for each game (a, b, a's score), a adds b's points times a's score, and b adds a's
    points times b's score (two-player tables: one table-mate, no averaging)."""
    tiebreak = dict.fromkeys(points, 0.0)
    for a, b, score in games:
        tiebreak[a] += score * points[b]
        tiebreak[b] += (1 - score) * points[a]
    return tiebreak


async def test_an_eight_player_round_robin_of_senet_played_to_the_end_with_restarts(simcord_env, make_bot):
    env = simcord_env
    names = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"]
    table = make_table(env, names)
    admin = admin_of(env, table)
    created = await admin.slash(table.channel, "tournament create", game="senet", format="round_robin")
    assert "Tournament #1: Martian Senet" in created.response.content
    await sign_up_everyone(table, table.players)
    assert "Signed up (8/64)" in signup_message(table).content
    started = await admin.slash(table.channel, "tournament start")
    assert "has started" in reply(started).content and not signup_message(table).components
    stored_tournament = await tournament(env)
    assert stored_tournament.rounds == 7 and stored_tournament.current_round == 1

    games: list[tuple[int, int, float]] = []  # (first seat's user, second's, first's score)
    met = set()
    for round_number in range(1, 8):
        matches = await round_tables(env, 1, round_number)
        assert len(matches) == 4 and all(
            m.status == "active" and m.tournament_round == round_number for m in matches
        )
        round_post = tournament_thread(table).history()[-1]
        assert f"Round {round_number} of 7" in round_post.content
        for index, match in enumerate(matches):
            a, b = (seat.user_id for seat in match.seats)
            assert f"<@{a}>" in round_post.content and f"<@{b}>" in round_post.content
            met.add(frozenset((a, b)))
            if (round_number + index) % 3 == 0:
                await agree_draw(table, match)
                games.append((a, b, 0.5))
            else:
                loser = a if (round_number * 7 + index) % 2 else b
                await resign(table, match, loser)
                games.append((a, b, 0.0 if loser == a else 1.0))
        if round_number == 1:  # the last table's end moves the tournament on at once, not at the next sweep
            await env.settle()
            assert (await tournament(env)).current_round == 2
            assert "Round 2 of 7" in tournament_thread(table).history()[-1].content
        await env.restart_bot(make_bot(sweep_seconds=600))
        await sweep(env)
    assert len(met) == 28  # everyone met everyone once

    final = await tournament(env)
    assert final.status == "finished" and final.current_round == 7
    points = {player.id: 0.0 for player in table.players}
    for a, b, score in games:
        points[a] += score
        points[b] += 1 - score
    tiebreak = sonneborn_berger(points, games)
    shown = parsed_standings(standings_message(table).content)
    assert "Final standings" in standings_message(table).content
    assert len(shown) == 8
    by_name = {row["name"]: row for row in shown}
    for player in table.players:
        row = by_name[player.user.name]
        assert float(row["points"]) == pytest.approx(points[player.id], abs=0.01)
        assert row["tiebreak_name"] == "Sonneborn-Berger"
        assert float(row["tiebreak"]) == pytest.approx(tiebreak[player.id], abs=0.01)
        assert row["played"] == "7" and row["byes"] == "0"
    signed_up = [player.id for player in table.players]
    expected_order = sorted(
        signed_up, key=lambda user: (-points[user], -round(tiebreak[user], 6), signed_up.index(user))
    )
    assert [row["name"] for row in shown] == [table.by_id(user).user.name for user in expected_order]
    ratings = reply(await admin.slash(table.channel, "leaderboard", game="senet")).content
    assert "(7 played" in ratings  # the tables count in the ratings like any match


def table_points(places: list[int]) -> list[float]:
    """By hand: each seat's share of its table-mates it finished ahead of, a shared place half."""
    mates = len(places) - 1
    return [
        sum(
            1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
            for j, theirs in enumerate(places)
            if j != i
        )
        / mates
        for i, mine in enumerate(places)
    ]


async def end_all_agreeing(table, match) -> None:
    """Everyone still playing agrees to end it: they all share first place."""
    people = [table.by_id(seat.user_id) for seat in match.seats if seat.user_id is not None]
    thread = match_thread(table, match)
    reply(await people[0].slash(thread, "match draw"))
    request = next(m for m in reversed(thread.history()) if "Everyone must agree" in (m.content or ""))
    for other in people[1:]:
        await other.click(request, label="Agree")


async def resign_and_vote_end(env, table, match, user_id: int) -> None:
    """`user_id` resigns; the others vote to end the match (they share first place, the resigner last)."""
    await resign(table, match, user_id)
    for seat in match.seats:
        if seat.user_id in (None, user_id):
            continue
        if (await env.bot.service.load(match.id)).status != "active":
            break
        current = next(m for m in reversed(match_thread(table, match).history()) if m.components)
        await table.by_id(seat.user_id).click(current, label="End the match")


async def advance(env, seconds: float) -> None:
    while seconds > 0:
        await env.advance_time(min(seconds, HOUR))
        seconds -= HOUR


async def test_a_twelve_player_swiss_of_trickery_with_a_no_show_and_a_bye(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, [f"p{i:02d}" for i in range(12)])
    admin = admin_of(env, table)
    await admin.slash(
        table.channel, "tournament create", game="trickery", format="swiss", rounds=4, clock_hours=2.0
    )
    await sign_up_everyone(table, table.players)
    await admin.slash(table.channel, "tournament start", id=1)
    places: list[tuple[tuple[int, ...], list[int]]] = []  # every table: its players, their places
    no_show = sitter = None

    for round_number in range(1, 5):
        matches = await round_tables(env, 1, round_number)
        stored_tournament = await tournament(env)
        seated = [seat.user_id for match in matches for seat in match.seats]
        expected_sizes = {1: [4, 4, 4], 2: [3, 4, 4], 3: [3, 3, 4], 4: [3, 4, 4]}[round_number]
        assert sorted(len(match.seats) for match in matches) == expected_sizes
        assert no_show is None or no_show not in seated  # withdrawn: no later table
        if round_number == 3:
            assert (
                sitter not in seated
                and f"Sitting out: <@{sitter}>" in tournament_thread(table).history()[-1].content
            )
        if round_number == 2:  # asked while the round is played
            sitter = seated[0]
            round_post = next(m for m in reversed(tournament_thread(table).history()) if m.components)
            asked = await table.by_id(sitter).click(round_post, label="Sit out next round")
            assert asked.response.flags.ephemeral and "sit out round 3" in asked.response.content
            again = await table.by_id(sitter).click(round_post, label="Sit out next round")
            assert "already" in again.response.content
        for index, match in enumerate(matches):
            players = tuple(seat.user_id for seat in match.seats)
            if round_number == 1 and index == len(matches) - 1:
                continue  # the no-show's table, below
            if (round_number + index) % 2:
                await end_all_agreeing(table, match)
                places.append((players, [1] * len(players)))
            else:
                loser = players[(round_number + index) % len(players)]
                await resign_and_vote_end(env, table, match, loser)
                places.append((players, [len(players) if user == loser else 1 for user in players]))
        if round_number == 1:
            # the bot is down while the last table's turn clock runs out; its first sweep acts
            match = matches[-1]
            env.bot.get_cog("Deadlines").watch_deadlines.cancel()
            env.bot.get_cog("Tournaments").tend.cancel()
            await advance(env, 2 * HOUR + 60)
            late = await env.bot.service.load(match.id)
            assert late.status == "active" and late.seats[late.people_to_move()[0]].computer is None
            no_show = late.user_at(late.people_to_move()[0])
            await env.restart_bot(make_bot(sweep_seconds=600))
            await env.advance_time(1)
            taken = await env.bot.service.load(match.id)
            seat = taken.seat_left_by(no_show)
            assert taken.status == "active" and not taken.vacancy  # nobody was asked
            assert taken.seats[seat].computer == "normal" and taken.seats[seat].resigned
            assert (await tournament(env)).entrant(no_show).withdrawn
            await end_all_agreeing(table, taken)
            players = tuple(s.left_user_id or s.user_id for s in taken.seats)
            places.append((players, [len(players) if user == no_show else 1 for user in players]))
        await env.restart_bot(make_bot(sweep_seconds=600))
        await sweep(env)
        assert stored_tournament.current_round == round_number

    final = await tournament(env)
    assert final.status == "finished"
    points = {player.id: 0.0 for player in table.players}
    for players, table_places in places:
        for user, gained in zip(players, table_points(table_places), strict=True):
            points[user] += gained
    points[sitter] += 0.5  # the round they asked to sit out
    buchholz = dict.fromkeys(points, 0.0)
    for players, _ in places:
        for user in players:
            mates = [other for other in players if other != user]
            buchholz[user] += sum(points[other] for other in mates) / len(mates)
    shown = {row["name"]: row for row in parsed_standings(standings_message(table).content)}
    assert len(shown) == 12
    for player in table.players:
        row = shown[player.user.name]
        assert float(row["points"]) == pytest.approx(points[player.id], abs=0.01)
        assert row["tiebreak_name"] == "Buchholz"
        assert float(row["tiebreak"]) == pytest.approx(buchholz[player.id], abs=0.01)
        assert bool(row["withdrawn"]) == (player.id == no_show)
        assert row["byes"] == ("1" if player.id == sitter else "0")
    assert shown[table.by_id(no_show).user.name]["played"] == "1"


async def forged_button(env, channel, custom_id: str):
    """A message with a button the bot never made (what a modified client can claim to click)."""
    env.backend.create_message(
        channel.id,
        env.bot.user.id,
        "crafted",
        components=[
            {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}
        ],
    )
    await env.settle()
    return channel.last_message


def private(result) -> str:
    answer = reply(result)
    assert answer.flags.ephemeral, answer.content
    return answer.content


async def test_bad_input_is_refused_privately_and_changes_nothing(simcord_env):
    env = simcord_env
    table = make_table(env, ["ann", "ben", "cat"])
    ann, ben, cat = table.players
    admin = admin_of(env, table)
    refused = private(await ann.slash(table.channel, "tournament create", game="senet", format="swiss"))
    assert "Manage Server or this server's league role" in refused
    assert await tournament(env) is None

    league = table.guild.create_role("league")
    organiser = table.guild.add_member(env.create_user("org"), roles=[league])
    await admin.slash(table.channel, "config", league_role=league)
    await organiser.slash(table.channel, "tournament create", game="senet", format="swiss", max_players=2)
    assert (await tournament(env)).creator_id == organiser.id
    await ann.click(signup_message(table), label="Sign up")
    assert "already signed up" in private(await ann.click(signup_message(table), label="Sign up"))
    assert "not signed up" in private(await cat.click(signup_message(table), label="Leave"))
    await ben.click(signup_message(table), label="Sign up")
    assert "full (2 players)" in private(await cat.click(signup_message(table), label="Sign up"))
    before = await tournament(env)
    assert [e.user_id for e in before.entrants] == [ann.id, ben.id]

    # another server's members, with a forged button naming this server's tournament
    other = make_table(env, ["eve"])
    (eve,) = other.players
    forged = await forged_button(env, other.channel, "t1:1:join")
    assert "no tournament #1 in this server" in private(await eve.click(forged, custom_id="t1:1:join"))
    assert "no tournament #1 in this server" in private(
        await eve.slash(other.channel, "tournament start", id=1)
    )
    assert "Manage Server" in private(await ann.slash(table.channel, "tournament start", id=1))
    assert (await tournament(env)).version == before.version and (await tournament(env)).status == "signup"

    await organiser.slash(table.channel, "tournament start", id=1)
    assert (await tournament(env)).status == "running"
    stale = await forged_button(env, table.channel, "t1:1:join")
    assert "Sign-up for this tournament is closed" in private(await cat.click(stale, custom_id="t1:1:join"))
    stale_leave = await forged_button(env, table.channel, "t1:1:leave")
    assert "closed" in private(await ann.click(stale_leave, custom_id="t1:1:leave"))
    wrong_round = await forged_button(env, table.channel, "t1:1:sitout:7")
    assert "earlier round" in private(await ann.click(wrong_round, custom_id="t1:1:sitout:7"))
    assert "already started" in private(await organiser.slash(table.channel, "tournament start", id=1))

    # a stranger at a tournament table: no move, no resignation
    [match] = await round_tables(env, 1, 1)
    thread = match_thread(table, match)
    move = buttons(board(thread), "act")[0]
    assert "not playing" in private(await cat.click(board(thread), custom_id=move.custom_id))
    assert "no match in progress" in private(await cat.slash(thread, "match resign"))
    after = await env.bot.service.load(match.id)
    assert after.status == "active" and after.version == match.version
    listed = private(await cat.slash(table.channel, "tournament list"))
    assert "#1 Martian Senet, Swiss: round 1 of 1, 2 players" in listed

    # cancelling: not by a player; by the organiser, with its table in the same decision
    assert "Manage Server" in private(await ann.slash(table.channel, "tournament cancel", id=1))
    assert (await env.bot.service.load(match.id)).status == "active"
    assert "is cancelled" in private(await organiser.slash(table.channel, "tournament cancel"))
    cancelled = await env.bot.service.load(match.id)
    assert (await tournament(env)).status == "cancelled" and cancelled.status == "cancelled"
    assert cancelled.end_reason == f"cancelled:{organiser.id}" and not buttons(board(thread), "act")
    assert "the tournament was cancelled" in standings_message(table).content
    assert "already ended" in private(await organiser.slash(table.channel, "tournament cancel", id=1))


async def test_table_sizes_are_clamped_to_the_game_and_a_start_needs_its_fewest_players(simcord_env):
    env = simcord_env
    table = make_table(env, ["ann", "ben"])
    admin = admin_of(env, table)
    await admin.slash(table.channel, "tournament create", game="trickery", format="swiss", table_size=9)
    await admin.slash(table.channel, "tournament create", game="trickery", format="swiss", table_size=1)
    assert [(await tournament(env, number)).table_size for number in (1, 2)] == [4, 3]
    refused = private(
        await admin.slash(table.channel, "tournament create", game="senet", format="round_robin", rounds=3)
    )
    assert "Only a Swiss tournament takes a number of rounds" in refused
    for player in table.players:
        await player.click(signup_message(table, 2), label="Sign up")
    short = private(await admin.slash(table.channel, "tournament start", id=2))
    assert "needs at least 3 players; 2 signed up" in short
    assert (await tournament(env, 2)).status == "signup"
    assert "Name the tournament" in private(await admin.slash(table.channel, "tournament start"))


async def test_a_full_tournament_fits_discords_message_limit(simcord_env):
    """Sixty-four entrants (the most): the round's post comes in as many messages as it takes, every table in it;
    the one standings message shows whom it can and counts the rest; the final standings name
    everyone."""
    env = simcord_env
    table = make_table(env, [f"weekly_league_player_{i:02d}" for i in range(64)])
    admin = admin_of(env, table)
    await admin.slash(table.channel, "tournament create", game="senet", format="swiss", rounds=1)
    await sign_up_everyone(table, table.players)
    reply(await admin.slash(table.channel, "tournament start"))
    thread = tournament_thread(table)
    matches = await round_tables(env, 1, 1)
    assert len(matches) == 32
    posts = [m.content for m in thread.history() if m.content.startswith(("⚔️", "Table"))]
    assert len(posts) >= 2 and all(len(post) <= 2000 for post in posts)
    announced = "\n".join(posts)
    assert all(f"[match #{match.id}](" in announced for match in matches)
    live = standings_message(table).content
    assert len(live) <= 2000 and "Still playing: 32 tables, linked in the round's post" in live
    more = int(re.search(r"…and (\d+) more\.", live)[1])
    assert len(parsed_standings(live)) + more == 64

    for match in matches:
        await resign(table, match, match.seats[1].user_id)
    await env.settle()
    assert (await tournament(env)).status == "finished"
    final_posts = [m.content for m in thread.history() if "Final standings" in m.content]
    final_index = next(i for i, m in enumerate(thread.history()) if m.content in final_posts[-1:])
    finals = [m.content for m in thread.history()[final_index:]]
    assert all(len(post) <= 2000 for post in finals)
    names = [row["name"] for post in finals for row in parsed_standings(post)]
    assert sorted(names) == sorted(player.user.name for player in table.players)
    assert names[:32] == sorted(names[:32], key=lambda n: [p.user.name for p in table.players].index(n))
