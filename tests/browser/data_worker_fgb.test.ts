// The real data worker loading FlatGeobuf in Chromium against the real API server
// (tests/browser/global_setup.ts: 500 cities): same batches as the GeoJSON path, with progress.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { proxy, wrap, type Remote } from 'comlink';
import { DEMO_APP_KEY, NO_CATEGORY } from '../../src/model/index.ts';
import type { DataWorkerApi, LoadLayerRequest } from '../../workers/data/protocol.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';

const apiBase = inject('apiBase');
const worker = new Worker(new URL('../../workers/data/data.worker.ts', import.meta.url), { type: 'module' });
const api: Remote<DataWorkerApi> = wrap<DataWorkerApi>(worker);
afterAll(() => worker.terminate());

type Progress = [loaded: number, total: number | undefined, bytes: number];

function request(layer: string, extra: Partial<LoadLayerRequest> = {}): LoadLayerRequest {
  return { apiBase, appKey: DEMO_APP_KEY, workspace: 'ws_demo', layer, labelProperty: 'name', ...extra };
}

interface FeatureView {
  id: number;
  label: string | undefined;
  /** Vertex count of each part, and where its polygons end (part index within the feature). */
  parts: number[];
  polygonEnds: number[];
  coords: number[];
}

/** The batch feature by feature, sorted by id: a whole layer's FlatGeobuf comes in its spatial index's order. */
function byFeature(batch: FeatureBatch): FeatureView[] {
  const out: FeatureView[] = [];
  for (let f = 0; f < batch.count; f++) {
    const p0 = f === 0 ? 0 : batch.featureEnds[f - 1];
    const p1 = batch.featureEnds[f];
    const v0 = p0 === 0 ? 0 : batch.partEnds[p0 - 1];
    const parts: number[] = [];
    for (let p = p0; p < p1; p++) parts.push(batch.partEnds[p] - (p === 0 ? 0 : batch.partEnds[p - 1]));
    const polygonEnds = [...(batch.polygonEnds ?? [])].filter((e) => e > p0 && e <= p1).map((e) => e - p0);
    out.push({
      id: batch.ids[f],
      label: batch.labels?.[f],
      parts,
      polygonEnds,
      coords: [...batch.coords.subarray(2 * v0, 2 * batch.partEnds[p1 - 1])],
    });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** Same features, parts and labels; coordinates within GeoJSON's 6 decimals (RFC 7946 §11.2). */
function expectSameBatch(fgb: FeatureBatch, json: FeatureBatch) {
  expect({ type: fgb.geometryType, count: fgb.count }).toEqual({ type: json.geometryType, count: json.count });
  const a = byFeature(fgb);
  const b = byFeature(json);
  expect(a.map(({ coords, ...rest }) => rest)).toEqual(b.map(({ coords, ...rest }) => rest));
  let worst = 0;
  a.forEach((f, i) => {
    for (let k = 0; k < f.coords.length; k++) worst = Math.max(worst, Math.abs(f.coords[k] - b[i].coords[k]));
  });
  expect(worst).toBeLessThan(6e-7);
}

describe('data worker loadLayer over FlatGeobuf', () => {
  it('loads the cities by default as FlatGeobuf, reporting progress up to the count', async () => {
    const calls: Progress[] = [];
    const fgb = await api.loadLayer(
      request('cities'),
      proxy((...p: Progress) => void calls.push(p)),
    );
    const json = await api.loadLayer(request('cities', { format: 'geojson' }));
    expect(fgb.count).toBe(500);
    expectSameBatch(fgb, json);
    expect(calls.length).toBeGreaterThan(0);
    const [loaded, total, bytes] = calls.at(-1)!;
    expect([loaded, total]).toEqual([500, 500]);
    expect(bytes).toBeGreaterThan(500 * 50); // the whole body went through the decoder
    expect(calls.every(([n], i) => i === 0 || n >= calls[i - 1][0])).toBe(true);
  });

  it("carries the layer's category property to a per-feature byte over both formats (SPEC §9)", async () => {
    // The demo's categories are GeoNames codes (PPLC, PPLA…): none of the 18 icons, so 255 each.
    const fgb = await api.loadLayer(request('cities', { categoryProperty: 'featureCode' }));
    const json = await api.loadLayer(request('cities', { categoryProperty: 'featureCode', format: 'geojson' }));
    expect(fgb.categories).toBeInstanceOf(Uint8Array);
    expect(fgb.categories!.length).toBe(500);
    expect([...fgb.categories!]).toEqual([...json.categories!]);
    expect(new Set(fgb.categories)).toEqual(new Set([NO_CATEGORY]));
    expect((await api.loadLayer(request('cities'))).categories).toBeUndefined();
  });

  it('asks the server for FlatGeobuf (f=fgb gives application/flatgeobuf)', async () => {
    const res = await fetch(`${apiBase}/api/features?workspace=ws_demo&layer=cities&f=fgb`, {
      headers: { 'x-app-key': DEMO_APP_KEY },
    });
    expect(res.headers.get('content-type')).toBe('application/flatgeobuf');
    expect(new Uint8Array(await res.arrayBuffer()).subarray(0, 3)).toEqual(new Uint8Array([0x66, 0x67, 0x62]));
  });

  it('gives the same polygon and line batches as GeoJSON (multipolygons, holes, antimeridian)', async () => {
    for (const layer of ['countries', 'borders']) {
      const fgb = await api.loadLayer(request(layer, { format: 'fgb' }));
      const json = await api.loadLayer(request(layer, { format: 'geojson' }));
      expect(fgb.count).toBeGreaterThan(100);
      expectSameBatch(fgb, json);
    }
  });

  it('reports progress once for a GeoJSON load too', async () => {
    const calls: Progress[] = [];
    const b = await api.loadLayer(
      request('borders', { format: 'geojson' }),
      proxy((...p: Progress) => void calls.push(p)),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].slice(0, 2)).toEqual([b.count, b.count]);
  });

  it('stops a load cancelled by its requestId', async () => {
    const loading = api.loadLayer(request('cities', { requestId: 'fgb-cancel' }));
    expect(await api.cancel({ requestId: 'fgb-cancel' })).toBe(true);
    await expect(loading).rejects.toThrow(/abort/i);
  });

  it("rejects with the server's own message for an unknown layer", async () => {
    await expect(api.loadLayer(request('no_such_layer'))).rejects.toThrow(/layer/i);
  });
});
