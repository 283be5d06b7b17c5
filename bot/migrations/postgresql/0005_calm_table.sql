-- A calm table: the live board, one private message per hand or round, pings for the away.
ALTER TABLE matches ADD COLUMN board_posted_at DOUBLE PRECISION;
ALTER TABLE matches ADD COLUMN board_chapter TEXT;
ALTER TABLE matches ADD COLUMN board_lines_json TEXT;

ALTER TABLE seats ADD COLUMN prompt_chapter TEXT;
ALTER TABLE seats ADD COLUMN last_seen_at DOUBLE PRECISION;

CREATE TABLE notify_preferences (
    user_id BIGINT PRIMARY KEY,
    notify_when TEXT NOT NULL DEFAULT 'away' CHECK (notify_when IN ('away', 'every', 'never')),
    notify_by TEXT NOT NULL DEFAULT 'mention' CHECK (notify_by IN ('mention', 'dm'))
);

ALTER TABLE guild_settings ADD COLUMN away_minutes DOUBLE PRECISION NOT NULL DEFAULT 3;
