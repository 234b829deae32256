-- PostgreSQL's form of ../005_slow_play.sql.
ALTER TABLE games ADD COLUMN deadline_limit DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN waiting_since DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN paused_at DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN paused_left DOUBLE PRECISION;
UPDATE games SET waiting_since = updated_at WHERE status = 'running';
ALTER TABLE people ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;
