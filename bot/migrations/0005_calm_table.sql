-- A calm table: one live board edited in place, one private message per hand or round, and pings
-- only for players who are away.
ALTER TABLE matches ADD COLUMN board_posted_at REAL;  -- when the live board message was posted
ALTER TABLE matches ADD COLUMN board_chapter TEXT;  -- the hand, round or phase it was posted for
ALTER TABLE matches ADD COLUMN board_lines_json TEXT;  -- the last few actions in words, shown on it

ALTER TABLE seats ADD COLUMN prompt_chapter TEXT;  -- the hand or round its private message is for
ALTER TABLE seats ADD COLUMN last_seen_at REAL;  -- when the player last acted (or joined the match)

-- How each person wants to hear that it is their turn: when (away, every, never) and how
-- (mention in the match thread, or DM).
CREATE TABLE notify_preferences (
    user_id INTEGER PRIMARY KEY,
    notify_when TEXT NOT NULL DEFAULT 'away' CHECK (notify_when IN ('away', 'every', 'never')),
    notify_by TEXT NOT NULL DEFAULT 'mention' CHECK (notify_by IN ('mention', 'dm'))
);

ALTER TABLE guild_settings ADD COLUMN away_minutes REAL NOT NULL DEFAULT 3;
