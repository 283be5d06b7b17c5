"""Agents of M.A.R.S. end to end through SimCord: lobby options, secret objectives, turns, /move, Ko."""

import random
import re

import discord
import pytest

from benchmarks.clicks import leaf_components
from bot.presenters.common import COLOUR_EMOJI
from games import GAMES, replay_actions
from games.mars import slot_text
from tests.bot.test_hostile_holes import forged_message
from tests.helpers import (
    board,
    buttons,
    claim_of,
    dms,
    last_dm,
    make_table,
    movers,
    refresh,
    reply,
    stored,
    text,
    thread_of,
)

MARS = GAMES["mars"]
SQUARE_MOVE = re.compile(r"^[a-h][1-8]-[a-h][1-8]$")


async def start_mars(table, **options):
    host, guest = table.players
    result = await host.slash(table.channel, "play mars", opponent=guest, **options)
    lobby = table.channel.last_message
    await guest.click(lobby, label="Accept")
    return result, lobby


async def mars_match(env, **options):
    """alice invites bob with `options`, bob accepts; returns the table, both players and the thread."""
    table = make_table(env, ["alice", "bob"])
    await start_mars(table, **options)
    return table, *table.players, thread_of(table)


async def open_prompt(player, where, *, use_dm: bool):
    """The player's move prompt and who acts on it: their DM prompt, or Play on the board."""
    dm = last_dm(player)
    if use_dm and dm is not None and buttons(dm):
        return dm, player.user
    return reply(await player.click(board(where), label="Play")), player


def enabled(prompt, kind: str) -> list:
    return [b for b in buttons(prompt, kind) if not b.disabled]


async def choose_objective(player, prompt, actor, colours: str) -> None:
    """Tap `colours` from the highest slot down, as far as the objective isn't so already, then
    confirm (each tapped colour takes the next slot down)."""
    for colour in colours[:-1]:
        slots = [b.label.split()[1] for b in buttons(prompt, "step")[: len(colours)]]  # '+2 🟨 yellow'
        if "".join(slots) == "".join(COLOUR_EMOJI[c] for c in colours):
            break
        tap = next(b for b in enabled(prompt, "step") if COLOUR_EMOJI[colour] in b.label)
        await actor.click(prompt, custom_id=tap.custom_id)
        prompt = refresh(prompt, player)
    await actor.click(prompt, label="Confirm objective")


async def mars_step(table, where, rng: random.Random) -> str:
    """The player to move makes a random legal choice by tapping: step buttons (a slot, a part of
    the board, a piece) lead to other buttons, until an act button decides; returns its label."""
    player = rng.choice(movers(table, where))
    prompt, actor = await open_prompt(player, where, use_dm=rng.random() < 0.6)
    for tap in range(30):
        acts, steps = enabled(prompt, "act"), enabled(prompt, "step")
        draw = [b for b in acts if b.label == "🎲 Draw a piece"]
        explore = steps and (not acts or (tap < 8 and rng.random() < (0.5 if draw else 0.4)))
        if not explore:
            button = draw[0] if draw else rng.choice(acts)
            await actor.click(prompt, custom_id=button.custom_id)
            return button.label
        await actor.click(prompt, custom_id=rng.choice(steps).custom_id)
        prompt = refresh(prompt, player)
    raise AssertionError(f"no decision after 30 taps: {prompt.content!r}")


async def test_full_match_through_clicks_with_a_restart(simcord_env, make_bot):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    await start_mars(table)
    thread = thread_of(table)
    assert "choose your secret objective" in text(board(thread))
    rng = random.Random(5)
    for step in range(400):
        if "Agents of M.A.R.S.**, " in text(board(thread)) or "**Draw**" in text(board(thread)):
            break
        if step == 60:
            await env.restart_bot(make_bot())
        await mars_step(table, thread, rng)
    else:
        raise AssertionError("the match did not finish")

    match = await stored(env)
    assert match.status == "finished" and match.state.is_over
    final = board(thread)
    totals = match.state.outcome.scores
    assert f"{max(totals)} to {min(totals)}" in text(final) or f"both agents score {totals[0]}" in text(final)
    for colour in ("red", "green", "blue", "yellow"):
        assert re.search(rf"^{colour}\s+\d+", text(final), re.M), text(final)
    assert "Total" in text(final) and [b.label for b in buttons(final)] == ["Rematch"]
    log = await env.bot.service.action_log(match.id)
    replayed = replay_actions(MARS, 2, match.seed, match.options, log)
    assert replayed.to_json() == match.state.to_json()


async def test_objective_setup_in_dm(simcord_env, make_bot):
    """The DM offers a ready objective; tapped colours take the slots from the top (the picture
    follows); Confirm."""
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await start_mars(table)
    thread = thread_of(table)
    alice_dm, bob_dm = last_dm(alice), last_dm(bob)
    assert "Choose your secret objective" in alice_dm.content and "drawn at random" in alice_dm.content
    suggested = (await stored(env)).state.suggested_objective(0)
    first_picture = alice_dm.attachments[0].url
    assert [b.label.split()[0] for b in enabled(alice_dm, "step")] == ["+2", "+1", "0", "-1"]

    lowest = next(b for b in enabled(alice_dm, "step") if b.label.startswith("-1 "))
    await alice.user.click(alice_dm, custom_id=lowest.custom_id)  # the colour on -1 goes to +2
    alice_dm = refresh(alice_dm, alice)
    moved = suggested[3] + suggested[:3]
    assert "Next tap: the colour for slot **+1**." in alice_dm.content
    assert (
        f"**+2** {COLOUR_EMOJI[moved[0]]}" in alice_dm.content
        and f"**-1** {COLOUR_EMOJI[moved[3]]}" in alice_dm.content
    )
    assert alice_dm.attachments[0].url != first_picture  # the draft's cards
    words = {"R": "red", "G": "green", "B": "blue", "Y": "yellow"}
    assert f"P1: +2 {words[moved[0]]}" in alice_dm.attachments[0].description  # its alt text: the draft
    assert (await stored(env)).version == 1  # taps on slots change nothing until Confirm
    await alice.user.click(alice_dm, label="↩ Start again")
    alice_dm = refresh(alice_dm, alice)
    await choose_objective(alice, alice_dm, alice.user, "RYBG")

    match = await stored(env)
    assert match.state.objectives[0] == {2: "R", 1: "Y", 0: "B", -1: "G"}
    public = board(thread)
    assert "alice set a secret objective" in text(public) and "waiting for bob" in text(public)
    assert "**P1 alice** · objective chosen" in text(public) and "**P2 bob** · not chosen yet" in text(public)
    assert "🟥" not in text(public)  # nothing of the objective is told

    await env.restart_bot(make_bot())
    # Bob's DM prompt is from before Alice confirmed (an older version) and the restart: it still works.
    assert claim_of(enabled(bob_dm, "step")[0].custom_id).version == 1 and match.version == 2
    await choose_objective(bob, bob_dm, bob.user, "GBYR")
    match = await stored(env)
    assert match.state.objectives[1] == {2: "G", 1: "B", 0: "Y", -1: "R"}
    assert not match.state.order_free and "Turn 1" in text(board(thread))
    mine = reply(await alice.click(board(thread), label="My objective"))
    assert mine.message.flags.ephemeral and "**+2** 🟥 red" in mine.content and "🟦 blue" in mine.content
    assert "🟨" not in text(board(thread)).split("\n", 2)[2]


async def test_blind_agents_see_only_the_opponents_objective(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await start_mars(table, blind=True)
    match = await stored(env)
    assert not match.state.order_free  # dealt, nobody chooses
    alice_dm = next(m for m in dms(alice) if "Blind Agents" in m.content)
    lines = alice_dm.content.split("\n")
    for value, colour in match.state.objectives[1].items():  # every slot of Bob's is shown to Alice...
        assert f"**{slot_text(value)}** {COLOUR_EMOJI[colour]}" in lines[2]
    assert lines[3].count("❔") == 4  # ...and none of her own
    mine = reply(await bob.click(board(thread_of(table)), label="My objective"))
    assert "alice's objective (only you see it)" in mine.content


async def test_refused_variant_combinations_and_strangers(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    result = await alice.slash(table.channel, "play mars", opponent=bob, five_colours="+3", no_center=True)
    assert result.response.flags.ephemeral and "No Center can't be combined" in result.response.content
    result = await alice.slash(table.channel, "play mars", opponent=bob, five_colours="-2", objectives="deck")
    assert "objective card deck" in result.response.content
    assert await env.bot.repository.db.fetchone("SELECT id FROM matches") is None

    stranger = table.guild.add_member(env.create_user("mallory"))
    await start_mars(table, five_colours="+3", first_player="1")
    match = await stored(env)
    assert match.state.slot_values == (3, 2, 1, 0, -1) and match.state.files == 8
    answer = reply(await stranger.click(board(thread_of(table)), label="Play"))
    assert "not playing in this match" in answer.content
    assert (await stored(env)).version == match.version
    # Five slots, set through the ephemeral prompt: a button each.
    prompt = reply(await alice.click(board(thread_of(table)), label="Play"))
    assert prompt.message.flags.ephemeral and len(enabled(prompt, "step")) == 5
    await choose_objective(alice, prompt, alice, "PYGRB")
    assert (await stored(env)).state.objectives[0] == {3: "P", 2: "Y", 1: "G", 0: "R", -1: "B"}


async def test_move_command_with_suggestions_and_a_refused_ko(simcord_env):
    env = simcord_env
    _, alice, bob, thread = await mars_match(env, objectives="deck", first_player="1")
    assert "dealt from the deck" in text(board(thread))
    dealt = (await stored(env)).state.objectives[1]
    objective_line = next(line for line in last_dm(bob).content.split("\n") if "Your objective" in line)
    for value, colour in dealt.items():
        assert f"**{slot_text(value)}** {COLOUR_EMOJI[colour]}" in objective_line
    suggestions = await alice.autocomplete(thread, "move", "action", "")
    legal = {str(a) for a in (await stored(env)).state.legal_actions(0)}
    assert suggestions and {s["value"] for s in suggestions} <= legal

    # Both players draw and place (on the edge files) until alice has a piece she can move.
    free = iter(f"{file}{rank}" for rank in range(1, 9) for file in "ag")
    for _ in range(8):
        for player in (alice, bob):
            drawn = reply(await player.slash(thread, "move", action="D"))
            piece = re.search(r"You drew the \*\*.*\((\w\d)\)\*\*", drawn.content)[1]
            assert enabled(drawn, "act")  # the placement prompt comes with the answer
            await player.slash(thread, "move", action=f"{piece}@{next(free)}")
        moves = [s["value"] for s in await alice.autocomplete(thread, "move", "action", "-")]
        if [m for m in moves if SQUARE_MOVE.match(m)]:
            break
    move = next(m for m in moves if SQUARE_MOVE.match(m))
    answer = reply(await alice.slash(thread, "move", action=move))
    assert answer.content.startswith("You moved")
    origin, target = move.split("-")
    back = f"{target}-{origin}"

    version = (await stored(env)).version
    offered = [s["value"] for s in await bob.autocomplete(thread, "move", "action", target)]
    assert back not in offered
    refused = reply(await bob.slash(thread, "move", action=back))
    assert "Ko" in refused.content and (await stored(env)).version == version
    # Tapping the piece shows the way back, disabled, with the reason.
    prompt = last_dm(bob)
    assert "would undo P1 alice's last move" in prompt.content
    piece = next(b for b in enabled(prompt, "step") if claim_of(b.custom_id).argument.split()[0] == target)
    await bob.user.click(prompt, custom_id=piece.custom_id)
    prompt = refresh(prompt, bob)
    ko_button = next(b for b in buttons(prompt) if "Ko" in b.label)
    assert ko_button.disabled and ko_button.label.startswith(origin)


async def test_stale_and_foreign_turn_clicks_change_nothing(simcord_env):
    env = simcord_env
    _, alice, bob, thread = await mars_match(env, objectives="deck", first_player="2")
    answer = reply(await alice.click(board(thread), label="Play"))
    assert "not your turn" in answer.content
    ephemeral = reply(await bob.click(board(thread), label="Play"))
    prompt = last_dm(bob)
    await bob.user.click(prompt, label="🎲 Draw a piece")
    prompt = refresh(prompt, bob)
    assert "You drew" in prompt.content and enabled(prompt, "act")
    version = (await stored(env)).version
    answer = reply(await bob.click(ephemeral, label="🎲 Draw a piece"))  # from before the draw
    assert "earlier turn" in answer.content and (await stored(env)).version == version


@pytest.mark.parametrize("options", [{"five_colours": "-2"}, {"no_center": True, "size_points": True}])
async def test_lobby_shows_the_variants(simcord_env, options):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    await table.players[0].slash(table.channel, "play mars", opponent=table.players[1], **options)
    lobby = table.channel.last_message.content
    if "five_colours" in options:
        assert "5 Color Agents (fifth slot -2)" in lobby
    else:
        assert "The Size of the Group Gives Points" in lobby and "No Center" in lobby
    assert "first player: random" in lobby


async def test_rules_and_help_cover_mars(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice = table.players[0]
    result = await alice.slash(table.channel, "rules", game="mars")
    embed = result.response.embeds[0]
    assert "Agents of M.A.R.S." in embed.title and "Ko" in embed.description
    (picture,) = [a for a in result.response.attachments if a.filename == "rules.png"]
    assert picture.description.startswith("Pieces seen from above, each with its colour's letter")
    assert "Groups of 4+ score their pips: four touching red pieces" in picture.description  # its labels
    result = await alice.slash(table.channel, "help")
    assert "/play mars" in result.response.content and "/move" in result.response.content


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(computer_delay_seconds=0)  # computer players answer at once


@pytest.mark.parametrize("first_player", ["1", "2"])
async def test_the_first_move_is_four_taps_from_play(simcord_env, first_player):
    """`/play mars` against the computer (1 tap), Confirm the ready objective (2), Draw (3), press
    a square (4): the first piece is on the board, whoever moves first."""
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "play mars", first_player=first_player)
    taps = 1
    prompt = last_dm(alice)
    assert "drawn at random for you" in prompt.content
    await alice.user.click(prompt, label="Confirm objective")
    taps += 1
    prompt = last_dm(alice)  # the turn's prompt (after the computer's first move, if it starts)
    assert "Your turn" in prompt.content and len((await stored(env)).state.board) == int(first_player) - 1
    await alice.user.click(prompt, label="🎲 Draw a piece")
    taps += 1
    prompt = refresh(prompt, alice)
    assert "You drew" in prompt.content
    square = enabled(prompt, "act")[0]  # a1, or the square next to the computer's piece
    await alice.user.click(prompt, custom_id=square.custom_id)
    taps += 1
    match = await stored(env)
    log = [action for seat, action in await env.bot.service.action_log(match.id) if seat == 0]
    assert taps <= 4 and log[1:] == ["D", claim_of(square.custom_id).argument]  # after her objective


async def test_the_board_says_in_words_what_the_picture_leaves_out(simcord_env):
    """Seat lines with the objectives as far as the table knows them, the status, the legend in
    small print; the picture's alt text says the position and hides what the public may not see,
    while each player's private picture says their own objective."""
    env = simcord_env
    _, alice, _bob, thread = await mars_match(env, objectives="deck", first_player="1")
    match = await stored(env)
    public = board(thread)
    words = text(public)
    assert "▶️ **P1 alice** · **+2** ❔ · **+1** ❔ · **0** ❔ · **-1** ❔" in words
    assert "**P2 bob** · **+2** ❔" in words
    assert "Turn 1 · bag 59 · black on the board 0 · objective swaps open" in words
    assert "-# On the board: letters are colours (R red, G green, B blue, Y yellow, K black)" in words
    alt = gallery_descriptions(public)[0]
    assert "To move: P1." in alt and "Board a–g by 1–8" in alt and "8: empty" in alt
    assert "P1: +2 hidden, +1 hidden, 0 hidden, -1 hidden" in alt
    mine = reply(await alice.click(public, label="My objective"))
    own = mine.attachments[0].description  # her private picture: the position as she may see it
    colours = match.state.objectives[0]
    said = ", ".join(f"{slot_text(v)} {COLOUR_WORDS[c]} (only you see)" for v, c in colours.items())
    assert f"P1: {said}; P2: +2 hidden" in own

    await alice.user.click(last_dm(alice), label="🎲 Draw a piece")
    prompt = last_dm(alice)
    drawn = (await stored(env)).state.drawn
    assert f"drawn, to place: {COLOUR_EMOJI[drawn.colour]}" in text(board(thread))
    square = enabled(prompt, "act")[0]  # the top left of the part of the board shown
    await alice.user.click(prompt, custom_id=square.custom_id)
    alt = gallery_descriptions(board(thread))[0]
    assert f"Last: P1 placed the {drawn} on {square.label}." in alt and f"{square.label} {drawn}" in alt


COLOUR_WORDS = {"R": "red", "G": "green", "B": "blue", "Y": "yellow"}


async def press_square(player, prompt, square: str) -> None:
    """Place the drawn piece on `square`: on the part of the board shown, else on the part the
    arrow for its corner shows (↙ SW, ↘ SE, ↖ NW, ↗ NE)."""
    for _ in range(2):
        target = [b for b in enabled(prompt, "act") if claim_of(b.custom_id).argument.endswith(f"@{square}")]
        if target:
            await player.user.click(prompt, custom_id=target[0].custom_id)
            return
        corner = ("N" if square[1] > "4" else "S") + ("W" if square[0] < "c" else "E")
        part = next(b for b in enabled(prompt, "step") if claim_of(b.custom_id).argument == corner)
        await player.user.click(prompt, custom_id=part.custom_id)
        prompt = refresh(prompt, player)
    raise AssertionError(f"{square} was not offered")


def gallery_descriptions(message) -> list[str]:
    return [
        item.description
        for part in leaf_components(message.components)
        if isinstance(part, discord.MediaGalleryComponent)
        for item in part.items
    ]


async def test_a_piece_moves_by_two_taps_and_a_forged_step_changes_nothing(simcord_env):
    """Tap the piece (its square, laid out like the board), then where it goes. A step button the
    bot never made (a garbled piece, a part of the board) is refused privately, nothing changes."""
    env = simcord_env
    _, alice, bob, _thread = await mars_match(env, objectives="deck", first_player="1")
    # Both place pieces (away from c4 and a5-e8) until alice has one that may move (not black).
    squares = iter(["c3", "g8", "a1", "f7", "e1", "g5", "b2", "d1"])
    pieces = []
    while not pieces:
        for player in (alice, bob):
            prompt = last_dm(player)
            await player.user.click(prompt, label="🎲 Draw a piece")
            await press_square(player, refresh(prompt, player), next(squares))
        prompt = last_dm(alice)
        pieces = [
            b
            for b in enabled(prompt, "step")
            if re.fullmatch(r"[a-g]\d( \w\w)?", claim_of(b.custom_id).argument)
        ]
    piece = pieces[0]
    square = claim_of(piece.custom_id).argument.split()[0]
    version = (await stored(env)).version

    dm_channel = alice.user.dm_channel
    for argument in ("c4", "zz9", "NW", "c3 NE"):  # empty, garbled, no piece there, c3 isn't in NE
        forged = await forged_message(env, dm_channel, buttons=(f"m1:1:{version}:step:{argument}",))
        answer = reply(await alice.user.click(forged, custom_id=f"m1:1:{version}:step:{argument}"))
        assert "That piece can't move now" in answer.content, argument
    assert (await stored(env)).version == version

    await alice.user.click(prompt, custom_id=piece.custom_id)
    prompt = refresh(prompt, alice)
    assert f"**{square}**" in prompt.content and "tap where it goes" in prompt.content
    destinations = [b for b in enabled(prompt, "act")]
    assert destinations and all(b.label[0] in "↑↓←→" for b in destinations)
    await alice.user.click(prompt, custom_id=destinations[0].custom_id)
    match = await stored(env)
    moved = claim_of(destinations[0].custom_id).argument
    assert (
        match.version == version + 1
        and moved.startswith(square)
        and match.state.last_action["kind"]
        in (
            "move",
            "swap",
        )
    )
