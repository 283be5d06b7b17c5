"""Martian Combat end to end through SimCord: decisions by whoever must decide, dice by the bot."""

import random
import re

import discord

from benchmarks.clicks import leaf_components
from bot.layout import COMPONENT_LIMIT
from games import GAMES, replay_actions
from tests.bot.test_hostile_holes import forged_message
from tests.helpers import (
    as_message,
    board,
    buttons,
    claim_of,
    dms,
    make_table,
    reply,
    selects,
    stored,
    text,
    thread_of,
)

COMBAT = GAMES["combat"]
SQUARE = re.compile(r"[a-f][1-6]$")


async def combat_match(env, names=("alice", "bob"), **options):
    table = make_table(env, list(names))
    host, *guests = table.players
    named = {f"opponent{i + 1}": guest for i, guest in enumerate(guests)}
    await host.slash(table.channel, "play combat", **named, **options)
    for guest in guests:
        await guest.click(table.channel.last_message, label="Accept")
    return table, thread_of(table)


def check_one_seat_acts(table, where, match) -> None:
    """The seat the board's controls and mention are for is the one the seat lines point at and the
    status line names: the view's `to_move`, even when it isn't the turn's owner."""
    deciding = match.state.view(None).deciding
    name = match.seats[deciding].display_name
    shown = text(board(where))
    assert decider(table, where).id == match.seats[deciding].user_id
    pointed = [line for line in reversed(shown.splitlines()) if line.startswith("👉 **")]
    assert len(pointed) == 1 and name in pointed[0], shown
    status = next(
        line
        for line in reversed(shown.splitlines())
        if line.startswith(f"🟥 {name}") or line.startswith(f"🟦 {name}")
    )
    assert "may" in status or "chooses" in status, status
    assert "to play" not in shown, shown


def decider(table, where):
    return table.by_id(int(re.search(r"👉 <@(\d+)>", text(board(where)))[1]))


def action_of(component_or_value) -> str:
    text = component_or_value if isinstance(component_or_value, str) else component_or_value.custom_id
    return claim_of(text).argument if text.startswith("m1:") else text


def distance(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1]) - int(b[1])))


async def combat_step(table, where, rng: random.Random) -> str:
    """The deciding player plays like a keen beginner: heads for home, fights when offered. A
    two-part choice is a step button on the board, then a square in the ephemeral answer."""
    view = (await stored(table.env, table.match_id)).state.view(None)
    homes = view.seats[view.deciding].home
    current = board(where)
    player = decider(table, where)
    acts = [b for b in buttons(current, "act") if not b.disabled]
    steps = buttons(current, "step")
    fights = [b for b in acts if b.label.startswith(("Attack", "Counter"))]
    if fights and rng.random() < 0.8:
        await player.click(current, custom_id=rng.choice(fights).custom_id)
        return action_of(fights[0])
    keep_going = [b for b in acts if b.label not in ("Skip the move", "Finish aiming", "End this leg")]
    if steps and (not keep_going or rng.random() < 0.9):
        step = reply(await player.click(current, custom_id=rng.choice(steps).custom_id))
        assert step.message.flags.ephemeral
        choices = [action_of(b) for b in buttons(step, "act") if not b.disabled]
        for menu in selects(step):
            choices += [option.value for option in menu.options]

        def closeness(action: str) -> int:
            target = action.split()[-1].split("@")[-1][-2:]
            return min(distance(target, home) for home in homes) if SQUARE.match(target) else 9

        best = min(choices, key=lambda a: (closeness(a), rng.random()))
        button = next((b for b in buttons(step, "act") if action_of(b) == best), None)
        if button:
            await player.click(step, custom_id=button.custom_id)
        else:
            menu = next(m for m in selects(step) if any(o.value == best for o in m.options))
            await player.select(step, [best], custom_id=menu.custom_id)
        return best
    choice = rng.choice(keep_going or acts)
    await player.click(current, custom_id=choice.custom_id)
    return action_of(choice)


async def test_forty_turns_with_a_combat_and_a_restart_while_an_opponent_decides(simcord_env, make_bot):
    env = simcord_env
    table, thread = await combat_match(env)
    assert not any(dms(p) for p in table.players)
    assert "Rolls for the first turn" in text(board(thread))
    rng = random.Random(8)
    fought = restarted = False
    for _ in range(2500):
        match = await stored(env)
        view = match.state.view(None)
        if view.is_over or (view.turn > 40 and fought and restarted):
            break
        if view.deciding != view.current:  # an opponent's call, mid-turn: everything names them
            check_one_seat_acts(table, thread, match)
        if view.phase == "reply" and not restarted:
            await env.restart_bot(make_bot())
            restarted = True
        before = match.version
        await combat_step(table, thread, rng)
        assert (await stored(env)).version == before + 1
        fought = fought or "⚔️ Combat" in text(board(thread))
    else:
        raise AssertionError("the match stalled")
    match = await stored(env)
    assert fought and restarted and (match.state.view(None).turn > 40 or match.state.is_over)
    log = await env.bot.service.action_log(match.id)
    replayed = replay_actions(COMBAT, 2, match.seed, match.options, log)
    assert replayed.to_json() == match.state.to_json()


async def test_only_the_deciding_player_may_press_the_board(simcord_env):
    env = simcord_env
    table, thread = await combat_match(env, ("alice", "bob", "carol"), version="simple")
    assert (await stored(env)).options == {"version": "simple", "rounds": 0}
    waiting = next(p for p in table.players if p is not decider(table, thread))
    version = (await stored(env)).version
    for first in (buttons(board(thread), "act")[0], buttons(board(thread), "step")[0]):
        answer = reply(await waiting.click(board(thread), custom_id=first.custom_id))
        assert "not your turn" in answer.content and (await stored(env)).version == version


async def test_move_command_and_rules(simcord_env):
    env = simcord_env
    table, thread = await combat_match(env, version="advanced")
    player = decider(table, thread)
    suggestions = await player.autocomplete(thread, "move", "action", "M ")
    state = (await stored(env)).state
    legal = {str(a) for a in state.legal_actions(state.to_move[0])}
    assert suggestions and {s["value"] for s in suggestions} <= legal
    refused = reply(await player.slash(thread, "move", action="M a1-a2"))
    assert (await stored(env)).version == 1 and refused.content
    result = await player.slash(thread, "rules", game="combat")
    assert "Martian Combat" in result.response.embeds[0].title


async def test_a_round_limit_is_chosen_in_play_and_shown_to_everyone(simcord_env):
    """`/play combat rounds:30`: the invitation says so, the match keeps it, the board counts down."""
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play combat", opponent1=bob, rounds="30")
    lobby = table.channel.last_message
    assert "ends after 30 rounds" in lobby.content
    await bob.click(lobby, label="Accept")
    match = await stored(env)
    assert match.options == {"version": "standard", "rounds": 30} and match.state.round_limit == 30
    assert "turns left (30-round limit)" in text(board(thread_of(table)))


def descriptions(message) -> list[str]:
    """The alt texts of a board message's gallery pictures."""
    parts = leaf_components(as_message(message).components)
    return [
        item.description or ""
        for part in parts
        if isinstance(part, discord.MediaGalleryComponent)
        for item in part.items
    ]


def component_count(components) -> int:
    """Every component of a Components V2 message, nested ones included, as Discord counts them."""
    return sum(1 + component_count(getattr(part, "children", None) or []) for part in components)


async def test_the_board_message_says_seats_status_and_position_in_words(simcord_env):
    env = simcord_env
    _, thread = await combat_match(env)
    match = await stored(env)
    shown = text(board(thread))
    deciding = match.state.to_move[0]
    alice, bob = (seat.display_name for seat in match.seats)
    assert (
        f"**🟥 {alice}** · goal c6 d6 · caps 0/2" in shown
        and f"**🟦 {bob}** · goal c1 d1 · caps 0/2" in shown
    )
    assert f"👉 **{'🟥🟦'[deciding]} {match.seats[deciding].display_name}**" in shown
    assert "Turn 1" in shown and "may move one step (or skip)." in shown
    assert "-# flag: a goal square · bar outside the edge: start squares" in shown  # the legend, small print
    (alt,) = descriptions(board(thread))
    assert "c1 R1 R2 R3 (6 pips)" in alt and "c6 B1 B2 B3 (6 pips)" in alt and f"Red {alice}" in alt
    assert "Blocked: a1 f1 c3 d3 c4 d4 a6 f6." in alt and len(alt) <= 1024
    assert component_count(as_message(board(thread)).components) <= COMPONENT_LIMIT


async def test_playing_alone_the_first_move_is_at_most_four_taps_from_play(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "play combat")  # tap 1: the computer takes the other seat
    taps = 1
    thread = thread_of(table)
    for _ in range(200):  # the computer may open: its turns pass on the virtual clock
        match = await stored(env)
        if match.state.to_move == (0,):
            break
        await env.advance_time(3)
    else:
        raise AssertionError("alice never got to move")
    before = match.version
    current = board(thread)
    steps = buttons(current, "step")
    if steps:  # what moves, then where: both taps
        step = reply(await alice.click(current, custom_id=steps[0].custom_id))
        taps += 1
        square = next(b for b in buttons(step, "act") if not b.disabled)
        await alice.click(step, custom_id=square.custom_id)
    else:
        first = next(b for b in buttons(current, "act") if not b.disabled)
        await alice.click(current, custom_id=first.custom_id)
    taps += 1
    match = await stored(env)
    assert match.version > before and taps <= 4
    mine = [seat for seat, _ in (await env.bot.service.action_log(match.id))[before - 1 :]]
    assert mine[0] == 0


async def test_a_step_button_opens_the_squares_and_a_forged_one_changes_nothing(simcord_env):
    env = simcord_env
    table, thread = await combat_match(env)
    match = await stored(env)
    player = decider(table, thread)
    current = board(thread)
    origins = sorted(b.label for b in buttons(current, "step"))
    assert origins == sorted(
        ["c1 🟥3", "Whole force c1 (6 pips)", "d1 🟥3", "Whole force d1 (6 pips)"]
    ) or origins == sorted(["c6 🟦3", "Whole force c6 (6 pips)", "d6 🟦3", "Whole force d6 (6 pips)"])
    whole = next(b for b in buttons(current, "step") if b.label.startswith("Whole force"))
    step = reply(await player.click(current, custom_id=whole.custom_id))
    assert step.message.flags.ephemeral and ": one step, where to?" in step.content
    enabled = {b.label for b in buttons(step, "act") if not b.disabled}
    first = claim_of(whole.custom_id).argument
    legal = {c.target for c in match.state.view(None).choices if c.first and c.first.strip() == first}
    assert enabled == legal and len(legal) >= 2
    assert (await stored(env)).version == match.version  # nothing moved yet
    for forged in ("M z9-", "QQ c1-", "M c3-", "SW R2@c1"):
        crafted = f"m1:{match.id}:{match.version}:step:{forged}"
        answer = reply(await player.click(await forged_message(env, thread, [crafted]), custom_id=crafted))
        assert answer.message.flags.ephemeral and (
            "isn't one of the options" in answer.content or "isn't possible" in answer.content
        )
    assert (await stored(env)).version == match.version and text(board(thread)) == text(current)
