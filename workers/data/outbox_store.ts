// The outbox table of the local database (DESIGN "Offline first"): each suggestion made
// on this device, kept with its request bytes and its idempotency key until the server has
// answered it. Rows are numbered in the order they were made (`seq`), which is the replay order.
import type { SqliteDb, SqlValue } from '../../wasm/sqlite.ts';
import {
  newIdempotencyKey,
  rebaseRequest,
  resolveParentPath,
  type OutboxItem,
  type OutboxMeta,
  type OutboxRequest,
  type OutboxStatus,
} from '../../src/model/index.ts';

/** LocalStore's serial access to its database: local_store.ts imports this module, so not imported back. */
interface LocalStore {
  run<T>(fn: (db: SqliteDb) => Promise<T>): Promise<T>;
}

/**
 * SPEC §9 fixes the local database at version 2 with its five stores; the outbox and the feature
 * records (a feature's details as last read, so its prompt and edit form open offline) are
 * additions beside them, created where missing instead of bumping the SPEC's version. A database
 * written before they existed gets them on its next open; nothing else changes.
 */
export async function ensureDeviceTables(db: SqliteDb): Promise<void> {
  await db.exec(`CREATE TABLE IF NOT EXISTS feature_records (
    gfid INTEGER PRIMARY KEY,
    record TEXT NOT NULL
  )`);
  await db.exec(`CREATE TABLE IF NOT EXISTS outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    owner TEXT NOT NULL,
    method TEXT NOT NULL,
    path TEXT NOT NULL,
    content_type TEXT,
    body BLOB,
    parent INTEGER,
    status TEXT NOT NULL DEFAULT 'waiting',
    error TEXT,
    error_key TEXT,
    current TEXT,
    meta TEXT NOT NULL,
    created_at INTEGER NOT NULL
  )`);
}

const COLUMNS = 'seq, key, owner, method, path, content_type, parent, status, error, error_key, current, meta, created_at, length(body)';

function toItem(row: SqlValue[]): OutboxItem {
  return {
    seq: row[0] as number,
    key: row[1] as string,
    owner: row[2] as string,
    method: row[3] as OutboxItem['method'],
    path: row[4] as string,
    contentType: (row[5] as string | null) ?? null,
    parent: (row[6] as number | null) ?? null,
    status: row[7] as OutboxStatus,
    error: (row[8] as string | null) ?? null,
    errorKey: (row[9] as string | null) ?? null,
    current: row[10] ? (JSON.parse(row[10] as string) as OutboxItem['current']) : null,
    meta: JSON.parse(row[11] as string) as OutboxMeta,
    createdAt: row[12] as number,
    bodySize: (row[13] as number | null) ?? 0,
  };
}

/** A feature's details as the server last gave them (GET features/{gfid}), for offline prompts. */
export function putFeatureRecord(local: LocalStore, gfid: number, record: unknown): Promise<void> {
  return local.run((db) => db.run('INSERT OR REPLACE INTO feature_records (gfid, record) VALUES (?, ?)', [gfid, JSON.stringify(record)]));
}

export function getFeatureRecord(local: LocalStore, gfid: number): Promise<unknown> {
  return local.run(async (db) => {
    const rows = await db.all('SELECT record FROM feature_records WHERE gfid = ?', [gfid]);
    return rows[0] ? JSON.parse(rows[0][0] as string) : undefined;
  });
}

export class OutboxStore {
  constructor(private readonly local: LocalStore) {}

  /**
   * Keeps the request, and the attachments that wait for it (a new feature's photos), in one
   * transaction: a replay can never send the feature before its attachments know they wait for it.
   * The answer is the request's row; its `seq` is the replay order.
   */
  add(owner: string, request: OutboxRequest, attachments: readonly OutboxRequest[] = []): Promise<OutboxItem> {
    const insert = (db: SqliteDb, r: OutboxRequest, parent: number | null) =>
      db.run(
        `INSERT INTO outbox (key, owner, method, path, content_type, body, parent, meta, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [newIdempotencyKey(), owner, r.method, r.path, r.contentType ?? null, r.body ?? null, parent, JSON.stringify(r.meta), Date.now()],
      );
    return this.local.run((db) =>
      db.transaction(async () => {
        await insert(db, request, request.parent ?? null);
        const rows = await db.all(`SELECT ${COLUMNS} FROM outbox WHERE seq = last_insert_rowid()`);
        const item = toItem(rows[0]);
        for (const attachment of attachments) await insert(db, attachment, item.seq);
        return item;
      }),
    );
  }

  /** Every item, oldest first; `owner` limits them to one user's. */
  list(owner?: string): Promise<OutboxItem[]> {
    return this.local.run(async (db) => {
      const rows =
        owner === undefined
          ? await db.all(`SELECT ${COLUMNS} FROM outbox ORDER BY seq`)
          : await db.all(`SELECT ${COLUMNS} FROM outbox WHERE owner = ? ORDER BY seq`, [owner]);
      return rows.map(toItem);
    });
  }

  /** The body bytes of one item (a photo's, a PDF's, a feature collection's JSON). */
  body(seq: number): Promise<Uint8Array | null> {
    return this.local.run(async (db) => {
      let out: Uint8Array | null = null;
      await db.each('SELECT body FROM outbox WHERE seq = ?', [seq], (stmt) => {
        if (!db.isNull(stmt, 0)) out = db.blob(stmt, 0);
      });
      return out;
    });
  }

  /**
   * The oldest item of `owner` that can go now: waiting (or left "sending" by a replay that was cut
   * off — sent again with the same key, the server answers it once) and not waiting for a feature.
   */
  next(owner: string, after = 0): Promise<OutboxItem | undefined> {
    return this.local.run(async (db) => {
      const rows = await db.all(
        `SELECT ${COLUMNS} FROM outbox WHERE owner = ? AND seq > ? AND status IN ('waiting', 'sending') AND parent IS NULL
         ORDER BY seq LIMIT 1`,
        [owner, after],
      );
      return rows[0] ? toItem(rows[0]) : undefined;
    });
  }

  /** `refusal` is the server's answer to a failed or conflicting item. */
  setStatus(
    seq: number,
    status: OutboxStatus,
    refusal: { key?: string; message?: string; current?: OutboxItem['current'] } = {},
  ): Promise<void> {
    return this.local.run((db) =>
      db.run('UPDATE outbox SET status = ?, error = ?, error_key = ?, current = ? WHERE seq = ?', [
        status,
        refusal.message ?? null,
        refusal.key ?? null,
        refusal.current ? JSON.stringify(refusal.current) : null,
        seq,
      ]),
    );
  }

  /**
   * The server has the item: it leaves the outbox, and when it was a new feature the attachments
   * waiting for it now name its proposal (`diffGfid`) and may go — in one transaction, so a tab
   * closed in between can never leave them pointing at nothing.
   */
  complete(seq: number, newFeatureGfid?: number): Promise<void> {
    return this.local.run((db) =>
      db.transaction(async () => {
        if (newFeatureGfid !== undefined) {
          const children = await db.all('SELECT seq, path FROM outbox WHERE parent = ?', [seq]);
          for (const [child, path] of children) {
            await db.run('UPDATE outbox SET path = ?, parent = NULL WHERE seq = ?', [
              resolveParentPath(path as string, newFeatureGfid),
              child,
            ]);
          }
        }
        await db.run('DELETE FROM outbox WHERE seq = ?', [seq]);
      }),
    );
  }

  /** The user discards an item; what waits for it (a new feature's photos) goes with it. */
  remove(seq: number): Promise<void> {
    return this.local.run((db) =>
      db.transaction(async () => {
        await db.run('DELETE FROM outbox WHERE parent = ?', [seq]);
        await db.run('DELETE FROM outbox WHERE seq = ?', [seq]);
      }),
    );
  }

  /**
   * A conflict resubmitted on top of the current version (`rebaseRequest`), or a refused item sent
   * again: under a new key (the old one may have an answer stored), waiting again.
   */
  async resubmit(seq: number, version?: number): Promise<void> {
    const body = await this.body(seq);
    return this.local.run(async (db) => {
      const rows = await db.all('SELECT path, meta FROM outbox WHERE seq = ?', [seq]);
      if (!rows[0]) return;
      const rebased = version === undefined ? { path: rows[0][0] as string, body } : rebaseRequest(rows[0][0] as string, body, version);
      const meta = JSON.parse(rows[0][1] as string) as OutboxMeta;
      if (version !== undefined) meta.baseVersion = version;
      await db.run(
        `UPDATE outbox SET key = ?, path = ?, body = ?, meta = ?, status = 'waiting', error = NULL, error_key = NULL, current = NULL WHERE seq = ?`,
        [newIdempotencyKey(), rebased.path, rebased.body, JSON.stringify(meta), seq],
      );
    });
  }
}
