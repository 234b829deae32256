-- PostgreSQL's form of ../008_paused_by.sql.
ALTER TABLE games ADD COLUMN paused_by BIGINT;
