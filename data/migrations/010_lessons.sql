-- Guided lessons (issue 31, /colt learn): one person's solo game against AI bandits on a prepared
-- deal, with the script's place beside it. Kept apart from `games`: a lesson has no server, no
-- channel of its own, no players' rows and no result, so it counts for no rating and no stats.
CREATE TABLE lessons (
    id         INTEGER PRIMARY KEY,     -- named by the lesson's buttons
    user_id    INTEGER NOT NULL,        -- the learner
    topic      TEXT NOT NULL,           -- data/lessons/<topic>.json
    status     TEXT NOT NULL CHECK (status IN ('running', 'over', 'dropped')),
    step       INTEGER NOT NULL DEFAULT 0,  -- presses and answers taken: a click names the one it answers
    lesson     TEXT NOT NULL,           -- JSON: engine.lessons.Lesson.to_json()
    snapshot   TEXT NOT NULL,           -- the engine's JSON snapshot of the lesson's game
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX lessons_by_user ON lessons (user_id, status);
