-- Per-server settings (/config) and the deadlines of the turn being waited for.
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    reminder_hours DOUBLE PRECISION NOT NULL DEFAULT 12,
    clock_hours DOUBLE PRECISION,
    use_threads BIGINT NOT NULL DEFAULT 1,
    play_channels TEXT,
    max_open_lobbies BIGINT NOT NULL DEFAULT 3,
    max_active_per_member BIGINT NOT NULL DEFAULT 5,
    max_active_per_guild BIGINT NOT NULL DEFAULT 50
);
ALTER TABLE matches ADD COLUMN reminder_due_at DOUBLE PRECISION;
ALTER TABLE matches ADD COLUMN clock_due_at DOUBLE PRECISION;
CREATE INDEX matches_reminders ON matches (reminder_due_at) WHERE status = 'active';
CREATE INDEX matches_clocks ON matches (clock_due_at) WHERE status = 'active';
