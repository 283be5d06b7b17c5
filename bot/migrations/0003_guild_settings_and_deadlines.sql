-- Per-server settings (/config) and the deadlines of the turn being waited for.
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    reminder_hours REAL NOT NULL DEFAULT 12,
    clock_hours REAL,  -- NULL: no turn clock
    use_threads INTEGER NOT NULL DEFAULT 1,
    play_channels TEXT,  -- JSON list of channel ids where /play works; NULL: everywhere
    max_open_lobbies INTEGER NOT NULL DEFAULT 3,  -- per member
    max_active_per_member INTEGER NOT NULL DEFAULT 5,
    max_active_per_guild INTEGER NOT NULL DEFAULT 50
);
ALTER TABLE matches ADD COLUMN reminder_due_at REAL;
ALTER TABLE matches ADD COLUMN clock_due_at REAL;
CREATE INDEX matches_reminders ON matches (reminder_due_at) WHERE status = 'active';
CREATE INDEX matches_clocks ON matches (clock_due_at) WHERE status = 'active';
