-- PostgreSQL's form of ../004_exactly_once_and_outbox.sql.
ALTER TABLE games ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
UPDATE games SET step = (snapshot::json ->> 'step')::INTEGER WHERE snapshot IS NOT NULL;

ALTER TABLE games ADD COLUMN waiting_seat INTEGER;
UPDATE games SET waiting_seat = (snapshot::json -> 'pending' ->> 'seat')::INTEGER WHERE status = 'running';

ALTER TABLE games ADD COLUMN starting_at DOUBLE PRECISION;

CREATE TABLE outbox (
    id         BIGSERIAL PRIMARY KEY,   -- never reused: it makes the nonce that dedupes a send
    game_id    BIGINT,
    target     TEXT NOT NULL,
    body       TEXT NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    not_before DOUBLE PRECISION NOT NULL DEFAULT 0,
    sending_at DOUBLE PRECISION,
    created_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX outbox_by_target ON outbox (target, id);

ALTER TABLE messages ADD COLUMN digest TEXT;
