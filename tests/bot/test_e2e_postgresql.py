"""The real bot on PostgreSQL through SimCord: the same end-to-end matches as on SQLite, restarts
included, with DATABASE_URL pointing at a fresh schema of the test PostgreSQL server."""

import pytest

from tests.bot.test_e2e_computer_players import (  # noqa: F401
    test_a_computer_player_waits_its_pause_and_a_due_turn_survives_a_restart,
    test_a_hint_is_private_and_noted_in_the_record,
)
from tests.bot.test_e2e_deadlines import (  # noqa: F401
    test_a_clock_that_ran_out_while_the_bot_was_down_fires_on_start,
    test_config_panel_and_the_turn_clock_forfeit,
)
from tests.bot.test_e2e_flood import test_full_three_player_match_with_a_restart_between_two_actions  # noqa: F401
from tests.bot.test_e2e_learning import test_review_shows_three_moments_and_plays_on_from_one  # noqa: F401
from tests.bot.test_e2e_lifecycle import test_stats_and_leaderboard_after_finished_matches  # noqa: F401
from tests.bot.test_e2e_senet import test_full_match_through_clicks_with_a_restart_in_a_roll_chain  # noqa: F401
from tests.bot.test_e2e_tournaments import (  # noqa: F401
    test_a_twelve_player_swiss_of_trickery_with_a_no_show_and_a_bye,
    test_an_eight_player_round_robin_of_senet_played_to_the_end_with_restarts,
)
from tests.bot.test_e2e_trickery import (  # noqa: F401
    test_closed_dms_fall_back_to_my_hand_and_play,
    test_racing_clicks_apply_exactly_once,
    test_restart_in_the_lobby_and_mid_trick_keeps_every_button_working,
)

# Real network round trips to the server can't be fast-forwarded like SimCord's clock: advancing
# virtual hours (a sweep every 30 s) takes seconds of real time, within conftest's settle guard.


@pytest.fixture
def database_url(postgresql_url) -> str:
    """Every bot these tests build (and rebuild on restart) uses PostgreSQL."""
    return postgresql_url


async def test_the_bot_really_runs_on_postgresql(simcord_env, postgresql_url):
    assert simcord_env.bot.settings.database_url == postgresql_url
    assert type(simcord_env.bot.repository.db).__name__ == "PostgresDatabase"
