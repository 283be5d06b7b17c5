"""The Discord layer's own answers in German: refusals, confirmations, /notify, /config and the
match commands answer a German player in German, while what a cog posts for everyone (the start of
a match, a draw request, /stats, /leaderboard) follows the server's language, whoever asked."""

import json
import re
from pathlib import Path

from catalogue import entry_forms
from tests.helpers import buttons, make_table, reply, thread_of

ENGLISH = re.compile(
    r"\b(the|you|your|you're|match|matches|and|is|are|of|to|with|this|that|it's|isn't|can't|no|not|"
    r"has|have|there|here|player|players|turn|board|seat|invitation|invitations|played|won|asks|offers|"
    r"draw|only|waiting|others|agree|agreed|refuse|refused|yes|resign|cancel|settings|open|move|"
    r"notify|mention|message|everyone|asked|done|computer players)\b",
    re.IGNORECASE,
)
NOT_WORDS = re.compile(r"<[@#!&]*\d+>|<t:\d+(:\w)?>|https?://\S+|`[^`]*`")


def english_in(text: str) -> list[str]:
    """The English words in a text, leaving out mentions, links and code (commands, notation)."""
    return ENGLISH.findall(NOT_WORDS.sub(" ", text))


def test_the_check_finds_english():
    assert english_in("You have no match in progress.") and not english_in("Du hast keine laufende Partie.")
    assert not english_in("`/notify when:… how:…` <@123> https://discord.com/channels/1/2")


def test_every_entry_is_german():
    """Only texts that read the same in German (a level, a name) are the same as the English."""
    entries = json.loads((Path(__file__).parents[2] / "catalogue/de/bot.json").read_text(encoding="utf-8"))
    same = [english for english, german in entries.items() if german == english]
    assert sorted(same) == ["Computer ({level})", "Computer {number} ({level})", "normal"]
    for english, german in entries.items():
        for form in entry_forms(german):
            assert not english_in(re.sub(r"\{\w+(:[^}]*)?\}", " ", form)), (english, form)


async def test_a_german_player_gets_answers_and_refusals_in_german(simcord_env):
    table = make_table(simcord_env, ["anna", "bernd"])
    anna, bernd = table.players
    await anna.slash(table.channel, "language", language="de")
    commands = [
        ("match list", {}),
        ("match resign", {}),
        ("match log", {}),
        ("move", {"action": "a1"}),
        ("match replay", {"match_id": 7}),
        ("notify", {}),
        ("notify", {"when": "every"}),
    ]
    for command, options in commands:
        english = reply(await bernd.slash(table.channel, command, **options)).content
        german = reply(await anna.slash(table.channel, command, **options)).content
        assert english_in(english), (command, english)
        assert german != english and not english_in(german), (command, german)
    refused = reply(await anna.slash(table.channel, "play senet", opponent=anna)).content
    assert refused.startswith("Du spielst schon selbst mit") and not english_in(refused)


async def test_a_german_admin_sees_the_settings_and_their_limits_in_german(simcord_env):
    import discord

    table = make_table(simcord_env, ["anna"])
    role = table.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("root"), roles=[role])
    await admin.slash(table.channel, "language", language="de")
    panel = reply(await admin.slash(table.channel, "config", clock_hours=2.0)).content
    assert panel.startswith("Gespeichert.") and "Zugzeit: **2 Std." in panel and "`/spielen`" in panel
    assert not english_in(panel)
    too_long = reply(await admin.slash(table.channel, "config", reminder_hours=1000.0)).content
    assert "zwischen 0.25 und 336" in too_long and not english_in(too_long)


async def test_public_posts_follow_a_german_server_whoever_asks(simcord_env):
    env = simcord_env
    guild = env.create_guild(preferred_locale="de")
    channel = guild.create_text_channel("spiele")
    anna, bernd = (guild.add_member(env.create_user(name)) for name in ("anna", "bernd"))
    await anna.slash(channel, "play senet", opponent=bernd)
    lobby = channel.last_message
    await bernd.click(lobby, custom_id=buttons(lobby, "acc")[0].custom_id)
    started = next(m for m in channel.history() if m.id == lobby.id).content
    assert "hat begonnen" in started and "Fingerabdruck des Startwerts" in started
    assert not english_in(started)

    thread = channel.threads[-1]
    asked = reply(await bernd.slash(thread, "match draw")).content  # bernd's Discord is English
    assert asked.startswith("Asked")
    request = next(m for m in thread.history() if "Alle müssen zustimmen" in (m.content or ""))
    assert "bietet Remis an" in request.content and not english_in(request.content)
    assert sorted(b.label for b in buttons(request)) == ["Ablehnen", "Zustimmen"]
    await anna.click(request, label="Ablehnen")
    refused = next(m for m in thread.history() if m.id == request.id).content
    assert f"❌ Abgelehnt von <@{anna.user.id}>" in refused and not english_in(refused)

    stats = reply(await anna.slash(channel, "stats")).content
    assert "gespielt" in stats and not english_in(stats)
    leaderboard = reply(await anna.slash(channel, "leaderboard", game="senet")).content
    assert "Computerspieler werden je Stufe gewertet" in leaderboard and not english_in(leaderboard)


async def test_on_an_english_server_a_german_player_is_answered_in_german_and_posts_in_english(simcord_env):
    env = simcord_env
    table = make_table(env, ["anna", "bernd"])
    anna, bernd = table.players
    await anna.slash(table.channel, "language", language="de")
    await anna.slash(table.channel, "play senet", opponent=bernd)
    lobby = table.channel.last_message
    await bernd.click(lobby, custom_id=buttons(lobby, "acc")[0].custom_id)
    thread = thread_of(table)

    asked = reply(await anna.slash(thread, "match draw")).content
    assert asked.startswith("Gefragt") and not english_in(asked)
    request = next(m for m in thread.history() if "Everyone must agree" in (m.content or ""))
    assert "offers a draw" in request.content
    await bernd.click(request, label="Refuse")

    question = await anna.slash(thread, "match resign")
    assert question.response.content.startswith("**Martian Senet** #1 aufgeben?")
    assert not english_in(question.response.content)
    confirmed = await anna.click(question.response, label="Ja, aufgeben")
    assert reply(confirmed).content == "Du hast aufgegeben."


def test_computer_players_are_named_in_the_language_spoken():
    from bot.cogs.stats import leaderboard_name
    from bot.model import shown_computer_name
    from catalogue import speaking

    assert leaderboard_name(None, -3) == "Computer (hard)" == shown_computer_name("hard")
    with speaking("de"):
        assert (
            leaderboard_name(None, -3) == "Computer (schwer)" and leaderboard_name(None, 42) == "Spieler 42"
        )


def test_a_refusal_says_an_engines_words_but_leaves_names_alone():
    from bot.errors import MatchError
    from catalogue import speaking
    from games.core import Word

    waiting = MatchError("It's not your turn — waiting for {players}.", players="Rematch")  # a member's name
    colour = MatchError("It's not your turn — waiting for {players}.", players=Word("Red"))
    with speaking("de"):
        assert "Rematch" in str(waiting) and "Revanche" not in str(waiting)
        assert "Rot" in str(colour) and "Red" not in str(colour)
