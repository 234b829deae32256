-- PostgreSQL's form of ../006_ratings.sql.
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    player   TEXT NOT NULL,
    mu       DOUBLE PRECISION NOT NULL,
    sigma    DOUBLE PRECISION NOT NULL,
    games    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, player)
);
