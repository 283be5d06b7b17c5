"""/stats and /leaderboard through SimCord: the picture is drawn for a phone (600 px wide) and says
what it shows in words, as the attachment's description, in the server's language."""

import io

from PIL import Image

from tests.helpers import make_table, reply, thread_of
from tests.l10n.test_bot_german import english_in


async def bob_beats_alice_at_senet(table):
    """alice resigns a Senet match against bob: bob 138, alice -73 (conservative ratings after one win, see test_ratings)."""
    alice, bob = table.players
    await alice.slash(table.channel, "play senet", opponent=bob)
    await bob.click(table.channel.last_message, label="Accept")
    asked = await alice.slash(thread_of(table), "match resign")
    await alice.click(asked.response, label="Yes, resign")


def picture(env, message, name: str):
    (attachment,) = message.attachments
    assert attachment.filename == name
    image = Image.open(io.BytesIO(env.backend.cdn.get(attachment.url)))
    return attachment, image


async def test_the_pictures_say_who_and_what_rating_in_their_description(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await bob_beats_alice_at_senet(table)

    board = reply(await alice.slash(table.channel, "leaderboard", game="senet"))
    attachment, image = picture(env, board, "leaderboard.png")
    assert image.width == 600 and image.height <= 1.2 * image.width
    description = attachment.description or ""
    assert description.startswith("Martian Senet leaderboard, ratings as bars: ")
    assert "1. bob 138; 2. alice -73." in description
    assert description.endswith("Bars start at -150; everyone starts at 0.")  # -73 - 50, rounded down to 50

    mine = reply(await bob.slash(table.channel, "stats"))
    attachment, image = picture(env, mine, "stats.png")
    assert image.width == 600
    assert (attachment.description or "").splitlines() == [
        "bob: 1 played, 1 won (100%).",
        "Martian Senet: 1 played, 1 won (100%), rating 138.",
    ]

    nobody = reply(await alice.slash(table.channel, "leaderboard", game="flood"))
    attachment, _ = picture(env, nobody, "leaderboard.png")
    assert attachment.description == "Martian Flood leaderboard: No finished matches yet."


async def test_the_description_speaks_the_servers_language(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice = table.players[0]
    await bob_beats_alice_at_senet(table)
    root = table.guild.add_member(env.create_user("root"), roles=[admin_role(table.guild)])
    await root.slash(table.channel, "config", language="de")

    board = reply(await alice.slash(table.channel, "leaderboard", game="senet"))
    description = board.attachments[0].description or ""
    assert "1. bob 138; 2. alice -73." in description and "Wertungen als Balken" in description
    assert not english_in(description)
    mine = reply(await alice.slash(table.channel, "stats"))
    description = mine.attachments[0].description or ""
    assert "Martian Senet: 1 gespielt, 0 gewonnen (0\u00a0%), Wertung -73." in description
    assert description.startswith("alice: ") and not english_in(description)


def admin_role(guild):
    import discord

    return guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
