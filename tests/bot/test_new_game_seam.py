"""A sixth game plugs in through the seam README describes: an engine, a picture module, a
presenter, a rules text and one kit. Here a throwaway game is registered that way and played
to its end through SimCord, with nothing else in the bot changed."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
import pytest_asyncio
from PIL import Image

from bot import Settings, create_bot
from bot.kits import KITS, GameKit
from bot.presenters.base import Presenter
from games import GAMES, Game, IllegalAction, Option, Outcome
from renderers import Pictures
from tests.helpers import board, buttons, make_table, mover, stored, text, thread_of


@dataclass(frozen=True)
class Take:
    count: int

    def __str__(self) -> str:
        return str(self.count)


class CountdownState:
    """Players take 1 or 2 from a pile in turn; whoever takes the last one wins."""

    def __init__(self, left: int, current: int = 0, winner: int | None = None) -> None:
        self.left, self.current, self.winner = left, current, winner

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.current,)

    @property
    def order_free(self) -> bool:
        return False

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        return Outcome(tuple(int(seat == self.winner) for seat in (0, 1)), (self.winner,))

    def legal_actions(self, seat: int) -> list[Take]:
        return [Take(n) for n in (1, 2) if n <= self.left] if seat in self.to_move else []

    def apply(self, seat: int, action: Take) -> list[str]:
        if action not in self.legal_actions(seat):
            raise IllegalAction("You can take 1 or 2, on your turn, while the pile lasts.")
        self.left -= action.count
        if self.left == 0:
            self.winner = seat
            return [f"WIN P{seat + 1}"]
        self.current = 1 - seat
        return []

    def view(self, seat: int | None) -> dict:
        return {
            "game": "countdown",
            "seat": seat,
            "left": self.left,
            "to_move": list(self.to_move),
            "legal": [str(a) for a in self.legal_actions(self.current)],
            "winners": [] if self.winner is None else [self.winner],
        }

    def secrets(self, seat: int) -> set[str]:
        return set()

    def to_json(self) -> dict:
        return {"left": self.left, "current": self.current, "winner": self.winner}


class CountdownGame(Game):
    def new(self, num_players: int, seed: int, options: dict | None = None) -> CountdownState:
        self.check_players(num_players)
        return CountdownState(self.resolve_options(options)["pile"])

    def from_json(self, data: dict) -> CountdownState:
        return CountdownState(data["left"], data["current"], data["winner"])

    def parse_action(self, text: str) -> Take:
        if text.strip() not in ("1", "2"):
            raise IllegalAction("Take 1 or 2.")
        return Take(int(text))


COUNTDOWN = CountdownGame(
    "countdown",
    "Martian Countdown",
    2,
    2,
    (Option("pile", 5, (3, 5), "How many pyramids in the pile", ("Three", "Five")),),
)


def tiny_png(view: dict | None = None, *, names=None) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 20), "navy").save(out, "PNG")
    return out.getvalue()


COUNTDOWN_KIT = GameKit(
    COUNTDOWN,
    Pictures(board=tiny_png, private=tiny_png, rules=lambda: tiny_png()),
    Presenter(COUNTDOWN),  # every default of the base presenter
    "take turns emptying the pile",
    "Take one or two pyramids a turn; whoever takes the last one wins.",
)


@pytest_asyncio.fixture
async def countdown_bot(monkeypatch, database_url):
    monkeypatch.setitem(GAMES, "countdown", COUNTDOWN)  # the engine registry (records and replays use it)
    bot = create_bot(
        Settings(database_url=database_url, shard_count=1), kits={**KITS, "countdown": COUNTDOWN_KIT}
    )
    yield bot
    await bot.close_storage()


@pytest.fixture
def simcord_bot(countdown_bot):
    return countdown_bot


async def test_a_throwaway_game_registered_through_the_seam_plays_to_its_end(simcord_env):
    env = simcord_env
    table = make_table(env, ["alice", "bob"])
    alice, bob = table.players
    await alice.slash(table.channel, "play countdown", opponent=bob, pile="3")
    await bob.click(table.channel.last_message, label="Accept")
    thread = thread_of(table)
    assert (await stored(env)).state.left == 3, "the option chosen in /play reached the engine"
    for _ in range(3):
        current = board(thread)
        if "won Martian Countdown" in text(current):
            break
        take = buttons(current, "act")[0]
        await mover(table, thread).click(current, custom_id=take.custom_id)
    final = board(thread)
    assert "won Martian Countdown" in text(final) and buttons(final, "rematch")
    assert any(a.filename == "match-1-record.txt" for a in final.attachments)
    help_text = (await alice.slash(table.channel, "help")).response.content
    assert "/play countdown [opponent]" in help_text and "take turns emptying the pile" in help_text
    rules = await alice.slash(table.channel, "rules", game="countdown")
    assert "whoever takes the last one wins" in rules.response.embeds[0].description
