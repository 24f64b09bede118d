import { describe, expect, it } from 'vitest';
import { featureSearchProperties, layerSchema } from '../../src/model/index.ts';
import { LayerRegistry } from '../../workers/data/layer_registry.ts';
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

const names = (reg: LayerRegistry, q: string) => reg.search(q, 8).flatMap((g) => g.hits.map((h) => h.name));

describe('feature search in the data worker (SPEC §2 deep search)', () => {
  const reg = registryWith([
    city(1, 'Parisot', 1.8, 44.3, { country: 'FR' }),
    city(2, 'Paris', 2.35, 48.86, { country: 'FR', tags: ['capital'] }),
    city(3, 'Zürich', 8.54, 47.37, { country: 'CH' }),
    city(4, 'Lyon', 4.83, 45.76, { country: 'FR' }),
    city(5, 'São Paulo', -46.6, -23.5, { country: 'BR' }),
  ]);

  it('puts the exact name first and answers with the feature and its position', () => {
    const [group] = reg.search('paris', 8);
    expect(group.hits.map((h) => h.name)).toEqual(['Paris', 'Parisot']);
    expect(group.hits[0]).toMatchObject({ layerId: 'cities', id: 2, extent: [2.35, 48.86, 2.35, 48.86] });
    expect(group.total).toBe(2);
  });

  it('matches prefixes while typing and ignores case and accents', () => {
    expect(names(reg, 'zur')).toEqual(['Zürich']);
    expect(names(reg, 'SAO PAU')).toEqual(['São Paulo']);
    expect(names(reg, 'paulo')).toEqual(['São Paulo']);
  });

  it('searches the other searchable values and tags, a name match first', () => {
    expect(names(reg, 'capital')).toEqual(['Paris']);
    expect(names(reg, 'ch')).toEqual(['Zürich']);
    expect(names(reg, 'fr')).toHaveLength(3);
  });

  it('forgives a typo in a longer word once the index is built, and finds nothing for nonsense', async () => {
    await reg.prepareSearch('cities');
    expect(names(reg, 'zurihc')).toEqual([]); // two edits in six letters: too far
    expect(names(reg, 'parris')).toContain('Paris');
    expect(reg.search('qwxz', 8)).toEqual([]);
  });

  it('follows accepted changes: a renamed feature is found by its new name only, a removed one no more', () => {
    const live = registryWith([city(1, 'Lyon', 4.83, 45.76), city(2, 'Nice', 7.26, 43.7)]);
    expect(names(live, 'lyon')).toEqual(['Lyon']); // the index is built here, then patched below
    live.patch('cities', pack([city(1, 'Lugdunum', 4.83, 45.76), city(9, 'Nîmes', 4.36, 43.84)]), [2]);
    expect(names(live, 'lyon')).toEqual([]);
    expect(names(live, 'lugdunum')).toEqual(['Lugdunum']);
    expect(names(live, 'nimes')).toEqual(['Nîmes']);
    expect(names(live, 'nice')).toEqual([]);
    expect(live.search('lugdunum', 8)[0].hits[0].extent).toEqual([4.83, 45.76, 4.83, 45.76]);
  });

  it('leaves layers without search texts out and groups the others by their best match', () => {
    const two = registryWith([city(1, 'Rome', 12.5, 41.9)]);
    two.set(packFeatureCollection({ type: 'FeatureCollection', features: [city(5, 'Romeland', 0, 0)] }, { layerId: 'plain' }));
    two.set(
      packFeatureCollection(
        { type: 'FeatureCollection', features: [city(7, 'Roma Sud', 12, 41), city(8, 'Rome', 12.4, 41.8)] },
        { layerId: 'towns', searchProperties },
      ),
    );
    const groups = two.search('rome', 8);
    expect(groups.map((g) => g.layerId).sort()).toEqual(['cities', 'towns']);
    expect(two.search('rome', 8, ['towns']).map((g) => g.layerId)).toEqual(['towns']);
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

  it('finds by word prefix at once, best name first, and forgives typos only when built', async () => {
    const reg = registryWith(features);
    const building = reg.prepareSearch('cities');
    // Asked before the build has had a slice: the scan answers, ranked like the index.
    expect(names(reg, 'paris')).toEqual(['Paris', 'Parisot', 'Le Pré-Saint-Paris']);
    expect(names(reg, 'saint par')).toEqual(['Le Pré-Saint-Paris']);
    expect(names(reg, 'parris')).toEqual([]);
    await building;
    // Built, the text score also weighs in: an exact word may pass a longer name that starts so.
    const built = names(reg, 'paris');
    expect(built[0]).toBe('Paris');
    expect(built.slice(1).sort()).toEqual(['Le Pré-Saint-Paris', 'Parisot']);
    expect(names(reg, 'parris')).toContain('Paris');
  });

  it('is built once the load is drawn (LayerRegistry.prepare), with no search asked for', async () => {
    const reg = registryWith(features);
    reg.prepare();
    await new Promise((ok) => setTimeout(ok, 1_000)); // its slices run meanwhile (3,004 names: well under this)
    // The first search forgives a typo: only the built index does (a search would start it, and answer by the scan).
    expect(names(reg, 'parris')).toContain('Paris');
  });

  it('answers 1–2 letters by the scan: the exact name, then names starting so, shorter first, capped with the full count', async () => {
    const reg = registryWith(features);
    await reg.prepareSearch('cities');
    const [group] = reg.search('pa', 2);
    expect(group.hits.map((h) => h.name)).toEqual(['Pa', 'Paris']);
    expect(group.total).toBe(4);
    expect(reg.search('t', 8)[0].total).toBe(3000);
  });

  it('keeps an accepted change made during the build', async () => {
    const reg = registryWith(features);
    const building = reg.prepareSearch('cities');
    reg.patch('cities', pack([city(100, 'Lutetia', 0, 0), city(9, 'Nîmes', 4.36, 43.84)]), [1]);
    await building;
    expect(names(reg, 'lutetia')).toEqual(['Lutetia']);
    expect(names(reg, 'town 0')).toEqual([]);
    expect(names(reg, 'nimes')).toEqual(['Nîmes']);
    expect(names(reg, 'paris').sort()).toEqual(['Le Pré-Saint-Paris', 'Parisot']);
    expect(names(reg, 'parris')).toEqual(['Le Pré-Saint-Paris']); // typo-tolerant, and Paris is gone
  });
});
