// workers/data/band_cache.ts, zoom_bands.ts and workers/batch/zoom_levels.ts: which version of a layer the renderer gets per zoom band.
import { describe, expect, it } from 'vitest';
import type { Geometry } from 'geojson';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { BandCache, FULL_DETAIL_BAND, simplifies, versionForBand } from '../../workers/data/band_cache.ts';
import { bandOfView } from '../../workers/batch/zoom_levels.ts';
import { LayerRegistry } from '../../workers/data/layer_registry.ts';
import { ZoomBands } from '../../workers/data/zoom_bands.ts';
import type { BatchMessage } from '../../workers/batch/batch_port.ts';

const pack = (layerId: string, geometry: Geometry): FeatureBatch =>
  packFeatureCollection({ type: 'FeatureCollection', features: [{ type: 'Feature', id: 1, properties: {}, geometry }] }, { layerId });
/** A wiggly line: 2,001 vertices a few metres off straight, gone at low zoom, all kept at the full band. */
const wiggle = (layerId: string) =>
  pack(layerId, { type: 'LineString', coordinates: Array.from({ length: 2001 }, (_, i) => [i * 0.001, (i % 2) * 0.0001]) });

describe('band selection', () => {
  it('bands follow whole zoom levels', () => {
    expect([0, 2, 2.9, 3, 5.9, 6, 9.99, 10, 13.5, 14, 16, 24].map(bandOfView)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4]);
  });
  it('simplifies lines and polygons, never points', () => {
    expect(simplifies('Point')).toBe(false);
    expect(simplifies('LineString')).toBe(true);
    expect(simplifies('Polygon')).toBe(true);
  });
  it('draws the original for points and in the most detailed band', () => {
    expect(versionForBand('Point', 0)).toBe('full');
    expect(versionForBand('Polygon', 0)).toBe(0);
    expect(versionForBand('LineString', 2)).toBe(2);
    expect(versionForBand('Polygon', FULL_DETAIL_BAND)).toBe('full');
  });
});

describe('BandCache', () => {
  it('makes a band once per source and forgets it when the source changes', async () => {
    const cache = new BandCache();
    const a = wiggle('l');
    let made = 0;
    const make = () => Promise.resolve((made++, a));
    await cache.get(a, 0, make);
    await cache.get(a, 0, make);
    expect(made).toBe(1);
    await cache.get(wiggle('l'), 0, make);
    expect(made).toBe(2);
  });
  it('forgets a failed (aborted) computation', async () => {
    const cache = new BandCache();
    const a = wiggle('l');
    await expect(cache.get(a, 1, () => Promise.reject(new Error('aborted')))).rejects.toThrow();
    expect(cache.bands('l')).toEqual([]);
  });
});

describe('ZoomBands', () => {
  function setup() {
    const registry = new LayerRegistry();
    const sent: BatchMessage[] = [];
    const port = { postMessage: (m: BatchMessage) => sent.push(m) } as unknown as MessagePort;
    const bands = new ZoomBands({ registry, port: () => port, yield: () => new Promise((r) => setTimeout(r, 0)) });
    return { registry, sent, bands };
  }
  const vertexCount = (b: FeatureBatch) => b.coords.length / 2;

  it('sends lines simplified at low zoom and whole at high zoom; points always whole', async () => {
    const { registry, sent, bands } = setup();
    registry.set(wiggle('roads'));
    registry.set(pack('pois', { type: 'Point', coordinates: [1, 2] }));
    await bands.post('roads', 'first', true);
    expect(vertexCount(sent[0].batch)).toBeLessThan(10);
    const { tickets } = bands.setZoom(16);
    expect(tickets).toHaveLength(1); // the point layer is not re-sent
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]).toMatchObject({ ticket: tickets[0] });
    expect(vertexCount(sent[1].batch)).toBe(2001);
    expect(registry.get('roads')!.coords.length).toBe(4002); // the registry keeps full resolution
  });
  it('sends nothing when the zoom stays in its band', () => {
    const { registry, bands } = setup();
    registry.set(wiggle('roads'));
    expect(bands.setZoom(2).tickets).toEqual([]); // default zoom 1 is band 0 too
    expect(bands.setZoom(2.9).tickets).toEqual([]);
  });
  it('never posts a band of the layer as it was before an edit made while simplifying', async () => {
    const { registry, sent, bands } = setup();
    registry.set(wiggle('roads'));
    const { tickets } = bands.setZoom(16);
    // The edit lands while the band is under way: the band is made again from the edited layer.
    const added = packFeatureCollection(
      {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 2,
            properties: {},
            geometry: {
              type: 'LineString',
              coordinates: [
                [5, 5],
                [6, 6],
              ],
            },
          },
        ],
      },
      { layerId: 'roads' },
    );
    registry.patch('roads', added, []);
    await expect.poll(() => sent.some((m) => m.ticket === tickets[0])).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toHaveLength(1);
    expect([...sent[0].batch.ids]).toEqual([1, 2]);
  });
  it('drops the work for a band left before it is done', async () => {
    const { registry, sent, bands } = setup();
    registry.set(wiggle('roads'));
    bands.setZoom(7);
    const last = bands.setZoom(16);
    await expect.poll(() => sent.some((m) => m.ticket === last.tickets[0])).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(sent.map((m) => m.ticket)).toEqual(last.tickets);
  });
});
