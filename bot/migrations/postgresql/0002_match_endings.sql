-- When a match ended, who resigned, and which match a rematch repeats.
ALTER TABLE matches ADD COLUMN finished_at TEXT;
ALTER TABLE matches ADD COLUMN rematch_of BIGINT REFERENCES matches (id);
ALTER TABLE seats ADD COLUMN resigned BIGINT NOT NULL DEFAULT 0;
UPDATE matches SET finished_at = updated_at WHERE status = 'finished';
CREATE INDEX matches_by_guild ON matches (guild_id, status);
