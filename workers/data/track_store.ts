// The recording track in the local database (SPEC §4 track recording): each kept position is one
// row, written as it arrives, so a recording survives a reload, a crash or an app restart. One track
// at a time per database: `track_state` says whether it is still recording or stopped and waiting
// for the user to keep or discard it.
import type { SqliteDb } from '../../wasm/sqlite.ts';
import type { TrackPoint } from '../../src/model/index.ts';
import type { StoredTrack, TrackPhase } from './protocol.ts';

/** LocalStore's serial access to its database (local_store.ts imports this module). */
interface LocalStore {
  run<T>(fn: (db: SqliteDb) => Promise<T>): Promise<T>;
}

/** Device tables beside SPEC §9's five stores, created where missing (like the outbox's). */
export async function ensureTrackTables(db: SqliteDb): Promise<void> {
  await db.exec(`CREATE TABLE IF NOT EXISTS track_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    phase TEXT NOT NULL,
    started_at INTEGER NOT NULL
  )`);
  await db.exec(`CREATE TABLE IF NOT EXISTS track_points (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    lon REAL NOT NULL,
    lat REAL NOT NULL,
    altitude REAL,
    time INTEGER NOT NULL
  )`);
}

/** A new recording: whatever track was there before is gone. */
export function startTrack(local: LocalStore, startedAt: number): Promise<void> {
  return local.run((db) =>
    db.transaction(async () => {
      await db.run('DELETE FROM track_points');
      await db.run("INSERT OR REPLACE INTO track_state (id, phase, started_at) VALUES (1, 'recording', ?)", [startedAt]);
    }),
  );
}

/** Appends kept positions, only while recording (a late position after stop is not written). */
export function appendTrackPoints(local: LocalStore, points: readonly TrackPoint[]): Promise<void> {
  return local.run(async (db) => {
    const state = await db.all('SELECT phase FROM track_state WHERE id = 1');
    if (state[0]?.[0] !== 'recording') return;
    await db.transaction(async () => {
      for (const p of points) {
        await db.run('INSERT INTO track_points (lon, lat, altitude, time) VALUES (?, ?, ?, ?)', [p.lon, p.lat, p.altitude ?? null, p.time]);
      }
    });
  });
}

export function setTrackPhase(local: LocalStore, phase: TrackPhase): Promise<void> {
  return local.run((db) => db.run('UPDATE track_state SET phase = ? WHERE id = 1', [phase]));
}

export function readTrack(local: LocalStore): Promise<StoredTrack | null> {
  return local.run(async (db) => {
    const state = await db.all('SELECT phase, started_at FROM track_state WHERE id = 1');
    if (!state[0]) return null;
    const rows = await db.all('SELECT lon, lat, altitude, time FROM track_points ORDER BY seq');
    return {
      phase: state[0][0] as TrackPhase,
      startedAt: state[0][1] as number,
      points: rows.map((r) => ({
        lon: r[0] as number,
        lat: r[1] as number,
        altitude: (r[2] as number | null) ?? null,
        time: r[3] as number,
      })),
    };
  });
}

export function clearTrack(local: LocalStore): Promise<void> {
  return local.run((db) =>
    db.transaction(async () => {
      await db.run('DELETE FROM track_points');
      await db.run('DELETE FROM track_state');
    }),
  );
}
