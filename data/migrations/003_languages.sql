-- Languages (issue 6): each game's, chosen at /colt new (the server's preferred language by
-- default), and each person's: the Discord language of their last interaction, and the one they
-- chose with /colt language, which wins over it (NULL: follow Discord).
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

CREATE TABLE people (
    user_id  INTEGER PRIMARY KEY,
    locale   TEXT,
    language TEXT
);
