"""The leaderboard and player statistics pictures: small palette PNGs, drawn for a phone, whose bars
measure what they show, and the words that say what they show (their alt text).

Bars are found by their colour in the rows the renderer's layout helpers give; nothing compares
exact pixels.
"""

import pytest

from catalogue import speaking
from renderers.common import TEXT, text_sizes
from renderers.stats import (
    BAR,
    BAR_W,
    BAR_X0,
    EMPTY_H,
    FOOTER_H,
    LEGEND_H,
    MEDALS,
    NAME_W,
    NAME_X,
    PAIR_W,
    PAIR_X0,
    WIDTH,
    WON_BAR,
    display_name,
    leaderboard_alt,
    leaderboard_row_box,
    player_stats_alt,
    ranks,
    render_leaderboard,
    render_player_stats,
    stats_row_box,
)
from tests.pictures import check_png as check_any_png
from tests.pictures import colour_extent, count_near

PHONE_WIDTH = 325  # px: how wide Discord shows the picture on a phone held upright


def check_png(png: bytes, *, min_height: int, max_height: int):
    """A small palette PNG as wide as a phone picture needs (and no taller than 1.2 times that)."""
    image = check_any_png(png, width=WIDTH, min_height=min_height, max_height=max_height)
    assert image.height <= 1.2 * image.width
    return image


ROWS = [
    ("Alice", 1087.4, 23, 15),
    ("Bartholomew the Magnificent of Mars", 1052.1, 40, 22),
    ("Zoë Ørsted", 1031.6, 12, 7),
    ("bob", 1008.0, 5, 2),
    ("🎲🎲", 1002.2, 3, 1),
    ("Chandra", 996.0, 9, 4),
    ("Dmitri", 981.3, 17, 6),
    ("Eve", 962.0, 8, 2),
    ("Françoise", 944.0, 11, 3),
    ("Gus", 921.7, 30, 6),
]
STATS = {
    "played": 31,
    "won": 12,
    "games": {
        "senet": {"played": 14, "won": 8, "rating": 1052.3},
        "trickery": {"played": 9, "won": 2},
        "mars": {"played": 5, "won": 2},
        "combat": {"played": 2, "won": 0},
        "flood": {"played": 1, "won": 0},
    },
}


def bar_widths(image, rows: int) -> list[int]:
    widths = []
    for index in range(rows):
        _, y0, x1, y1 = leaderboard_row_box(index)
        extent = colour_extent(image, (BAR_X0 - 4, y0 + 4, x1 - 4, y1 - 4), BAR)
        assert extent is not None, f"row {index} has no bar"
        assert extent[0] == pytest.approx(BAR_X0, abs=2)
        widths.append(extent[1] - extent[0])
    return widths


def test_leaderboard_is_a_small_palette_png():
    image = check_png(render_leaderboard("Martian Senet", ROWS), min_height=500, max_height=720)
    assert image.height == leaderboard_row_box(len(ROWS) - 1)[3] + FOOTER_H


def test_the_leaderboard_draws_rank_name_and_rating_and_leaves_games_to_the_message():
    rows = [("Alice", 1087.4, 4321, 1234), ("Bob", 1052.1, 5678, 876)]
    with text_sizes() as drawn:
        render_leaderboard("Martian Senet", rows)
    texts = {text for _, text in drawn}
    assert {"1", "2", "Alice", "Bob", "1087", "1052"} <= texts
    assert not texts & {"4321", "1234", "5678", "876", "29%", "15%"}, "games and wins are in the text"


def test_every_word_reads_at_phone_width():
    for draw in (
        lambda: render_leaderboard("Martian Senet", ROWS),
        lambda: render_leaderboard("Martian Senet", []),
        lambda: render_player_stats("Zoë Ørsted", STATS),
        lambda: render_player_stats("Newcomer", {"played": 0, "won": 0, "games": {}}),
    ):
        with text_sizes() as drawn:
            draw()
        assert min(size for size, _ in drawn) * PHONE_WIDTH / WIDTH >= 11.5


def test_bars_are_as_long_as_the_ratings_above_the_baseline():
    image = check_png(render_leaderboard("Martian Senet", ROWS), min_height=500, max_height=720)
    widths = bar_widths(image, len(ROWS))
    assert widths == sorted(widths, reverse=True) and len(set(widths)) == len(widths)
    assert widths[0] == pytest.approx(BAR_W, abs=2)
    baseline = 850  # 50 under the lowest rating (921.7), rounded down to 50
    for width, (_, rating, _, _) in zip(widths, ROWS, strict=True):
        assert width == pytest.approx(BAR_W * (rating - baseline) / (1087.4 - baseline), abs=3)


def test_bars_follow_the_ratings_not_the_row_order():
    shuffled = [ROWS[3], ROWS[0], ROWS[9]]
    image = check_png(render_leaderboard("Martian Senet", shuffled), min_height=150, max_height=400)
    low, top, lowest = bar_widths(image, 3)
    assert top > low > lowest > 0


def test_equal_ratings_get_full_equal_bars():
    rows = [("Ann", 1000.0, 1, 0), ("Ben", 1000.0, 1, 0)]
    image = check_png(render_leaderboard("Agents of M.A.R.S.", rows), min_height=150, max_height=400)
    assert bar_widths(image, 2) == [pytest.approx(BAR_W, abs=2)] * 2


def test_the_top_three_wear_medals():
    image = check_png(render_leaderboard("Martian Senet", ROWS), min_height=500, max_height=720)
    for index, rank in enumerate(range(1, 5)):
        x0, y0, _, y1 = leaderboard_row_box(index)
        badge = (x0, y0, NAME_X - 4, y1)  # the rank badge and the row's edge beside it
        medal_pixels = {
            place: count_near(image, badge, colour, tolerance=20) for place, colour in MEDALS.items()
        }
        if rank in MEDALS:
            assert medal_pixels[rank] > 500, f"rank {rank} has its medal"
        else:
            assert max(medal_pixels.values()) < 50, "no medal below third"


def test_ranks_are_shared_by_equal_shown_ratings():
    assert ranks([1010.0, 1000.2, 999.8, 990.0]) == [1, 2, 2, 4]
    assert ranks([1000.0]) == [1]


def test_at_most_ten_rows_are_drawn():
    eleven = [*ROWS, ("Hidden", 900.0, 2, 0)]
    png = render_leaderboard("Martian Senet", eleven)
    assert png == render_leaderboard("Martian Senet", ROWS)


def test_an_empty_leaderboard_says_so():
    image = check_png(render_leaderboard("Martian Flood", []), min_height=EMPTY_H, max_height=EMPTY_H)
    assert count_near(image, (0, 0, image.width, image.height), BAR) == 0
    assert count_near(image, (0, 80, image.width, 180), TEXT, tolerance=20) > 1000, "the message is written"


def test_names_keep_their_letters_and_lose_only_emoji():
    assert display_name("Zoë Ørsted 🚀") == "Zoë Ørsted"
    assert display_name("Françoise") == "Françoise"
    assert display_name("🎲🎲") == "Unnamed player"


@pytest.mark.parametrize(
    "name", ["Bartholomew the Magnificent of Mars", "Ünïcödé Ørsted 🚀🚀 the Very Long-Named"]
)
def test_long_names_stop_before_the_bars(name):
    image = check_png(
        render_leaderboard("Martian Senet", [(name, 1000.0, 3, 1)]), min_height=150, max_height=300
    )
    _, y0, _, y1 = leaderboard_row_box(0)
    written = colour_extent(image, (NAME_X - 4, y0 + 4, BAR_X0 - 2, y1 - 4), TEXT, tolerance=20)
    assert written is not None and written[0] == pytest.approx(NAME_X, abs=4)
    assert NAME_X + NAME_W - 30 <= written[1] <= NAME_X + NAME_W, "cut short where the column ends"
    assert count_near(image, (NAME_X + NAME_W + 2, y0, BAR_X0 - 2, y1), TEXT, tolerance=60) == 0


def test_player_stats_pair_played_and_won_on_one_scale():
    image = check_png(render_player_stats("Zoë Ørsted 🚀", STATS), min_height=500, max_height=720)
    most = 14
    for index, counts in enumerate(STATS["games"].values()):
        _, y0, x1, y1 = stats_row_box(index)
        region = (PAIR_X0 - 4, y0 + 4, x1 - 4, y1 - 4)
        played = colour_extent(image, region, BAR)
        assert played is not None and played[0] == pytest.approx(PAIR_X0, abs=2)
        assert played[1] - played[0] == pytest.approx(PAIR_W * counts["played"] / most, abs=3)
        won = colour_extent(image, region, WON_BAR)
        if counts["won"]:
            assert won[1] - won[0] == pytest.approx(PAIR_W * counts["won"] / most, abs=3)
        else:
            assert won is None, "no bar for no wins"


def test_player_stats_skip_games_not_played():
    stats = {
        "played": 2,
        "won": 1,
        "games": {"mars": {"played": 2, "won": 1}, "flood": {"played": 0, "won": 0}},
    }
    image = check_png(render_player_stats("Ann", stats), min_height=200, max_height=500)
    assert image.height == stats_row_box(0)[3] + LEGEND_H


def test_player_without_matches_gets_the_friendly_picture():
    png = render_player_stats("Newcomer", {"played": 0, "won": 0, "games": {}})
    image = check_png(png, min_height=EMPTY_H, max_height=EMPTY_H)
    assert count_near(image, (0, 0, image.width, image.height), BAR) == 0


# --- the pictures in words (their alt text) ---------------------------------------------------


def test_the_leaderboard_in_words_names_each_player_with_rank_and_rating():
    words = leaderboard_alt("Martian Senet leaderboard", ROWS)
    assert words.startswith("Martian Senet leaderboard, ratings as bars: 1. Alice 1087; ")
    assert "2. Bartholomew the Magnificent of Mars 1052; 3. Zoë Ørsted 1032;" in words  # whole names
    assert "10. Gus 922." in words and words.endswith("Bars start at 850; everyone starts at 0.")
    assert "23" not in words and "15" not in words, "games and wins are the message's"


def test_the_leaderboard_in_words_ranks_as_the_picture_does():
    rows = [("Ann", 1010.0, 1, 1), ("Ben", 1000.2, 1, 0), ("Cy", 999.8, 1, 0), ("Di", 990.0, 1, 0)]
    assert "1. Ann 1010; 2. Ben 1000; 2. Cy 1000; 4. Di 990." in leaderboard_alt("T", rows)
    eleven = [*ROWS, ("Hidden", 900.0, 2, 0)]
    assert leaderboard_alt("T", eleven) == leaderboard_alt("T", ROWS) and "Hidden" not in leaderboard_alt(
        "T", eleven
    )


def test_the_player_in_words_gives_the_totals_then_each_game_played():
    lines = player_stats_alt("Zoë Ørsted 🚀", STATS).splitlines()
    assert lines == [
        "Zoë Ørsted 🚀: 31 played, 12 won (39%).",
        "Martian Senet: 14 played, 8 won (57%), rating 1052.",
        "Martian Trickery: 9 played, 2 won (22%).",
        "Agents of M.A.R.S.: 5 played, 2 won (40%).",
        "Martian Combat: 2 played, 0 won (0%).",
        "Martian Flood: 1 played, 0 won (0%).",
    ]
    skipped = {
        "played": 2,
        "won": 1,
        "games": {"flood": {"played": 0, "won": 0}, "mars": {"played": 2, "won": 1}},
    }
    assert "Flood" not in player_stats_alt("Ann", skipped)


def test_empty_pictures_say_so_in_words():
    assert (
        leaderboard_alt("Martian Flood leaderboard", [])
        == "Martian Flood leaderboard: No finished matches yet."
    )
    assert player_stats_alt("Newcomer", {"played": 0, "won": 0, "games": {}}) == (
        "Newcomer: No finished matches yet."
    )


def test_the_words_speak_the_language_spoken():
    with speaking("de"):
        board = leaderboard_alt("Martian Senet: Rangliste", ROWS[:2])
        player = player_stats_alt("Zoë", STATS)
        empty = player_stats_alt("Zoë", {"played": 0, "won": 0, "games": {}})
    assert board == (
        "Martian Senet: Rangliste, Wertungen als Balken: 1. Alice 1087; 2. Bartholomew the Magnificent of"
        " Mars 1052. Balken ab 1000; alle beginnen bei 0."  # 1052 - 50, rounded down to 50
    )
    assert player.splitlines()[:2] == [
        "Zoë: 31 gespielt, 12 gewonnen (39\u00a0%).",
        "Martian Senet: 14 gespielt, 8 gewonnen (57\u00a0%), Wertung 1052.",
    ]
    assert empty == "Zoë: Noch keine Partie beendet."
