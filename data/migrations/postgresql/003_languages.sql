-- PostgreSQL's form of ../003_languages.sql.
ALTER TABLE games ADD COLUMN language TEXT NOT NULL DEFAULT 'en';

CREATE TABLE people (
    user_id  BIGINT PRIMARY KEY,
    locale   TEXT,
    language TEXT
);
