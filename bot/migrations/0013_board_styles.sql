-- How a player chose to see positions with /board: the picture (no row), the position in words
-- instead ('words'), or both ('both'), in what the bot sends them personally.
CREATE TABLE board_styles (
    user_id INTEGER PRIMARY KEY,
    style TEXT NOT NULL
);
