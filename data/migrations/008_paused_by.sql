-- Who paused a game (issue 26): its players' DM prompts say so while it is paused.
ALTER TABLE games ADD COLUMN paused_by INTEGER;               -- the user who paused it (NULL: not paused)
