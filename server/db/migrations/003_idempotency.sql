-- The client's offline outbox replays suggestion calls with an Idempotency-Key; one row per (user, key)
-- remembers the first answer, so a replay after a lost response gets it again instead of a second
-- suggestion. Same SQL on PGlite and PostgreSQL 15 (DESIGN "One SQL dialect").
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  -- sha256 of method, path with query and body: the same key with another request is refused.
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
-- The start-up prune of old keys reads by age.
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
