-- The language a player chose with /language, for texts the bot sends them; a player who never
-- chose (or chose to follow Discord) has no row and gets their Discord client's language.
CREATE TABLE player_languages (
    user_id INTEGER PRIMARY KEY,
    language TEXT NOT NULL
);
