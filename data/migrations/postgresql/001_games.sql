-- PostgreSQL's form of ../001_games.sql (the same tables; ids and Discord snowflakes are BIGINT,
-- times DOUBLE PRECISION seconds as in SQLite's REAL).
CREATE TABLE games (
    id               BIGSERIAL PRIMARY KEY,
    guild_id         BIGINT NOT NULL,
    lobby_channel_id BIGINT NOT NULL,
    lobby_message_id BIGINT,
    channel_id       BIGINT,
    host_id          BIGINT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'over', 'abandoned')),
    options          TEXT NOT NULL,
    seed             BIGINT NOT NULL,
    snapshot         TEXT,
    created_at       DOUBLE PRECISION NOT NULL,
    updated_at       DOUBLE PRECISION NOT NULL,
    ended_at         DOUBLE PRECISION,
    cleanup_at       DOUBLE PRECISION
);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE players (
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   BIGINT NOT NULL,
    seat      INTEGER NOT NULL,
    character TEXT,
    dm_ok     INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE answers (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    step    INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    answer  TEXT NOT NULL,
    at      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, step)
);

CREATE TABLE messages (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key        TEXT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    PRIMARY KEY (game_id, key)
);

CREATE TABLE results (
    game_id    BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    character  TEXT NOT NULL,
    score      INTEGER NOT NULL,
    won        INTEGER NOT NULL,
    gunslinger INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX results_by_guild ON results (guild_id);
