-- The fingerprint of the slash commands last synced with Discord (their payload with every
-- translation, where they went, and the application), so a start with the same commands skips the
-- sync: Discord allows 200 command creations a day. At most one row; deleting it forces a sync.
CREATE TABLE command_sync (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    fingerprint TEXT NOT NULL
);
