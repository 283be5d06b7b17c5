"""The pieces every engine shares (`games/core.py`): the seeded generator, events, options, player
counts, take-backs, copies and replays, checked on their own rather than through a game."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest

from games import GAMES, IllegalAction, Rng, replay_actions
from games.core import (
    Event,
    Game,
    Option,
    Outcome,
    View,
    clone_state,
    copy_data,
    determinized_rng,
    with_suggestion,
)


def test_the_generator_is_the_same_on_every_run_and_resumes_from_its_position():
    first = Rng(7)
    draws = [first.below(6) for _ in range(20)]
    again = Rng(7)
    assert [again.below(6) for _ in range(20)] == draws
    resumed = Rng.from_json(Rng(7, 10).to_json())
    assert [resumed.below(6) for _ in range(10)] == draws[10:]
    assert all(0 <= value < 6 for value in draws) and len(set(draws)) > 1
    assert [Rng(8).below(6) for _ in range(20)] != draws


def test_below_is_uniform_enough_and_refuses_an_empty_range():
    rng = Rng(1)
    counts = [0] * 3
    for _ in range(3000):
        counts[rng.below(3)] += 1
    assert all(900 < count < 1100 for count in counts)
    with pytest.raises(ValueError):
        rng.below(0)


def test_a_shuffle_is_a_permutation_decided_by_the_seed():
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))
    other = list(range(10))
    Rng(3).shuffle(other)
    assert other == items


def test_a_copy_of_the_generator_goes_its_own_way():
    rng = Rng(5, 2)
    copy = rng.copy()
    assert copy.below(100) == rng.below(100)
    copy.below(100)
    assert copy.counter == rng.counter + 1


def test_a_determinized_generator_shares_no_sequence_with_the_match_seeded_alike():
    assert [determinized_rng(9).below(1000) for _ in range(1)] != [Rng(9).below(1000)]
    assert determinized_rng(9).to_json() == determinized_rng(9).to_json()


def test_an_event_is_its_notation_with_its_facts():
    event = Event("ROLL A 5", player="a", roll=5)
    assert event == "ROLL A 5" and event.kind == "ROLL" and event.facts == {"player": "a", "roll": 5}


def test_an_outcome_survives_json():
    outcome = Outcome((3, 1), (0,))
    assert Outcome.from_json(outcome.to_json()) == outcome


def test_a_draw_is_the_shared_win_of_every_seat():
    assert Outcome((3, 3), (0, 1)).is_draw
    assert not Outcome((5, 3), (0,)).is_draw
    assert not Outcome((4, 4, 1), (0, 1)).is_draw, "two of three sharing the win is no draw"
    assert Outcome((2, 2, 2), (0, 1, 2)).is_draw
    assert not Outcome((7,), (0,)).is_draw, "a seat alone wins, it does not draw"


def test_options_fill_defaults_and_refuse_unknown_names_and_values():
    game = Game(
        "toy",
        "Toy",
        2,
        3,
        (Option("speed", "slow", ("slow", "fast"), "How fast", ("Slow", "Fast")),),
    )
    assert game.resolve_options(None) == {"speed": "slow"}
    assert game.resolve_options({"speed": "fast"}) == {"speed": "fast"}
    with pytest.raises(IllegalAction, match="speed must be one of: slow, fast"):
        game.resolve_options({"speed": "warp"})
    with pytest.raises(IllegalAction, match="Unknown option for Toy: colour"):
        game.resolve_options({"colour": "red"})
    assert game.options[0].label("fast") == "Fast"
    assert Option("rounds", 3, (3, 5), "How many rounds").label(5) == "5"  # no labels: the value


@pytest.mark.parametrize(("count", "allowed"), [(1, False), (2, True), (3, True), (4, False)])
def test_player_counts_outside_the_range_are_refused(count, allowed):
    game = Game("toy", "Toy", 2, 3)
    if allowed:
        game.check_players(count)
    else:
        with pytest.raises(IllegalAction, match="Toy needs 2 to 3 players"):
            game.check_players(count)


def test_copy_data_copies_nested_containers_and_keeps_scalars():
    data = {"a": [1, {"b": [2, 3]}], "c": {4, 5}, "d": "text"}
    copy = copy_data(data)
    assert copy == data
    copy["a"][1]["b"].append(9)
    copy["c"].add(6)
    assert data == {"a": [1, {"b": [2, 3]}], "c": {4, 5}, "d": "text"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_clone_is_independent_and_a_replay_gives_the_same_state(game_id):
    game = GAMES[game_id]
    players = game.min_players if game.min_players > 2 else 2
    state = game.new(players, 11)
    rng = random.Random(2)
    log = []
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        log.append((seat, str(action)))
    copy = clone_state(game, state)
    assert copy.to_json() == state.to_json()
    if not copy.is_over:
        seat = copy.to_move[0]
        copy.apply(seat, copy.legal_actions(seat)[0])
        assert copy.to_json() != state.to_json()
    assert replay_actions(game, players, 11, None, log).to_json() == state.to_json()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_decision_that_drew_on_chance_cannot_be_taken_back(game_id):
    """`can_take_back` refuses when the generator moved; it allows a decision that changed nothing
    hidden and used no chance, and never one that ended the match."""
    game = GAMES[game_id]
    players = game.min_players if game.min_players > 2 else 2
    state = game.new(players, 4)
    rng = random.Random(6)
    seen = set()
    for _ in range(200):
        if state.is_over:
            break
        seat = state.to_move[0]
        before = clone_state(game, state)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        allowed = game.can_take_back(before, state, players)
        moved = before.rng.to_json() != state.rng.to_json()
        assert not (allowed and (moved or state.is_over))
        seen.add(allowed)
    # Senet rolls after every decision and a Trickery card shows a secret; in the other games some
    # decisions neither draw on chance nor reveal anything
    assert (True in seen) == (game_id not in ("senet", "trickery"))


@dataclass(frozen=True, kw_only=True)
class _ToyView(View):
    cells: tuple[tuple[int, ...], ...]
    owner: dict


def test_a_view_is_plain_json_data_all_the_way_down():
    view = _ToyView(game="toy", seat=None, to_move=(1,), is_over=False, cells=((1, 2),), owner={"a": (3,)})
    data = view.to_json()
    assert data == {
        "game": "toy",
        "seat": None,
        "to_move": [1],
        "is_over": False,
        "winners": [],
        "suggested": None,
        "cells": [[1, 2]],
        "owner": {"a": [3]},
    }
    assert json.loads(json.dumps(data)) == data
    marked = with_suggestion(view, ("a1",))
    assert marked.suggested == ("a1",) and view.suggested is None and marked.cells == view.cells
