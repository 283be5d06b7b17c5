"""Martian Trickery: every test vector of shared/rules/trickery.md section 8, plus rule details."""

import hashlib
import random

import pytest

from games import GAMES, IllegalAction, Rng
from games.pieces import Card, Pyramid
from games.trickery import PYRAMID_SETS, Follow, Lead, Marks, TrickeryState, base_value, hand_score

TRICKERY = GAMES["trickery"]


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def pyramids(text: str) -> list[Pyramid]:
    return [Pyramid.parse(word) for word in text.split()]


def table(hands: list[str], *, leader: int, spades_broken=False, pool=None, pyramid_set="rainbow"):
    """A state in the middle of a hand: the given hands, `leader` to lead."""
    state = TrickeryState(
        num_players=len(hands),
        options={"pyramids": pyramid_set, "first_dealer": "random"},
        rng=Rng(1),
        dealer=(leader - 1) % len(hands),
    )
    state.hand_number = 1
    state.hands = [cards(hand) for hand in hands]
    state.pool = pyramids(pool) if pool else state._all_pyramids()
    state.leader = leader
    state.spades_broken = spades_broken
    return state


def play_trick(state, lead_prize: str, cards_in_order: list[str]) -> list[str]:
    events = []
    first = Lead(Pyramid.parse(lead_prize), Card.parse(cards_in_order[0]))
    events += state.apply(state.current_seat, first)
    for card in cards_in_order[1:]:
        events += state.apply(state.current_seat, Follow(Card.parse(card)))
    return events


# --- tricks and legality ------------------------------------------------------------------


def test_t1_highest_of_lead_suit_wins():
    state = table(["Jd 2c", "9d 3c", "Qd 4c", "5c 6c"], leader=1)
    events = play_trick(state, "R1", ["9d", "Qd", "5c", "Jd"])
    assert "WIN P3 R1" in events
    assert not state.spades_broken and "BROKEN" not in events


def test_t2_trump_wins_and_breaks_spades():
    state = table(["Th 2c", "Kh 3c", "3s 4c", "Ah 5c"], leader=0)
    events = play_trick(state, "R1", ["Th", "Kh", "3s", "Ah"])
    assert "WIN P3 R1" in events
    assert state.spades_broken and "BROKEN" in events


def test_t3_losing_trump_still_breaks_spades():
    state = table(["7c 7d", "9s 8d", "Qs 9d"], leader=0)
    events = play_trick(state, "G2", ["7c", "9s", "Qs"])
    assert events[0] == "BROKEN"
    assert "WIN P3 G2" in events and state.spades_broken


def test_t4_spade_lead_highest_spade_wins():
    state = table(["Qs 2c", "Ah 3c", "3s 4c", "Js 5c"], leader=3, spades_broken=True)
    events = play_trick(state, "B3", ["Js", "Qs", "Ah", "3s"])
    assert "WIN P1 B3" in events


def test_t5_cannot_lead_spades_before_broken():
    state = table(["As Ks 7h", "2c", "3c"], leader=0)
    assert state.legal_cards(0) == cards("7h")
    with pytest.raises(IllegalAction, match="Spades are not broken"):
        state.apply(0, Lead(Pyramid("R", 1), Card.parse("As")))


def test_t6_only_spades_may_lead_spade_without_breaking():
    state = table(["As 8s", "2c 3c", "4c 5c"], leader=0)
    assert set(state.legal_cards(0)) == set(cards("As 8s"))
    events = state.apply(0, Lead(Pyramid("R", 1), Card.parse("As")))
    assert "BROKEN" not in events and not state.spades_broken


@pytest.mark.parametrize(
    ("hand", "legal", "breaks"),
    [("Kh 3h Qs Tc", "Kh 3h", False), ("Qs Tc", "Qs Tc", True), ("Qs Js", "Qs Js", True)],
)
def test_t7_follow_suit_else_free_choice(hand, legal, breaks):
    state = table(["7h 2d", hand, "2c 3c"], leader=0)
    state.apply(0, Lead(Pyramid("R", 1), Card.parse("7h")))
    assert set(state.legal_cards(1)) == set(cards(legal))
    spade = next((c for c in state.legal_cards(1) if c.suit == "s"), None)
    if spade:
        state.apply(1, Follow(spade))
        assert state.spades_broken is breaks


def test_follower_holding_lead_suit_may_not_sluff():
    state = table(["7h 2d", "Kh 2s 3d", "2c 3c"], leader=0)
    state.apply(0, Lead(Pyramid("R", 1), Card.parse("7h")))
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(1, Follow(Card.parse("3d")))
    assert len(state.hands[1]) == 3 and len(state.plays) == 1


@pytest.mark.parametrize(
    ("lead", "suit"), [("7c", "clubs"), ("7d", "diamonds"), ("7h", "hearts"), ("7s", "spades")]
)
def test_a_card_that_does_not_follow_is_refused_naming_the_suit_led(lead, suit):
    other = "3c" if lead[1] == "d" else "3d"
    state = table([lead, f"K{lead[1]} {other}", "9h 9s"], leader=0)  # a lone spade may be led
    state.apply(0, Lead(Pyramid("R", 1), Card.parse(lead)))
    with pytest.raises(IllegalAction, match=f"one of your {suit}"):
        state.apply(1, Follow(Card.parse(other)))


def test_t8_prize_is_compulsory_and_implied_in_last_trick():
    state = table(["2c 3c", "4c 5c", "6c 7c"], leader=0, pool="K1 K3")
    assert {str(a) for a in state.legal_actions(0)} == {"L K1 2c", "L K1 3c", "L K3 2c", "L K3 3c"}
    with pytest.raises(IllegalAction, match="prize"):
        state.apply(0, Lead(None, Card.parse("2c")))
    state.apply(0, Lead(Pyramid("K", 3), Card.parse("3c")))
    state.apply(1, Follow(Card.parse("5c")))
    state.apply(2, Follow(Card.parse("7c")))
    assert state.pool == pyramids("K1")
    assert [str(a) for a in state.legal_actions(2)] == ["L 6c"]
    state.apply(2, TRICKERY.parse_action("L 6c"))
    assert state.prize == Pyramid("K", 1)


def test_out_of_turn_and_wrong_action_kind_are_refused():
    state = table(["7h 2d", "Kh 3h", "2c 3c"], leader=0)
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(1, Follow(Card.parse("Kh")))
    with pytest.raises(IllegalAction, match="leading"):
        state.apply(0, Follow(Card.parse("7h")))
    state.apply(0, Lead(Pyramid("R", 1), Card.parse("7h")))
    with pytest.raises(IllegalAction, match="already been led"):
        state.apply(1, Lead(Pyramid("R", 2), Card.parse("Kh")))
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(1, Follow(Card.parse("Ah")))


def test_prize_must_be_in_pool():
    state = table(["7h 2d", "Kh 3h", "2c 3c"], leader=0, pool="R1 R2")
    with pytest.raises(IllegalAction, match="not in the pool"):
        state.apply(0, Lead(Pyramid("K", 2), Card.parse("7h")))


# --- hand scoring -------------------------------------------------------------------------

ALL_NINE = "R1 R2 R3 G1 G2 G3 B1 B2 B3"
S5 = "R1 B1 G1 R2 B2 R3 B3"


@pytest.mark.parametrize(
    ("name", "points", "penalties", "score"),
    [
        ("S1", "R1 R2 R3 B1", "", 8),
        ("S2", ALL_NINE, "", 21),
        ("S3", "R1 B1 G1 R2 B3", "", 9),
        ("S4", "R1 B1 G1 R2 B2 G2 R3", "", 15),
        ("S5", S5, "", 15),
        ("S6", S5, "K2", 9),
        ("S7", S5, "K1", 4),
        ("S8", "R1 R2 R3 B2", "K1", 3),
        ("S9", "R1 R2 R3 G2 G3", "K1 K3", -9),
        ("S10", "B1 B2", "K1 K2 K3", 23),
        ("S11", "", "K1 K2 K3", 21),
        ("S12", "", "K2 K3", 0),
        ("S13", "", "", 0),
    ],
)
def test_hand_scoring_vectors(name, points, penalties, score):
    assert hand_score(pyramids(points), pyramids(penalties)) == score, name


@pytest.mark.parametrize(
    ("name", "points", "penalties", "score"),
    [
        ("MV1", "W1 W2 W3", "", 5),
        ("MV2", "W1 W1 W1 W2 W2 W3 W3", "", 11),
        ("MV3", "W1 W1 W2 W2 W3 W3", "", 10),
        ("MV4", "W1 W1 W1 W2 W2 W2 W3 W3 W3", "", 21),
        ("MV5", "W1 W1 W1 W2 W3", "K2", 8),
        ("MV6", "W1 W1 W2 W2 W3 W3", "K1 K3", -10),
    ],
)
def test_variant_v1_scoring_vectors(name, points, penalties, score):
    assert hand_score(pyramids(points), pyramids(penalties), mono_variant=True) == score, name


def test_monochrome_tree_is_worth_more_than_mixed_in_treehouse_game():
    assert base_value(pyramids("R1 R2 R3")) == 7
    assert base_value(pyramids("R1 R2 G3")) == 5
    assert base_value(pyramids("R1 R2")) == 2


def test_hand_is_scored_through_play_and_added_to_totals():
    """A whole hand driven through `apply`: the last trick scores it and deals the next one."""
    state = table(["Ac", "Kc", "Qc"], leader=0, pool="K3")
    state.taken = [pyramids("R1 R2 R3 K1"), pyramids("G1 G2"), pyramids("K2 B3")]
    state.done_tricks = [{}] * 11
    state.totals = [10, 0, 5]
    events = state.apply(0, Lead(None, Card.parse("Ac")))
    events += state.apply(1, Follow(Card.parse("Kc")))
    events += state.apply(2, Follow(Card.parse("Qc")))
    # P1 wins the last trick and takes K3: two penalty pyramids, R1 R2 R3 negated.
    assert events[:4] == ["WIN P1 K3", "SCORE P1 -7 =3", "SCORE P2 +2 =2", "SCORE P3 +1 =6"]
    assert events[4] == "HAND 2 D=P1"
    assert state.hand_number == 2 and len(state.pool) == 12 and all(len(h) == 12 for h in state.hands)


# --- end of game --------------------------------------------------------------------------


def finish_hand_with_scores(state, scores):
    """Score the current hand as if the players had taken pyramids worth `scores`."""
    values = {
        0: [],
        1: pyramids("R1"),
        2: pyramids("R1 G2"),
        5: pyramids("R1 G2 B3"),
        6: pyramids("R1 G2 B3 R2"),
        7: pyramids("R1 R2 R3"),
    }
    state.taken = [list(values[score]) for score in scores]
    return state._finish_hand()


def test_g1_tie_after_four_hands_plays_tie_break_hand():
    state = TRICKERY.new(3, seed=5, options={"first_dealer": 1})
    dealers = [state.dealer]
    for _ in range(3):
        finish_hand_with_scores(state, [7, 7, 6])
        dealers.append(state.dealer)
    assert dealers == [0, 1, 2, 0]
    events = finish_hand_with_scores(state, [7, 7, 7])
    assert state.totals == [28, 28, 25] and not state.is_over
    assert events[-1] == "HAND 5 D=P2" and state.leader == 2
    events = finish_hand_with_scores(state, [2, 0, 7])
    assert state.totals == [30, 28, 32]
    assert events[-1] == "WINNER P3"
    assert state.is_over and state.outcome.winners == (2,) and state.to_move == ()


def test_g2_negative_totals_still_win():
    state = TRICKERY.new(4, seed=5)
    for _ in range(4):
        finish_hand_with_scores(state, [0, 0, 0, 0])
        if state.is_over:
            break
    assert not state.is_over  # four-way tie at 0
    state.totals = [-3, -5, -7, -4]
    events = finish_hand_with_scores(state, [0, 0, 0, 0])
    assert events[-1] == "WINNER P1" and state.outcome.scores == (-3, -5, -7, -4)


# --- setup, notation and options ----------------------------------------------------------


@pytest.mark.parametrize(("players", "lowest"), [(3, 6), (4, 3)])
def test_deal_uses_the_right_deck_and_dealers_left_leads(players, lowest):
    state = TRICKERY.new(players, seed=11)
    dealt = [card for hand in state.hands for card in hand]
    assert len(dealt) == 12 * players == len(set(dealt))
    assert min(card.rank for card in dealt) == lowest and max(card.rank for card in dealt) == 14
    assert state.to_move == ((state.dealer + 1) % players,)
    assert len(state.pool) == 12 and sum(p.colour == "K" for p in state.pool) == 3


def test_same_seed_same_deal_different_seed_different_deal():
    assert TRICKERY.new(4, 99).hands == TRICKERY.new(4, 99).hands
    assert TRICKERY.new(4, 99).hands != TRICKERY.new(4, 100).hands


def test_rng_is_sha256_of_seed_and_counter_not_pythons_random():
    """Stored matches must replay on any Python: the sequence is defined by SHA-256 alone."""
    rng = Rng(2026)
    expected = [
        int.from_bytes(hashlib.sha256(f"2026:{i}".encode()).digest()[:8], "big") % 10 for i in range(8)
    ]
    assert [rng.below(10) for _ in range(8)] == expected
    assert rng.to_json() == {"seed": 2026, "counter": 8}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("L K2 Qd", "L K2 Qd"),
        ("lead k2 qd", "L K2 Qd"),
        ("P2 L K2 Qd", "L K2 Qd"),
        ("L 9c", "L 9c"),
        ("Kd", "Kd"),
        ("play 10h", "Th"),
        ("P3 Kd", "Kd"),
    ],
)
def test_notation_parses_spec_and_typed_forms(text, expected):
    assert str(TRICKERY.parse_action(text)) == expected


@pytest.mark.parametrize("text", ["", "L", "L K2 Qd 7h", "Zz", "L Q9 Qd", "lead K2 1d", "play"])
def test_bad_notation_is_refused_with_a_message(text):
    with pytest.raises(IllegalAction):
        TRICKERY.parse_action(text)


def test_options_are_validated():
    with pytest.raises(IllegalAction, match="pyramids"):
        TRICKERY.new(3, 1, {"pyramids": "plaid"})
    with pytest.raises(IllegalAction, match="Unknown option"):
        TRICKERY.new(3, 1, {"jokers": True})
    with pytest.raises(IllegalAction, match="P4"):
        TRICKERY.new(3, 1, {"first_dealer": 4})
    with pytest.raises(IllegalAction, match="3 to 4 players"):
        TRICKERY.new(2, 1)


@pytest.mark.parametrize(("pyramid_set", "penalty"), [("xeno", "W"), ("mono", "K")])
def test_pyramid_sets(pyramid_set, penalty):
    state = TRICKERY.new(3, 1, {"pyramids": pyramid_set})
    assert sorted(str(p) for p in state.pool if p.colour == penalty) == [
        f"{penalty}1",
        f"{penalty}2",
        f"{penalty}3",
    ]
    assert len(state.pool) == 12


# --- facts the view and events carry for texts and pictures -----------------------------------


def random_game(num_players: int, seed: int, options=None):
    """A seeded random game to its end: yields (the state, its view before, the events) per action."""
    rng = random.Random(seed)
    state = TRICKERY.new(num_players, seed, options)
    while not state.is_over:
        seat = state.to_move[0]
        before = state.view(None)
        yield state, before, state.apply(seat, rng.choice(state.legal_actions(seat)))


def ahead(plays: tuple) -> int:
    """R5 and R7, written out again: the highest spade, else the highest card of the suit led."""
    played = [(play.seat, Card.parse(play.card)) for play in plays]
    led = played[0][1].suit
    spades = [(card.rank, seat) for seat, card in played if card.suit == "s"]
    return max(spades or [(card.rank, seat) for seat, card in played if card.suit == led])[1]


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (3, 2)])
def test_the_view_says_who_is_winning_the_trick_and_who_won(players, seed):
    for state, before, events in random_game(players, seed):
        view = state.view(None)
        trick = view.trick
        assert trick.winner == (ahead(trick.plays) if trick.plays else None)
        wins = [event for event in events if event.kind == "WIN"]
        if wins and state.done_tricks:  # the hand goes on, so its last finished trick is on the table
            (win,) = wins
            done = view.table
            assert done.over and not trick.plays and len(done.plays) == players
            assert done.winner == win.facts["seat"] == ahead(done.plays)
            assert done.prize == win.facts["prize"] == before.trick.prize
        else:
            assert view.table == trick and not trick.over


@pytest.mark.parametrize("pyramid_set", ["rainbow", "xeno", "mono"])
def test_the_views_nests_are_the_pool_of_a_fresh_hand(pyramid_set):
    view = TRICKERY.new(3, 5, {"pyramids": pyramid_set}).view(None)
    nests = view.nests
    point_colours, penalty_colour = PYRAMID_SETS[pyramid_set]
    assert nests[-1] == view.penalty_colour == penalty_colour and set(nests[:-1]) == set(point_colours)
    assert sorted(view.pool) == sorted(f"{colour}{size}" for colour in nests for size in (1, 2, 3))
    assert all(nest.left == (True, True, True) for nest in view.pool_nests)
    assert tuple(nest.colour for nest in view.pool_nests) == nests


def test_the_view_orders_pyramids_as_the_set_and_keeps_the_prize_at_stake_out_of_the_pool():
    state = table(["7h 2d", "Kh 3h", "2c 3c"], leader=0, pool="K2 R1 G3 R3 B1")
    state.taken = [pyramids("K1 B2 R2 G1"), [], []]
    state.apply(0, TRICKERY.parse_action("L R3 7h"))
    view = state.view(None)
    assert view.seats[0].taken == ("R2", "G1", "B2", "K1")  # nest by nest, penalty last
    assert view.pool == ("R1", "G3", "B1", "K2") and view.trick.prize == "R3"
    assert [nest.left for nest in view.pool_nests] == [
        (True, False, False),  # R3 is at stake, on the table
        (False, False, True),
        (True, False, False),
        (False, True, False),
    ]


@pytest.mark.parametrize(
    ("hands", "follows"), [(["7h 2d", "Kh 3c", "2c 3d"], True), (["7h", "2c", "3c"], False)]
)
def test_a_seats_view_says_whether_it_must_follow_suit(hands, follows):
    state = table(hands, leader=0)
    assert not state.view(1).must_follow  # nothing led yet
    state.apply(0, TRICKERY.parse_action("L R3 7h"))
    mine = state.view(1)
    assert mine.must_follow == follows and mine.legal == (("Kh",) if follows else mine.hand)


def test_hand_events_carry_their_facts():
    tricks, hands = 0, 0
    for state, before, events in random_game(4, 3):
        for event in events:
            tricks += event.kind == "WIN"
            if event.kind == "SCORE":
                seat = event.facts["seat"]
                assert event.facts["score"] == state.hand_scores[-1][seat]
                assert event.facts["total"] == sum(row[seat] for row in state.hand_scores)
            elif event.kind == "HAND":
                hands += 1
                view = state.view(None)
                assert (event.facts["number"], event.facts["dealer"]) == (view.hand_number, view.dealer)
                assert tricks == hands * before.tricks_per_hand
            elif event.kind == "WINNER":
                assert (event.facts["seat"],) == state.outcome.winners


# --- rules as topics, and where a move goes -----------------------------------------------


def topics_of_each(state, moves: list[tuple[int, str]]) -> list[list[str]]:
    """Apply the moves (seat, notation); the topics each one touched."""
    touched = []
    for seat, text in moves:
        action = TRICKERY.parse_action(text)
        touched.append(TRICKERY.topics_of(action, state.apply(seat, action)))
    return touched


def test_the_engine_lists_every_kind_of_action_and_every_scoring_and_ending_rule():
    assert [(topic.id, topic.kind) for topic in TRICKERY.topics] == [
        ("lead", "action"),
        ("last-lead", "action"),
        ("follow", "action"),
        ("break-spades", "action"),
        ("trick-won", "scoring"),
        ("single", "scoring"),
        ("size-triple", "scoring"),
        ("mixed-tree", "scoring"),
        ("colour-tree", "scoring"),
        ("one-penalty", "scoring"),
        ("two-penalties", "scoring"),
        ("three-penalties", "scoring"),
        ("game-end", "ending"),
    ]


def test_a_trick_touches_lead_follow_break_spades_and_trick_won():
    """T3: P2's losing trump breaks spades; P3's card ends the trick."""
    state = table(["7c 7d", "9s 8d", "Qs 9d"], leader=0)
    assert topics_of_each(state, [(0, "L G2 7c"), (1, "9s"), (2, "Qs")]) == [
        ["lead"],
        ["follow", "break-spades"],
        ["follow", "trick-won"],
    ]


def test_the_last_trick_of_a_hand_touches_every_rule_its_scores_used():
    """P3 takes K3 with the last card: P1 scores a red tree and a single, P2 has one penalty (its
    smalls don't count: two singles), P3 two (a single, negated)."""
    state = table(["Qc", "Kc", "Ac"], leader=1, pool="K3")
    state.taken = [pyramids("R1 R2 R3 G2"), pyramids("G1 B1 B2 G3 K1"), pyramids("B3 K2")]
    state.done_tricks = [{}] * 11
    touched = topics_of_each(state, [(1, "L Kc"), (2, "Ac"), (0, "Qc")])
    assert touched == [
        ["last-lead"],
        ["follow"],
        ["follow", "trick-won", "single", "colour-tree", "one-penalty", "two-penalties"],
    ]
    assert state.hand_scores == [[8, 2, -1]]


def test_the_end_of_the_fourth_hand_touches_the_end_of_the_match():
    state = table(["Qc", "Kc", "Ac"], leader=0, pool="K3")
    state.hand_number = 4
    state.taken = [pyramids("R1 B1 G1 R2 B2 G2 R3"), pyramids("K1 K2 G3"), pyramids("B3")]
    state.done_tricks = [{}] * 11
    touched = topics_of_each(state, [(0, "L Qc"), (1, "Kc"), (2, "Ac")])
    # S4 for P1: two size-triples and a single; P2 two penalties; P3 takes K3, which wipes out B3
    assert touched[-1] == [
        "follow",
        "trick-won",
        "size-triple",
        "single",
        "two-penalties",
        "one-penalty",
        "game-end",
    ]
    assert state.hand_scores == [[15, -1, 0]] and state.outcome.winners == (0,)


def test_after_the_third_hand_play_goes_on_even_with_a_clear_leader():
    """R16: a match lasts at least four hands (a mutant ending it after the third survived a sample)."""
    state = table(["Qc", "Kc", "Ac"], leader=0, pool="K3")
    state.hand_number = 3
    state.taken = [pyramids("R1 B1 G1 R2 B2 G2 R3"), pyramids("K1 K2 G3"), pyramids("B3")]
    state.done_tricks = [{}] * 11
    for seat, text in [(0, "L Qc"), (1, "Kc"), (2, "Ac")]:
        state.apply(seat, TRICKERY.parse_action(text))
    assert not state.is_over and state.hand_number == 4 and state.outcome is None


def test_after_the_fourth_hand_a_tie_for_the_lead_plays_another_hand():
    """R17: the match ends after a hand only when one player leads alone."""
    state = table(["Qc", "Kc", "Ac"], leader=0, pool="K3")
    state.hand_number = 4
    state.totals = [0, 14, 0]  # P1 scores 15 in this hand, P2 1: level
    state.taken = [pyramids("R1 B1 G1 R2 B2 G2 R3"), pyramids("G3"), pyramids("B3")]
    state.done_tricks = [{}] * 11
    for seat, text in [(0, "L Qc"), (1, "Kc"), (2, "Ac")]:
        state.apply(seat, TRICKERY.parse_action(text))
    assert state.totals[0] == state.totals[1] == max(state.totals)
    assert not state.is_over and state.hand_number == 5


def test_all_three_penalty_pyramids_and_a_mixed_tree():
    state = table(["Ac", "Kc", "Qc"], leader=0, pool="K3")
    state.taken = [pyramids("K1 K2 R1 G2 B3"), pyramids("R2 R3 G1 G3"), pyramids("B1 B2")]
    state.done_tricks = [{}] * 11
    touched = topics_of_each(state, [(0, "L Ac"), (1, "Kc"), (2, "Qc")])
    assert touched[-1] == ["follow", "trick-won", "mixed-tree", "three-penalties", "single"]
    assert state.hand_scores == [[26, 6, 2]]


def test_score_events_name_the_groups_and_penalties_they_counted():
    facts = score_facts("R1 B1 G1 R2 B2 R3 B3", "K2")  # S6: the mediums don't count
    assert sorted(facts["groups"]) == ["single", "single", "size-triple"] and facts["penalties"] == 1
    facts = score_facts("R1 R2 R3 G2 G3", "K1 K3")  # S9: the best split, negated
    assert sorted(facts["groups"]) == ["colour-tree", "single", "single"] and facts["score"] == -9


def score_facts(points: str, penalties: str) -> dict:
    """The facts of P1's SCORE event when it took `points` and `penalties` (the last one by the
    last trick)."""
    taken = pyramids(points) + pyramids(penalties)
    last = taken.pop()
    state = table(["Ac", "Kc", "Qc"], leader=0, pool=str(last))
    state.taken = [taken, [], []]
    state.done_tricks = [{}] * 11
    for seat, text in [(0, "L Ac"), (1, "Kc"), (2, "Qc")]:
        events = state.apply(seat, TRICKERY.parse_action(text))
    return next(event.facts for event in events if event.kind == "SCORE" and event.facts["seat"] == 0)


@pytest.mark.parametrize(
    ("moves", "marks"),
    [
        ([], Marks("7h", "R3")),  # the lead: the card and the prize it puts at stake
        ([(0, "L R3 7h")], Marks("Kh")),  # a follow: the card only
    ],
)
def test_marks_name_the_card_and_the_prize(moves, marks):
    state = table(["7h 2d", "Kh 3h", "2c 3c"], leader=0)
    for seat, text in moves:
        state.apply(seat, TRICKERY.parse_action(text))
    seat = state.current_seat
    action = next(a for a in state.legal_actions(seat) if str(a.card) == marks.card)
    if isinstance(action, Lead):
        action = Lead(Pyramid.parse(marks.prize), action.card)
    assert TRICKERY.marks(state, seat, action) == marks
    view = state.view(seat)
    assert marks.card in view.legal and (marks.prize is None or marks.prize in view.pool)


def test_marks_of_the_last_lead_name_the_pyramid_left():
    state = table(["2c", "4c", "6c"], leader=2, pool="K1")
    assert TRICKERY.marks(state, 2, TRICKERY.parse_action("L 6c")) == Marks("6c", "K1")


def test_every_action_of_a_match_touches_its_own_kind_first_and_only_listed_rules():
    known = {topic.id for topic in TRICKERY.topics}
    met = set()
    state = TRICKERY.new(3, seed=1008, options={})
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        topics = TRICKERY.topics_of(action, state.apply(seat, action))
        kind = "follow" if isinstance(action, Follow) else ("lead" if action.prize else "last-lead")
        assert topics[0] == kind
        assert set(topics) <= known and len(topics) == len(set(topics))
        met.update(topics)
    assert {"lead", "last-lead", "follow", "break-spades", "trick-won", "single", "game-end"} <= met
