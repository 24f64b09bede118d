// The real data worker in Chromium against the real API server (tests/browser/global_setup.ts):
// fetch + pack + transfer, end to end.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { wrap, type Remote } from 'comlink';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import type { DataWorkerApi } from '../../workers/data/protocol.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';

const apiBase = inject('apiBase');
const worker = new Worker(new URL('../../workers/data/data.worker.ts', import.meta.url), { type: 'module' });
const api: Remote<DataWorkerApi> = wrap<DataWorkerApi>(worker);
afterAll(() => worker.terminate());

function load(layer: string): Promise<FeatureBatch> {
  return api.loadLayer({ apiBase, appKey: DEMO_APP_KEY, workspace: 'ws_demo', layer });
}

/** Invariants every batch keeps, whatever its geometry (workers/batch/feature_batch.ts). */
function expectConsistent(b: FeatureBatch) {
  expect(b.ids).toBeInstanceOf(Float64Array);
  expect(b.coords).toBeInstanceOf(Float64Array);
  expect(b.partEnds).toBeInstanceOf(Uint32Array);
  expect(b.featureEnds).toBeInstanceOf(Uint32Array);
  expect(b.ids.length).toBe(b.count);
  expect(b.featureEnds.length).toBe(b.count);
  expect(b.featureEnds[b.count - 1]).toBe(b.partEnds.length);
  expect(b.partEnds[b.partEnds.length - 1] * 2).toBe(b.coords.length);
  // Points stay in range (SPEC §5); lines and rings may be unwrapped across the antimeridian.
  const maxLon = b.geometryType === 'Point' ? 180 : 540;
  for (let i = 0; i < b.coords.length; i += 2) {
    if (Math.abs(b.coords[i]) > maxLon || b.coords[i + 1] < -90 || b.coords[i + 1] > 90) {
      throw new Error(`vertex ${i / 2} out of range: ${b.coords[i]},${b.coords[i + 1]}`);
    }
  }
}

describe('data worker loadLayer', () => {
  it('loads the seeded cities as one point per feature', async () => {
    const b = await load('cities');
    expect(b.layerId).toBe('cities');
    expect(b.geometryType).toBe('Point');
    expect(b.count).toBe(500);
    expect(b.coords.length).toBe(1000);
    expect(b.partEnds.length).toBe(500);
    expectConsistent(b);
    expect(new Set(b.ids).size).toBe(500); // gfids are unique
    expect(b.ids.every((id) => Number.isFinite(id))).toBe(true);
  });

  it('loads the countries as polygons with several rings', async () => {
    const b = await load('countries');
    expect(b.geometryType).toBe('Polygon');
    expect(b.count).toBeGreaterThan(100);
    expect(b.partEnds.length).toBeGreaterThan(b.count); // MultiPolygons and holes
    expect(b.polygonEnds).toBeInstanceOf(Uint32Array);
    expect(b.polygonEnds![b.polygonEnds!.length - 1]).toBe(b.partEnds.length);
    expectConsistent(b);
  });

  it('loads the borders as lines', async () => {
    const b = await load('borders');
    expect(b.geometryType).toBe('LineString');
    expect(b.count).toBeGreaterThan(0);
    expectConsistent(b);
  });

  it('moves the buffers instead of copying them', async () => {
    // A transferred batch arrives as fresh, non-shared buffers sized exactly to their views.
    const b = await load('cities');
    expect(b.coords.buffer.byteLength).toBe(b.coords.byteLength);
    expect(b.ids.buffer).not.toBe(b.coords.buffer);
  });

  it("rejects with the server's own message for an unknown layer", async () => {
    const res = await fetch(`${apiBase}/api/features?workspace=ws_demo&layer=no_such_layer`, {
      headers: { 'x-app-key': DEMO_APP_KEY },
    });
    expect(res.ok).toBe(false);
    const { message } = (await res.json()) as { message: string };
    await expect(load('no_such_layer')).rejects.toThrow(message);
  });
});
