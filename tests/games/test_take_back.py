"""Which decisions can be taken back (`Game.can_take_back`), per game: never one that drew on
chance or revealed something hidden, and replaying the log without an allowed one gives back the
state before it, exactly."""

import json
import random

import pytest

from games import GAMES, replay_actions
from games.combat import position

SETUPS = [("trickery", 3, {}), ("trickery", 4, {}), ("mars", 2, {}), ("senet", 2, {}), ("flood", 3, {})]
SETUPS += [("combat", 2, {}), ("combat", 4, {"version": "advanced"})]


def decisions(game_id, players, options, seed, limit=400):
    """(before, seat, action text, after) for each decision of a random match."""
    game = GAMES[game_id]
    state = game.new(players, seed, options)
    chooser = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.to_move[0]
        action = chooser.choice(state.legal_actions(seat))
        before = game.from_json(json.loads(json.dumps(state.to_json())))
        state.apply(seat, action)
        yield before, seat, str(action), state


@pytest.mark.parametrize("game_id, players, options", SETUPS)
def test_an_allowed_take_back_replays_to_the_state_before(game_id, players, options):
    game = GAMES[game_id]
    allowed = refused = 0
    for seed in range(3):
        log = []
        for before, seat, action, after in decisions(game_id, players, options, seed):
            log.append((seat, action))
            chance = before.rng.to_json() != after.rng.to_json()
            revealed = any(not before.secrets(s) <= after.secrets(s) for s in range(players))
            if game.can_take_back(before, after, players):
                assert not (chance or revealed or after.is_over)
                again = replay_actions(game, players, seed, options, log[:-1])
                assert again.to_json() == before.to_json()
                allowed += 1
            else:
                assert chance or revealed or after.is_over
                refused += 1
    assert refused, "every game has decisions that draw on chance or reveal something"
    if game_id not in ("senet", "trickery"):  # a throw follows every Senet move; every card shows
        assert allowed, f"{game_id}: some decisions can be taken back"


def kinds(game_id, players, options, *, allowed):
    """The first word of every decision that can (or can't) be taken back, over a few matches."""
    game = GAMES[game_id]
    found = set()
    for seed in range(4):
        for before, _, action, after in decisions(game_id, players, options, seed):
            if game.can_take_back(before, after, players) == allowed:
                found.add(action.split()[0])
    return found


def test_trickery_nothing_can_be_taken_back():
    """Every decision shows a card from a hand (or deals the next hand)."""
    assert kinds("trickery", 3, {}, allowed=True) == set()


def test_mars_a_draw_stays_drawn_but_a_move_can_be_taken_back():
    allowed = kinds("mars", 2, {}, allowed=True)
    assert "D" not in allowed and "D" in kinds("mars", 2, {}, allowed=False)
    assert any("-" in kind for kind in allowed), "moves like c3-c5"


def test_combat_a_move_step_can_be_taken_back_but_not_an_action_roll():
    state = position("b2:[R1] a4:[B2]")
    before = GAMES["combat"].from_json(state.to_json())
    state.apply(0, GAMES["combat"].parse_action("M b2-b3"))  # Blue may attack: no die yet
    assert GAMES["combat"].can_take_back(before, state, 2)
    state = position("b2:[R1] e5:[B2]")
    before = GAMES["combat"].from_json(state.to_json())
    state.apply(0, GAMES["combat"].parse_action("M -"))  # the action die is rolled
    assert not GAMES["combat"].can_take_back(before, state, 2)


def test_senet_every_move_is_followed_by_a_throw():
    assert kinds("senet", 2, {}, allowed=True) == set()
