"""Martian Trickery end to end through SimCord: the real bot, slash commands, clicks and DMs."""

import io
import random

import discord
import pytest
from PIL import Image

from benchmarks.clicks import leaf_components
from bot.components import claim_of
from bot.presenters.trickery_words import card_text, card_words
from games import GAMES, replay_actions
from tests.helpers import (
    board,
    buttons,
    dms,
    last_dm,
    make_table,
    play_one_action,
    reply,
    start_match,
    stored,
    text,
    thread_of,
)

TRICKERY = GAMES["trickery"]


def png_of(env, message, filename: str) -> Image.Image:
    attachment = next(a for a in message.attachments if a.filename == filename)
    return Image.open(io.BytesIO(env.backend.cdn.get(attachment.url)))


def gallery_items(message) -> list:
    """The pictures a Components V2 message shows, with their descriptions (alt text)."""
    return [
        item
        for part in leaf_components(message.components)
        if isinstance(part, discord.MediaGalleryComponent)
        for item in part.items
    ]


def board_alt(message) -> str:
    """The alt text of a board's picture (of an ended match's last board, its replay)."""
    (picture,) = gallery_items(message)
    return picture.description


async def assert_board_hides_hands(env, where):
    """No card still held by anyone appears in the public board's text, its picture's alt text or
    its buttons, written as the texts write cards (`10♡`) or as the alt text does (`10 of hearts`).

    The recent actions it lists name the cards played; after the last trick of a hand such a card
    may be dealt again, so those lines are left out.
    """
    current = board(where)
    match = await stored(env)
    narrated = set(match.board_lines)
    lines = [line for line in text(current).splitlines() if line not in narrated]
    public = "\n".join([*lines, board_alt(current), *(str(b.label) for b in buttons(current))])
    held = [card for hand in match.state.hands for card in hand]
    shown = [card for card in held if card_text(card) in public or card_words(card) in public]
    assert not shown, (shown, public)


async def play_to_the_end(table, where, rng, *, restart_after: int | None = None, make_bot=None, limit=400):
    """Click random legal choices until the final standings appear; optionally restart midway."""
    for step in range(limit):
        await assert_board_hides_hands(table.env, where)
        if "wins Martian Trickery" in text(board(where)):
            return step
        if step == restart_after:
            await table.env.restart_bot(make_bot())
        await play_one_action(table, where, rng, use_dm=rng.random() < 0.7 if step % 2 else None)
    raise AssertionError("the match did not finish")


async def open_lobby(table):
    """The host invites everyone else; returns the lobby message."""
    host, *guests = table.players
    await host.slash(table.channel, "play trickery", **{f"opponent{i + 1}": g for i, g in enumerate(guests)})
    return table.channel.last_message


async def started_with_a_stranger(env):
    """A started 3-player match and a server member who isn't in it; returns who must move."""
    table = make_table(env, ["alice", "bob", "carol"])
    stranger = table.guild.add_member(env.create_user("mallory"))
    await start_match(table)
    match = await stored(env)
    mover = table.by_id(match.seats[match.state.to_move[0]].user_id)
    return table, stranger, thread_of(table), match, mover


@pytest.mark.parametrize("names", [["alice", "bob", "carol"], ["alice", "bob", "carol", "dave"]])
async def test_full_match_through_clicks_with_a_restart(simcord_env, make_bot, names):
    env = simcord_env
    table = make_table(env, names)
    result, lobby = await start_match(table)
    thread = thread_of(table)
    assert thread is not None, "the match gets a thread made from the lobby message"
    assert thread.id == lobby.id, "the thread starts from the lobby message"
    # The lobby message (the public reply to /play) now links to the match.
    assert not result.ephemeral and "has started" in result.response.content and not buttons(result.response)
    first_board = board(thread)
    assert png_of(env, first_board, "board.png").format == "PNG"
    dealt = (await stored(env)).state
    for seat, player in enumerate(table.players):
        deal = dms(player)[0]
        assert "match #1" in deal.content and "Test Guild" in deal.content
        assert (
            all(card_text(card) in deal.content for card in dealt.hands[seat])
            and len(dealt.hands[seat]) == 12
        )
        assert png_of(env, deal, "hand.png").size[0] >= 800

    rng = random.Random(len(names))
    steps = await play_to_the_end(table, thread, rng, restart_after=40, make_bot=make_bot)
    assert steps >= 12 * 4 * len(names), "four full hands at least"

    match = await stored(env)
    assert match.status == "finished" and match.state.is_over
    final = board(thread)
    winner = match.state.outcome.winners[0]
    assert f"P{winner + 1} {names[winner]} wins" in text(final)
    assert "Total" in text(final) and [b.label for b in buttons(final)] == ["Rematch"], (
        "only Rematch is left on the final board"
    )
    log = await env.bot.service.action_log(1)
    assert len(log) == steps
    replayed = replay_actions(TRICKERY, len(names), match.seed, match.options, log)
    assert replayed.to_json() == match.state.to_json(), "the stored state is the replay of the stored log"


async def test_restart_in_the_lobby_and_mid_trick_keeps_every_button_working(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    _, bob, carol = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Accept")
    await env.restart_bot(make_bot())
    await carol.click(lobby, label="Accept")
    thread = thread_of(table)
    rng = random.Random(5)
    await play_one_action(table, thread, rng)  # the lead
    before = await stored(env)
    old_board = board(thread)
    await env.restart_bot(make_bot())
    mover = table.by_id(before.seats[before.state.to_move[0]].user_id)
    # The DM prompt sent before the restart still works after it.
    prompt = last_dm(mover)
    await mover.user.click(prompt, custom_id=buttons(prompt, "act")[0].custom_id)
    after = await stored(env)
    assert after.version == before.version + 1
    # the live board was found again after the restart, and edited in place
    assert board(thread).id == old_board.id and after.board_version == after.version


async def test_refusals_change_nothing(simcord_env):
    env = simcord_env
    table, stranger, thread, match, mover = await started_with_a_stranger(env)
    current = board(thread)
    waiting = next(p for p in table.players if p is not mover)

    shown = await stranger.click(current, label="Play")
    assert reply(shown).ephemeral and "not playing" in reply(shown).content
    shown = await stranger.click(current, label="My hand")
    assert "not playing" in reply(shown).content
    shown = await waiting.click(current, label="Play")
    assert "not your turn" in reply(shown).content

    # The mover plays from their DM; that message then shows their hand without controls, and the
    # board is edited in place with controls for the new turn only.
    prompt = last_dm(mover)
    await mover.user.click(prompt, custom_id=buttons(prompt, "act")[0].custom_id)
    used = next(m for m in dms(mover) if m.id == prompt.id)
    assert "Waiting for" in used.content and "Your turn" not in used.content and not buttons(used)
    edited = next(m for m in thread.history() if m.id == current.id)
    assert board(thread).id == current.id
    assert {claim_of(b.custom_id).version for b in buttons(edited)} == {match.version + 1}
    assert (await stored(env)).version == match.version + 1


async def test_stale_and_foreign_action_clicks_are_refused(simcord_env):
    """A crafted click for an old version, or by someone else, applies nothing."""
    env = simcord_env
    table, stranger, thread, _, mover = await started_with_a_stranger(env)
    shown = await mover.click(board(thread), label="Play")
    prompt = reply(shown)
    assert prompt.ephemeral
    # The stranger cannot see an ephemeral message; they click the board's Play instead.
    refused = await stranger.click(board(thread), label="Play")
    assert "not playing" in reply(refused).content
    await play_one_action(table, thread, random.Random(2), use_dm=True)
    versions = (await stored(env)).version
    # The ephemeral prompt from before the move is now one version behind: neither its prize nor
    # its card buttons do anything.
    for kind in ("step", "act"):
        result = await mover.click(prompt, custom_id=buttons(prompt, kind)[0].custom_id)
        assert "earlier turn" in reply(result).content
    assert (await stored(env)).version == versions


async def test_racing_clicks_apply_exactly_once(simcord_env):
    import asyncio

    from bot.service import MatchError

    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    await start_match(table)
    service = env.bot.service
    match = await stored(env)
    seat = match.state.to_move[0]
    actions = [str(a) for a in match.state.legal_actions(seat)][:2]
    user = match.seats[seat].user_id
    outcomes = await asyncio.gather(
        service.act(1, user, match.version, actions[0]),
        service.act(1, user, match.version, actions[-1]),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, Exception)]
    refused = [o for o in outcomes if isinstance(o, MatchError)]
    assert len(applied) == 1 and len(refused) == 1
    assert len(await service.action_log(1)) == 1
    assert (await stored(env)).version == match.version + 1


async def test_closed_dms_fall_back_to_my_hand_and_play(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    carol = table.players[2]
    env.inject_error(
        "POST",
        f"/channels/{carol.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await start_match(table)
    thread = thread_of(table)
    assert dms(carol) == []
    assert "can't DM carol" in text(board(thread)) or "I can't DM you" in text(board(thread))
    match = await stored(env)
    assert match.seats[2].dm_closed

    shown = await carol.click(board(thread), label="My hand")
    answer = reply(shown)
    assert answer.ephemeral and "Your cards:" in answer.content
    assert png_of(env, answer, "hand.png").format == "PNG"
    # The match goes on: play until carol has moved twice, always through Play.
    rng = random.Random(9)
    carol_moves = 0
    for _ in range(30):
        match = await stored(env)
        if match.state.to_move[0] == 2:
            carol_moves += 1
            content = text(board(thread))
            assert f"<@{carol.id}>, your turn! I can't DM you" in content
        await play_one_action(table, thread, rng)
        if carol_moves >= 2:
            break
    assert carol_moves >= 2


async def test_decline_closes_the_lobby(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    _, bob, carol = table.players
    lobby = await open_lobby(table)
    await bob.click(lobby, label="Accept")
    await carol.click(lobby, label="Decline")
    closed = table.channel.last_message
    assert "closed" in closed.content and f"<@{carol.id}> declined" in closed.content
    assert not buttons(closed) and thread_of(table) is None
    assert (await stored(env)).status == "cancelled"


async def test_lobby_times_out_after_ten_minutes(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    lobby = await open_lobby(table)
    await env.advance_time(9 * 60)
    assert (await stored(env)).status == "lobby"
    await env.advance_time(2 * 60)
    assert (await stored(env)).status == "cancelled"
    closed = next(m for m in table.channel.history() if m.id == lobby.id)
    assert "within 10 minutes" in closed.content and not buttons(closed)


async def test_lobby_deadline_that_passed_while_the_bot_was_down(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    await open_lobby(table)
    await env.bot.repository.db.execute("UPDATE matches SET lobby_expires_at = 0")
    await env.restart_bot(make_bot())
    await env.advance_time(31)
    assert (await stored(env)).status == "cancelled"


async def test_lobby_buttons_are_only_for_the_invited(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    bob = table.players[1]
    stranger = table.guild.add_member(env.create_user("mallory"))
    lobby = await open_lobby(table)
    result = await stranger.click(lobby, label="Accept")
    assert "Only the invited players" in reply(result).content
    result = await stranger.click(lobby, label="Decline")
    assert "Only the invited players" in reply(result).content
    await bob.click(lobby, label="Accept")
    result = await bob.click(lobby, label="Accept")
    assert "already accepted" in reply(result).content
    assert (await stored(env)).status == "lobby"


@pytest.mark.parametrize(
    ("pick", "message"),
    [
        ("bot", "Bots can't play"),
        ("self", "You're playing already"),
        ("twice", "only be picked once"),
    ],
)
async def test_play_refuses_bad_player_lists(simcord_env, pick, message):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    host, bob = table.players[:2]
    robot = table.guild.add_member(env.create_user("robot", bot=True))
    options = {
        "bot": {"opponent1": bob, "opponent2": robot},
        "self": {"opponent1": bob, "opponent2": host},
        "twice": {"opponent1": bob, "opponent2": bob},
    }[pick]
    result = await host.slash(table.channel, "play trickery", **options)
    assert result.ephemeral and message in result.response.content
    assert table.channel.last_message is None or "invites" not in table.channel.last_message.content


async def test_no_thread_permission_plays_in_the_channel(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    env.inject_error(
        "POST", "/channels/*/messages/*/threads", status=403, code=50013, message="Missing Permissions"
    )
    await start_match(table)
    assert thread_of(table) is None
    assert "Hand 1" in text(board(table.channel))
    await play_one_action(table, table.channel, random.Random(3))
    assert (await stored(env)).version == 2


async def test_rules_and_help(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    result = await alice.slash(table.channel, "rules", game="trickery")
    assert result.ephemeral
    embed = result.response.embeds[0]
    assert "Martian Trickery" in embed.title and "Spades" in embed.description
    assert png_of(env, result.response, "rules.png").size[0] >= 800
    result = await alice.slash(table.channel, "help")
    assert (
        result.ephemeral
        and "/play trickery" in result.response.content
        and "/rules" in result.response.content
    )


async def test_restart_between_saving_an_action_and_posting_it(simcord_env, make_bot):
    """The action is in the database but the bot died before telling anyone: after the restart
    the board and the next player's DM prompt catch up, and play goes on."""
    env = simcord_env
    table = make_table(env, ["alice", "bob", "carol"])
    await start_match(table)
    thread = thread_of(table)
    match = await stored(env)
    seat = match.state.to_move[0]
    action = str(match.state.legal_actions(seat)[0])
    await env.bot.service.act(match.id, match.user_at(seat), match.version, action)  # saved, never published
    stale_board = board(thread)
    await env.restart_bot(make_bot())
    fresh = board(thread)
    assert fresh.id != stale_board.id and "Back after a restart" in text(fresh)
    after = await stored(env)
    assert after.board_version == after.version
    next_player = table.by_id(after.user_at(after.state.to_move[0]))
    assert f"<@{next_player.id}>, your turn" in text(fresh)
    assert buttons(last_dm(next_player), "act"), "the next player got a DM prompt"
    await play_one_action(table, thread, random.Random(1))
    assert (await stored(env)).version == after.version + 1
    # Nothing is behind any more, so a further restart posts nothing new.
    latest = board(thread)
    await env.restart_bot(make_bot())
    assert board(thread).id == latest.id and (await env.bot.service.behind_on_discord()) == []


# --- a table made for phones (issue 27) ----------------------------------------------------


async def alone_against_two_computers(table, **options):
    """The host's `/play trickery` with two computer players; P3 deals, so the host (P1) leads."""
    (alice,) = table.players
    await alice.slash(table.channel, "play trickery", computers="2", first_dealer="3", **options)
    return thread_of(table)


async def test_the_board_says_in_words_what_its_picture_shows(simcord_env):
    """Above the picture a line per seat (the two computer players named apart), below it the
    hand and the trick in words and the picture's key in small print; the picture's alt text gives
    the whole position and no card in anyone's hand."""
    env = simcord_env
    table = make_table(env, ["alice"])
    thread = await alone_against_two_computers(table)
    current = board(thread)
    lines = text(current).splitlines()
    seat_lines = [line for line in lines if line.startswith("**P")]
    assert seat_lines == [
        "**P1 alice** · 0 points · 12 cards · 0 tricks · **to lead**",
        "**P2 Computer 1 (normal)** · 0 points · 12 cards · 0 tricks",
        "**P3 Computer 2 (normal)** · 0 points · 12 cards · 0 tricks · dealer",
    ]
    assert "Hand 1 · Trick 1/12 · spades not broken" in lines
    assert any(line.startswith("-# Picture: the trick") for line in lines)
    assert any(line.startswith("-# Letters: R red, G green, B blue, K black.") for line in lines)
    alt = board_alt(current)
    assert alt.startswith("Martian Trickery, hand 1, trick 1 of 12; spades are not broken.")
    assert "P2 Computer 1 (normal): 0 points, 12 cards; took nothing." in alt
    assert "Pool: red: small, medium, large; green: small, medium, large;" in alt
    await assert_board_hides_hands(env, thread)

    # The private picture has its own alt text: the hand, in words.
    deal = last_dm(table.players[0])
    (hand,) = [a for a in deal.attachments if a.filename == "hand.png"]
    held = (await stored(env)).state.hands[0]
    assert hand.description.startswith("Your hand: ") and all(card_words(c) in hand.description for c in held)

    # After the lead the computer players follow; the board then words what lies on the table.
    await play_one_action(table, thread, random.Random(4), use_dm=True)
    await env.advance_time(10)
    state = (await stored(env)).state
    (winner,) = [trick["winner"] for trick in state.done_tricks]
    current, alt = board(thread), board_alt(board(thread))
    if state.plays:  # a computer player won the first trick and led the second
        leader = state.plays[0][0]
        assert f"P{leader + 1} Computer {leader} (normal) led {card_text(state.plays[0][1])} for the" in text(
            current
        )
        assert "On the table, the trick for the" in alt
    else:
        assert "On the table: the last trick; P1 alice won the" in text(current)
        assert "On the table, the last trick for the" in alt and alt.count("P1 alice won it") == 1
    assert f"P{winner + 1} " in alt and "0 points, 11 cards" in alt


async def test_a_first_lead_is_three_taps_from_play_in_the_dm(simcord_env):
    """`/play`, a pyramid, a card: the prize buttons sit above the cards in the private message,
    which is edited in place to lead for the pyramid tapped."""
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    taps = 1  # the slash command
    await alone_against_two_computers(table)
    prompt = last_dm(alice)
    chosen = [b for b in buttons(prompt, "step") if b.label.startswith("✓ ")]
    assert len(chosen) == 1 and chosen[0].label == "✓ Large red", "the default prize: a large point pyramid"
    assert all(claim_of(b.custom_id).argument.startswith("L R3 ") for b in buttons(prompt, "act"))
    green = next(b for b in buttons(prompt, "step") if b.label == "Small green")
    await alice.user.click(prompt, custom_id=green.custom_id)
    taps += 1
    prompt = next(m for m in dms(alice) if m.id == prompt.id)
    assert "Prize: the 🟩 small green (G1)" in prompt.content
    assert [b.label for b in buttons(prompt, "step") if b.label.startswith("✓ ")] == ["✓ Small green"]
    card = buttons(prompt, "act")[0]
    assert claim_of(card.custom_id).argument.startswith("L G1 ")
    await alice.user.click(prompt, custom_id=card.custom_id)
    taps += 1
    log = await env.bot.service.action_log(1)
    assert log[0] == (0, claim_of(card.custom_id).argument) and taps == 3


async def test_a_first_lead_is_four_taps_from_play_on_the_board(simcord_env):
    """`/play`, **Play** on the board, a pyramid, a card: the private steps go on in the ephemeral
    prompt."""
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    taps = 1
    thread = await alone_against_two_computers(table)
    prompt = reply(await alice.click(board(thread), label="Play"))
    taps += 1
    assert prompt.ephemeral and len(buttons(prompt)) <= 25
    black = next(b for b in buttons(prompt, "step") if b.label == "Large black")
    assert black.style == discord.ButtonStyle.danger, "penalty pyramids are on red buttons"
    await alice.click(prompt, custom_id=black.custom_id)
    taps += 1
    card = buttons(prompt, "act")[-1]
    assert claim_of(card.custom_id).argument.startswith("L K3 ")
    await alice.click(prompt, custom_id=card.custom_id)
    taps += 1
    log = await env.bot.service.action_log(1)
    assert log[0] == (0, claim_of(card.custom_id).argument) and taps <= 4


async def test_a_forged_or_garbled_prize_is_refused_privately_and_changes_nothing(simcord_env):
    from tests.bot.test_hostile_holes import forged_message

    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    thread = await alone_against_two_computers(table)
    before, shown = await stored(env), board(thread)
    version = before.version
    for garbled in ("ZZ", "Y3", "R3 7h", "L"):  # no such pyramid in the pool, or no pyramid at all
        crafted = f"m1:1:{version}:step:{garbled}"
        answer = reply(await alice.click(await forged_message(env, thread, [crafted]), custom_id=crafted))
        assert answer.ephemeral and "isn't in the pool" in answer.content
    after = await stored(env)
    assert after.version == version and after.state.to_json() == before.state.to_json()
    assert board(thread).id == shown.id and text(board(thread)) == text(shown)
