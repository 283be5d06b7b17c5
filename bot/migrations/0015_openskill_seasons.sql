-- Ratings become OpenSkill Plackett-Luce (bot/ratings.py): each standing keeps the model's skill
-- estimate `mu` and its uncertainty `sigma`, and `rating` now holds the conservative rating
-- mu - 3 sigma, what the leaderboard orders by (its index stays).
ALTER TABLE standings ADD COLUMN mu REAL NOT NULL DEFAULT 25.0;
ALTER TABLE standings ADD COLUMN sigma REAL NOT NULL DEFAULT 8.333333333333334;
-- The Elo standings are converted once: every finished match counts as not yet rated, so the
-- first start rebuilds each server's standings by replaying its finished matches in the order
-- they finished (Standings.count_unrated), and marks them rated.
UPDATE matches SET rated = 0 WHERE status = 'finished' AND purpose = 'match';

-- A server's seasons, one running at a time. `number` counts a server's seasons (the default
-- name is "Season <number>"); the final table goes to `channel_id`, where it started. `ends_at`:
-- when it ends by itself (a timestamp; NULL: only by /season end). `table_owed`: ended, the final
-- table not yet posted; `claim_until`: the lease of the process ending it or posting its table.
CREATE TABLE seasons (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    number INTEGER NOT NULL,
    name TEXT,
    channel_id INTEGER NOT NULL,
    started_at REAL NOT NULL,
    ends_at REAL,
    ended_at REAL,
    table_owed INTEGER NOT NULL DEFAULT 0,
    claim_until REAL,
    UNIQUE (guild_id, number)
);
CREATE UNIQUE INDEX seasons_running ON seasons (guild_id) WHERE ended_at IS NULL;

-- Each player's results per season and game, counted in the transaction that ends a match.
CREATE TABLE season_standings (
    season_id INTEGER NOT NULL REFERENCES seasons (id),
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    display_name TEXT,
    matches INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    points REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (season_id, game, user_id)
);

-- Each game's top three of a season that ended (place 1-3), for /stats.
CREATE TABLE season_badges (
    season_id INTEGER NOT NULL REFERENCES seasons (id),
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    place INTEGER NOT NULL,
    PRIMARY KEY (season_id, game, user_id)
);
CREATE INDEX season_badges_of ON season_badges (user_id);
