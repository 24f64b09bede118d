// Bounded HTTP load generator, run as a CHILD PROCESS (`node --import tsx loadgen.ts '<job json>'`) so
// the load comes from a second process on 127.0.0.1. Every job has a fixed number of requests and a
// per-request timeout (the mixed job: a fixed duration); it prints one JSON line with the results and exits.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { prng } from '../data/generate.ts';

interface GetJob {
  kind: 'get';
  url: string;
  headers: Record<string, string>;
  concurrency: number;
  requests: number;
  timeoutMs: number;
}

interface ChangesJob {
  kind: 'changes';
  base: string;
  appKey: string;
  userSession: string;
  adminSession: string;
  workspace: string;
  layer: string;
  /** One update suggestion + its acceptance per entry. */
  changes: { gfid: number; lon: number; lat: number; population: number }[];
  concurrency: number;
  timeoutMs: number;
}

/**
 * Issue 16's mixed load: `clients` clients for `durationMs`, each doing in turn a single-feature read,
 * an update suggestion or the acceptance of a pending one (weights `mix`), client i on server
 * i mod n. Each suggestion names its own city (client i uses cities i, i + clients, …), so no two
 * pending suggestions touch the same feature; an accept takes the oldest acknowledged suggestion not
 * yet taken (a client finding none suggests instead).
 */
interface MixedJob {
  kind: 'mixed';
  bases: string[];
  appKey: string;
  userSession: string;
  adminSession: string;
  workspace: string;
  layer: string;
  /** The layer's points: reads pick any, suggestions move each one's population. */
  cities: { gfid: number; lon: number; lat: number }[];
  clients: number;
  durationMs: number;
  mix: { read: number; suggest: number; accept: number };
  timeoutMs: number;
}

function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | null,
  agent: http.Agent,
  timeoutMs: number,
): Promise<{ status: number; bytes: number; text: string; ms: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const u = new URL(url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        headers: body ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : headers,
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        let bytes = 0;
        const keep: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (keep.length < 64) keep.push(c); // small bodies only (change answers)
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            text: bytes < 1e6 ? Buffer.concat(keep).toString('utf8') : '',
            ms: performance.now() - t0,
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function runGet(job: GetJob) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const lat: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0,
    bytes = 0;
  const t0 = performance.now();
  await pool(
    Array.from({ length: job.requests }, (_, i) => i),
    job.concurrency,
    async () => {
      try {
        const r = await request(job.url, 'GET', job.headers, null, agent, job.timeoutMs);
        statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        if (r.status !== 200) errors++;
        lat.push(r.ms);
        bytes = r.bytes;
      } catch {
        errors++;
      }
    },
  );
  const wall = performance.now() - t0;
  agent.destroy();
  return { requests: job.requests, errors, statuses, wallMs: wall, reqPerS: (lat.length / wall) * 1000, latencies: lat, bodyBytes: bytes };
}

async function runChanges(job: ChangesJob) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const user = { 'x-app-key': job.appKey, 'x-session-id': job.userSession };
  const admin = { 'x-app-key': job.appKey, 'x-session-id': job.adminSession };
  const lat: number[] = [];
  const failures: string[] = [];
  const accepted: number[] = [];
  const t0 = performance.now();
  await pool(job.changes, job.concurrency, async (c) => {
    const s0 = performance.now();
    try {
      const body = JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
            properties: { gfid: c.gfid, population: c.population },
          },
        ],
      });
      const made = await request(
        `${job.base}/api/features/changes?workspace=${job.workspace}&layer=${job.layer}`,
        'PUT',
        user,
        body,
        agent,
        job.timeoutMs,
      );
      if (made.status !== 201) throw new Error(`suggest ${made.status} ${made.text.slice(0, 200)}`);
      const id = (JSON.parse(made.text) as { id: number }).id;
      const ok = await request(`${job.base}/api/features/changes/${id}/accept`, 'PUT', admin, null, agent, job.timeoutMs);
      if (ok.status !== 200) throw new Error(`accept ${ok.status} ${ok.text.slice(0, 200)}`);
      accepted.push(c.gfid);
      lat.push(performance.now() - s0);
    } catch (e) {
      failures.push(`${c.gfid}: ${(e as Error).message}`);
    }
  });
  const wall = performance.now() - t0;
  agent.destroy();
  return {
    changes: job.changes.length,
    accepted: accepted.length,
    failures: failures.slice(0, 10),
    failureCount: failures.length,
    wallMs: wall,
    changesPerS: (accepted.length / wall) * 1000,
    latencies: lat,
    acceptedGfids: accepted,
  };
}

type MixedOp = 'read' | 'suggest' | 'accept';

async function runMixed(job: MixedJob) {
  const agents = job.bases.map(() => new http.Agent({ keepAlive: true, maxSockets: job.clients }));
  const user = { 'x-app-key': job.appKey, 'x-session-id': job.userSession };
  const admin = { 'x-app-key': job.appKey, 'x-session-id': job.adminSession };
  const latencies: Record<MixedOp, number[]> = { read: [], suggest: [], accept: [] };
  const errors: Record<MixedOp, number> = { read: 0, suggest: 0, accept: 0 };
  const failures: string[] = [];
  const suggested: number[] = [];
  const accepted: number[] = [];
  const pending: number[] = [];
  const t0 = performance.now();
  const end = t0 + job.durationMs;
  const total = job.mix.read + job.mix.suggest + job.mix.accept;
  await Promise.all(
    Array.from({ length: job.clients }, async (_, client) => {
      const base = job.bases[client % job.bases.length];
      const agent = agents[client % agents.length];
      const random = prng(client + 1);
      let nextCity = client;
      while (performance.now() < end) {
        const draw = random() * total;
        let op: MixedOp = draw < job.mix.read ? 'read' : draw < job.mix.read + job.mix.suggest ? 'suggest' : 'accept';
        const changeId = op === 'accept' ? pending.shift() : undefined;
        if (op === 'accept' && changeId === undefined) op = 'suggest';
        if (op === 'suggest' && nextCity >= job.cities.length) op = 'read';
        const s0 = performance.now();
        try {
          if (op === 'read') {
            const { gfid } = job.cities[Math.floor(random() * job.cities.length)];
            const r = await request(`${base}/api/features/${gfid}`, 'GET', user, null, agent, job.timeoutMs);
            if (r.status !== 200) throw new Error(`read ${r.status} ${r.text.slice(0, 200)}`);
          } else if (op === 'suggest') {
            const { gfid, lon, lat } = job.cities[nextCity];
            nextCity += job.clients;
            const body = JSON.stringify({
              type: 'FeatureCollection',
              features: [
                { type: 'Feature', geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { gfid, population: 100_000 + gfid } },
              ],
            });
            const url = `${base}/api/features/changes?workspace=${job.workspace}&layer=${job.layer}`;
            const r = await request(url, 'PUT', user, body, agent, job.timeoutMs);
            if (r.status !== 201) throw new Error(`suggest ${r.status} ${r.text.slice(0, 200)}`);
            const id = (JSON.parse(r.text) as { id: number }).id;
            suggested.push(id);
            pending.push(id);
          } else {
            const r = await request(`${base}/api/features/changes/${changeId}/accept`, 'PUT', admin, null, agent, job.timeoutMs);
            if (r.status !== 200) throw new Error(`accept ${r.status} ${r.text.slice(0, 200)}`);
            accepted.push(changeId as number);
          }
          latencies[op].push(performance.now() - s0);
        } catch (e) {
          errors[op]++;
          if (failures.length < 10) failures.push(`${op}: ${(e as Error).message}`);
        }
      }
    }),
  );
  const wallMs = performance.now() - t0;
  for (const a of agents) a.destroy();
  return { wallMs, latencies, errors, failures, suggested, accepted };
}

// A job too large for the command line (the mixed job's cities) comes as `@<file>`.
const arg = process.argv[2];
const job = JSON.parse(arg.startsWith('@') ? readFileSync(arg.slice(1), 'utf8') : arg) as GetJob | ChangesJob | MixedJob;
const result = job.kind === 'get' ? await runGet(job) : job.kind === 'changes' ? await runChanges(job) : await runMixed(job);
process.stdout.write(JSON.stringify(result) + '\n');
