"""The protocol every rules engine follows, and the pieces they share.

A `Game` is static (id, player counts, options); a `State` is one match in progress. Engines are
pure and synchronous: no I/O, no clocks, no global randomness. Everything random comes from the
match's `Rng`, whose position is part of the state, so the seed plus the action log replays a
match exactly.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Protocol


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The message is meant for the player: an English
    template (`"{piece} can't move there."`) and the values to fill it with, kept apart so the
    Discord layer can say it in the player's language."""

    def __init__(self, message: str, /, **values: Any) -> None:
        super().__init__(message.format(**values) if values else message)
        self.message = message
        self.values = values


def N_(message: str) -> str:
    """Marks a player-facing template kept in a constant (a refusal chosen later), so the message
    catalogue's test finds it; the engines import no catalogue, the bot says it."""
    return message


class Word(str):
    """A refusal's value that is itself a word players read (a colour's name, "Red"), unlike a
    player's name or notation: the bot says it in the player's language too."""


@dataclass(frozen=True)
class Option:
    """One variant or house rule a match can be started with."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str  # one line for players, at most 100 characters (Discord's limit)
    labels: tuple[str, ...] = ()  # how each choice is named to players, in the order of `choices`

    def label(self, value: Any) -> str:
        """The player-facing name of one choice."""
        if self.labels:
            return self.labels[self.choices.index(value)]
        return str(value)


TOPIC_KINDS = ("action", "scoring", "ending")


@dataclass(frozen=True)
class Topic:
    """One rule a player must learn: a kind of action they can take, or a scoring or ending rule.
    Each engine lists its own (`Game.topics`); tutorials and their coverage test read the list."""

    id: str  # "bear-off", "trick-won": what `Game.topics_of` reports
    kind: str  # one of TOPIC_KINDS
    rule: str  # where the spec says it: "§4.3"


@dataclass(frozen=True)
class Outcome:
    """The result of a finished match: final score per seat and the winning seats.

    A finished match always has a winner: seats that tie for first all win (a shared win), and a
    draw is the shared win of every seat (`is_draw`)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def is_draw(self) -> bool:
        """Whether the match ended level: every seat is among the winners."""
        return len(self.scores) > 1 and set(self.winners) == set(range(len(self.scores)))

    def to_json(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners)}

    @classmethod
    def from_json(cls, data: dict) -> Outcome:
        return cls(tuple(data["scores"]), tuple(data["winners"]))


def plain_data(value: Any) -> Any:
    """`value` as JSON data: views' dataclasses become dicts, tuples lists."""
    if is_dataclass(value) and not isinstance(value, type):
        return {item.name: plain_data(getattr(value, item.name)) for item in fields(value)}
    if isinstance(value, dict):
        return {key: plain_data(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain_data(item) for item in value]
    return value


@dataclass(frozen=True, kw_only=True)
class View:
    """What one seat (or a spectator) may see of a match: each engine's views are frozen
    dataclasses built on this one, whose fields are everything pictures and texts need, the facts
    the rules derive included, so nothing downstream works a rule out again. Never holds hidden
    data; `to_json()` is plain JSON data (for logs and the tests that look for secrets)."""

    game: str
    seat: int | None  # whose view it is; None: a spectator's
    to_move: tuple[int, ...]
    is_over: bool
    winners: tuple[int, ...] = ()  # at the end, the seats that won
    suggested: Any = None  # where a tutorial's suggested move goes (`Game.marks`), else None

    def to_json(self) -> dict:
        return plain_data(self)


def with_suggestion(view: View, marks: Any) -> View:
    """`view` with a suggested move's marks (`Game.marks`) for the pictures to draw."""
    return replace(view, suggested=marks)


class Rng:
    """A deterministic random source: SHA-256 of the seed and a counter.

    Python's `random` module may change its sequences between versions; this does not, so a
    stored match replays identically on any interpreter.
    """

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    def _next_word(self) -> int:
        digest = hashlib.sha256(f"{self.seed}:{self.counter}".encode()).digest()
        self.counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            word = self._next_word()
            if word < limit:
                return word % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_json(self) -> dict:
        return {"seed": self.seed, "counter": self.counter}

    def copy(self) -> Rng:
        return Rng(self.seed, self.counter)

    @classmethod
    def from_json(cls, data: dict) -> Rng:
        return cls(data["seed"], data["counter"])


def determinized_rng(seed: int) -> Rng:
    """The generator a determinization deals and plays on with: made from `seed` alone (hashed, so
    it shares no sequence with a match seeded with the same number)."""
    digest = hashlib.sha256(f"martian-arcade-determinize:{seed}".encode()).digest()
    return Rng(int.from_bytes(digest[:8], "big"))


class Event(str):
    """One thing an action caused, as the engine reports it: the text is its notation (what
    records and tests compare), `facts` the same facts already parsed, so nothing downstream
    has to read the notation back."""

    facts: dict[str, Any]

    def __new__(cls, text: str, **facts: Any) -> Event:
        event = super().__new__(cls, text)
        event.facts = facts
        return event

    @property
    def kind(self) -> str:
        """The first word of the notation: `ROLL`, `WIN`, `CAP`..."""
        return self.split(" ", 1)[0]


class Action(Protocol):
    """An action is immutable and hashable; `str(action)` is its notation."""

    def __str__(self) -> str: ...


class State(Protocol):
    rng: Rng  # the match's generator: every shuffle, deal and die roll comes from it

    @property
    def to_move(self) -> tuple[int, ...]: ...

    @property
    def order_free(self) -> bool:
        """True while the seats to move act independently, in any order (e.g. choosing secret
        objectives): one seat's action then doesn't change what another may do."""
        ...

    def legal_actions(self, seat: int) -> list[Any]: ...

    def apply(self, seat: int, action: Any) -> list[str]:
        """Apply one action; returns the engine events it caused, in the spec's notation (an
        `Event` where texts or pictures need the facts inside it)."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def view(self, seat: int | None) -> View:
        """What `seat` may see (None: a spectator): the engine's own `View` dataclass; never holds
        hidden data."""
        ...

    def secrets(self, seat: int) -> set[str]:
        """Tokens only `seat` may see (e.g. its cards); no other seat's view may contain them."""
        ...

    def to_json(self) -> dict: ...

    def determinize(self, seat: int, seed: int) -> State:
        """A new, complete state (this one is left untouched) in which everything hidden from
        `seat` is resampled consistently with what `seat` knows: other seats' hands and secret
        objectives, the order of bags and decks, and the future of the random generator, which is
        replaced by one made from `seed` alone (so later dice and draws are not the real ones).

        The result depends only on what `seat` can see and on `seed`, never on the real hidden
        values, their order or the real generator: `determinize(seat, k).view(seat) ==
        view(seat)`, and `determinize(seat, j).determinize(seat, k)` equals `determinize(seat, k)`
        (same `to_json()`). Search calls it once per iteration, so it is built on `clone()`."""
        ...

    # Optional: `clone() -> State`, an independent copy equal to `from_json(to_json())` but
    # cheaper (tests and search try actions on copies). Use `clone_state`, which falls back to the
    # JSON round-trip for engines without one.


def clone_state(game: Game, state: State) -> State:
    """An independent copy of `state`: changing one never changes the other."""
    clone = getattr(state, "clone", None)
    return clone() if clone is not None else game.from_json(state.to_json())


_SCALARS = frozenset({str, int, float, bool, type(None)})


def copy_data(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists and sets of scalars; tuples and other objects are
    kept, so they must be immutable), much cheaper than `copy.deepcopy` for a state's logs."""
    kind = type(value)
    if kind is dict:
        for item in value.values():
            if type(item) not in _SCALARS:
                return {
                    key: item if type(item) in _SCALARS else copy_data(item) for key, item in value.items()
                }
        return value.copy()  # flat, like most log entries: the fast path
    if kind is list:
        for item in value:
            if type(item) not in _SCALARS:
                return [item if type(item) in _SCALARS else copy_data(item) for item in value]
        return value.copy()
    if kind is set:
        return set(value)
    return value


def shallow_copy(state: Any) -> Any:
    """A new object of the same class sharing every attribute (`copy.copy` without its generic
    protocol, for clones, which then replace the mutable attributes)."""
    copy = object.__new__(type(state))
    copy.__dict__.update(state.__dict__)
    return copy


@dataclass(frozen=True)
class Game:
    """A registry entry: what the bot and tests need to know about one game."""

    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = field(default=())

    def resolve_options(self, options: dict | None) -> dict:
        """Fill in defaults and reject unknown names or values."""
        given = dict(options or {})
        resolved = {}
        for option in self.options:
            value = given.pop(option.name, option.default)
            if value not in option.choices:
                allowed = ", ".join(str(c) for c in option.choices)
                raise IllegalAction(
                    "{option} must be one of: {allowed}.", option=option.name, allowed=allowed
                )
            resolved[option.name] = value
        if given:
            raise IllegalAction(
                "Unknown option for {game}: {options}.", game=self.title, options=", ".join(sorted(given))
            )
        self.check_combination(resolved)
        return resolved

    def check_combination(self, options: dict) -> None:
        """Refuse option combinations the rules don't define (IllegalAction, with the reason)."""

    def can_take_back(self, before: State, after: State, num_players: int) -> bool:
        """Whether the one decision that turned `before` into `after` may be taken back, as online
        board game sites allow it: not if it ended the game, drew on chance (the random generator
        moved: a card drawn, a die rolled, a piece drawn from the bag) or showed anyone something
        hidden (a seat's secret, like a card played from a hand or an objective slot made public).
        Then replaying the log without it gives `before` again."""
        return (
            not after.is_over
            and before.rng.to_json() == after.rng.to_json()
            and all(before.secrets(seat) <= after.secrets(seat) for seat in range(num_players))
        )

    def is_secret_action(self, action: Any) -> bool:
        """Whether an action's notation reveals hidden information (a M.A.R.S. objective), so a
        record shared before the end must leave it out."""
        return False

    topics: tuple[Topic, ...] = field(default=(), repr=False, compare=False)

    def topics_of(self, action: Any, events: list[str]) -> list[str]:
        """The topics (ids from `topics`) one applied action touched: its own kind, and each
        scoring or ending rule that its events (what `apply` returned) applied."""
        return []

    def marks(self, state: State, seat: int, action: Any) -> Any:
        """Where `action` would go on the board, for a picture to mark before it is played (a
        tutorial's suggested move): the view's field `suggested` holds it (`with_suggestion`), in
        the same shape the game's view gives its last move. None: nothing to mark."""
        return None

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise IllegalAction(
                "{game} needs {least} to {most} players, not {count}.",
                game=self.title,
                least=self.min_players,
                most=self.max_players,
                count=num_players,
            )

    def new(self, num_players: int, seed: int, options: dict | None = None) -> State:
        raise NotImplementedError

    def from_json(self, data: dict) -> State:
        raise NotImplementedError

    def parse_action(self, text: str) -> Any:
        raise NotImplementedError


def random_choice(actions: list, rng) -> object:
    """An action for random play (tests, benchmarks): uniform half the time, else the first listed.

    Engines list a progress-making action first (a M.A.R.S. draw), since some games allow endless
    moving and purely uniform play would mostly shuffle pieces around.
    """
    return rng.choice(actions) if rng.random() < 0.5 else actions[0]


def replay_actions(
    game: Game, num_players: int, seed: int, options: dict | None, log: list[tuple[int, str]]
) -> State:
    """Rebuild a state from its seed and its (seat, notation) action log."""
    state = game.new(num_players, seed, options)
    for seat, text in log:
        state.apply(seat, game.parse_action(text))
    return state
