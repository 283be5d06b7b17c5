-- /games lists a member's matches across servers without reading any match's state: the seats a
-- match waits for (its state's to_move, a JSON list of seat numbers, written with the state; the
-- bot fills it in once for matches already going when it starts), and the live matches found
-- without walking the member's finished ones.
ALTER TABLE matches ADD COLUMN to_move TEXT;
CREATE INDEX matches_live ON matches (id) WHERE status IN ('lobby', 'active');
