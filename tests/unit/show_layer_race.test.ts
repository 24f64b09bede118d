// Race: a layer (re)load whose request left before an accepted change answers with the old
// feature. The edit refreshed meanwhile must survive the load's answer — on screen, in taps and in
// the offline copy — instead of the stale version quietly coming back.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LayerRegistry } from '../../workers/data/layer_registry.ts';
import { showLayer } from '../../workers/data/show_layer.ts';
import { refreshFeatures } from '../../workers/data/refresh_features.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import type { Feature } from 'geojson';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';

const LAYER = 'cities';
const city = (gfid: number, lon: number, lat: number): Feature => ({
  type: 'Feature',
  id: gfid,
  geometry: { type: 'Point', coordinates: [lon, lat] },
  properties: { gfid, name: `c${gfid}` },
});
const pack = (features: Feature[]): FeatureBatch =>
  packFeatureCollection({ type: 'FeatureCollection', features }, { layerId: LAYER, geometryType: 'Point', labelProperty: 'name' });
const where = (batch: FeatureBatch | undefined) => {
  const out: Record<number, [number, number]> = {};
  for (let f = 0; f < (batch?.count ?? 0); f++) out[batch!.ids[f]] = [batch!.coords[2 * f], batch!.coords[2 * f + 1]];
  return out;
};

/** A show whose server answer the test releases when it wants. */
function slowShow(
  registry: LayerRegistry,
  answer: FeatureBatch,
  store?: { putLayerBatch(b: FeatureBatch): Promise<void>; getLayerBatch(): Promise<undefined> },
) {
  let release!: () => void;
  const gate = new Promise<void>((ok) => (release = ok));
  const shown = showLayer(
    { apiBase: '', appKey: 'k', workspace: 'ws', layer: LAYER, geometryType: 'Point' },
    {
      registry,
      store: store as never,
      fetchBatch: async () => {
        await gate;
        return { batch: answer, etag: null };
      },
    },
  );
  return { release, shown };
}

afterEach(() => vi.unstubAllGlobals());

describe('a load racing an edit', () => {
  it('keeps a moved and a deleted feature as edited when the reload answers with the old layer', async () => {
    const registry = new LayerRegistry();
    const before = [city(1, 10, 50), city(2, 11, 51), city(3, 12, 52)];
    registry.set(pack(before));
    const saved: FeatureBatch[] = [];
    const store = { putLayerBatch: async (b: FeatureBatch) => void saved.push(b), getLayerBatch: async () => undefined };
    const reload = slowShow(registry, pack(before), store);
    // An admin accepts a move of 1 and a deletion of 2; the refresh patches the layer (refresh_features.ts).
    registry.patch(LAYER, pack([city(1, -150, -60)]), [2]);
    reload.release();
    await reload.shown;
    const expected = { 1: [-150, -60], 3: [12, 52] };
    expect(where(registry.get(LAYER))).toEqual(expected);
    expect(where(saved.at(-1))).toEqual(expected);
    const tap = (lon: number, lat: number) => registry.hitTest({ x: lonToX(lon), y: latToY(lat), resolution: 10 }).map((h) => h.id);
    expect(tap(-150, -60)).toEqual([1]);
    expect(tap(10, 50)).toEqual([]);
    expect(tap(11, 51)).toEqual([]);
  });

  it('keeps an edit refreshed before the first load has drawn anything', async () => {
    const registry = new LayerRegistry();
    const first = slowShow(registry, pack([city(1, 10, 50), city(2, 11, 51)]));
    vi.stubGlobal('fetch', async (url: string) => {
      expect(url).toBe('/api/features/1');
      return new Response(JSON.stringify({ ...city(1, 30, 40), layer: LAYER }), { status: 200 });
    });
    const refreshed = await refreshFeatures(
      { apiBase: '', appKey: 'k', workspace: 'ws', layerId: LAYER, gfids: [1] },
      { registry, shown: { workspace: 'ws', geometryType: 'Point', labelProperty: 'name' } },
    );
    expect(refreshed).toEqual({ updated: [1], removed: [] });
    first.release();
    await first.shown;
    expect(where(registry.get(LAYER))).toEqual({ 1: [30, 40], 2: [11, 51] });
  });

  it('stops replaying once the load is in: a later reload shows the server as it answers', async () => {
    const registry = new LayerRegistry();
    const one = slowShow(registry, pack([city(1, 10, 50)]));
    registry.patch(LAYER, pack([city(1, 20, 50)]), []);
    one.release();
    await one.shown;
    expect(registry.isLoading(LAYER)).toBe(false);
    const two = slowShow(registry, pack([city(1, 25, 55)]));
    two.release();
    await two.shown;
    expect(where(registry.get(LAYER))).toEqual({ 1: [25, 55] });
  });

  it('does nothing for a layer neither shown nor loading', async () => {
    const registry = new LayerRegistry();
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const result = await refreshFeatures(
      { apiBase: '', appKey: 'k', layerId: LAYER, gfids: [1] },
      { registry, shown: { workspace: 'ws', geometryType: 'Point' } },
    );
    expect(result).toEqual({ updated: [], removed: [] });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
