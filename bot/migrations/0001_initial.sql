-- Matches, their seats and their action log.
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    guild_id INTEGER,
    channel_id INTEGER NOT NULL,
    thread_id INTEGER,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    seed INTEGER NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    options_json TEXT NOT NULL,
    state_json TEXT,
    host_id INTEGER NOT NULL,
    lobby_message_id INTEGER,
    lobby_expires_at REAL,
    board_message_id INTEGER,
    board_version INTEGER,  -- the match version the posted board shows
    end_reason TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX matches_open_lobbies ON matches (lobby_expires_at) WHERE status = 'lobby';

CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    display_name TEXT NOT NULL,
    accepted INTEGER NOT NULL DEFAULT 0,
    dm_closed INTEGER NOT NULL DEFAULT 0,
    prompt_message_id INTEGER,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id)
);

CREATE TABLE actions (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (match_id, ply)
);
