-- Slow play: reminders, "waiting since", pausing, and each person's reminder setting.
ALTER TABLE games ADD COLUMN deadline_limit REAL;             -- seconds the timed decision was given
ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0; -- reminders sent for the timed decision
ALTER TABLE games ADD COLUMN waiting_since REAL;              -- when the pending decision was asked
ALTER TABLE games ADD COLUMN paused_at REAL;                  -- when the game was paused (NULL: not paused)
ALTER TABLE games ADD COLUMN paused_left REAL;                -- seconds its timed decision had left then
UPDATE games SET waiting_since = updated_at WHERE status = 'running';
ALTER TABLE people ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1; -- 0: this person wants no reminders
