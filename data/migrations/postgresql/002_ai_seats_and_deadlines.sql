-- PostgreSQL's form of ../002_ai_seats_and_deadlines.sql: AI seats (no user), seats as the key.
ALTER TABLE players DROP CONSTRAINT players_pkey;
ALTER TABLE players ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE players ADD COLUMN ai TEXT CHECK (ai IN ('easy', 'normal', 'hard'));
ALTER TABLE players ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN absent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD PRIMARY KEY (game_id, seat);
ALTER TABLE players ADD UNIQUE (game_id, user_id);
ALTER TABLE players ADD CHECK ((user_id IS NULL) = (ai IS NOT NULL));

ALTER TABLE answers ADD COLUMN source TEXT NOT NULL DEFAULT 'player';

ALTER TABLE games ADD COLUMN deadline_step INTEGER;
ALTER TABLE games ADD COLUMN deadline_at DOUBLE PRECISION;
