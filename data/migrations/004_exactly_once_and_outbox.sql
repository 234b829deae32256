-- Correct under load (issue 12).
-- The engine step of the stored snapshot: an answer is written only where the stored game is still
-- at the step it answers (compare-and-set), so no cache and no second process can apply it twice.
ALTER TABLE games ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
UPDATE games SET step = json_extract(snapshot, '$.step') WHERE snapshot IS NOT NULL;

-- The seat the pending decision waits for (NULL: nobody), so that timers and AI seats are watched
-- again after a restart without loading every game.
ALTER TABLE games ADD COLUMN waiting_seat INTEGER;
UPDATE games SET waiting_seat = json_extract(snapshot, '$.pending.seat') WHERE status = 'running';

-- A Start click claims its lobby here while the table's channel is made: a second click is refused.
ALTER TABLE games ADD COLUMN starting_at REAL;

-- What must be shown, written in the same transaction as the change that caused it and delivered by
-- a worker per target, in order, with retries: a transactional outbox.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: it makes the nonce that dedupes a send
    game_id    INTEGER,                 -- the game it belongs to (NULL: none); kept after the game
    target     TEXT NOT NULL,           -- 'game:<id>' (its channel, wherever it is now), 'user:<id>' (DMs),
                                        -- 'channel:<id>' (a known channel, e.g. a lobby)
    body       TEXT NOT NULL,           -- JSON: what to send, edit or delete (cogs.delivery)
    attempts   INTEGER NOT NULL DEFAULT 0,
    not_before REAL NOT NULL DEFAULT 0, -- the next try after a passing failure (backoff, 429's retry_after)
    sending_at REAL,                    -- a send began: after a crash the message may be there already
    created_at REAL NOT NULL
);
CREATE INDEX outbox_by_target ON outbox (target, id);

-- The pictures a remembered message carries (a digest), so an edit re-uploads them only when changed.
ALTER TABLE messages ADD COLUMN digest TEXT;
