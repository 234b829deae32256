-- PostgreSQL's form of ../007_leases.sql.
ALTER TABLE games ADD COLUMN turn_holder TEXT;
ALTER TABLE games ADD COLUMN turn_step INTEGER;
ALTER TABLE games ADD COLUMN turn_until DOUBLE PRECISION;
CREATE TABLE leases (
    name   TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    until  DOUBLE PRECISION NOT NULL
);
