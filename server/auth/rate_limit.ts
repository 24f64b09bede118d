import type { Db } from '../db/index.ts';

// TOOLCHAIN "Passwords: rate-limit logins", and issue 16: the counters live in the database (table
// rate_limits), so every app server on one PostgreSQL counts the same failures and a restart
// forgets nothing; swept as their windows end, so the table stays small.

export interface Limit {
  /** What is counted, e.g. `login-ip:203.0.113.9`. */
  key: string;
  max: number;
  windowSeconds: number;
}

const SWEEP_EVERY_MS = 60_000;

export class RateLimiter {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  /** Whether any of the limits has reached its maximum in its current window. */
  async isBlocked(limits: Limit[]): Promise<boolean> {
    if (!limits.length) return false;
    const { rows } = await this.db.query<{ key: string; count: number; age: number }>(
      'SELECT key, count, extract(epoch FROM now() - window_start)::float8 AS age FROM rate_limits WHERE key = ANY($1::text[])',
      [limits.map((l) => l.key)],
    );
    const byKey = new Map(rows.map((r) => [r.key, r]));
    return limits.some((l) => {
      const row = byKey.get(l.key);
      return !!row && row.age < l.windowSeconds && row.count >= l.max;
    });
  }

  /** Counts one event against each limit; true when one of them is now over its maximum. */
  async hit(limits: Limit[]): Promise<boolean> {
    let over = false;
    for (const l of limits) {
      const { rows } = await this.db.query<{ count: number }>(
        `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, now(), 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.count + 1 END,
           window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
         RETURNING count`,
        [l.key, l.windowSeconds],
      );
      if (rows[0].count > l.max) over = true;
    }
    await this.sweep();
    return over;
  }

  async reset(key: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    // No window is longer than a day.
    await this.db.query("DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'");
  }
}
