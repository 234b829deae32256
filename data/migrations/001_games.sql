-- Games, their players, every answer given (a game is its seed plus these), the bot's
-- messages that get edited later, and the results that make the server's stats.
CREATE TABLE games (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    lobby_channel_id INTEGER NOT NULL,
    lobby_message_id INTEGER,
    channel_id       INTEGER,           -- the game's own channel or thread, once started
    host_id          INTEGER NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'over', 'abandoned')),
    options          TEXT NOT NULL,     -- JSON: the lobby's game options
    seed             INTEGER NOT NULL,
    snapshot         TEXT,              -- the engine's JSON snapshot while running and after
    created_at       REAL NOT NULL,
    updated_at       REAL NOT NULL,
    ended_at         REAL,
    cleanup_at       REAL               -- when the finished game's channel is deleted
);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    seat      INTEGER NOT NULL,         -- order of joining; clockwise at the table
    character TEXT,                     -- chosen in the lobby, or drawn at the start
    dm_ok     INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE answers (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    step    INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    answer  TEXT NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, step)
);

CREATE TABLE messages (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    key        TEXT NOT NULL,           -- 'pile', 'hand:<seat>', 'choice:<seat>', 'waiting'
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, key)
);

CREATE TABLE results (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id   INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    character  TEXT NOT NULL,
    score      INTEGER NOT NULL,
    won        INTEGER NOT NULL,
    gunslinger INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX results_by_guild ON results (guild_id);
