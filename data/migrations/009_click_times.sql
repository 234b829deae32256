-- The operators' metrics (issue 28): when the click whose answer wrote an outbox row was made (the
-- bot's clock's seconds, as Discord stamped the interaction; NULL: no click, like an AI's answer), so
-- that the time from a click to its next prompt or picture being delivered can be measured.
ALTER TABLE outbox ADD COLUMN clicked_at REAL;
