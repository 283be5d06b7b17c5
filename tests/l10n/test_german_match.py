"""A whole match in German, as German players see it: a German server (Discord's "server primary
language") and players whose Discord speaks German. Every text the bot shows them (messages,
edits, private answers, DMs, buttons, menus, embeds) and every text drawn in its pictures is
checked for words that only English uses.

SimCord sends every interaction as en-US; Discord sends the user's client language (`locale`)
and the server's (`guild_locale`), so the `german_discord` fixture makes SimCord's interactions
say "de", as German players' would."""

from __future__ import annotations

import random
import re

import pytest
import simcord.interactions

from benchmarks.clicks import (
    RandomPlayers,
    answer,
    board,
    controls,
    leaf_components,
    movers,
    players_for,
    text,
)
from benchmarks.tutorials import speaking_german
from bot.components import claim_of
from catalogue import ENGLISH, catalogues, entry_forms
from games import GAMES
from renderers.common import text_sizes
from tests.test_catalogue import said_in_code

MOVES = 60  # then the match is resigned (Senet is played to its end)
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{3,}")
NOT_WORDS = re.compile(
    r"\{[^}]*\}"  # placeholders
    r"|`[^`]*`"  # commands and code
    r"|<[@#:/t][^>]*>"  # mentions and timestamps
    r"|https?://\S+"  # links
    r"|\b[0-9a-f]{16,}\b"  # seeds and commitments
)


def words(texts) -> set[str]:
    """The words of `texts`, lower case; all-capitals tokens are notation (SKIP, WIN), not words."""
    found = set()
    for piece in texts:
        for word in WORD.findall(NOT_WORDS.sub(" ", piece)):
            if not word.isupper():
                found.add(word.lower())
    return found


def flat(entries) -> list[str]:
    return [form for entry in entries for form in entry_forms(entry)]


# Spelt alike in German (loanwords, names of things), or notation: not English to a German reader.
ALSO_GERMAN = {
    *("bonus", "bot", "computer", "discord", "limit", "min", "moment", "name", "nest", "normal", "option"),
    *(
        "optional",
        "reserve",
        "rest",
        "sets",
        "standard",
        "start",
        "thread",
        "top",
        "trio",
        "tutorial",
        "tutorials",
        "west",
    ),
    *("cyan", "hand", "orange"),
    *("source", "balance", "perfect", "off", "rainbow", "treehouse", "xeno"),  # track, set names; notation
    *("agent", "agents", "arcade", "combat", "flood", "looney", "martian", "senet", "trickery"),  # names
}


def english_only_words() -> set[str]:
    """Words the English texts use and no German text uses of its own accord: a word a translation
    merely kept from its English (a button's English name left in a German sentence) doesn't count."""
    said, _ = said_in_code()
    english = words([*said, *flat(catalogues()[ENGLISH].values())])
    german = set()
    for key, entry in catalogues()["de"].items():
        source = words([key, *flat([catalogues()[ENGLISH].get(key, "")])])
        german |= words(flat([entry])) - source
    return english - german - ALSO_GERMAN


@pytest.fixture
def german_discord(monkeypatch):
    monkeypatch.setattr(
        simcord.interactions, "base_payload", speaking_german(simcord.interactions.base_payload)
    )


def message_texts(message) -> list[str]:
    """Everything a message shows in words."""
    message = getattr(message, "message", message)
    found = [text(message)]
    for embed in message.embeds:
        found += [embed.title or "", embed.description or "", embed.footer.text or ""]
        found += [part for field in embed.fields for part in (field.name, field.value)]
    for item in leaf_components(message.components):
        found += [getattr(item, "label", None) or "", getattr(item, "placeholder", None) or ""]
        for option in getattr(item, "options", None) or []:
            found += [option.label, option.description or ""]
    return [piece for piece in found if piece]


class WatchedTable(RandomPlayers):
    """Random players who remember every text they were shown."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.shown: dict[str, str] = {}  # text: where it was seen

    def see(self, message, where: str) -> None:
        if message is not None:
            for piece in message_texts(message):
                self.shown.setdefault(piece, where)

    def look_around(self) -> None:
        for message in self.channel.history():
            self.see(message, "channel")
        for message in self.thread.history() if self.thread is not None else []:
            self.see(message, "thread")
        for player in self.players:
            for message in player.user.dm_channel.history() if player.user.dm_channel else []:
                self.see(message, f"DM to {player.user.name}")

    async def timed(self, surface, item):
        result, seconds = await super().timed(surface, item)
        for reply in [result.response, *result.followups]:
            self.see(reply, "a private answer")
        self.look_around()
        return result, seconds

    async def slash(self, player, where, command: str, **options):
        result = await player.slash(where, command, **options)
        for reply in [result.response, *result.followups]:
            self.see(reply, f"/{command}")
        return result


async def play_in_german(env, game_id: str) -> WatchedTable:
    table = WatchedTable(env, game_id, players_for(game_id), random.Random(5), locale="de")
    host = table.players[0]
    await table.start_match()
    stranger = table.guild.add_member(env.create_user("zora"))
    refused = await stranger.click(board(table.thread), custom_id=controls(board(table.thread))[0].custom_id)
    table.see(answer(refused), "a stranger's refusal")
    moves = 0
    while movers(table.players, board(table.thread)) and (game_id == "senet" or moves < MOVES):
        moves += await table.move()
    if movers(table.players, board(table.thread)):
        resigning = movers(table.players, board(table.thread))[0]
        question = answer(await table.slash(resigning, table.thread, "match resign"))
        confirm = next(item for item in controls(question) if claim_of(item.custom_id).kind == "resign")
        await table.timed(_Surface(question, resigning), confirm)
    table.look_around()
    log = answer(await table.slash(host, table.thread, "match log"))
    if controls(log):
        await table.timed(_Surface(log, host), controls(log)[-1])
    await table.slash(host, table.channel, "stats")
    await table.slash(host, table.channel, "leaderboard", game=game_id)
    await table.slash(host, table.channel, "rules", game=game_id)
    await table.slash(host, table.channel, "help")
    await table.slash(host, table.channel, "match list")
    return table


async def play_the_computer_in_german(env) -> WatchedTable:
    """One player against an easy computer player, asking for hints, to the end of a Senet match."""
    table = WatchedTable(env, "senet", 1, random.Random(8), locale="de")
    anna = table.players[0]
    await table.slash(anna, table.channel, "play senet", level="easy", hints=True)
    table.thread = table.channel.threads[-1]
    for move in range(400):
        current = board(table.thread)
        if not movers(table.players, current):
            break
        if move % 10 == 0:
            hint = next(item for item in controls(current) if claim_of(item.custom_id).kind == "hint")
            await table.timed(_Surface(current, anna), hint)
        await table.move()
    table.look_around()
    await table.slash(anna, table.thread, "match log")
    return table


class _Surface:
    def __init__(self, message, actor) -> None:
        self.message, self.actor, self.channel = message, actor, None


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(computer_delay_seconds=0)  # computer players answer at once


def assert_no_english(table: WatchedTable, drawn) -> None:
    english = english_only_words()
    assert not movers(table.players, board(table.thread)), "the match ended"
    assert any("Partie" in piece for piece in table.shown), "German was spoken"
    shown = [(piece, where) for piece, where in table.shown.items()]
    shown += [(piece, "a picture") for _, piece in drawn]
    assert len(drawn) > 50
    names = words([player.user.name for player in table.players] + ["zora", table.guild.name])
    names |= words(game.title for game in GAMES.values())
    found = []
    for piece, where in shown:
        stray = sorted(words([piece]) & english - names)
        if stray:
            found.append(f"{where}: {stray} in {piece[:160]!r}")
    assert not found, f"{len(found)} texts with English words:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_a_match_in_german_shows_no_english(game_id, german_discord, simcord_env):
    with text_sizes() as drawn:
        table = await play_in_german(simcord_env, game_id)
    assert_no_english(table, drawn)


async def test_a_match_against_the_computer_with_hints_in_german(german_discord, simcord_env):
    with text_sizes() as drawn:
        table = await play_the_computer_in_german(simcord_env)
    assert any("Computer (leicht)" in piece for piece in table.shown)
    assert any(piece.startswith("💡") for piece in table.shown), "a hint was given"
    assert_no_english(table, drawn)


def test_the_english_detector_finds_english():
    english = english_only_words()
    assert {"your", "turn", "the", "match"} <= english
    assert words(["👉 <@1>, your turn! Play from your DMs"]) & english == {
        "your",
        "turn",
        "play",
        "from",
        "dms",
    }
    assert not words(["👉 <@1>, du bist am Zug: wähle unten. `/match log` SKIP"]) & english
