"""A sixth game plugs in by README's recipe ("Adding a game"): Martian Tic-Tac-Toe
(`tests/sixth_game`, its files in the project's layout) is registered into the real registry and
played to its end through SimCord, with nothing else in the bot changed; a part left out is named
at registration, as it would stop the bot at start; and the suites made for every registered game
run on it too."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from bot.components import claim_of
from tests.helpers import ROOT, board, buttons, make_table, mover, reply, stored, text, thread_of
from tests.sixth_game import ID, registered


@pytest.fixture
def simcord_bot(make_bot):
    with registered():
        # computer players think in this process: a spawned worker process would not know the game
        yield make_bot(computer_workers=0, computer_delay_seconds=0)


async def mark(table, thread, square: str) -> None:
    """The player to move presses the square's button on the board."""
    current = board(thread)
    button = next(b for b in buttons(current, "act") if claim_of(b.custom_id).argument == square)
    await mover(table, thread).click(current, custom_id=button.custom_id)


async def test_two_people_play_it_to_a_win_and_it_is_in_help_and_rules(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, f"play {ID}", opponent=bob, first="P2")
    await bob.click(table.channel.last_message, label="Accept")
    thread = thread_of(table)
    assert (await stored(env)).state.first == 1, "the option chosen in /play reached the engine"
    for square in ("a1", "b1", "a2", "b2", "a3"):  # bob marks X first: the a file is his
        await mark(table, thread, square)
    final = board(thread)
    assert "**P2 bob** won Martian Tic-Tac-Toe" in text(final) and buttons(final, "rematch")
    assert any(a.filename == "match-1-record.txt" for a in final.attachments)
    help_text = (await alice.slash(table.channel, "help")).response.content
    assert f"/play {ID} [opponent]" in help_text and "three in a row on a 3×3 board" in help_text
    rules = await alice.slash(table.channel, "rules", game=ID)
    assert "A full board without three in a row is a draw" in rules.response.embeds[0].description
    standings = reply(await alice.slash(table.channel, "leaderboard", game=ID)).content
    assert "bob — " in standings and "alice — " in standings


async def test_a_full_board_is_a_draw(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, f"play {ID}", opponent=bob)
    await bob.click(table.channel.last_message, label="Accept")
    thread = thread_of(table)
    for square in ("a2", "b2", "a3", "a1", "c3", "b3", "b1", "c2", "c1"):
        await mark(table, thread, square)
    assert "🤝 **Draw**: the board is full" in text(board(thread))
    assert (await stored(env)).state.outcome.is_draw


async def test_alone_it_is_a_match_against_its_computer_player(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice"])
    (alice,) = table.players
    started = await alice.slash(table.channel, f"play {ID}", level="hard")
    assert "Computer (hard)" in started.response.content
    thread = thread_of(table)
    for _ in range(5):
        match = await stored(env)
        if match.status != "active":
            break
        await mark(table, thread, str(match.state.legal_actions(0)[0]))
    match = await stored(env)
    assert match.status == "finished" and 1 in match.state.outcome.winners, "hard never loses"


MISSING = {
    "games": f"games/{ID}.py is missing",
    "renderers": f"renderers/{ID}.py is missing",
    "bot.presenters": f"bot/presenters/{ID}.py is missing",
    "bot.rules": f"bot/rules/{ID}.md is missing",
    "computer": f"computer/{ID}.py is missing",
    "catalogue": f"catalogue/en/help.json has no tagline.{ID}",
}


@pytest.mark.parametrize("left_out", list(MISSING))
def test_a_part_left_out_is_named_when_the_game_is_registered(left_out):
    """As it would stop the bot at start (`bot.kits` makes every registered game's kit)."""
    with pytest.raises(LookupError, match=re.escape(MISSING[left_out])), registered(without=left_out):
        pass


def test_a_lesson_is_up_to_the_game_for_the_bot_and_asked_for_by_the_lesson_tests():
    from tutor import LESSONS

    with registered(without="tutor"):
        assert ID not in LESSONS


# The suites made for each registered game (or reading every registered game's files), run with
# the sixth game registered: their tests of it, and the whole text catalogue check. (The strength
# benchmark's greedy baseline, tests/test_baselines.py, is the one part of README's recipe the
# sixth game leaves out: it has no benchmark.)
GENERIC_SUITES = [
    "tests/games",
    "tests/computer/test_computer.py",
    "tests/bot/test_presenters.py",
    "tests/bot/test_phone_table.py",
    "tests/bot/test_i18n.py",
    "tests/tutor/test_lessons.py",
    "tests/renderers/test_legibility.py",
    "tests/test_catalogue.py",
]


def test_the_suites_made_for_every_game_pass_for_it():
    done = subprocess.run(
        [
            sys.executable,
            *("-m", "pytest", "-q", "-n", "0", "-p", "tests.sixth_game.plugin", "-p", "no:cacheprovider"),
            *("-k", f"{ID} or test_catalogue or every_rules_summary or help_lists_every_game"),
            *GENERIC_SUITES,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
