-- PostgreSQL's form of ../009_click_times.sql.
ALTER TABLE outbox ADD COLUMN clicked_at DOUBLE PRECISION;
