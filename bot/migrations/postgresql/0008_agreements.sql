-- Take-backs and draws that the players agree on. `request_json`: the open request of a match
-- (who asked, for what, at which version, who has agreed); it lapses when the match moves on.
-- `takebacks`: every decision taken back, for the record (its ply is reused by the next action).
ALTER TABLE matches ADD COLUMN request_json TEXT;
CREATE TABLE takebacks (
    match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX takebacks_of_match ON takebacks (match_id, ply);
