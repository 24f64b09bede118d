import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';

// Issue 16 "per-IP request limits", shared by every app server on one database. A fixed window per
// client address (aligned to the clock, so all servers agree on it) counted in table
// request_counts (migration 080).
//
// Writes stay cheap: a server writes an address's row once when it first sees the address in a
// window (so the others learn of it at once), then counts in memory and adds its counts to the
// shared rows in ONE batched UPSERT per flush interval (1 s), whatever the request rate; the UPSERT
// returns the shared totals, which is how each server learns what the others counted. One
// statement per request would put a write on every read at peak load. The price: between two
// flushes each server only knows its own new requests, so a client spreading over N servers may
// pass the limit by at most (N − 1) × its rate × 1 s. The table is UNLOGGED (no WAL: a counter
// lost in a database crash costs nothing) and swept of ended windows once a minute.

export interface RequestLimitOptions {
  /** Requests one address may make per window. */
  max: number;
  windowSeconds: number;
  /** How often counts are added to the shared rows. */
  flushMs?: number;
}

interface Entry {
  /** The window (its start, epoch seconds) the counts below belong to. */
  window: number;
  /** The total of every server as last read from the database. */
  shared: number;
  /** Counted here since that read. */
  pending: number;
  /** The first write of this window, while it runs. */
  first?: Promise<void>;
}

const UPSERT = `INSERT INTO request_counts (address, window_start, count)
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
  ON CONFLICT (address) DO UPDATE SET
    count = CASE WHEN request_counts.window_start = EXCLUDED.window_start THEN request_counts.count + EXCLUDED.count
                 WHEN request_counts.window_start < EXCLUDED.window_start THEN EXCLUDED.count
                 ELSE request_counts.count END,
    window_start = greatest(request_counts.window_start, EXCLUDED.window_start)
  RETURNING address, window_start, count`;

const SWEEP_EVERY_MS = 60_000;

export class RequestLimiter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private lastSweep = Date.now();

  constructor(
    private readonly db: Db,
    private readonly options: RequestLimitOptions,
    private readonly now: () => number = Date.now,
  ) {}

  private currentWindow(): number {
    const w = this.options.windowSeconds;
    return Math.floor(this.now() / 1000 / w) * w;
  }

  /** Seconds until the current window ends (Retry-After). */
  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.currentWindow() + this.options.windowSeconds - this.now() / 1000));
  }

  /** Counts one request of `address`; false when the address is over its limit (the request is not counted). */
  async take(address: string): Promise<boolean> {
    const window = this.currentWindow();
    let entry = this.entries.get(address);
    if (!entry || entry.window !== window) {
      const fresh: Entry = { window, shared: 0, pending: 1 };
      entry = fresh;
      this.entries.set(address, fresh);
      // Fails open: an unreachable database refuses the request's own work anyway.
      fresh.first = this.write([[address, fresh]])
        .catch(() => undefined)
        .finally(() => {
          fresh.first = undefined;
        });
      this.schedule();
      await fresh.first;
      return true;
    }
    if (entry.first) await entry.first;
    if (entry.shared + entry.pending >= this.options.max) return false;
    entry.pending++;
    return true;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs ?? 1000);
    this.timer.unref();
  }

  /** Adds every pending count to the shared rows (at most one flush at a time) and drops ended windows. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = (async () => {
      const window = this.currentWindow();
      const batch: [string, Entry][] = [];
      for (const [address, entry] of this.entries) {
        if (entry.window !== window) this.entries.delete(address);
        else if (entry.pending > 0 && !entry.first) batch.push([address, entry]);
      }
      if (!this.entries.size && this.timer) {
        clearInterval(this.timer);
        this.timer = undefined;
      }
      await this.write(batch);
      if (this.now() - this.lastSweep > SWEEP_EVERY_MS) {
        this.lastSweep = this.now();
        await this.db.query('DELETE FROM request_counts WHERE window_start < $1', [window]);
      }
    })()
      .catch(() => undefined) // a missed flush is counted at the next one
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** One UPSERT for all of `batch`: adds what each counted since the last write and reads the totals back. */
  private async write(batch: [string, Entry][]): Promise<void> {
    if (!batch.length) return;
    const sent = batch.map(([, e]) => e.pending);
    const { rows } = await this.db.query<{ address: string; window_start: string | number; count: number }>(UPSERT, [
      batch.map(([a]) => a),
      batch.map(([, e]) => e.window),
      sent,
    ]);
    const totals = new Map(rows.map((r) => [r.address, r]));
    batch.forEach(([address, entry], i) => {
      const row = totals.get(address);
      entry.pending -= sent[i];
      if (row && Number(row.window_start) === entry.window) entry.shared = Number(row.count);
    });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * Every API request is counted against its client address (`request.ip`: the proxy's
 * X-Forwarded-For when trustProxy says so). The health check (load balancers poll it) and the
 * client's static files (no database work, cached by the browser) are not.
 */
export function registerRequestLimit(app: FastifyInstance, db: Db, options: RequestLimitOptions): void {
  const limiter = new RequestLimiter(db, options);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/') || path === '/api/health') return;
    if (await limiter.take(request.ip)) return;
    return reply.code(429).header('retry-after', String(limiter.retryAfterSeconds())).send(errorBody('TOO_MANY_REQUESTS', 429));
  });
  app.addHook('onClose', async () => {
    limiter.stop();
    await limiter.flush();
  });
}
