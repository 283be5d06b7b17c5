"""The Martian Flood pictures: small palette PNGs, with the right marks in the right places.

The views come from the engine, from positions in `games.flood.position`'s notation: "8h=R2
9d[R3,B2,R1] 4c" is a ship lying on 8h, a tower on 9d (bottom to top) and an empty 4c. Nothing
compares exact pixels: regions come from the renderer's layout helpers and are compared between
positions that differ in one thing.
"""

import re

import pytest
from PIL import Image

from games.core import with_suggestion
from games.flood import FLOOD, position
from renderers import render_board, render_hand, render_rules_picture
from renderers.common import ACCENT, CARD_FACE, GOOD, PANEL_ACTIVE, PYRAMID_COLOURS, mix, text_sizes
from renderers.flood import SUGGESTED, SUGGESTED_GAP, SUGGESTED_LINE
from renderers.flood_layout import (
    LABEL_SIZE,
    MAX_HEIGHT,
    SCALES,
    TILE_H,
    badge_box,
    band_box,
    board_layout,
    card_box,
    pending_box,
    tile_width,
)
from renderers.flood_rules import render_flood_rules_picture
from renderers.flood_sprites import (
    HEIGHT_BADGE,
    PENDING,
    draw_tile,
    empty_sprite,
    seat_chip_sprite,
    ship_sprite,
    tile_sprite,
)
from tests.games.test_flood import NO_HIT, Script
from tests.pictures import blob_sizes, check_png, count_near, decode, near

NAMES = ["Alice", "Bartholomew the Magnificent of Mars", "Chen", "Dee"]
COLOURS = ["R", "B", "G", "Y"]


# --- positions ------------------------------------------------------------------------------


def table(areas: list[str], **settings):
    """The view of a position with these areas, seat by seat (P1 on action 1 of round 1 unless
    `settings`, `games.flood.position`'s, say otherwise)."""
    return position(len(areas), areas=dict(enumerate(areas)), **settings).view(None)


def early_view(current: int = 1):
    """Three players, round 1, a few ships and a first tower; P2 to act."""
    return table(
        ["7h=R2 3c=R1", "8d=B3 5d[B2]", "9s=G3"],
        discard="4h 6c 2s",
        start=2,
        current=current,
        slot=2,
    )


BUSY_AREAS = [
    "9h[R3,R2,R1] 7c[R2] 4d[R3,B1] 6s=R2 2h 8c=R1 Ac[R1] 5s=R3",
    "8d[B3,B3,G2,B1] 5h[R1] 3c[B2] 2s[B1] Td=B2 6h 7s=B1",
    "9s[G3,G2] 6d[G1] 8h[G3,G3,G2,G1] 4c=G2 3h 7d[Y2,G1] Ts=G3 2c",
    "Th[Y3,Y2] 5c=Y1 3s[Y3,Y3,Y2,Y1,Y1] 9c 4h=Y2 6c[Y1] Ah=Y3",
]


def busy_view(drawn: str | None = "Tc 3d"):
    """Four players in round 2 with pending ships on P3 and P4, and P2 choosing between drawn cards."""
    return table(
        BUSY_AREAS,
        pending={2: "5d=R2<P1 2d=B1<P2", 3: "9d=G2<P3"},
        stashes={0: (1, 2, 0), 1: (3, 0, 1), 2: (0, 2, 1), 3: (2, 1, 0)},
        discard="4s 7h 8s",
        round_number=2,
        current=1,
        drawn=drawn,
    )


def ended(areas: list[str], current: int, action: str | None = None):
    """The view at the end: `areas` in the round's last turn, `current` playing `action` (or
    passing, with nothing to do) and the last flood hitting nothing."""
    state = position(
        len(areas),
        areas=dict(enumerate(areas)),
        stashes={current: (0, 0, 0)} if action is None else None,
        round_number=3,
        current=current,
        slot=2,
        last_turn=True,
        rng=Script(*NO_HIT * 5),
    )
    if action:
        state.apply(current, FLOOD.parse_action(action))
    assert state.is_over
    return state.view(None)


def final_view():
    """The busy table, four players, after the round-3 flood: P4 wins."""
    return ended(BUSY_AREAS, 3, "I 5c P1")


def post_flood_view():
    """Three players at the start of round 2, the towers the round-1 flood left behind."""
    return table(
        ["8h[R2,G1] 7c=R3 4d[R3] 2s", "3c[B2] 9d[B3,B1] 6h", "5s[G2,G2] 9c=G1 8s"],
        stashes={0: (3, 3, 3), 1: (4, 3, 3), 2: (3, 2, 4)},
        round_number=2,
        current=1,
    )


RESOLVING_AREAS = ["7h=R2 2c[R1]", "3c[B2] 8d[B3,B1] 9h[B3] 7s=B3", "9s=G3 4h[G2]"]


def resolving_view(current: int = 1):
    """Spec F6-like: P2 must place P1's infiltrated R2 (on 6s); 3c [B2] and 9h [B3] take it, 8d
    [B3,B1] does not. Another ship waits behind it. With `current` another seat, it waits."""
    return table(
        RESOLVING_AREAS,
        pending={1: "6s=R2<P1 5c=G1<P3"},
        round_number=3,
        current=current,
        last_turn=True,
    )


# P1 with 15 cards in play (towers on 2h, 6h and 4c hold red) and two infiltrated ships pending.
FIFTEEN = (
    "Ah=R1 2h[R3,R2] 3h 4h=R2 5h[B1] 6h[R2,G2,R1] 7h=R3 8h 9h[G3] Th=R1 Ac[B2,B1] 2c 3c=R2"
    " 4c[R3,R3,B2,G2,R1,Y1] 5c=R1"
)


def crowded_view():
    """P1 has 15 cards in play and two more ships pending."""
    return table(
        [FIFTEEN, "8d[B3,B1] 9d=B1", "6s[G2]", "7s=Y3 Td[Y1]"], pending={0: "6d=B2<P2 7d=Y1<P4"}, current=1
    )


# --- helpers --------------------------------------------------------------------------------


def face_colour(colour: str):
    """The lit face of a pyramid of that colour, as the kit shades it."""
    return mix(PYRAMID_COLOURS[colour], (255, 255, 255), 0.16)


def ink_box(image, box, target, tolerance=30):
    """The bounding box (x0, y0, x1, y1) of the pixels in `box` close to `target`, or None."""
    crop = image.convert("RGB").crop(box)
    pixels = crop.load()
    found = [
        (x, y) for x in range(crop.width) for y in range(crop.height) if near(pixels[x, y], target, tolerance)
    ]
    if not found:
        return None
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1)


def crop_bytes(png: bytes, box) -> bytes:
    return decode(png).convert("RGB").crop(box).tobytes()


def changed_pixels(png: bytes, other: bytes, box, tolerance=30) -> int:
    """How many pixels of `box` differ clearly between two pictures (the palette may shift a little)."""
    one, two = (decode(p).convert("RGB").crop(box).tobytes() for p in (png, other))
    return sum(not near(one[i : i + 3], two[i : i + 3], tolerance) for i in range(0, len(one), 3))


def render(view) -> bytes:
    return render_board(view, names=NAMES)


VIEWS = [early_view, busy_view, final_view, post_flood_view, resolving_view, crowded_view]
LETTER_SCALE = 30  # from this scale up even a small pyramid carries its colour's letter


# --- format, size and registration -----------------------------------------------------------


@pytest.mark.parametrize("make_view", VIEWS)
def test_board_is_a_small_palette_png_of_a_phone_friendly_height(make_view):
    view = make_view()
    png = render(view)
    image = check_png(png, min_height=200, max_height=MAX_HEIGHT)  # at most 1.2 times its width
    assert image.height == board_layout(view).height
    assert len(png) < 100_000
    assert board_layout(view).scale >= LETTER_SCALE  # every pyramid big enough for its letter


def test_hand_is_the_board_and_the_rules_picture_is_drawn_once():
    state = position(4, areas=dict(enumerate(BUSY_AREAS)), drawn="Tc 3d", current=1)
    assert render_hand(state.view(2), names=NAMES) == render_board(state.view(None), names=NAMES)
    first = render_rules_picture("flood")
    check_png(first, min_height=900, max_height=MAX_HEIGHT)
    assert render_flood_rules_picture() is first


@pytest.mark.parametrize("make_view", VIEWS)
def test_the_board_draws_no_words_only_big_numbers_and_seat_tags(make_view):
    """Names, stashes, whose turn, the flood and the scores are the message's text: the picture
    holds card numbers, tower heights, seat tags and empty-card counts, each 10 px tall or more on
    a phone showing it 325 px wide."""
    view = make_view()
    with text_sizes() as drawn:
        tile_sprite.cache_clear(), empty_sprite.cache_clear(), seat_chip_sprite.cache_clear()
        png = render(view)
    assert drawn and all(size * 325 / 1000 >= 10 for size, _ in drawn)
    assert {size for size, _ in drawn} == {LABEL_SIZE}
    assert all(re.fullmatch(r"\d+|A|P[1-4]|×\d+", text) for _, text in drawn), {text for _, text in drawn}
    assert render_board(view, names=["Zoë", "Ω", "さくら", "x"]) == png


@pytest.mark.parametrize("players", [3, 4])
def test_one_full_width_band_per_player_in_seat_order(players):
    view = table(["7c=R2", "8c[B2]", "9c=G1", "Tc[Y3,Y1]"][:players])
    layout = board_layout(view)
    assert len(layout.bands) == players
    for seat, band in enumerate(layout.bands):
        assert band[0] <= 16 and band[2] >= 1000 - 16  # the full width
        if seat:
            assert band[1] > layout.bands[seat - 1][3]  # under the one before
    image = decode(render(view))
    for seat in range(players):  # each band holds its own colour's pieces and chip, no one else's
        colour = COLOURS[seat]
        assert count_near(image, band_box(view, seat), face_colour(colour), tolerance=25) > 40, seat
        for other in range(players):
            if other != seat:
                assert (
                    count_near(image, card_box(view, seat, 0), face_colour(COLOURS[other]), tolerance=25) == 0
                )


def test_seat_chips_are_one_size_and_differ_by_colour_and_tag():
    chips = [seat_chip_sprite(colour, seat) for seat, colour in enumerate(COLOURS)]
    assert len({chip.size for chip in chips}) == 1
    assert chips[0].tobytes() != seat_chip_sprite("R", 2).tobytes()  # the tag is drawn


# --- cards, ships and towers --------------------------------------------------------------------


def test_a_towers_colours_appear_in_its_card():
    view = table(["2c=R1 9s[R3,B2,G1]", "5c", "6c"])
    image = decode(render(view))
    tower = card_box(view, 0, 1)
    for colour in "RBG":
        assert count_near(image, tower, face_colour(colour), tolerance=25) > 30, colour
    ship = card_box(view, 0, 0)  # the ship's card has only red
    assert count_near(image, ship, face_colour("B"), tolerance=25) == 0
    assert count_near(image, ship, face_colour("G"), tolerance=25) == 0
    # bottom to top: the blue M sits above the red L, the green S above both
    rows = {colour: ink_box(image, tower, face_colour(colour), 25) for colour in "RBG"}
    assert rows["G"][1] < rows["B"][1] < rows["R"][1]


def test_a_ship_lies_down_and_a_tower_stands_up():
    view = table(["7c=R3 8s[R3] 9c[R3,R2]", "5c", "6c"])
    image = decode(render(view))
    ship = ink_box(image, card_box(view, 0, 0), face_colour("R"), 30)
    tower = ink_box(image, card_box(view, 0, 1), face_colour("R"), 30)
    ship_w, ship_h = ship[2] - ship[0], ship[3] - ship[1]
    tower_w, tower_h = tower[2] - tower[0], tower[3] - tower[1]
    assert ship_w > ship_h * 1.2
    assert tower_h > tower_w * 1.2
    stacked = ink_box(image, card_box(view, 0, 2), face_colour("R"), 30)
    assert stacked[3] - stacked[1] > tower_h + 10  # two pyramids stand taller than one


def test_a_stack_carries_its_height_and_a_single_tower_does_not():
    view = table(["7c[B3] 8s[B3,B2,B1] 9c=R3", "5c", "6c"])
    image = decode(render(view))
    layout = board_layout(view)

    def corner(index):  # where the height badge goes: left of the bottom pyramid, on the tile's edge
        return badge_box(card_box(view, 0, index), layout.tiles[(0, index)], 3)

    assert count_near(image, corner(1), HEIGHT_BADGE, tolerance=8) > 150
    for index in (0, 2):
        assert count_near(image, corner(index), HEIGHT_BADGE, tolerance=8) == 0, index
    taller = table(["7c[B3] 8s[B3,B2,B2,B1]", "5c", "6c"])
    assert crop_bytes(render(view), corner(1)) != crop_bytes(render(taller), corner(1))


def test_the_card_number_shows_and_an_ace_is_an_a():
    view = table(["Ac=R1 7c=R1", "5c", "6c", "8c"])  # aces come with four players
    one = render(view)
    other = table(["Tc=R1 7c=R1", "5c", "6c", "8c"])
    assert crop_bytes(one, card_box(view, 0, 0)) != crop_bytes(render(other), card_box(view, 0, 0))
    with text_sizes() as drawn:
        tile_sprite.cache_clear()
        render(view)
    assert {"A", "7"} <= {text for _, text in drawn}


def test_empty_cards_are_one_grey_tile_with_their_count():
    view = table(["7c 8c=R1 9c", "5c", "6c"])
    layout = board_layout(view)
    assert (0, 0) not in layout.cards and (0, 2) not in layout.cards  # not drawn one by one
    grey = layout.empties[0]
    assert grey[0] > card_box(view, 0, 1)[2]  # after the cards with pieces
    image = decode(render(view))
    assert count_near(image, grey, CARD_FACE, 6) < 50  # grey, not a white card face
    three = table(["7c 8c=R1 9c 2c", "5c", "6c"])
    assert crop_bytes(render(view), grey) != crop_bytes(render(three), grey)  # ×2, ×3
    assert 0 not in board_layout(table(["8c=R1", "5c", "6c"])).empties


def test_a_ten_and_its_suit_do_not_overlap():
    """At any card width the number and the suit stay apart: three separate marks for 10."""
    for width in (tile_width(scale) for scale in SCALES):
        tile = Image.new("RGB", (width, TILE_H), CARD_FACE)
        draw_tile(tile, "Tc", 10, 0, 0, width)
        middle = range(tile.height // 3, tile.height - 6)
        inked = [any(sum(tile.getpixel((x, y))) < 200 for y in middle) for x in range(4, tile.width - 4)]
        marks = sum(1 for i, ink in enumerate(inked) if ink and (i == 0 or not inked[i - 1]))
        assert marks == 3, width  # "1", "0" and the club


def test_a_ship_carries_its_letter_upright():
    """A ship lies on its side; its colour's letter stays upright on it (white on red)."""
    ship = ship_sprite("R", 1, 60)  # big, so an R's height and width differ by more than a pixel
    assert ship.width > ship.height
    white = [  # right of the white pips, which line the base on the left
        (x, y)
        for x in range(ship.width // 4, ship.width)
        for y in range(ship.height)
        if ship.getpixel((x, y))[3] > 200 and near(ship.getpixel((x, y))[:3], (255, 255, 255), 60)
    ]
    assert len(white) > 15
    xs, ys = [x for x, _ in white], [y for _, y in white]
    assert max(ys) - min(ys) > max(xs) - min(xs)  # an upright R is taller than it is wide


def test_fifteen_cards_and_two_pending_ships_still_fit():
    view = crowded_view()
    layout = board_layout(view)
    area = view.seats[0].cards
    assert len(area) == 15 and len(view.seats[0].pending) == 2
    boxes = [layout.cards[(0, i)] for i in range(15) if not area[i].is_empty]
    boxes += [layout.pending[(0, i)] for i in range(2)] + [layout.empties[0]]
    x0, y0, x1, y1 = layout.bands[0]
    for box in boxes:
        assert x0 < box[0] < box[2] < x1 and y0 < box[1] < box[3] < y1
    for i, a in enumerate(boxes):  # no two overlap
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
    assert layout.scale >= LETTER_SCALE
    image = check_png(render(view), min_height=400, max_height=MAX_HEIGHT)
    for index in (1, 5, 13):  # the towers holding red are drawn, however many cards there are
        assert count_near(image, layout.cards[(0, index)], face_colour("R"), tolerance=25) > 30, index


def test_pieces_are_as_large_as_the_height_allows():
    """A quiet board draws its pieces at the largest scale; a crowded one shrinks them to stay within
    1.2 times the width, but keeps every pyramid big enough for its letter."""
    quiet = board_layout(early_view())
    assert quiet.scale == SCALES[0]
    crowded = board_layout(busy_view())
    assert LETTER_SCALE <= crowded.scale < SCALES[0]
    assert crowded.height <= MAX_HEIGHT
    assert tile_width(crowded.scale) == crowded.tile_width < quiet.tile_width


# --- whose turn, the drawn cards, the ship being placed ------------------------------------------


def test_the_current_players_band_is_highlighted():
    view = early_view()  # P2 to act
    image = decode(render(view))
    assert count_near(image, band_box(view, 1), PANEL_ACTIVE, tolerance=8) > 20_000
    for seat in (0, 2):
        assert count_near(image, band_box(view, seat), PANEL_ACTIVE, tolerance=8) == 0
    moved = early_view(current=2)
    image = decode(render(moved))
    assert count_near(image, band_box(moved, 2), PANEL_ACTIVE, tolerance=8) > 20_000
    assert count_near(image, band_box(moved, 1), PANEL_ACTIVE, tolerance=8) == 0


def test_the_drawn_cards_wait_framed_in_the_band_of_the_seat_to_act():
    view = busy_view()  # P2 drew Tc and 3d
    layout = board_layout(view)
    x0, y0, x1, y1 = layout.drawn
    band = layout.bands[1]
    assert band[0] < x0 < x1 < band[2] and band[1] < y0 < y1 < band[3]
    image = decode(render(view))
    faces = [
        size for size in blob_sizes(image, layout.drawn, lambda c: near(c, CARD_FACE, 12)) if size > 1500
    ]
    assert len(faces) == 2
    frame = (x0 - 8, y0 - 8, x1 + 8, y1 + 8)
    assert count_near(image, frame, ACCENT, tolerance=20) > 300
    other = busy_view(drawn="Ad 3d")
    assert crop_bytes(render(view), layout.drawn) != crop_bytes(render(other), layout.drawn)
    assert board_layout(busy_view(drawn=None)).drawn is None


def test_the_ship_being_placed_and_the_towers_it_may_go_on_are_framed():
    view = resolving_view()  # P2 places the 6s ship: 3c and 9h fit, 8d does not
    image = decode(render(view))
    around = lambda box: (box[0], box[1] - 6, box[2] + 3, box[3] + 6)  # noqa: E731  (the gap on the left is shared)
    assert count_near(image, around(card_box(view, 1, 0)), ACCENT, tolerance=20) > 200  # 3c
    assert count_near(image, around(card_box(view, 1, 1)), ACCENT, tolerance=20) < 60  # 8d
    assert count_near(image, around(card_box(view, 1, 2)), ACCENT, tolerance=20) > 200  # 9h
    placing, waiting = (pending_box(view, 1, index) for index in (0, 1))
    assert count_near(image, around(placing), ACCENT, tolerance=20) > 200  # the 6s ship, in gold
    assert count_near(image, around(waiting), PENDING, tolerance=25) > 200  # the next one, pink
    settled = resolving_view(current=0)  # the ship waits for P2's turn
    assert settled.resolving is None
    image = decode(render(settled))
    assert count_near(image, around(card_box(settled, 1, 0)), ACCENT, tolerance=20) < 60
    assert count_near(image, around(pending_box(settled, 1, 0)), ACCENT, tolerance=20) < 60


def test_pending_ships_are_framed_and_sit_after_the_area():
    view = busy_view()  # two ships pending on P3, one on P4
    layout = board_layout(view)
    image = decode(render(view))
    for seat, count in ((2, 2), (3, 1)):
        # after the area in reading order: on a later row, or further right on the same row
        last_own = max((box[3], box[0]) for (s, _), box in layout.cards.items() if s == seat)
        for index in range(count):
            box = pending_box(view, seat, index)
            assert (box[3], box[0]) > last_own
            frame = (box[0] - 8, box[1] - 8, box[2] + 8, box[3] + 8)
            assert count_near(image, frame, PENDING, tolerance=25) > 300
    assert count_near(image, band_box(view, 0), PENDING, tolerance=25) < 10  # a stray edge pixel, no frame
    # an infiltrating ship's card leaves its sender's band: it is drawn once, pending on its target
    state = position(3, areas={0: "7h=R2 3c=R1", 1: "5d[B2]"})
    state.apply(0, FLOOD.parse_action("I 7h P2"))
    sent = board_layout(state.view(None))
    assert set(sent.cards) == {(0, 0), (1, 0)} and set(sent.pending) == {(1, 0)}


# --- the end --------------------------------------------------------------------------------------


def test_the_winner_is_green():
    final = final_view()
    assert final.winners == (3,)
    image = decode(render(final))
    assert count_near(image, band_box(final, 3), GOOD, tolerance=20) > 3000
    for seat in (0, 1, 2):
        assert count_near(image, band_box(final, seat), GOOD, tolerance=20) < 900, seat
    running = busy_view()
    assert count_near(decode(render(running)), band_box(running, 3), GOOD, tolerance=20) < 900


def test_tied_winners_share_the_highlight():
    final = ended(["9h[R1] 2h=R2", "9d[B1] 2d=B2", "2c"], 2)  # a single, the tallest: 25 each
    assert final.winners == (0, 1)
    image = decode(render(final))
    for seat in (0, 1):
        assert count_near(image, band_box(final, seat), GOOD, tolerance=20) > 3000, seat
    assert count_near(image, band_box(final, 2), GOOD, tolerance=20) < 900


def test_unprintable_names_and_missing_names_render():
    view = busy_view()
    assert decode(render_board(view, names=["😀", "", "Zoë", "x" * 200])).mode == "P"
    assert decode(render_board(view)).mode == "P"


# --- real games -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_every_few_states_of_an_engine_game_render(players):
    import random

    from games import GAMES, random_choice

    state = GAMES["flood"].new(players, 7, None)
    chooser = random.Random(7)
    k = 0
    while not state.is_over and k < 3000:
        seat = state.to_move[0]
        if k % 9 == 0:
            view = state.view(None)
            image = check_png(render_board(view, names=NAMES), min_height=200, max_height=MAX_HEIGHT)
            assert image.height == board_layout(view).height
            assert board_layout(view).scale >= LETTER_SCALE, k  # every pyramid shows its letter
        state.apply(seat, random_choice(state.legal_actions(seat), chooser))
        k += 1
    assert state.is_over
    final = state.view(None)
    image = check_png(render_board(final, names=NAMES), min_height=200, max_height=MAX_HEIGHT)
    assert image.height == board_layout(final).height
    assert board_layout(final).scale >= LETTER_SCALE


def test_the_rules_picture_shows_every_panel_with_big_titles():
    with text_sizes() as drawn:
        render_flood_rules_picture.cache_clear()
        png = render_flood_rules_picture()
    check_png(png, min_height=900, max_height=MAX_HEIGHT)
    texts = {text for _, text in drawn}
    assert {"1. Draw", "2. Scrap two ships", "3. Build", "4. Infiltrate", "+15", "+10", "+7"} <= texts
    assert min(size for size, _ in drawn) == LABEL_SIZE


# --- a tutorial's suggested move ------------------------------------------------------------------

# P1 to act with ships on 7h and 5d and towers on 9d and 4c; P2 and P3 have a little.
SUGGESTING = {0: "7h=R3 5d=R2 9d[R3,R2] 4c[R1]", 1: "3c[B2] 8s=B1", 2: "6h[G3]"}


def suggesting(state, seat: int, text: str):
    """The view a tutorial draws: the engine's view, and where the suggested move goes."""
    return with_suggestion(state.view(None), FLOOD.marks(state, seat, FLOOD.parse_action(text)))


def cyan(image, box) -> int:
    return count_near(image, box, SUGGESTED, tolerance=20)


def framed(box, by: int = SUGGESTED_GAP + SUGGESTED_LINE // 2) -> tuple:
    """A card's box with its piece, and the frame drawn around it."""
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


@pytest.mark.parametrize("make_view", VIEWS)
def test_nothing_is_cyan_without_a_suggestion(make_view):
    view = make_view()
    image = decode(render(view))
    assert cyan(image, (0, 0, image.width, image.height)) == 0


def test_a_suggested_build_frames_the_tower_it_goes_on_and_tints_behind_it():
    state = position(3, areas=SUGGESTING)
    view = suggesting(state, 0, "B 1 9d")
    image = decode(render_board(view))
    tower, ship = card_box(view, 0, 2), card_box(view, 0, 0)  # 9d, 7h
    assert cyan(image, framed(tower)) > 2000
    assert cyan(image, framed(ship)) == 0
    for seat in (1, 2):
        assert cyan(image, band_box(view, seat)) == 0
    plain = decode(render_board(state.view(None)))
    assert count_near(plain, tower, PANEL_ACTIVE, tolerance=8) > 2000
    assert count_near(image, tower, PANEL_ACTIVE, tolerance=8) < 100, "its background is tinted"
    assert render_hand(view) == render_board(view), "the private picture is the board"


def test_a_suggested_scrap_frames_the_ship_that_leaves_dashed_and_where_it_lands_solid():
    state = position(3, areas=SUGGESTING)
    view = suggesting(state, 0, "S 7h:^ 5d:7h")  # 7h stands up; 5d goes onto it
    image = decode(render_board(view))
    stands, leaves = card_box(view, 0, 0), card_box(view, 0, 1)
    solid, dashed = cyan(image, framed(stands)), cyan(image, framed(leaves))
    assert solid > 2000 and 500 < dashed < solid * 0.8
    assert count_near(image, leaves, PANEL_ACTIVE, tolerance=8) > 1000, "no tint: nothing lands there"
    assert cyan(image, framed(card_box(view, 0, 3))) == 0  # 4c


def test_a_suggested_infiltration_frames_the_ship_and_the_opponents_band():
    state = position(3, areas=SUGGESTING)
    view = suggesting(state, 0, "I 5d P2")
    image = decode(render_board(view))
    assert cyan(image, framed(card_box(view, 0, 1))) > 500
    assert cyan(image, band_box(view, 1)) > 8000  # its whole edge, and its chip
    assert cyan(image, band_box(view, 2)) == 0


def test_a_suggested_keep_frames_the_card_kept():
    state = position(3, areas=SUGGESTING, drawn="8c 2h")
    view = suggesting(state, 0, "K 2h 1")
    image = decode(render_board(view))
    x0, y0, x1, y1 = board_layout(view).drawn
    middle = (x0 + x1) // 2
    assert cyan(image, (middle, y0 - 12, x1 + 14, y1 + 14)) > 1500  # 2h, the second card
    assert cyan(image, (x0 - 14, y0 - 12, middle - 14, y1 + 14)) == 0  # 8c


def test_a_suggested_landing_frames_the_tower_chosen():
    state = position(3, areas={1: "3c[B2] 9h[B3]"}, pending={1: "6s=R2<P1"}, current=1)
    view = suggesting(state, 1, "R 6s 9h")
    image = decode(render_board(view))
    assert cyan(image, framed(card_box(view, 1, 1))) > 2000  # 9h
    assert cyan(image, card_box(view, 1, 0)) == 0  # 3c, gold-framed as the other candidate


def test_a_suggested_draw_has_nothing_to_mark_yet():
    state = position(3, areas=SUGGESTING)
    assert render_board(suggesting(state, 0, "D")) == render_board(state.view(None))
