-- Several bot processes on one database (issue 17): what one process has claimed for a while.
-- A turn's timer or AI move: the process that answers decision turn_step holds it until turn_until
-- (its clock's seconds); a lapsed claim (the process died) may be taken by another.
ALTER TABLE games ADD COLUMN turn_holder TEXT;
ALTER TABLE games ADD COLUMN turn_step INTEGER;
ALTER TABLE games ADD COLUMN turn_until REAL;
-- Other leases, by name: 'outbox:<target>' (one process delivers a target's messages, in order),
-- 'channel:<game>' (one process replaces a game's lost channel).
CREATE TABLE leases (
    name   TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until  REAL NOT NULL
);
