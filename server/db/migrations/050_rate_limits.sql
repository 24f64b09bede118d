-- Issue 16: counters every app server shares (failed logins, password resets, registrations), so a
-- limit holds across a load balancer and a restart. One fixed window per key; old windows are swept.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
CREATE INDEX rate_limits_window ON rate_limits(window_start);
