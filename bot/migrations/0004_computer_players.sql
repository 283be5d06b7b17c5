-- Computer players, open seats, substitutes and hints.
-- A seat is a person (user_id), a computer player (computer = its level, user_id NULL) or, in a
-- lobby, an open seat (both NULL). left_user_id keeps who held a seat a computer took over.
CREATE TABLE seats_new (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    display_name TEXT NOT NULL,
    accepted INTEGER NOT NULL DEFAULT 0,
    dm_closed INTEGER NOT NULL DEFAULT 0,
    prompt_message_id INTEGER,
    resigned INTEGER NOT NULL DEFAULT 0,
    computer TEXT CHECK (computer IN ('easy', 'normal', 'hard')),
    left_user_id INTEGER,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, user_id)
);
INSERT INTO seats_new (match_id, seat, user_id, display_name, accepted, dm_closed, prompt_message_id, resigned)
    SELECT match_id, seat, user_id, display_name, accepted, dm_closed, prompt_message_id, resigned FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_by_user ON seats (user_id);

ALTER TABLE matches ADD COLUMN computer_level TEXT NOT NULL DEFAULT 'normal';  -- for filling seats
ALTER TABLE matches ADD COLUMN hints_allowed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN computer_due_at REAL;  -- when a computer player's turn is played
ALTER TABLE matches ADD COLUMN vacancy_json TEXT;  -- a seat whose player left, while the others decide
ALTER TABLE matches ADD COLUMN vacancy_due_at REAL;
CREATE INDEX matches_computer_turns ON matches (computer_due_at) WHERE status = 'active';
CREATE INDEX matches_vacancies ON matches (vacancy_due_at) WHERE status = 'active';

CREATE TABLE hints (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    ply INTEGER NOT NULL,  -- the action the hint was asked before (0 = the first)
    seat INTEGER NOT NULL,
    suggestion TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX hints_by_match ON hints (match_id, ply);

ALTER TABLE guild_settings ADD COLUMN open_invite_minutes REAL NOT NULL DEFAULT 60;
