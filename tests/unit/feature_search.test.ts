import { describe, expect, it, vi } from 'vitest';
import { featureSearchProperties, layerSchema } from '../../src/model/index.ts';
import { LayerRegistry } from '../../workers/data/layer_registry.ts';
import { FeatureSearchIndex } from '../../workers/data/feature_search.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import type { Feature } from 'geojson';

const cities = layerSchema.parse({
  id: 'cities',
  name: 'Cities',
  type: 'Point',
  nameProperty: 'name',
  searchable: true,
  properties: [
    { name: 'name', type: 'TEXT' },
    { name: 'country', type: 'TEXT' },
  ],
});
const searchProperties = featureSearchProperties(cities);

function city(gfid: number, name: string, lon: number, lat: number, extra: Record<string, unknown> = {}): Feature {
  return { type: 'Feature', id: gfid, geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { gfid, name, ...extra } };
}

function pack(features: Feature[]) {
  return packFeatureCollection({ type: 'FeatureCollection', features }, { layerId: 'cities', searchProperties });
}

function registryWith(features: Feature[]): LayerRegistry {
  const reg = new LayerRegistry();
  reg.set(pack(features));
  return reg;
}

const names = async (reg: LayerRegistry, q: string) => (await reg.search(q, 8)).flatMap((g) => g.hits.map((h) => h.name));

describe('feature search in the data worker (SPEC §2 deep search)', () => {
  const reg = registryWith([
    city(1, 'Parisot', 1.8, 44.3, { country: 'FR' }),
    city(2, 'Paris', 2.35, 48.86, { country: 'FR', tags: ['capital'] }),
    city(3, 'Zürich', 8.54, 47.37, { country: 'CH' }),
    city(4, 'Lyon', 4.83, 45.76, { country: 'FR' }),
    city(5, 'São Paulo', -46.6, -23.5, { country: 'BR' }),
  ]);

  it('puts the exact name first and answers with the feature and its position', async () => {
    const [group] = await reg.search('paris', 8);
    expect(group.hits.map((h) => h.name)).toEqual(['Paris', 'Parisot']);
    expect(group.hits[0]).toMatchObject({ layerId: 'cities', id: 2, extent: [2.35, 48.86, 2.35, 48.86] });
    expect(group.total).toBe(2);
  });

  it('matches prefixes while typing and ignores case and accents', async () => {
    expect(await names(reg, 'zur')).toEqual(['Zürich']);
    expect(await names(reg, 'SAO PAU')).toEqual(['São Paulo']);
    expect(await names(reg, 'paulo')).toEqual(['São Paulo']);
  });

  it('searches the other searchable values and tags, a name match first', async () => {
    expect(await names(reg, 'capital')).toEqual(['Paris']);
    expect(await names(reg, 'ch')).toEqual(['Zürich']);
    expect(await names(reg, 'fr')).toHaveLength(3);
  });

  it('forgives a typo in a longer word once the index is built, and finds nothing for nonsense', async () => {
    await reg.prepareSearch('cities');
    expect(await names(reg, 'zurihc')).toEqual([]); // two edits in six letters: too far
    expect(await names(reg, 'parris')).toContain('Paris');
    expect(await reg.search('qwxz', 8)).toEqual([]);
  });

  it('follows accepted changes: a renamed feature is found by its new name only, a removed one no more', async () => {
    const live = registryWith([city(1, 'Lyon', 4.83, 45.76), city(2, 'Nice', 7.26, 43.7)]);
    expect(await names(live, 'lyon')).toEqual(['Lyon']); // the index is built here, then patched below
    live.patch('cities', pack([city(1, 'Lugdunum', 4.83, 45.76), city(9, 'Nîmes', 4.36, 43.84)]), [2]);
    expect(await names(live, 'lyon')).toEqual([]);
    expect(await names(live, 'lugdunum')).toEqual(['Lugdunum']);
    expect(await names(live, 'nimes')).toEqual(['Nîmes']);
    expect(await names(live, 'nice')).toEqual([]);
    expect((await live.search('lugdunum', 8))[0].hits[0].extent).toEqual([4.83, 45.76, 4.83, 45.76]);
  });

  it('leaves layers without search texts out and groups the others by their best match', async () => {
    const two = registryWith([city(1, 'Rome', 12.5, 41.9)]);
    two.set(packFeatureCollection({ type: 'FeatureCollection', features: [city(5, 'Romeland', 0, 0)] }, { layerId: 'plain' }));
    two.set(
      packFeatureCollection(
        { type: 'FeatureCollection', features: [city(7, 'Roma Sud', 12, 41), city(8, 'Rome', 12.4, 41.8)] },
        { layerId: 'towns', searchProperties },
      ),
    );
    const groups = await two.search('rome', 8);
    expect(groups.map((g) => g.layerId).sort()).toEqual(['cities', 'towns']);
    expect((await two.search('rome', 8, ['towns'])).map((g) => g.layerId)).toEqual(['towns']);
  });
});

describe('answers while its index is being built (benchmark scenario 12: first results never wait)', () => {
  const many = Array.from({ length: 3000 }, (_, i) => city(100 + i, `Town ${i}`, i / 100, 0));
  const features = [
    ...many,
    city(1, 'Paris', 2.35, 48.86),
    city(2, 'Parisot', 1.8, 44.3),
    city(3, 'Pa', 0, 0),
    city(4, 'Le Pré-Saint-Paris', 0, 1),
  ];

  it('finds by word prefix at once, best name first; a typo waits for the index, which forgives it', async () => {
    const reg = registryWith(features);
    let built = false;
    const building = reg.prepareSearch('cities').then(() => {
      built = true;
    });
    // Asked before the build has had a slice: the scan answers at once, ranked like the index.
    expect(await names(reg, 'paris')).toEqual(['Paris', 'Parisot', 'Le Pré-Saint-Paris']);
    expect(await names(reg, 'saint par')).toEqual(['Le Pré-Saint-Paris']);
    expect(built).toBe(false);
    // Nothing matches as typed: rather than "no results", the answer waits for the index.
    expect(await names(reg, 'parris')).toContain('Paris');
    expect(built).toBe(true);
    await building;
    // Built, the text score also weighs in: an exact word may pass a longer name that starts so.
    const ranked = await names(reg, 'paris');
    expect(ranked[0]).toBe('Paris');
    expect(ranked.slice(1).sort()).toEqual(['Le Pré-Saint-Paris', 'Parisot']);
    // Nonsense and 1–2 letter words are answered by the scan alone: nothing, without waiting.
    const fresh = registryWith(features);
    expect(await names(fresh, 'qwxzq')).toEqual([]);
    expect(await names(fresh, 'pa parris')).toEqual([]);
  });

  it('is not built when the load is drawn (LayerRegistry.prepare) but once a search is begun (prepareSearches)', async () => {
    const build = vi.spyOn(FeatureSearchIndex.prototype, 'build');
    try {
      const reg = registryWith(features);
      reg.prepare();
      expect(build).not.toHaveBeenCalled();
      reg.prepareSearches();
      expect(build).toHaveBeenCalledTimes(1);
      await build.mock.results[0].value;
      // Built before any search: the first one forgives a typo at once.
      expect(await names(reg, 'parris')).toContain('Paris');
    } finally {
      build.mockRestore();
    }
  });

  it('answers 1–2 letters by the scan: the exact name, then names starting so, shorter first, capped with the full count', async () => {
    const reg = registryWith(features);
    await reg.prepareSearch('cities');
    const [group] = await reg.search('pa', 2);
    expect(group.hits.map((h) => h.name)).toEqual(['Pa', 'Paris']);
    expect(group.total).toBe(4);
    expect((await reg.search('t', 8))[0].total).toBe(3000);
  });

  it('keeps an accepted change made during the build', async () => {
    const reg = registryWith(features);
    const building = reg.prepareSearch('cities');
    reg.patch('cities', pack([city(100, 'Lutetia', 0, 0), city(9, 'Nîmes', 4.36, 43.84)]), [1]);
    await building;
    expect(await names(reg, 'lutetia')).toEqual(['Lutetia']);
    expect(await names(reg, 'town 0')).toEqual([]);
    expect(await names(reg, 'nimes')).toEqual(['Nîmes']);
    expect((await names(reg, 'paris')).sort()).toEqual(['Le Pré-Saint-Paris', 'Parisot']);
    expect(await names(reg, 'parris')).toEqual(['Le Pré-Saint-Paris']); // typo-tolerant, and Paris is gone
  });
});
