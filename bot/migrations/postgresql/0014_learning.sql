-- What a match is for: an ordinary match ('match', rated), a guided first match against the
-- computer ('tutorial', /learn) or a practice match played on from a reviewed position
-- ('practice'); only ordinary matches count in the standings. A practice match names the match it
-- continues.
ALTER TABLE matches ADD COLUMN purpose TEXT NOT NULL DEFAULT 'match';
ALTER TABLE matches ADD COLUMN source_match_id BIGINT REFERENCES matches (id);

-- Who finished which game's tutorial, and when (the first time), for /stats.
CREATE TABLE tutorials_finished (
    user_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (user_id, game)
);
