-- An invitation that closed (declined, timed out, cancelled) still shows its buttons until its
-- message is edited; 1 here means that edit is still owed. The closing process holds the claim
-- (catch_up_until) while it edits; if it dies first, the next sweep of any process does it.
ALTER TABLE matches ADD COLUMN lobby_notice_due INTEGER NOT NULL DEFAULT 0;
