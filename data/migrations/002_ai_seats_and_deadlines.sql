-- AI bandits and turn timers (issue 5).
-- A seat is a person or an AI (user_id NULL, ai = its level): the players table is rebuilt with
-- the seat as its key. A person who misses decisions is counted (missed) and, after three in a
-- row, played by the AI (absent) until they say they are back.
CREATE TABLE players_new (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,         -- order of joining; clockwise at the table
    user_id   INTEGER,                  -- NULL for an AI bandit
    ai        TEXT CHECK (ai IN ('easy', 'normal', 'hard')),
    character TEXT,                     -- chosen in the lobby, or drawn at the start
    dm_ok     INTEGER NOT NULL DEFAULT 1,
    missed    INTEGER NOT NULL DEFAULT 0, -- decisions in a row the timer answered
    absent    INTEGER NOT NULL DEFAULT 0, -- played by the AI until "I'm back"
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id),
    CHECK ((user_id IS NULL) = (ai IS NOT NULL))
);
INSERT INTO players_new (game_id, seat, user_id, character, dm_ok)
    SELECT game_id, seat, user_id, character, dm_ok FROM players;
DROP TABLE players;
ALTER TABLE players_new RENAME TO players;

-- Who gave each answer: the player, an AI seat, the timer, or the AI for an absent player.
ALTER TABLE answers ADD COLUMN source TEXT NOT NULL DEFAULT 'player';

-- The pending decision's deadline (NULL when nobody is timed: an AI decides, or the game is not running).
ALTER TABLE games ADD COLUMN deadline_step INTEGER;
ALTER TABLE games ADD COLUMN deadline_at REAL;
