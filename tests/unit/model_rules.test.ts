// SPEC §5/§9 pure rules: colour type, workspace, points, locale, app key, layers, attachments, changes.
import { describe, it, expect } from 'vitest';
import {
  appKeyFromLocation,
  baseLayerId,
  companionDiffLayers,
  diffLayerId,
  diffLayerName,
  filterValidPoints,
  formatDistance,
  formatDuration,
  geolocationErrorKey,
  geolocationNotificationMs,
  geolocationStateFor,
  hasFeatureChanges,
  hasGfid,
  hasNameProperty,
  haversineDistance,
  isAppActivated,
  isDiffLayerId,
  isInactiveAppExpired,
  isSingleWorkspaceValid,
  isSupportedLocale,
  isValidAppKey,
  layerZIndex,
  validateAppKey,
  validateBibliographyItem,
  validateColorType,
  validateComment,
  validateFeatureUpdate,
  validateLayerFromWorkspace,
  validateLayerProperties,
  validateLink,
  validateNewPropertyName,
} from '../../src/model/index.ts';

describe('validateColorType (SPEC §5)', () => {
  for (const type of ['primaryColor', 'secondaryColor', 'accentColor']) {
    it(`accepts ${type}`, () => {
      expect(validateColorType(type)).toEqual({ ok: true });
    });
  }
  it('rejects any other colour type with the SPEC text', () => {
    expect(validateColorType('backgroundColor')).toEqual({
      ok: false,
      error: 'COLOR_TYPE_NOT_REFERENCED',
      message: 'This type of color is not referenced',
    });
  });
});

describe('isSingleWorkspaceValid (SPEC §5)', () => {
  it('accepts layers sharing one ws workspace', () => {
    expect(isSingleWorkspaceValid([{ workspace: 'ws_demo' }, { workspace: 'ws_demo' }])).toBe(true);
  });
  it('rejects mixed workspaces', () => {
    expect(isSingleWorkspaceValid([{ workspace: 'ws_demo' }, { workspace: 'ws_other' }])).toBe(false);
  });
  it('rejects a workspace whose id does not start with ws', () => {
    expect(isSingleWorkspaceValid([{ workspace: 'demo' }])).toBe(false);
  });
  it('rejects an empty list', () => {
    expect(isSingleWorkspaceValid([])).toBe(false);
  });
  it('rejects a layer without a workspace', () => {
    expect(isSingleWorkspaceValid([{ workspace: 'ws_demo' }, {}])).toBe(false);
  });
  it('only allows layers from the current workspace', () => {
    expect(validateLayerFromWorkspace({ workspace: 'ws_b' }, 'ws_a')).toMatchObject({ error: 'LAYERS_ONLY_FROM_CURRENT_WORKSPACE' });
  });
});

describe('filterValidPoints (SPEC §5)', () => {
  const pt = (lon: number, lat: number) => ({ geometry: { type: 'Point', coordinates: [lon, lat] } });
  it('keeps points on the range edges', () => {
    expect(filterValidPoints([pt(-180, -90), pt(180, 90)])).toHaveLength(2);
  });
  it('drops a longitude over 180', () => {
    expect(filterValidPoints([pt(180.0001, 0)])).toEqual([]);
  });
  it('drops a latitude under -90', () => {
    expect(filterValidPoints([pt(0, -90.5)])).toEqual([]);
  });
  it('drops a point with no coordinates', () => {
    expect(filterValidPoints([{ geometry: { type: 'Point', coordinates: [] } }])).toEqual([]);
  });
  it('drops NaN coordinates', () => {
    expect(filterValidPoints([pt(NaN, 0)])).toEqual([]);
  });
  it('checks lon/lat fields when there is no geometry', () => {
    expect(
      filterValidPoints([
        { lon: 10, lat: 95 },
        { lon: 10, lat: 45 },
      ]),
    ).toEqual([{ lon: 10, lat: 45 }]);
  });
  it('drops a feature with neither geometry nor lon/lat', () => {
    expect(filterValidPoints([{}])).toEqual([]);
  });
  it('keeps lines untouched', () => {
    const line = {
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [500, 0],
        ],
      },
    };
    expect(filterValidPoints([line])).toEqual([line]);
  });
});

describe('isSupportedLocale (SPEC §5)', () => {
  for (const locale of ['en_US', 'fr_FR', 'es_ES', 'de_DE']) {
    it(`accepts ${locale}`, () => {
      expect(isSupportedLocale(locale)).toBe(true);
    });
  }
  for (const locale of ['en', 'en-US', 'it_IT', '', null]) {
    it(`rejects ${JSON.stringify(locale)}`, () => {
      expect(isSupportedLocale(locale)).toBe(false);
    });
  }
});

describe('app key', () => {
  it('accepts 32 letters and digits', () => {
    expect(isValidAppKey('demodemodemodemodemodemodemo1234')).toBe(true);
  });
  it('rejects 31 characters', () => {
    expect(isValidAppKey('a'.repeat(31))).toBe(false);
  });
  it('rejects 33 characters', () => {
    expect(isValidAppKey('a'.repeat(33))).toBe(false);
  });
  it('rejects a dash', () => {
    expect(isValidAppKey('a'.repeat(31) + '-')).toBe(false);
  });
  it('reports a missing key as NO_APP_KEY_DEFINED', () => {
    expect(validateAppKey(undefined)).toMatchObject({ error: 'NO_APP_KEY_DEFINED', message: 'No appKey defined on this url.' });
  });
  it('reads the key from the query string first', () => {
    expect(appKeyFromLocation({ pathname: '/', search: '?appkey=' + 'q'.repeat(32) })).toBe('q'.repeat(32));
  });
  it('reads the key from the segment before /app/', () => {
    expect(appKeyFromLocation({ pathname: `/x/${'k'.repeat(32)}/app/` })).toBe('k'.repeat(32));
  });
  it('reads the key from the hash', () => {
    expect(appKeyFromLocation({ pathname: '/', hash: '#/' + 'h'.repeat(32) })).toBe('h'.repeat(32));
  });
  it('returns null without a key', () => {
    expect(appKeyFromLocation({ pathname: '/overview' })).toBeNull();
  });
});

describe('app lifecycle (SPEC §3, §4)', () => {
  it('is activated when activatedAt is set', () => {
    expect(isAppActivated({ activatedAt: '2026-01-01T00:00:00Z' })).toBe(true);
  });
  it('expires three months after creation when never activated', () => {
    expect(isInactiveAppExpired({ createdAt: '2026-01-01T00:00:00Z' }, new Date('2026-04-01T00:00:00Z'))).toBe(true);
  });
  it('does not expire one day before three months', () => {
    expect(isInactiveAppExpired({ createdAt: '2026-01-01T00:00:00Z' }, new Date('2026-03-31T00:00:00Z'))).toBe(false);
  });
  it('never expires once activated', () => {
    expect(isInactiveAppExpired({ createdAt: '2020-01-01', activatedAt: '2020-01-02' }, new Date('2026-01-01'))).toBe(false);
  });
});

describe('diff layer ids (SPEC §3)', () => {
  it('suffixes _diff', () => {
    expect(diffLayerId('cities')).toBe('cities_diff');
  });
  it('recognises a diff layer id', () => {
    expect(isDiffLayerId('cities_diff')).toBe(true);
  });
  it('does not treat a plain id as diff', () => {
    expect(isDiffLayerId('cities')).toBe(false);
  });
  it('does not treat the bare suffix as a diff layer', () => {
    expect(isDiffLayerId('_diff')).toBe(false);
  });
  it('strips the suffix back to the layer id', () => {
    expect(baseLayerId('cities_diff')).toBe('cities');
  });
  it('leaves a plain id unchanged', () => {
    expect(baseLayerId('cities')).toBe('cities');
  });
  it('names the diff layer after the layer plus updates', () => {
    expect(diffLayerName('Cities')).toBe('Cities updates');
  });
});

describe('companionDiffLayers (SPEC §3 each editable vector layer has a companion diff layer)', () => {
  const layers = [
    { id: 'cities', name: 'Cities', type: 'Point', edit: true, workspace: 'ws_a', fillColor: '#ff0000' },
    { id: 'countries', name: 'Countries', type: 'Polygon', edit: false, workspace: 'ws_a' },
    { id: 'roads', name: 'Roads', type: 'LineString', edit: true, workspace: 'ws_b' },
    { id: 'ortho', name: 'Ortho', type: 'wms', edit: true, workspace: 'ws_a' },
  ];
  const diffs: Record<string, string> = { 'ws_a/cities': 'ws_a_diff', 'ws_a/countries': 'ws_a_diff', 'ws_a/ortho': 'ws_a_diff' };
  const of = (l: { id: string; workspace?: string }) => diffs[`${l.workspace}/${l.id}`];

  it('puts the companion right after each editable vector layer that has one, in the diff workspace', () => {
    const out = companionDiffLayers(layers, of);
    expect(out.map((l) => l.id)).toEqual(['cities', 'cities_diff', 'countries', 'roads', 'ortho']);
    expect(out[1]).toEqual({ ...layers[0], id: 'cities_diff', name: 'Cities updates', workspace: 'ws_a_diff' });
  });
  it('keeps a companion the config already lists, once', () => {
    const listed = [layers[0], { ...layers[0], id: 'cities_diff', name: 'Mine', workspace: 'ws_a_diff' }];
    expect(companionDiffLayers(listed, of).map((l) => `${l.id}:${l.name}`)).toEqual(['cities:Cities', 'cities_diff:Mine']);
  });
});

describe('layerZIndex (SPEC §9 z-order)', () => {
  const z = layerZIndex;
  it('orders base maps < tiles < polygons < lines < points', () => {
    const order = [
      z({ type: 'xyz', basemap: true }),
      z({ type: 'wms' }),
      z({ type: 'Polygon' }),
      z({ type: 'LineString' }),
      z({ type: 'Point' }),
    ];
    expect(order.every((v, i) => i === 0 || v > order[i - 1])).toBe(true);
  });
  it('keeps a high own zIndex inside its group', () => {
    expect(z({ type: 'Polygon', zIndex: 99 })).toBeLessThan(z({ type: 'LineString', zIndex: 0 }));
  });
  it('puts a diff layer at 100 or more', () => {
    expect(z({ id: 'cities_diff', type: 'Point' })).toBeGreaterThanOrEqual(100);
  });
  it('puts every diff layer above every normal layer', () => {
    expect(z({ id: 'countries_diff', type: 'Polygon', zIndex: 0 })).toBeGreaterThan(z({ id: 'cities', type: 'Point', zIndex: 9 }));
  });
  it('orders layers of one group by their zIndex', () => {
    expect(z({ type: 'Point', zIndex: 7 })).toBeGreaterThan(z({ type: 'Point' }));
  });
});

describe('layer properties (SPEC §5)', () => {
  it('requires at least one property', () => {
    expect(validateLayerProperties([])).toMatchObject({ error: 'LAYER_PROPERTY_REQUIRED' });
  });
  it('rejects duplicate names, naming the property', () => {
    expect(validateLayerProperties([{ name: 'height' }, { name: 'height ' }])).toEqual({
      ok: false,
      error: 'PROPERTY_ALREADY_EXISTS',
      message: 'The property "height" already exists.',
    });
  });
  it('accepts distinct names', () => {
    expect(validateLayerProperties([{ name: 'name' }, { name: 'height' }]).ok).toBe(true);
  });
  it('recommends a name property', () => {
    expect(hasNameProperty([{ name: 'height' }])).toBe(false);
  });
  it('rejects adding an existing property', () => {
    expect(validateNewPropertyName([{ name: 'name' }], 'NAME')).toMatchObject({ error: 'PROPERTY_ALREADY_EXISTS' });
  });
});

describe('attachments (SPEC §5)', () => {
  it('link needs a resource link', () => {
    expect(validateLink({ link: '', description: 'Docs' })).toMatchObject({ error: 'LINK_REQUIRED' });
  });
  it('link needs a description', () => {
    expect(validateLink({ link: 'https://example.org', description: ' ' })).toMatchObject({ error: 'LINK_REQUIRED' });
  });
  it('accepts a complete link', () => {
    expect(validateLink({ link: 'https://example.org', description: 'Docs' }).ok).toBe(true);
  });
  it('rejects an empty comment', () => {
    expect(validateComment('   ')).toMatchObject({ error: 'COMMENT_EMPTY' });
  });
  it('rejects an empty bibliography item', () => {
    expect(validateBibliographyItem(undefined)).toMatchObject({ error: 'BIBLIOGRAPHY_EMPTY' });
  });
  it('a new feature without gfid has no attachments', () => {
    expect(hasGfid({})).toBe(false);
  });
  it('gfid 0 counts as a gfid', () => {
    expect(hasGfid({ gfid: 0 })).toBe(true);
  });
});

describe('hasFeatureChanges (SPEC §5)', () => {
  const before = { geometry: { type: 'Point', coordinates: [1, 2] }, properties: { gfid: 5, version: 3, name: 'A', tags: ['x'] } };
  it('sees no change in an identical echo', () => {
    expect(hasFeatureChanges(before, { geometry: { type: 'Point', coordinates: [1, 2] }, properties: { gfid: 5, name: 'A' } })).toBe(false);
  });
  it('detects a moved point', () => {
    expect(hasFeatureChanges(before, { geometry: { type: 'Point', coordinates: [1, 2.001] }, properties: {} })).toBe(true);
  });
  it('ignores coordinate noise below 1e-9', () => {
    expect(hasFeatureChanges(before, { geometry: { type: 'Point', coordinates: [1 + 1e-12, 2] } })).toBe(false);
  });
  it('detects a changed property', () => {
    expect(hasFeatureChanges(before, { properties: { gfid: 5, name: 'B' } })).toBe(true);
  });
  it('detects a new property', () => {
    expect(hasFeatureChanges(before, { properties: { height: 3 } })).toBe(true);
  });
  it('compares nested values deeply', () => {
    expect(hasFeatureChanges(before, { properties: { tags: ['x'] } })).toBe(false);
  });
  it('ignores a differing version', () => {
    expect(hasFeatureChanges(before, { properties: { version: 4 } })).toBe(false);
  });
  it('rejects an unchanged update with the SPEC text', () => {
    expect(validateFeatureUpdate(before, { properties: { name: 'A' } })).toEqual({
      ok: false,
      error: 'NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE',
      message: 'No changes detected while updating the feature.',
    });
  });
});

describe('route display (SPEC §9)', () => {
  it('shows metres under 1000', () => {
    expect(formatDistance(999)).toBe('999 m');
  });
  it('shows km with one decimal from 1000', () => {
    expect(formatDistance(1000)).toBe('1.0 km');
  });
  it('shows seconds under a minute', () => {
    expect(formatDuration(45)).toBe('45 s');
  });
  it('shows hours and minutes', () => {
    expect(formatDuration(3 * 3600 + 25 * 60)).toBe('3 h 25 min');
  });
  it('measures one degree of latitude as about 111.2 km', () => {
    expect(haversineDistance([0, 0], [0, 1])).toBeCloseTo(111195, -1);
  });
});

describe('geolocation (SPEC §4, §8)', () => {
  it('granted permission starts loading', () => {
    expect(geolocationStateFor('granted', false)).toBe('loading');
  });
  it('prompt permission gives prompt', () => {
    expect(geolocationStateFor('prompt', false)).toBe('prompt');
  });
  it('granted after a location error gives temporary_blocked', () => {
    expect(geolocationStateFor('granted', true)).toBe('temporary_blocked');
  });
  it('denied permission gives blocked', () => {
    expect(geolocationStateFor('denied', false)).toBe('blocked');
  });
  it('maps codes 1, 2, 3 to denied, unavailable, timeout', () => {
    expect([1, 2, 3].map(geolocationErrorKey)).toEqual(['GEOLOCATION_DENIED', 'GEOLOCATION_UNAVAILABLE', 'GEOLOCATION_TIMEOUT']);
  });
  it('maps any other code to unknown', () => {
    expect(geolocationErrorKey(9)).toBe('GEOLOCATION_UNKNOWN');
  });
  it('shows the timeout message for 12 s', () => {
    expect(geolocationNotificationMs('GEOLOCATION_TIMEOUT')).toBe(12000);
  });
  it('shows the denied message for 5 s', () => {
    expect(geolocationNotificationMs('GEOLOCATION_DENIED')).toBe(5000);
  });
});
