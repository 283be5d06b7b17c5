"""Learning end to end through SimCord: `/learn` for every game played by pressing only the
suggested button (across a restart), hints in game words, `/match review` and "Play on from
here", and the bad input around them."""

from __future__ import annotations

import re

import pytest

from benchmarks.tutorials import SUGGESTED, suggestion
from bot.components import claim_of
from bot.kits import KITS
from games import replay_actions
from tests.bot.test_hostile_holes import forged_message
from tests.helpers import board, buttons, last_dm, make_table, reply, stored, text, thread_of
from tests.tutor.test_lessons import followed
from tutor import LESSONS, coverage

COMPUTER_PAUSE = 5  # virtual seconds: more than a computer player's pause before it moves


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(computer_delay_seconds=0)


def suggested_button(table, where):
    """The learner's suggested move (the first player at the table is the learner)."""
    return suggestion(table.players[0], where)


async def follow_tutorial(table, where, *, restart_at=None, make_bot=None, limit=400) -> list[str]:
    """Press only the suggested button until the tutorial ends; returns each step's text."""
    learner = table.players[0]
    steps = []
    for taps in range(limit):
        match = await stored(table.env)
        if match.status != "active":
            return steps
        if taps == restart_at:
            await table.env.restart_bot(make_bot(computer_delay_seconds=0))
            await table.env.advance_time(1)
        message, button = suggested_button(table, where)
        for _ in range(20):  # the computer's turns, each after its pause (several after a roll again)
            if button is not None or not (await stored(table.env)).computers_to_move():
                break
            await table.env.advance_time(COMPUTER_PAUSE)
            message, button = suggested_button(table, where)
        assert button is not None, f"no suggested move shown: {text(board(where))!r}"
        assert buttons(message, "act")[0].custom_id == button.custom_id, "the suggestion is the first button"
        steps.append(text(message))
        actor = learner.user if message.guild is None else learner
        await actor.click(message, custom_id=button.custom_id)
        await table.env.advance_time(1)
    raise AssertionError("the tutorial did not finish")


@pytest.mark.parametrize("game_id", sorted(KITS))
async def test_pressing_only_the_suggested_button_finishes_every_tutorial(simcord_env, make_bot, game_id):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    started = await alice.slash(table.channel, "learn", game=game_id)
    assert "has started" in started.response.content
    match = await stored(env)
    lesson = LESSONS[game_id]
    assert match.purpose == "tutorial" and match.seed == lesson.seed
    assert match.seats[lesson.learner].user_id == alice.id
    where = thread_of(table)
    steps = await follow_tutorial(table, where, restart_at=3, make_bot=make_bot)
    assert steps and all("🎓" in step for step in steps)
    match = await stored(env)
    assert match.status == "finished" and match.end_reason == "completed"
    # the same match as the lesson's own test plays, so every rule came up here too
    log = await env.bot.service.action_log(1)
    assert log == list(followed(game_id)[1])
    assert not coverage(lesson, log)[1]
    final = text(board(where))
    assert "Tutorial finished" in final
    stats = reply(await alice.slash(table.channel, "stats"))
    assert "Tutorials finished: " + KITS[game_id].title in stats.content
    # a tutorial is unrated: nobody is on the leaderboard
    leaderboard = reply(await alice.slash(table.channel, "leaderboard", game=game_id))
    assert "No finished matches yet" in leaderboard.content


async def test_a_tutorial_step_introduces_rules_and_marks_the_suggested_move(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "learn", game="senet")
    where = thread_of(table)
    shown = text(board(where))
    assert "Senet tutorial**, step 1" in shown
    assert "👉 Suggested:" in shown
    message, button = suggested_button(table, where)
    assert message is not None and claim_of(button.custom_id).kind == "act"


async def test_other_moves_shows_every_move_when_the_suggestion_has_no_row_to_itself(simcord_env):
    """M.A.R.S. shows squares as a grid of buttons filling every row: the step then offers the
    suggestion and **Other moves**, which shows the grid as it is."""
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "learn", game="mars")
    where = thread_of(table)
    for _ in range(40):
        message, button = suggested_button(table, where)
        others = [b for b in buttons(message) if claim_of(b.custom_id).kind == "moves"]
        if others:
            break
        await (alice.user if message.guild is None else alice).click(message, custom_id=button.custom_id)
        await env.advance_time(1)
    else:
        raise AssertionError("no step with Other moves")
    assert [claim_of(b.custom_id).kind for b in buttons(message)] == ["act", "moves"]
    await alice.user.click(message, custom_id=others[0].custom_id)
    shown = last_dm(alice)
    ids = [b.custom_id for b in buttons(shown)]
    assert len(ids) > 10 and button.custom_id not in ids[:1] and "🎓" in shown.content
    assert not any(str(b.label).startswith(SUGGESTED) for b in buttons(shown))


async def test_the_learner_may_play_another_move_and_the_tutorial_follows(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "learn", game="combat")
    where = thread_of(table)
    message, button = suggested_button(table, where)
    other = next(b for b in buttons(message, "act") if b.custom_id != button.custom_id and not b.disabled)
    await alice.click(message, custom_id=other.custom_id)
    log = await env.bot.service.action_log(1)
    assert (0, claim_of(other.custom_id).argument) in log
    for _ in range(20):  # the rest of the turn's dice and the computer's reply
        message, button = suggested_button(table, where)
        if button is not None:
            break
        await env.advance_time(COMPUTER_PAUSE)
    assert button is not None and "step 2" in text(message)


async def test_a_move_the_rules_forbid_is_refused_in_game_words_and_changes_nothing(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "learn", game="trickery")
    before = await stored(env)
    spade = next(card for card in before.state.view(0).hand if card.endswith("s"))  # the lesson deals one
    refused = reply(await alice.slash(thread_of(table), "move", action=f"L K1 {spade}"))
    assert refused.flags.ephemeral and "spades" in refused.content.lower(), refused.content
    after = await stored(env)
    assert after.version == before.version


async def test_where_moves_are_secret_only_the_learners_prompt_marks_the_suggestion(simcord_env):
    """M.A.R.S.: the suggestion's marks may name the learner's objective, so the public board never
    shows them; the learner's prompt shows the same board with the move marked."""
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "learn", game="mars")
    where = thread_of(table)
    for _ in range(10):
        message, button = suggested_button(table, where)
        if "Suggested: puts" in message.content:
            break
        await alice.user.click(message, custom_id=button.custom_id)
        await env.advance_time(1)
    else:
        raise AssertionError("no placement suggested")
    prompt = next(a for a in message.attachments if a.filename == "prompt.png")
    public = next(a for a in board(where).attachments if a.filename == "board.png")
    assert env.backend.cdn.get(prompt.url) != env.backend.cdn.get(public.url)
    match = await stored(env)
    assert match.state.view(None).suggested is None
    moment = await env.bot.publisher.tutored(env.bot.publisher.moment(match))
    assert moment.scene.public.suggested is None and moment.prompt_board(0)[1].suggested


async def test_hints_speak_in_game_words(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "play senet", hints=True)
    where = thread_of(table)
    hint = reply(await alice.click(board(where), label="💡 Hint"))
    assert hint.content.startswith("💡 Suggested: ")
    assert not re.search(r"\d+%|simulated|options", hint.content), hint.content
    (play_it,) = buttons(hint, "act")
    suggested = claim_of(play_it.custom_id).argument
    await alice.click(hint, custom_id=play_it.custom_id)  # playing the hint from the private answer
    assert (0, suggested) in await env.bot.service.action_log(1)


async def test_review_shows_three_moments_and_plays_on_from_one(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    await alice.slash(table.channel, "learn", game="senet")
    where = thread_of(table)
    await follow_tutorial(table, where)
    answer = reply(await alice.slash(table.channel, "match review", match_id=1))
    assert answer.flags.ephemeral
    assert len(answer.attachments) == 3 and all(a.filename.startswith("moment-") for a in answer.attachments)
    assert answer.content.count("**1. Move") == 1 and "**3. Move" in answer.content
    play_on = buttons(answer, "playon")
    assert len(play_on) == 3
    ply = int(claim_of(play_on[1].custom_id).argument)
    await alice.click(answer, custom_id=play_on[1].custom_id)
    practice = await stored(env, 2)
    original = await stored(env, 1)
    log = await env.bot.service.action_log(1)
    assert practice.purpose == "practice" and practice.source_match_id == 1
    assert practice.status == "active" and practice.seats[0].user_id == alice.id
    expected = replay_actions(KITS["senet"].engine, 2, original.seed, original.options, log[:ply])
    assert practice.state.view(None) == expected.view(None) or ply < len(log)
    assert (await env.bot.service.action_log(2))[:ply] == log[:ply]


async def test_a_forged_or_foreign_play_on_is_refused_and_starts_nothing(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    other = make_table(env, ["bob"])
    (bob,) = other.players
    await alice.slash(table.channel, "learn", game="combat")
    await follow_tutorial(table, thread_of(table))
    forged = await forged_message(
        env, table.channel, buttons=("m1:1:99:playon:999", "m1:1:99:playon:x", "m1:42:1:playon:0")
    )
    for custom_id, answer in (
        ("m1:1:99:playon:999", "That moment isn't in match #1"),
        ("m1:1:99:playon:x", "That moment isn't in match #1"),
        ("m1:42:1:playon:0", "There is no match #42 in this server"),
    ):
        result = reply(await alice.click(forged, custom_id=custom_id))
        assert result.flags.ephemeral and answer in result.content, result.content
    elsewhere = await forged_message(env, other.channel, buttons=("m1:1:99:playon:0",))
    result = reply(await bob.click(elsewhere, custom_id="m1:1:99:playon:0"))
    assert "There is no match #1 in this server" in result.content
    assert await env.bot.repository.load(2) is None  # no practice match was started


async def test_learn_keeps_to_the_channels_the_server_allows(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    elsewhere = table.guild.create_text_channel("games-only")
    await env.bot.service.update_settings(table.guild.id, play_channels=[elsewhere.id])
    refused = reply(await alice.slash(table.channel, "learn", game="senet"))
    assert refused.flags.ephemeral and "Matches start in" in refused.content
    assert await env.bot.repository.load(1) is None


async def test_review_refuses_what_it_cannot_review(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    other = make_table(env, ["bob"])
    (bob,) = other.players
    await alice.slash(table.channel, "learn", game="senet")
    going_on = reply(await alice.slash(table.channel, "match review", match_id=1))
    assert "still going on" in going_on.content and going_on.flags.ephemeral
    elsewhere = reply(await bob.slash(other.channel, "match review", match_id=1))
    assert "There is no match #1 in this server" in elsewhere.content
    unknown = reply(await alice.slash(table.channel, "match review", match_id=99))
    assert "There is no match #99 in this server" in unknown.content
