"""`State.determinize(seat, seed)`: a full state resampling what `seat` can't see. It must keep
`seat`'s view, depend only on that view and the seed (so determinizing a determinization with the
same seed gives the same state), leave the original alone and play on to the end."""

import random

import pytest

from games import GAMES, random_choice

# (game, players, options) worth covering: every player count, and the options that change what
# is hidden or how much of it.
CASES = [
    ("trickery", 3, {}),
    ("trickery", 4, {"pyramids": "mono"}),
    ("flood", 3, {}),
    ("flood", 4, {}),
    ("mars", 2, {}),
    ("mars", 2, {"blind": True}),
    ("mars", 2, {"objectives": "deck", "no_center": True}),
    ("mars", 2, {"five_colours": "+3", "blind": True}),
    ("senet", 2, {}),
    ("senet", 2, {"colours": "treehouse"}),
    ("combat", 2, {}),
    ("combat", 3, {"version": "advanced"}),
    ("combat", 4, {"version": "simple"}),
    ("combat", 4, {"version": "advanced"}),
]
STEPS = 300


def positions(game_id, num_players, options, seed, every, steps=STEPS):
    """Every `every`-th state along one random game (copies), from the start to the end."""
    game = GAMES[game_id]
    chooser = random.Random(seed)
    state = game.new(num_players, seed, options)
    for step in range(steps):
        if step % every == 0 or state.is_over:
            yield state.clone()
        if state.is_over:
            return
        seat = chooser.choice(state.to_move)
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))


def case_id(case):
    game_id, players, options = case
    return f"{game_id}-{players}-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "default")


def play_to_end(state, chooser, limit=3000):
    for _ in range(limit):
        if state.is_over:
            return
        seat = chooser.choice(state.to_move)
        actions = state.legal_actions(seat)
        assert actions, "a seat to move has no legal action"
        state.apply(seat, random_choice(actions, chooser))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_determinize_keeps_the_view_and_depends_only_on_it(case):
    game_id, players, options = case
    for index, state in enumerate(positions(game_id, players, options, seed=players, every=7)):
        before = state.to_json()
        for seat in range(players):
            seed = 1000 * index + seat
            det = state.determinize(seat, seed)
            assert type(det) is type(state)
            assert det.view(seat) == state.view(seat)
            again = det.determinize(seat, seed)
            assert again.to_json() == det.to_json(), "determinizing a determinization changed it"
            other = state.determinize(seat, seed + 1).determinize(seat, seed)
            assert other.to_json() == det.to_json(), "the result depends on more than the view and seed"
            assert det.rng.to_json() != state.rng.to_json()
        assert state.to_json() == before, "determinize changed the original"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_determinized_states_play_to_the_end(case):
    game_id, players, options = case
    chooser = random.Random(5)
    for index, state in enumerate(positions(game_id, players, options, seed=100 + players, every=110)):
        before = state.to_json()
        det = state.determinize(index % players, index)
        play_to_end(det, chooser)
        assert state.to_json() == before


def hidden(game_id, state, seat):
    """What `seat` can't see in a state, as plain data."""
    data = state.to_json()
    if game_id == "trickery":
        return [hand for other, hand in enumerate(data["hands"]) if other != seat]
    if game_id == "flood":
        return data["deck"]
    if game_id == "mars":
        return {key: data[key] for key in ("bag", "objectives") if key in data}
    return None


@pytest.mark.parametrize(
    "case", [case for case in CASES if case[0] in ("trickery", "flood", "mars")], ids=case_id
)
def test_different_seeds_deal_the_hidden_differently(case):
    game_id, players, options = case
    varied = 0
    # Random play reveals M.A.R.S. objectives fast (slot swaps), so look early in the game too.
    for index, state in enumerate(positions(game_id, players, options, seed=7 + players, every=5, steps=60)):
        seat = index % players
        deals = {repr(hidden(game_id, state.determinize(seat, seed), seat)) for seed in range(6)}
        varied += len(deals) > 1
    assert varied >= 2


def test_trickery_deals_no_seat_a_suit_it_failed_to_follow():
    game = GAMES["trickery"]
    chooser = random.Random(3)
    checked = 0
    for seed in range(40):
        state = game.new(4, seed)
        for _ in range(chooser.randrange(4, 40)):
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        void = state.voids()
        if not any(void):
            continue
        for seat in range(4):
            for det_seed in range(5):
                det = state.determinize(seat, det_seed)
                for other in range(4):
                    if other != seat:
                        assert not {card.suit for card in det.hands[other]} & void[other]
                        assert len(det.hands[other]) == len(state.hands[other])
                checked += 1
    assert checked > 50


def test_trickery_voids_come_from_failing_to_follow_suit():
    from games.pieces import Card
    from games.trickery import Follow, Lead, Pyramid

    game = GAMES["trickery"]
    state = game.new(3, 1, {"first_dealer": 3})  # P1 leads
    hands = (
        "6c 7c 8c 9c Tc Jc Qc Kc Ac 6d 7d 8d",
        "6h 7h 8h 9h Th Jh Qh Kh Ah 9d Td Jd",
        "6s 7s 8s 9s Ts Js Qs Ks As Qd Kd Ad",
    )
    state.hands = [[Card.parse(card) for card in hand.split()] for hand in hands]
    state.apply(0, Lead(Pyramid.parse("R3"), Card.parse("6c")))
    state.apply(1, Follow(Card.parse("6h")))
    state.apply(2, Follow(Card.parse("6s")))  # P2 and P3 have no clubs
    assert state.voids() == [set(), {"c"}, {"c"}]
    for det_seed in range(30):
        det = state.determinize(0, det_seed)
        assert Card.parse("6s") not in det.hands[1] + det.hands[2]
        for other in (1, 2):
            assert all(card.suit != "c" for card in det.hands[other])
        # P1 holds 11 cards, the others 11 each; all the clubs are P1's, so none are left to deal.
        assert sorted(det.hands[0]) == sorted(state.hands[0])
    # From P2's seat, P3's clubs void leaves every unseen club to P1.
    for det_seed in range(30):
        det = state.determinize(1, det_seed)
        assert not any(card.suit == "c" for card in det.hands[2])


@pytest.mark.parametrize("options", [{"objectives": "deck"}, {"blind": True}])
def test_mars_dealt_objectives_stay_different(options):
    game = GAMES["mars"]
    for seed in range(5):
        state = game.new(2, seed, options)
        for seat in (0, 1):
            dealt = set()
            for det_seed in range(40):
                det = state.determinize(seat, det_seed)
                assert det.objectives[0] != det.objectives[1]
                known = 1 - seat if options.get("blind") else seat
                assert det.objectives[known] == state.objectives[known]
                dealt.add(tuple(det.objectives[1 - known].items()))
            assert len(dealt) > 5


def test_mars_keeps_revealed_slots():
    from games.mars import SwapSlots

    game = GAMES["mars"]
    state = game.new(2, 4, {"objectives": "deck", "first_player": 1})
    state.apply(0, SwapSlots(2, -1))  # P1 reveals two of its slots
    for det_seed in range(20):
        det = state.determinize(1, det_seed)
        assert det.objectives[0][2] == state.objectives[0][2]
        assert det.objectives[0][-1] == state.objectives[0][-1]
        assert det.objectives[1] == state.objectives[1]
