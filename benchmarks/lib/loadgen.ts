// Bounded HTTP load generator, run as a CHILD PROCESS (`node --import tsx loadgen.ts '<job json>'`) so
// the load comes from a second process on 127.0.0.1. Every job has a fixed number of requests and a
// per-request timeout; it prints one JSON line with the results and exits.
import http from 'node:http';

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

const job = JSON.parse(process.argv[2]) as GetJob | ChangesJob;
const result = job.kind === 'get' ? await runGet(job) : await runChanges(job);
process.stdout.write(JSON.stringify(result) + '\n');
