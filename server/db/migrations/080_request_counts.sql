-- Issue 16: requests per client address in the current fixed window, shared by every app server
-- (server/http/request_limit.ts). UNLOGGED: written about once a second per server, and a counter
-- lost in a database crash costs nothing, so it skips the write-ahead log.
CREATE UNLOGGED TABLE request_counts (
  address text PRIMARY KEY,
  window_start bigint NOT NULL,
  count integer NOT NULL
);
