-- PostgreSQL's form of ../010_lessons.sql.
CREATE TABLE lessons (
    id         BIGSERIAL PRIMARY KEY,
    user_id    BIGINT NOT NULL,
    topic      TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('running', 'over', 'dropped')),
    step       INTEGER NOT NULL DEFAULT 0,
    lesson     TEXT NOT NULL,
    snapshot   TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX lessons_by_user ON lessons (user_id, status);
