// Zoom bands through the real data worker (workers/data/zoom_bands.ts): at a low zoom the render port
// gets the countries simplified, at zoom 16 whole, while taps are still answered from full resolution.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { transfer, wrap, type Remote } from 'comlink';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import type { DataWorkerApi } from '../../workers/data/protocol.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import type { BatchMessage } from '../../workers/batch/batch_port.ts';
import { buildSpatialIndex } from '../../workers/batch/spatial_index.ts';
import { featureVertexRange } from '../../workers/batch/feature_batch.ts';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';
import { hitTest } from '../../workers/data/hit_testing.ts';

const apiBase = inject('apiBase');
let worker: Worker | undefined;
afterEach(() => worker?.terminate());

async function session() {
  worker = new Worker(new URL('../../workers/data/data.worker.ts', import.meta.url), { type: 'module' });
  const api: Remote<DataWorkerApi> = wrap<DataWorkerApi>(worker);
  const channel = new MessageChannel();
  const deliveries: BatchMessage[] = [];
  channel.port2.onmessage = (e: MessageEvent<BatchMessage>) => deliveries.push(e.data);
  await api.connectRenderer(transfer({ port: channel.port1 }, [channel.port1]));
  const delivered = async (ticket: string): Promise<FeatureBatch> => {
    await expect.poll(() => deliveries.some((d) => d.ticket === ticket)).toBe(true);
    return deliveries.find((d) => d.ticket === ticket)!.batch;
  };
  return { api, delivered };
}

const layer = { apiBase, appKey: DEMO_APP_KEY, workspace: 'ws_demo', layer: 'countries', geometryType: 'Polygon' as const };
const vertices = (b: FeatureBatch) => b.coords.length / 2;

describe('data worker zoom bands', () => {
  it('delivers countries simplified at zoom 2 and whole after setZoom(16); taps stay exact', async () => {
    const { api, delivered } = await session();
    const full = await api.loadLayer(layer); // the same wire format (FlatGeobuf) showLayer fetches
    await api.setZoom({ zoom: 2 });
    const shown = await api.showLayer({ ...layer, appName: `Bands ${crypto.randomUUID()}`, requestId: 'b1' });
    const low = await delivered(shown.ticket);
    expect(low.count).toBe(full.count);
    expect(vertices(low)).toBeLessThan(vertices(full)); // band 0 (zooms 0–2) drops about a third of the 110m vertices

    // A border vertex that simplification dropped, where the simplified shape misses its country:
    // the worker's answer must still be that country (its registry holds full resolution).
    const lowIndex = buildSpatialIndex(low);
    const q = { resolution: 1, tolerancePx: 3 };
    let probe: { x: number; y: number; id: number } | undefined;
    for (let f = 0; f < full.count && !probe; f++) {
      const [v0, v1] = featureVertexRange(full, f);
      for (let v = v0; v < v1 && !probe; v++) {
        const x = lonToX(full.coords[2 * v]),
          y = latToY(full.coords[2 * v + 1]);
        if (!hitTest(lowIndex, low, { x, y, ...q }).some((h) => h.id === full.ids[f])) probe = { x, y, id: full.ids[f] };
      }
    }
    expect(probe).toBeDefined();
    const hits = await api.hitTest({ x: probe!.x, y: probe!.y, ...q });
    expect(hits.map((h) => h.id)).toContain(probe!.id);

    const { tickets } = await api.setZoom({ zoom: 16 });
    expect(tickets).toHaveLength(1);
    const high = await delivered(tickets[0]);
    expect(vertices(high)).toBe(vertices(full));
    expect(high.coords).toEqual(full.coords);
  });
});
