-- Each player's standing per server and game (rating, games, wins), brought up to date in the
-- transaction that ends a match, so /stats and /leaderboard read a few indexed rows instead of
-- replaying every finished match. `rated`: whether a finished match is counted in them (matches
-- finished before this migration are counted once, at start-up, by replaying them in order).
CREATE TABLE standings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    display_name TEXT,
    rating DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL DEFAULT 0,
    wins BIGINT NOT NULL DEFAULT 0,
    draws BIGINT NOT NULL DEFAULT 0,
    with_computers BIGINT NOT NULL DEFAULT 0,
    first_finished_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX standings_by_rating ON standings (guild_id, game, rating DESC, games DESC, user_id);
CREATE INDEX standings_by_player ON standings (guild_id, user_id);
ALTER TABLE matches ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
CREATE INDEX matches_unrated ON matches (guild_id) WHERE status = 'finished' AND rated = 0;
