-- App owners (SPEC §4, §5, §7): workspace secrets the owner can read back, and invoices.
-- Same SQL on PGlite and PostgreSQL 15 (DESIGN "One SQL dialect").

-- The registration secret as text, next to its hash: the owner is shown it in the workspaces screen
-- (GET /api/workspaces answers it to the app owner only) and hands it to the crew. Rotating replaces both.
ALTER TABLE workspaces ADD COLUMN secret text;

-- SPEC §4 "activate it (an invoice is then sent)": one invoice per activated app, numbered in order.
CREATE TABLE invoices (
  number bigserial PRIMARY KEY,
  app_key text NOT NULL UNIQUE REFERENCES apps(app_key) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL DEFAULT now(),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  currency text NOT NULL,
  pdf bytea NOT NULL
);

-- SPEC §4 "inactive apps are deleted after three months": the daily job scans never-activated apps by age.
CREATE INDEX apps_never_activated ON apps(created_at) WHERE activated_at IS NULL;
