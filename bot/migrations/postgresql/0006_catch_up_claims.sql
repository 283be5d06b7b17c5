-- Several processes may start together: the one that claims a match's catch-up (bringing its
-- board up to date after a restart) holds it until this time, so the others leave it alone.
ALTER TABLE matches ADD COLUMN catch_up_until DOUBLE PRECISION;
