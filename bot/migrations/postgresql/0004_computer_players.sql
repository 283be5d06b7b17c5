-- Computer players, open seats, substitutes and hints (SQLite rebuilds the seats table for this;
-- PostgreSQL alters it in place).
ALTER TABLE seats ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE seats ADD COLUMN computer TEXT CHECK (computer IN ('easy', 'normal', 'hard'));
ALTER TABLE seats ADD COLUMN left_user_id BIGINT;
CREATE INDEX seats_by_user ON seats (user_id);

ALTER TABLE matches ADD COLUMN computer_level TEXT NOT NULL DEFAULT 'normal';
ALTER TABLE matches ADD COLUMN hints_allowed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN computer_due_at DOUBLE PRECISION;
ALTER TABLE matches ADD COLUMN vacancy_json TEXT;
ALTER TABLE matches ADD COLUMN vacancy_due_at DOUBLE PRECISION;
CREATE INDEX matches_computer_turns ON matches (computer_due_at) WHERE status = 'active';
CREATE INDEX matches_vacancies ON matches (vacancy_due_at) WHERE status = 'active';

CREATE TABLE hints (
    match_id BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    suggestion TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX hints_by_match ON hints (match_id, ply);

ALTER TABLE guild_settings ADD COLUMN open_invite_minutes DOUBLE PRECISION NOT NULL DEFAULT 60;
