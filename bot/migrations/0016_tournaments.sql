-- Tournaments (/tournament): one per game, Swiss or round robin, its sign-up message and the
-- thread whose one standings message is kept current. `version` moves on with every decision, so a
-- stale click or a second process deciding the same thing changes nothing.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    thread_id INTEGER,
    signup_message_id INTEGER,
    standings_message_id INTEGER,
    game TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('swiss', 'round_robin')),
    rounds INTEGER,  -- NULL until it starts (a round robin's count depends on who signed up)
    table_size INTEGER NOT NULL,  -- the largest table
    clock_hours REAL NOT NULL,
    computer_level TEXT NOT NULL,  -- takes a no-show's seat at a table of 3 or 4
    max_entrants INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    current_round INTEGER NOT NULL DEFAULT 0,
    creator_id INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    round_posted INTEGER NOT NULL DEFAULT 0,  -- the last round whose tables the thread announced
    standings_key TEXT,  -- what the standings message last showed: the tables ended, the version
    advance_until REAL  -- a process's claim on advancing it and bringing its messages up to date
);
CREATE INDEX tournaments_running ON tournaments (status);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    display_name TEXT NOT NULL,
    signup_order INTEGER NOT NULL,
    withdrawn INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, user_id)
);

-- A round someone sat out: asked for (requested) or left over by the pairing.
CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    requested INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, user_id)
);

ALTER TABLE matches ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
ALTER TABLE matches ADD COLUMN tournament_round INTEGER;
CREATE INDEX matches_of_tournament ON matches (tournament_id, tournament_round) WHERE tournament_id IS NOT NULL;

-- The role whose members may run tournaments besides those with Manage Server (/config league_role).
ALTER TABLE guild_settings ADD COLUMN league_role_id INTEGER;
