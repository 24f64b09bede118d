// A second visit revalidates the stored copy with its ETag: a 304 keeps it (no body crosses the
// network), a new answer replaces it together with its new tag (issue 15 "Caching").
import type { Feature } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { LayerRegistry } from '../../workers/data/layer_registry.ts';
import type { LayerBatchMeta, StoredLayerBatch } from '../../workers/data/local_store.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import { type FetchedBatch, showLayer } from '../../workers/data/show_layer.ts';

const LAYER = 'cities';
const city = (gfid: number, lon: number): Feature => ({
  type: 'Feature',
  id: gfid,
  geometry: { type: 'Point', coordinates: [lon, 10] },
  properties: { gfid, name: `c${gfid}` },
});
const pack = (features: Feature[]): FeatureBatch =>
  packFeatureCollection({ type: 'FeatureCollection', features }, { layerId: LAYER, geometryType: 'Point' });
const ids = (batch: FeatureBatch | undefined) => Array.from(batch?.ids ?? []);

/** The local store's two calls showLayer makes, over one stored copy. */
function memoryStore(stored?: StoredLayerBatch) {
  const saved: { batch: FeatureBatch; meta: LayerBatchMeta }[] = [];
  return {
    saved,
    store: {
      getLayerBatch: async () => stored,
      putLayerBatch: async (batch: FeatureBatch, meta: LayerBatchMeta = {}) => void saved.push({ batch, meta }),
    },
  };
}

const request = { apiBase: '', appKey: 'k', workspace: 'ws', layer: LAYER, geometryType: 'Point' as const };

describe('revalidating the stored layer', () => {
  it('sends the stored tag and keeps the stored copy on 304', async () => {
    const registry = new LayerRegistry();
    const { store, saved } = memoryStore({ batch: pack([city(1, 1), city(2, 2)]), etag: 'W/"v1"', fetchedAt: 0 });
    const asked: (string | undefined)[] = [];
    const shown = await showLayer(request, {
      registry,
      store: store as never,
      fetchBatch: async (ifNoneMatch): Promise<FetchedBatch> => {
        asked.push(ifNoneMatch);
        return { notModified: true };
      },
    });
    expect(asked).toEqual(['W/"v1"']);
    expect(shown).toMatchObject({ source: 'network', count: 2 });
    expect(ids(registry.get(LAYER))).toEqual([1, 2]);
    expect(saved).toEqual([]); // nothing new to store
  });

  it('replaces the stored copy and its tag when the layer changed', async () => {
    const registry = new LayerRegistry();
    const { store, saved } = memoryStore({ batch: pack([city(1, 1)]), etag: 'W/"v1"', fetchedAt: 0 });
    await showLayer(request, {
      registry,
      store: store as never,
      fetchBatch: async () => ({ batch: pack([city(1, 1), city(3, 3)]), etag: 'W/"v2"' }),
    });
    expect(ids(registry.get(LAYER))).toEqual([1, 3]);
    expect(saved.map((s) => [ids(s.batch), s.meta.etag])).toEqual([[[1, 3], 'W/"v2"']]);
  });

  it('asks without a tag the first time', async () => {
    const registry = new LayerRegistry();
    const { store } = memoryStore();
    const asked: (string | undefined)[] = [];
    await showLayer(request, {
      registry,
      store: store as never,
      fetchBatch: async (ifNoneMatch) => {
        asked.push(ifNoneMatch);
        return { batch: pack([city(1, 1)]), etag: 'W/"v1"' };
      },
    });
    expect(asked).toEqual([undefined]);
  });
});
