-- Ratings (table/ratings.py): each server's players and AI levels, OpenSkill's mu and sigma.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    player   TEXT NOT NULL,            -- 'user:<id>' or 'ai:<level>'
    mu       REAL NOT NULL,
    sigma    REAL NOT NULL,
    games    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, player)
);
