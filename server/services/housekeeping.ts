// SPEC §4 "App: not activated, then activated; inactive apps are deleted after three months" (§9
// "inactive apps deleted after 3 months"). A daily job deletes every app never activated whose
// creation is three months or more before the job's clock; the clock is injected so tests move time.
import { INACTIVE_APP_MONTHS } from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes the apps never activated and created at least INACTIVE_APP_MONTHS calendar months before
 * `now` (calendar months, clamped to the month's end), with everything that is theirs: workspaces,
 * layers, features and icons go by cascade; suggestions and history of those workspaces explicitly.
 * Answers the deleted app keys.
 */
export async function deleteExpiredApps(db: Db, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ app_key: string }>(
      `SELECT app_key FROM apps WHERE activated_at IS NULL AND created_at + make_interval(months => $2) <= $1::timestamptz
       FOR UPDATE`,
      [now.toISOString(), INACTIVE_APP_MONTHS],
    );
    const keys = rows.map((r) => r.app_key);
    if (!keys.length) return keys;
    await tx.query('DELETE FROM changes WHERE workspace_id IN (SELECT id FROM workspaces WHERE app_key = ANY($1::text[]))', [keys]);
    await tx.query('DELETE FROM apps WHERE app_key = ANY($1::text[])', [keys]);
    return keys;
  });
}

export interface DailyJobOptions {
  /** The job's clock (tests pass one three months ahead). */
  clock?: () => Date;
  intervalMs?: number;
  log?: (line: string) => void;
}

/** Runs a task now and then once a day; a failed run is logged and the next one still comes. */
export class DailyJob {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly clock: () => Date;

  constructor(
    private readonly task: (now: Date) => Promise<string[]>,
    private readonly opts: DailyJobOptions = {},
  ) {
    this.clock = opts.clock ?? (() => new Date());
  }

  /** One run at the clock's time; answers what the task reports (the deleted app keys). */
  async runOnce(): Promise<string[]> {
    try {
      const done = await this.task(this.clock());
      if (done.length) this.opts.log?.(`housekeeping: deleted ${done.length} app(s) never activated: ${done.join(', ')}`);
      return done;
    } catch (err) {
      this.opts.log?.(`housekeeping failed: ${err instanceof Error ? err.message : String(err)}`);
      return [];
    }
  }

  /** Runs once at once, then every interval; the timer never keeps the process alive. */
  start(): Promise<string[]> {
    this.stop();
    this.timer = setInterval(() => void this.runOnce(), this.opts.intervalMs ?? DAY_MS);
    this.timer.unref?.();
    return this.runOnce();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
