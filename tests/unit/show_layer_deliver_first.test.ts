// Deliver first, store after (issue 17): the server's answer reaches the renderer's port while the
// local-store write is still under way, and the load counts as shown without waiting for it; the
// write still happens, with the answer's tag, so the next visit draws from it.
import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { BatchPortMessage } from '../../workers/batch/batch_port.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { LayerRegistry } from '../../workers/data/layer_registry.ts';
import type { LayerBatchMeta } from '../../workers/data/local_store.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import { showLayer } from '../../workers/data/show_layer.ts';

const LAYER = 'cities';
const city = (gfid: number): Feature => ({
  type: 'Feature',
  id: gfid,
  geometry: { type: 'Point', coordinates: [gfid, 10] },
  properties: { gfid },
});
const pack = (n: number): FeatureBatch =>
  packFeatureCollection(
    { type: 'FeatureCollection', features: Array.from({ length: n }, (_, i) => city(i + 1)) },
    { layerId: LAYER, geometryType: 'Point' },
  );

describe('showLayer on a first visit', () => {
  it('posts the layer to the renderer and resolves while the local-store write is still running', async () => {
    const channel = new MessageChannel();
    const received = new Promise<BatchPortMessage>((ok) => {
      channel.port2.onmessage = (e) => ok(e.data as BatchPortMessage);
    });
    let finishWrite!: () => void;
    const writes: { batch: FeatureBatch; meta: LayerBatchMeta; done: boolean }[] = [];
    const store = {
      getLayerBatch: async () => undefined,
      putLayerBatch: (batch: FeatureBatch, meta: LayerBatchMeta = {}) => {
        const write = { batch, meta, done: false };
        writes.push(write);
        return new Promise<void>((ok) => {
          finishWrite = () => {
            write.done = true;
            ok();
          };
        });
      },
    };
    const shown = await showLayer(
      { apiBase: '', appKey: 'k', workspace: 'ws', layer: LAYER, geometryType: 'Point' },
      {
        registry: new LayerRegistry(),
        port: channel.port1,
        store: store as never,
        fetchBatch: async () => ({ batch: pack(3), etag: 'W/"v7"' }),
      },
    );
    expect(shown).toMatchObject({ source: 'network', count: 3 });
    const message = await received;
    expect(message.type === 'batch' && Array.from(message.batch.ids)).toEqual([1, 2, 3]);
    // On screen, and the write not finished: it was started with the server's answer and its tag.
    expect(writes).toHaveLength(1);
    expect(writes[0].done).toBe(false);
    expect([Array.from(writes[0].batch.ids), writes[0].meta.etag]).toEqual([[1, 2, 3], 'W/"v7"']);
    finishWrite();
    channel.port1.close();
    channel.port2.close();
  });

  it('does not wait for a new local store still to be made: shown at once, written once it is', async () => {
    const writes: { ids: number[]; etag?: string | null }[] = [];
    let opens!: (store: unknown) => void;
    const storeOpening = new Promise((ok) => {
      opens = ok;
    });
    const writeLater = (write: (store: never) => Promise<void>) => storeOpening.then((store) => write(store as never));
    const registry = new LayerRegistry();
    const shown = await showLayer(
      { apiBase: '', appKey: 'k', workspace: 'ws', layer: LAYER, geometryType: 'Point' },
      {
        registry,
        writeLater,
        fetchBatch: async () => ({ batch: pack(4), etag: 'W/"v1"' }),
      },
    );
    // Shown while the database is still being created (issue 17: a creation that never ended left the map empty).
    expect(shown).toMatchObject({ source: 'network', count: 4 });
    expect(Array.from(registry.get(LAYER)?.ids ?? [])).toEqual([1, 2, 3, 4]);
    expect(writes).toEqual([]);
    opens({
      putLayerBatch: async (batch: FeatureBatch, meta: LayerBatchMeta = {}) => {
        writes.push({ ids: Array.from(batch.ids), etag: meta.etag });
      },
    });
    await expect.poll(() => writes).toEqual([{ ids: [1, 2, 3, 4], etag: 'W/"v1"' }]);
  });

  it('still shows the layer when the local store refuses the write', async () => {
    const registry = new LayerRegistry();
    const store = { getLayerBatch: async () => undefined, putLayerBatch: async () => Promise.reject(new Error('quota exceeded')) };
    const shown = await showLayer(
      { apiBase: '', appKey: 'k', workspace: 'ws', layer: LAYER, geometryType: 'Point' },
      { registry, store: store as never, fetchBatch: async () => ({ batch: pack(2), etag: null }) },
    );
    expect(shown).toMatchObject({ source: 'network', count: 2 });
    expect(Array.from(registry.get(LAYER)?.ids ?? [])).toEqual([1, 2]);
  });
});
