"""The table on a phone, for every game: the board's picture has alt text saying the position in
words (from the public view), a text board for whoever asks (**📝 In words**, and `/board` for one's
own messages), and the board message stays within Discord's 40 components."""

import discord
import pytest

from bot.components import Claim, MatchButton
from bot.kits import KITS
from bot.layout import COMPONENT_LIMIT, alt_text, board_layout
from bot.presenters.base import Scene
from tests.helpers import (
    as_message,
    board,
    buttons,
    dms,
    leaf_components,
    make_table,
    reply,
    start_match,
    stored,
    thread_of,
)

NAMES = ["alice", "bob", "carol", "dee"]


def gallery_items(message) -> list:
    return [
        item
        for part in leaf_components(as_message(message).components)
        if isinstance(part, discord.MediaGalleryComponent)
        for item in part.items
    ]


def scene_of(match) -> Scene:
    return Scene(match.id, match.version, tuple(match.shown_names), match.options, match.state.view(None))


async def started(env, game_id: str):
    players = KITS[game_id].engine.min_players
    table = make_table(env, NAMES[:players])
    await start_match(table, game_id)
    return table, thread_of(table) or table.channel


@pytest.mark.parametrize("game_id", sorted(KITS))
async def test_the_board_picture_says_the_position_in_words(simcord_env, game_id):
    _, thread = await started(simcord_env, game_id)
    match = await stored(simcord_env)
    presenter = KITS[game_id].presenter
    expected = presenter.describe(scene_of(match), match.state.view(None))
    assert expected.strip(), f"{game_id}: describe() says nothing"
    (picture,) = gallery_items(board(thread))
    assert picture.media.url.endswith("board.png")
    assert picture.description == alt_text(expected)
    assert len(picture.description) <= 1024


@pytest.mark.parametrize("game_id", sorted(KITS))
async def test_in_words_tells_anyone_the_position_privately_and_only_what_they_may_see(simcord_env, game_id):
    table, thread = await started(simcord_env, game_id)
    match = await stored(simcord_env)
    presenter = KITS[game_id].presenter
    scene = scene_of(match)
    onlooker = table.guild.add_member(simcord_env.create_user("zed"))
    (words,) = buttons(board(thread), "words")
    answer = reply(await onlooker.click(board(thread), custom_id=words.custom_id))
    assert answer.ephemeral
    public = presenter.describe(scene, match.state.view(None))
    assert public.splitlines()[0] in answer.content
    if not presenter.public_controls:  # a player also hears what they hold; an onlooker never does
        player = table.players[0]
        own = presenter.describe(scene, match.state.view(0), 0)
        assert own != public
        heard = reply(await player.click(board(thread), custom_id=words.custom_id))
        assert heard.ephemeral and own.splitlines()[0] in heard.content
        assert own.splitlines()[0] not in answer.content or own.splitlines()[0] in public


@pytest.mark.parametrize("style", ["words", "both", "picture"])
async def test_board_style_decides_what_private_messages_show(simcord_env, style):
    """Trickery sends hands by DM: with `/board show:words` the hand comes in words, no picture."""
    env = simcord_env
    table = make_table(env, NAMES[:3])
    alice = table.players[0]
    said = reply(await alice.slash(table.channel, "board", show=style))
    assert said.ephemeral and "Saved" in said.content
    await start_match(table, "trickery")
    match = await stored(env)
    own = KITS["trickery"].presenter.describe(scene_of(match), match.state.view(0), 0)
    (hand,) = [m for m in dms(alice) if m.attachments or "> " in m.content][-1:]
    first_line = f"> {own.splitlines()[0]}"
    assert (first_line in hand.content) == (style != "picture")
    assert bool(hand.attachments) == (style != "words")
    # the others keep the default
    bob_hand = dms(table.players[1])[-1]
    assert bob_hand.attachments and first_line not in bob_hand.content


async def test_board_style_without_a_choice_says_the_current_one(simcord_env):
    table = make_table(simcord_env, ["alice"])
    said = reply(await table.players[0].slash(table.channel, "board"))
    assert said.ephemeral and "as a picture" in said.content and "Saved" not in said.content


def test_extra_buttons_only_where_the_message_has_room():
    def button(kind: str, argument: str = "") -> MatchButton:
        return MatchButton(Claim(1, 1, kind, argument), label=kind)

    def extras() -> list[MatchButton]:
        return [button("hint"), button("words")]

    roomy = board_layout("top", "board.png", "bottom", [button("play")], extras=extras())
    kinds = [item.claim.kind for item in roomy.walk_children() if isinstance(item, MatchButton)]
    assert kinds == ["play", "hint", "words"]  # one short row takes them
    assert len(list(roomy.walk_children())) <= COMPONENT_LIMIT
    # 27 buttons in 6 rows, with the container, two texts, the picture and the legend: 38 components
    grid = [button("act", f"a{i}") for i in range(27)]
    full = board_layout("top", "board.png", "bottom", grid, extras=extras(), legend="key")
    kinds = [item.claim.kind for item in full.walk_children() if isinstance(item, MatchButton)]
    assert kinds.count("act") == 27 and "hint" in kinds and "words" not in kinds  # a row and one button fit
    assert len(list(full.walk_children())) == COMPONENT_LIMIT
