"""Leaderboard and player statistics pictures: charts, not game boards, so not registered in `renderers`.

Both are drawn for a phone: Discord shows a picture about 325 px wide there, so the canvas is
`WIDTH` (600) px wide and nothing is written smaller than SMALL_SIZE (22 px, about 12 px on the
phone). Words live in the message beside the picture; the picture keeps what a chart shows best.

The leaderboard is one row per player, best first: a rank badge, the name, and a bar for the rating
with its value after it (games played and won are in the message's text). Bars start a little below
the lowest rating shown (the footer says where), because ratings cluster together and bars from
zero would all look the same. The top three get gold, silver and bronze badges and a matching edge.

The player picture shows the totals, then one row per game with two bars on one scale: played
(blue) and won (green).

`leaderboard_alt` and `player_stats_alt` say what each picture shows in words (its description
for screen readers), in the language being spoken.

Every picture goes through `to_png` (64 colours), so marks reuse the kit's palette and a few shades.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from catalogue import tr
from games import GAMES

from .common import (
    BIG_SIZE,
    BODY_SIZE,
    EM_DASH,
    GOOD,
    HEADER_H,
    HEADING_SIZE,
    MARGIN,
    MUTED,
    ON_ACCENT,
    PANEL,
    PANEL_EDGE,
    SMALL_SIZE,
    TEXT,
    TITLE_SIZE,
    Box,
    Colour,
    draw_text,
    fit_text,
    mix,
    new_canvas,
    printable,
    text_width,
    to_png,
)
from .common import (
    panel_card as _panel,
)

WIDTH = 600  # both pictures: shown 325 px wide on a phone, 22 px text reads at about 12 px
MAX_ROWS = 10
PAD = 12
GAP = 6

BAR = (86, 146, 240)  # ratings, and games played
WON_BAR = GOOD
MEDALS: dict[int, Colour] = {1: (255, 196, 46), 2: (204, 210, 222), 3: (214, 134, 62)}
RANK_FILL = (62, 70, 88)

# --- the leaderboard's layout ----------------------------------------------------------------

ROW_H = 54
FOOTER_H = 44
RANK_D = 40  # the rank badge's diameter
NAME_X = MARGIN + PAD + RANK_D + 12
NAME_W = 224  # "Unnamed player", "Алексей Иванов" whole
BAR_X0 = NAME_X + NAME_W + 12
VALUE_W = 70  # after the longest bar: a gap and the rating, up to 4 digits
BAR_W = WIDTH - MARGIN - PAD - VALUE_W - BAR_X0  # the longest bar
BAR_H = 26
EMPTY_H = 200


def leaderboard_row_box(index: int) -> Box:
    """The panel of the `index`-th row (0 = best) on the leaderboard picture."""
    y0 = HEADER_H + index * (ROW_H + GAP)
    return (MARGIN, y0, WIDTH - MARGIN, y0 + ROW_H)


def bar_baseline(ratings: list[float]) -> float:
    """Where the bars start: 50 below the lowest rating, down to a round 50, so the last bar shows."""
    return math.floor((min(ratings) - 50) / 50) * 50


def bar_length(rating: float, baseline: float, top: float) -> int:
    """A rating's bar in px: the best rating gets the full width, the baseline none."""
    if top <= baseline:
        return BAR_W
    return max(4, round(BAR_W * (rating - baseline) / (top - baseline)))


def ranks(ratings: list[float]) -> list[int]:
    """Competition ranks ("1, 2, 2, 4") by the rating as shown, so equal numbers share a place."""
    shown = [round(rating) for rating in ratings]
    return [1 + sum(other > value for other in shown) for value in shown]


def display_name(name: str) -> str:
    """A display name as it will be drawn (emoji dropped); emoji-only names get a stand-in."""
    return printable(str(name)) or tr("Unnamed player")


def win_percent(games: int, wins: int) -> str:
    return tr("{percent}%", percent=round(100 * wins / games)) if games > 0 else EM_DASH


def _bars_note(baseline: float) -> str:
    return tr("Bars start at {baseline:.0f}; everyone starts at 0.", baseline=baseline)


def _no_matches() -> str:
    return tr("No finished matches yet")


def render_leaderboard(title: str, rows: list[tuple[str, float, int, int]]) -> bytes:
    """The top of a game's leaderboard: (name, rating, games, wins) rows, best first, at most 10 shown.
    Games and wins are the message's to say; the picture draws rank, name and rating."""
    rows = list(rows)[:MAX_ROWS]
    if not rows:
        return _render_empty(title, _no_matches(), tr("Finish a match and the table starts here."))
    height = leaderboard_row_box(len(rows) - 1)[3] + FOOTER_H
    image, draw = new_canvas(WIDTH, height)
    _draw_header(draw, title, tr("Top {count}", count=MAX_ROWS) if len(rows) == MAX_ROWS else "")
    ratings = [float(rating) for _, rating, _, _ in rows]
    baseline, top = bar_baseline(ratings), max(ratings)

    for index, ((name, rating, _, _), rank) in enumerate(zip(rows, ranks(ratings), strict=True)):
        box = leaderboard_row_box(index)
        medal = MEDALS.get(rank)
        _panel(draw, box, edge=medal or PANEL_EDGE, fill=mix(PANEL, medal, 0.1) if medal else PANEL)
        middle = (box[1] + box[3]) / 2
        _draw_rank(draw, (MARGIN + PAD + RANK_D / 2, middle), rank, medal)
        shown = fit_text(display_name(name), BODY_SIZE, NAME_W, bold=True)
        draw_text(draw, (NAME_X, middle), shown, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
        length = bar_length(float(rating), baseline, top)
        draw.rounded_rectangle(
            (BAR_X0, round(middle - BAR_H / 2), BAR_X0 + length, round(middle + BAR_H / 2)),
            radius=6,
            fill=BAR,
        )
        value = str(round(rating))
        draw_text(
            draw, (BAR_X0 + length + 10, middle), value, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True
        )

    draw_text(
        draw,
        (MARGIN + 4, height - FOOTER_H / 2),
        _bars_note(baseline),
        size=SMALL_SIZE,
        fill=MUTED,
        anchor="lm",
    )
    return to_png(image)


def leaderboard_alt(title: str, rows: list[tuple[str, float, int, int]]) -> str:
    """What `render_leaderboard(title, rows)` shows, in words: each player's rank, name and rating."""
    rows = list(rows)[:MAX_ROWS]
    if not rows:
        return tr("{title}: {message}.", title=title, message=_no_matches())
    ratings = [float(rating) for _, rating, _, _ in rows]
    ranking = "; ".join(
        tr("{rank}. {name} {rating}", rank=rank, name=str(name), rating=round(rating))
        for (name, rating, _, _), rank in zip(rows, ranks(ratings), strict=True)
    )
    return (
        tr("{title}, ratings as bars: {ranking}.", title=title, ranking=ranking)
        + " "
        + _bars_note(bar_baseline(ratings))
    )


def _draw_rank(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], rank: int, medal: Colour | None
) -> None:
    x, y = centre
    r = RANK_D / 2
    draw.ellipse((x - r, y - r, x + r, y + r), fill=medal or RANK_FILL)
    size = BODY_SIZE if rank < 10 else SMALL_SIZE
    ink = ON_ACCENT if medal else TEXT
    draw_text(draw, (x, y + 1), str(rank), size=size, fill=ink, anchor="mm", bold=True)


# --- a player's statistics -------------------------------------------------------------------

TOTALS_H = 104
GAME_ROW_H = 80
GAME_NAME_W = 262  # a game's title and its note ("100% won · rating 1052")
PAIR_X0 = MARGIN + PAD + GAME_NAME_W
COUNT_W = 64  # after the longest bar: a gap and the count
PAIR_W = WIDTH - MARGIN - PAD - COUNT_W - PAIR_X0  # the bar for the most played game
PAIR_BAR_H = 22
LEGEND_H = 44


def game_title(game_id: str) -> str:
    game = GAMES.get(game_id)
    return game.title if game else game_id.title()


def stats_row_box(index: int) -> Box:
    """The panel of the `index`-th game on the player statistics picture."""
    y0 = HEADER_H + TOTALS_H + GAP + index * (GAME_ROW_H + GAP)
    return (MARGIN, y0, WIDTH - MARGIN, y0 + GAME_ROW_H)


def pair_length(count: int, most: int) -> int:
    """A played or won bar in px, on one scale for the whole picture; zero draws nothing."""
    if count <= 0 or most <= 0:
        return 0
    return max(4, round(PAIR_W * count / most))


def _games_played(stats: dict) -> list[tuple[str, dict]]:
    return [
        (game_id, counts) for game_id, counts in (stats.get("games") or {}).items() if counts.get("played")
    ]


def _game_note(counts: dict) -> str:
    share = win_percent(int(counts.get("played", 0)), int(counts.get("won", 0)))
    if counts.get("rating") is not None:
        return tr("{share} won · rating {rating}", share=share, rating=round(counts["rating"]))
    return tr("{share} won", share=share)


def render_player_stats(name: str, stats: dict) -> bytes:
    """A player's totals and, per game, played vs won as paired bars.

    `stats` is what `bot.ratings.player_stats` returns; a game's entry may also carry its "rating".
    """
    title = fit_text(display_name(name), TITLE_SIZE, WIDTH - 2 * MARGIN - 8, bold=True)
    games = _games_played(stats)
    if not games:
        return _render_empty(title, _no_matches(), tr("Play a match to the end and it counts here."))
    height = stats_row_box(len(games) - 1)[3] + LEGEND_H
    image, draw = new_canvas(WIDTH, height)
    _draw_header(draw, title, tr("Statistics"))

    played, won = int(stats.get("played", 0)), int(stats.get("won", 0))
    totals = (MARGIN, HEADER_H, WIDTH - MARGIN, HEADER_H + TOTALS_H)
    _panel(draw, totals)
    figures = [
        (tr("Played"), str(played), TEXT),
        (tr("Won"), str(won), WON_BAR),
        (tr("Win rate"), win_percent(played, won), TEXT),
    ]
    column_w = (totals[2] - totals[0]) / len(figures)
    for i, (label, value, ink) in enumerate(figures):
        x = totals[0] + column_w * (i + 0.5)
        draw_text(draw, (x, totals[1] + 40), value, size=BIG_SIZE, fill=ink, anchor="mm", bold=True)
        draw_text(draw, (x, totals[1] + 80), label, size=SMALL_SIZE, fill=MUTED, anchor="mm")

    most = max(int(counts["played"]) for _, counts in games)
    for index, (game_id, counts) in enumerate(games):
        box = stats_row_box(index)
        _panel(draw, box)
        middle = (box[1] + box[3]) / 2
        label = fit_text(game_title(game_id), BODY_SIZE, GAME_NAME_W - 12, bold=True)
        draw_text(draw, (MARGIN + PAD, middle - 14), label, size=BODY_SIZE, fill=TEXT, anchor="lm", bold=True)
        note = fit_text(_game_note(counts), SMALL_SIZE, GAME_NAME_W - 12)
        draw_text(draw, (MARGIN + PAD, middle + 17), note, size=SMALL_SIZE, fill=MUTED, anchor="lm")
        game_played, game_won = int(counts.get("played", 0)), int(counts.get("won", 0))
        for row, (count, colour) in enumerate(((game_played, BAR), (game_won, WON_BAR))):
            y = middle + (row - 0.5) * (PAIR_BAR_H + 8)
            length = pair_length(count, most)
            if length:
                draw.rounded_rectangle(
                    (PAIR_X0, round(y - PAIR_BAR_H / 2), PAIR_X0 + length, round(y + PAIR_BAR_H / 2)),
                    radius=5,
                    fill=colour,
                )
            draw_text(
                draw,
                (PAIR_X0 + length + 10, y),
                str(count),
                size=SMALL_SIZE,
                fill=TEXT,
                anchor="lm",
                bold=True,
            )

    _draw_legend(draw, height - LEGEND_H / 2)
    return to_png(image)


def player_stats_alt(name: str, stats: dict) -> str:
    """What `render_player_stats(name, stats)` shows, in words: the totals, then each game's
    played and won counts and its rating."""
    games = _games_played(stats)
    if not games:
        return tr("{title}: {message}.", title=str(name), message=_no_matches())
    lines = [_counts_in_words(str(name), stats)]
    lines += [_counts_in_words(game_title(game_id), counts) for game_id, counts in games]
    return "\n".join(lines)


def _counts_in_words(subject: str, counts: dict) -> str:
    played, won = int(counts.get("played", 0)), int(counts.get("won", 0))
    values = {"subject": subject, "played": played, "won": won, "share": win_percent(played, won)}
    if counts.get("rating") is not None:
        return tr(
            "{subject}: {played} played, {won} won ({share}), rating {rating}.",
            rating=round(counts["rating"]),
            **values,
        )
    return tr("{subject}: {played} played, {won} won ({share}).", **values)


def _draw_legend(draw: ImageDraw.ImageDraw, middle: float) -> None:
    x = MARGIN + 4
    for label, colour in ((tr("played"), BAR), (tr("won"), WON_BAR)):
        draw.rounded_rectangle((x, round(middle - 9), x + 28, round(middle + 9)), radius=4, fill=colour)
        x += 38
        x += draw_text(draw, (x, middle), label, size=SMALL_SIZE, fill=MUTED, anchor="lm") + 28


# --- shared pieces ----------------------------------------------------------------------------


def _draw_header(draw: ImageDraw.ImageDraw, title: str, info: str) -> None:
    middle = HEADER_H / 2 + 2
    info_w = text_width(info, SMALL_SIZE) + 24 if info else 0
    title = fit_text(printable(title), TITLE_SIZE, WIDTH - 2 * MARGIN - 8 - info_w, bold=True)
    draw_text(draw, (MARGIN + 4, middle), title, size=TITLE_SIZE, fill=TEXT, anchor="lm", bold=True)
    if info:
        draw_text(draw, (WIDTH - MARGIN - 4, middle), info, size=SMALL_SIZE, fill=MUTED, anchor="rm")


def _render_empty(title: str, message: str, hint: str) -> bytes:
    """A friendly picture for a table or a player with nothing to show yet."""
    image, draw = new_canvas(WIDTH, EMPTY_H)
    _draw_header(draw, title, "")
    box = (MARGIN, HEADER_H, WIDTH - MARGIN, EMPTY_H - MARGIN)
    _panel(draw, box)
    middle_x, inside = WIDTH / 2, box[2] - box[0] - 2 * PAD
    message = fit_text(message, HEADING_SIZE, inside, bold=True)
    draw_text(draw, (middle_x, box[1] + 40), message, size=HEADING_SIZE, fill=TEXT, anchor="mm", bold=True)
    hint = fit_text(hint, SMALL_SIZE, inside)
    draw_text(draw, (middle_x, box[1] + 86), hint, size=SMALL_SIZE, fill=MUTED, anchor="mm")
    return to_png(image)


__all__ = ["leaderboard_alt", "player_stats_alt", "render_leaderboard", "render_player_stats"]
