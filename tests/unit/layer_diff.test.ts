// benchmarks/pages/contenders/layer_diff.ts (scenario 6's Mapdraft diff): a layer against its _diff companion, grouped n / m / d (SPEC §2/§3).
import { describe, it, expect } from 'vitest';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { COORDINATE_EPSILON, deepEqual } from '../../src/model/index.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import {
  diffLayer,
  indexGfids,
  indexOriginals,
  suggestionSetFrom,
  vertexStarts,
  type Suggestion,
  type SuggestionSet,
} from '../../benchmarks/pages/contenders/layer_diff.ts';
import { prng } from '../../benchmarks/data/generate.ts'; // seeded: a failure can be replayed

type Row = { gfid?: number; geometry: Geometry; properties?: Record<string, unknown> };
function pack(rows: Row[], layerId: string, labelProperty?: string): FeatureBatch {
  const features = rows.map((r): Feature => ({ type: 'Feature', id: r.gfid, properties: r.properties ?? {}, geometry: r.geometry }));
  return packFeatureCollection({ type: 'FeatureCollection', features } as FeatureCollection, { layerId, labelProperty });
}
const P = (lon: number, lat: number): Geometry => ({ type: 'Point', coordinates: [lon, lat] });

/** Originals with gfid 1..n at (gfid, 0) and a name each. */
function originals(n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({ gfid: i + 1, geometry: P(i + 1, 0), properties: { name: `f${i + 1}`, kind: 'a' } }));
  return indexOriginals({ batch: pack(rows, 'places'), properties: rows.map((r) => r.properties) });
}
/** A suggestion set: the geometry of suggestion i is feature i of the batch. */
function suggestions(list: (Omit<Suggestion, 'feature'> & { geometry?: Geometry })[]): SuggestionSet {
  const withGeometry = list.filter((s) => s.geometry);
  const batch = pack(
    withGeometry.map((s) => ({ gfid: s.gfid, geometry: s.geometry! })),
    'places_diff',
  );
  let k = 0;
  return { batch, suggestions: list.map(({ geometry, ...s }) => (geometry ? { ...s, feature: k++ } : s)) };
}

describe('diffLayer grouping (SPEC §3 grpstatus)', () => {
  it('puts n, m and d suggestions in their groups, in input order', () => {
    const diff = diffLayer(
      originals(3),
      suggestions([
        { gfid: 2, grpstatus: 'd', properties: {} },
        { grpstatus: 'n', properties: { name: 'new' }, geometry: P(9, 9) },
        { gfid: 1, grpstatus: 'm', properties: { name: 'renamed' } },
        { grpstatus: 'n', properties: { name: 'new2' }, geometry: P(8, 8) },
      ]),
    );
    expect(diff.new.map((e) => e.suggestion)).toEqual([1, 3]);
    expect(diff.modified.map((e) => e.suggestion)).toEqual([2]);
    expect(diff.deleted.map((e) => e.suggestion)).toEqual([0]);
  });
  it('gives a new feature gfid null (shown as "suggested feature", SPEC §2)', () => {
    const diff = diffLayer(originals(1), suggestions([{ grpstatus: 'n', properties: {}, geometry: P(0, 0) }]));
    expect(diff.new[0]).toMatchObject({ gfid: null, feature: 0 });
  });
  it('carries creator, creator mail and insertion date', () => {
    const diff = diffLayer(
      originals(1),
      suggestions([
        { gfid: 1, grpstatus: 'd', properties: {}, creator: 'ann', creatormail: 'ann@x.org', insertedat: '2026-01-02T03:04:05Z' },
      ]),
    );
    expect(diff.deleted[0]).toEqual({
      suggestion: 0,
      gfid: 1,
      original: 0,
      missingOriginal: false,
      creator: 'ann',
      creatormail: 'ann@x.org',
      insertedat: '2026-01-02T03:04:05Z',
    });
  });
});

describe('diffLayer modified entries', () => {
  it('lists each changed property with before and after', () => {
    const diff = diffLayer(originals(2), suggestions([{ gfid: 2, grpstatus: 'm', properties: { name: 'x', kind: 'a' } }]));
    expect(diff.modified[0].changedProperties).toEqual([{ name: 'name', before: 'f2', after: 'x' }]);
  });
  it('reports a property the original lacked with before null', () => {
    const diff = diffLayer(originals(1), suggestions([{ gfid: 1, grpstatus: 'm', properties: { rate: 4 } }]));
    expect(diff.modified[0].changedProperties).toEqual([{ name: 'rate', before: null, after: 4 }]);
  });
  it('does not count null for a missing value as a change (model rule)', () => {
    const diff = diffLayer(originals(1), suggestions([{ gfid: 1, grpstatus: 'm', properties: { rate: null } }]));
    expect(diff.modified[0].changedProperties).toEqual([]);
  });
  it('ignores suggestion metadata keys', () => {
    const diff = diffLayer(originals(1), suggestions([{ gfid: 1, grpstatus: 'm', properties: { gfid: 1, version: 3, grpstatus: 'm' } }]));
    expect(diff.modified[0].changedProperties).toEqual([]);
  });
  it('compares structured values deeply', () => {
    const o = indexOriginals({ batch: pack([{ gfid: 1, geometry: P(0, 0) }], 'l'), properties: [{ tags: ['a', 'b'] }] });
    const same = diffLayer(o, suggestions([{ gfid: 1, grpstatus: 'm', properties: { tags: ['a', 'b'] } }]));
    const other = diffLayer(o, suggestions([{ gfid: 1, grpstatus: 'm', properties: { tags: ['a'] } }]));
    expect([same.modified[0].changedProperties.length, other.modified[0].changedProperties.length]).toEqual([0, 1]);
  });
  it('treats coordinates within 1e-9 as the same geometry', () => {
    const diff = diffLayer(originals(1), suggestions([{ gfid: 1, grpstatus: 'm', properties: {}, geometry: P(1 + 1e-10, 0) }]));
    expect(diff.modified[0].geometryChanged).toBe(false);
  });
  it('flags a moved vertex as a geometry change', () => {
    const diff = diffLayer(originals(1), suggestions([{ gfid: 1, grpstatus: 'm', properties: {}, geometry: P(1 + 1e-6, 0) }]));
    expect(diff.modified[0].geometryChanged).toBe(true);
  });
  it('flags a different vertex count as a geometry change', () => {
    const line = (n: number): Geometry => ({ type: 'LineString', coordinates: Array.from({ length: n }, (_, i) => [i, 0]) });
    const o = indexOriginals({ batch: pack([{ gfid: 5, geometry: line(3) }], 'roads'), properties: [{}] });
    const diff = diffLayer(o, suggestions([{ gfid: 5, grpstatus: 'm', properties: {}, geometry: line(4) }]));
    expect(diff.modified[0].geometryChanged).toBe(true);
  });
  it('flags holes regrouped between polygons as a geometry change', () => {
    const sq = (x: number, s: number) => [
      [x, 0],
      [x + s, 0],
      [x + s, s],
      [x, s],
      [x, 0],
    ];
    const before: Geometry = { type: 'MultiPolygon', coordinates: [[sq(0, 4), sq(1, 1)], [sq(10, 4)]] };
    const after: Geometry = { type: 'MultiPolygon', coordinates: [[sq(0, 4)], [sq(1, 1), sq(10, 4)]] };
    const o = indexOriginals({ batch: pack([{ gfid: 1, geometry: before }], 'areas'), properties: [{}] });
    const same = diffLayer(o, suggestions([{ gfid: 1, grpstatus: 'm', properties: {}, geometry: before }]));
    const moved = diffLayer(o, suggestions([{ gfid: 1, grpstatus: 'm', properties: {}, geometry: after }]));
    expect([same.modified[0].geometryChanged, moved.modified[0].geometryChanged]).toEqual([false, true]);
  });
  it('leaves the geometry unchanged when the suggestion carries none', () => {
    const diff = diffLayer(originals(1), suggestions([{ gfid: 1, grpstatus: 'm', properties: { name: 'y' } }]));
    expect(diff.modified[0].geometryChanged).toBe(false);
  });
  it('reports a suggestion repeating the original as unchanged', () => {
    const diff = diffLayer(
      originals(3),
      suggestions([{ gfid: 2, grpstatus: 'm', properties: { name: 'f2', kind: 'a' }, geometry: P(2, 0) }]),
    );
    expect(diff.modified[0]).toMatchObject({ original: 1, geometryChanged: false, changedProperties: [] });
  });
  it('reports a geometry-only change with no changed property', () => {
    const diff = diffLayer(originals(3), suggestions([{ gfid: 3, grpstatus: 'm', properties: { name: 'f3' }, geometry: P(3, 1) }]));
    expect(diff.modified[0]).toMatchObject({ original: 2, geometryChanged: true, changedProperties: [] });
  });
  it('reports a change of the label property alone as a property change', () => {
    const rows = [1, 2].map((gfid) => ({ gfid, geometry: P(gfid, 0), properties: { name: `f${gfid}`, kind: 'a' } }));
    const o = indexOriginals({ batch: pack(rows, 'places', 'name'), properties: rows.map((r) => r.properties) });
    const diff = diffLayer(o, suggestions([{ gfid: 2, grpstatus: 'm', properties: { name: 'Renamed', kind: 'a' }, geometry: P(2, 0) }]));
    expect(diff.modified[0]).toMatchObject({
      geometryChanged: false,
      changedProperties: [{ name: 'name', before: 'f2', after: 'Renamed' }],
    });
  });
  it('compares multi-part features part by part, not only by vertex count', () => {
    const line = (...parts: number[]): Geometry => ({
      type: 'MultiLineString',
      coordinates: parts.map((n, p) => Array.from({ length: n }, (_, i) => [i, p])),
    });
    const o = indexOriginals({
      batch: pack(
        [
          { gfid: 1, geometry: line(2, 3) },
          { gfid: 2, geometry: line(5) },
        ],
        'roads',
      ),
      properties: [{}, {}],
    });
    const flags = (g: Geometry, gfid = 1) =>
      diffLayer(o, suggestions([{ gfid, grpstatus: 'm', properties: {}, geometry: g }])).modified[0].geometryChanged;
    expect([flags(line(2, 3)), flags(line(3, 2)), flags(line(5)), flags(line(2, 3), 2), flags(line(5), 2)]).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });
});

describe('diffLayer with originals gone', () => {
  it('reports a modification of a missing gfid instead of dropping it', () => {
    const diff = diffLayer(originals(2), suggestions([{ gfid: 99, grpstatus: 'm', properties: { name: 'z' }, geometry: P(0, 0) }]));
    expect(diff.modified[0]).toMatchObject({
      gfid: 99,
      original: -1,
      missingOriginal: true,
      geometryChanged: true,
      changedProperties: [{ name: 'name', before: null, after: 'z' }],
    });
  });
  it('reports a deletion of a missing gfid', () => {
    const diff = diffLayer(originals(2), suggestions([{ gfid: 99, grpstatus: 'd', properties: {} }]));
    expect(diff.deleted[0]).toMatchObject({ original: -1, missingOriginal: true });
  });
});

describe('indexGfids (gfid → feature index)', () => {
  it('finds dense integer gfids at their first occurrence and nothing else', () => {
    const index = indexGfids(new Float64Array([12, 10, NaN, 12, 11, 15, 0]));
    expect([12, 10, 11, 15, 0, -0, 13, -1, 16, 11.5, NaN].map((id) => index.indexOf(id))).toEqual([0, 1, 4, 5, 6, 6, -1, -1, -1, -1, -1]);
  });
  it('finds sparse or fractional gfids at their first occurrence and nothing else', () => {
    const index = indexGfids(new Float64Array([5, 7, NaN, 5, -0, 2.5, 1e15, 3]));
    expect([5, 7, 0, 2.5, 1e15, 3, 4, NaN, 6].map((id) => index.indexOf(id))).toEqual([0, 1, 4, 5, 6, 7, -1, -1, -1]);
  });
  it.each([
    ['dense, shuffled', (i: number) => (i * 7919) % 50_000],
    ['sparse, full of probe runs', (i: number) => ((i * 7919) % 1_000_003) * 2],
  ])('stays exact on 50k %s gfids', (_, gfid) => {
    const ids = Float64Array.from({ length: 50_000 }, (_, i) => gfid(i));
    const index = indexGfids(ids);
    expect(Array.from(ids).every((id, i) => index.indexOf(id) === i)).toBe(true);
    expect(Array.from(ids).some((id) => index.indexOf(id + 0.5) !== -1 || index.indexOf(-id - 1) !== -1)).toBe(false);
  });
  it('is empty for a layer without gfids', () => {
    expect([new Float64Array(0), new Float64Array([NaN])].map((ids) => indexGfids(ids).indexOf(1))).toEqual([-1, -1]);
  });
});

describe('vertexStarts', () => {
  it('gives each feature its first vertex and the vertex count last', () => {
    const line = (n: number): Geometry => ({ type: 'LineString', coordinates: Array.from({ length: n }, (_, i) => [i, 0]) });
    const multi: Geometry = {
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 3],
          [4, 4],
        ],
      ],
    };
    const batch = pack(
      [
        { gfid: 1, geometry: line(3) },
        { gfid: 2, geometry: multi },
        { gfid: 3, geometry: line(2) },
      ],
      'roads',
    );
    expect(Array.from(vertexStarts(batch))).toEqual([0, 3, 8, 10]);
  });
});

describe('suggestionSetFrom (the _diff layer as loaded)', () => {
  it('splits wire properties into suggestion fields and changed properties', () => {
    const batch = pack([{ gfid: 4, geometry: P(0, 0) }], 'places_diff');
    const set = suggestionSetFrom(batch, [{ gfid: 4, grpstatus: 'm', creator: 'bo', insertedat: '2026-05-06', name: 'n' }]);
    expect(set.suggestions).toEqual([
      { gfid: 4, grpstatus: 'm', properties: { name: 'n' }, feature: 0, creator: 'bo', creatormail: undefined, insertedat: '2026-05-06' },
    ]);
  });
  it("takes the gfid property over the diff feature's own id", () => {
    const batch = pack([{ gfid: 900, geometry: P(0, 0) }], 'places_diff');
    expect(suggestionSetFrom(batch, [{ gfid: '12', grpstatus: 'd' }]).suggestions[0].gfid).toBe(12);
  });
  it('skips features without a valid grpstatus', () => {
    const batch = pack(
      [
        { gfid: 4, geometry: P(0, 0) },
        { gfid: 5, geometry: P(1, 0) },
      ],
      'places_diff',
    );
    expect(suggestionSetFrom(batch, [{ grpstatus: 'x' }, { grpstatus: 'd' }]).suggestions.map((s) => s.feature)).toEqual([1]);
  });
});

describe('diffLayer against a plain GeoJSON comparison', () => {
  // The reference reads the SPEC rules off GeoJSON objects: same polygons, rings and vertices within
  // COORDINATE_EPSILON, and a patch's values compared like hasFeatureChanges (null ≡ absent).
  const polygonsOf = (g: Geometry): Position[][][] =>
    g.type === 'Polygon' ? [g.coordinates] : (g as { coordinates: Position[][][] }).coordinates;
  const META = new Set(['gfid', 'grpstatus', 'creator', 'creatormail', 'insertedat']);

  function randomCase(seed: number) {
    const rand = prng(seed);
    const ring = (x: number, y: number): Position[] => {
      const pts = Array.from({ length: 3 + ((rand() * 3) | 0) }, (_, i) => [x + i * 0.01 + rand() * 0.001, y + (i % 2) * 0.01]);
      return [...pts, pts[0]];
    };
    const geometry = (): Geometry => {
      const polys = Array.from({ length: 1 + ((rand() * 2) | 0) }, (_, p) =>
        Array.from({ length: 1 + ((rand() * 2) | 0) }, (_, r) => ring(p + r * 0.1, rand())),
      );
      return polys.length === 1 && rand() < 0.5 ? { type: 'Polygon', coordinates: polys[0] } : { type: 'MultiPolygon', coordinates: polys };
    };
    // Originals in shuffled gfid order, one gfid twice (the first one wins).
    const originals: Feature[] = Array.from({ length: 300 }, (_, i) => ({
      type: 'Feature',
      id: ((i * 37) % 300) + 1,
      geometry: geometry(),
      properties: { name: `f${i}`, value: i % 7, tags: ['a'] },
    }));
    originals[299].id = originals[10].id;
    const mutate = (g: Geometry): Geometry => {
      const polys: Position[][][] = JSON.parse(JSON.stringify(polygonsOf(g)));
      const kind = (rand() * 6) | 0;
      if (kind === 1) polys[0][0][1][0] += COORDINATE_EPSILON / 10;
      if (kind === 2) polys[0][0][1][0] += 1e-6;
      if (kind === 3) polys[0][0].splice(1, 1);
      if (kind === 4) polys.push(polys.length > 1 ? polys.pop()!.splice(0, 1) : [ring(5, 5)]);
      if (kind === 5 && polys.length > 1) polys[0].push(...polys.pop()!);
      return { type: 'MultiPolygon', coordinates: polys.filter((p) => p.length) };
    };
    const suggestions: Feature[] = Array.from({ length: 400 }, (_, i) => {
      const status = (['m', 'm', 'm', 'n', 'd'] as const)[(rand() * 5) | 0];
      const o = originals[(rand() * originals.length) | 0];
      const gfid = status === 'n' ? undefined : rand() < 0.1 ? 5000 + i : o.id;
      const props: Record<string, unknown> = { grpstatus: status, gfid, creator: 'c' };
      const p = (rand() * 5) | 0;
      if (p === 1) props.name = o.properties!.name;
      if (p === 2) props.name = `renamed${i}`;
      if (p === 3) (props.value = o.properties!.value), (props.extra = null);
      if (p === 4) props.tags = rand() < 0.5 ? ['a'] : ['a', 'b'];
      return { type: 'Feature', id: 90_000 + i, properties: props, geometry: rand() < 0.8 ? mutate(o.geometry) : geometry() };
    });
    return { originals, suggestions };
  }

  function reference(originals: Feature[], suggestions: Feature[]) {
    const byGfid = new Map<number, number>();
    originals.forEach((f, i) => byGfid.has(f.id as number) || byGfid.set(f.id as number, i));
    const out = { new: [] as number[], modified: [] as unknown[], deleted: [] as unknown[] };
    suggestions.forEach((s, i) => {
      const p = s.properties!;
      const original = p.gfid == null ? -1 : (byGfid.get(p.gfid as number) ?? -1);
      if (p.grpstatus === 'n') return out.new.push(i);
      if (p.grpstatus === 'd') return out.deleted.push({ suggestion: i, original });
      const before = original < 0 ? {} : originals[original].properties!;
      const changedProperties = Object.keys(p)
        .filter((k) => !META.has(k) && !deepEqual(before[k] ?? null, p[k] ?? null))
        .map((name) => ({ name, before: before[name] ?? null, after: p[name] ?? null }));
      const geometryChanged =
        original < 0 || !deepEqual(polygonsOf(originals[original].geometry), polygonsOf(s.geometry), COORDINATE_EPSILON);
      out.modified.push({ suggestion: i, original, changedProperties, geometryChanged });
    });
    return out;
  }

  it.each([1, 2, 3, 4, 5])('agrees on every group, property and geometry flag (seed %i)', (seed) => {
    const { originals, suggestions } = randomCase(seed);
    const fc = (features: Feature[]) => ({ type: 'FeatureCollection', features }) as FeatureCollection;
    const o = indexOriginals({
      batch: packFeatureCollection(fc(originals), { layerId: 'a' }),
      properties: originals.map((f) => f.properties!),
    });
    const diff = diffLayer(
      o,
      suggestionSetFrom(
        packFeatureCollection(fc(suggestions), { layerId: 'a_diff' }),
        suggestions.map((f) => f.properties!),
      ),
    );
    const want = reference(originals, suggestions);
    expect(diff.new.map((e) => e.suggestion)).toEqual(want.new);
    expect(diff.deleted.map(({ suggestion, original }) => ({ suggestion, original }))).toEqual(want.deleted);
    expect(
      diff.modified.map(({ suggestion, original, changedProperties, geometryChanged }) => ({
        suggestion,
        original,
        changedProperties,
        geometryChanged,
      })),
    ).toEqual(want.modified);
    expect(diff.modified.filter((e) => e.geometryChanged && !e.missingOriginal).length).toBeGreaterThan(50);
  });
});

describe('diffLayer at scale: 100k originals vs 10k modified, 1k new, 1k deleted', () => {
  it('groups every suggestion and gets the entries right', () => {
    const n = 100_000;
    // Columnar originals built directly (as the worker holds them): points at (i/1000, i%1000/100).
    const ids = new Float64Array(n),
      coords = new Float64Array(2 * n);
    const ends = new Uint32Array(n);
    const properties: Record<string, unknown>[] = [];
    for (let i = 0; i < n; i++) {
      ids[i] = 1000 + i;
      coords[2 * i] = i / 1000;
      coords[2 * i + 1] = (i % 1000) / 100;
      ends[i] = i + 1;
      properties.push({ name: `f${i}`, rate: i % 5 });
    }
    const batch: FeatureBatch = { layerId: 'big', geometryType: 'Point', count: n, ids, coords, partEnds: ends, featureEnds: ends };
    const o = indexOriginals({ batch, properties });
    // 12k suggestions: modified every 10th original (every 4th of those moved), 1k new, 1k deleted.
    const m = 10_000,
      k = 1_000;
    const total = m + 2 * k;
    const sIds = new Float64Array(total),
      sCoords = new Float64Array(2 * total),
      sEnds = new Uint32Array(total);
    const list: Suggestion[] = [];
    for (let s = 0; s < total; s++) {
      sEnds[s] = s + 1;
      if (s < m) {
        const i = 10 * s;
        sIds[s] = 1000 + i;
        sCoords[2 * s] = i / 1000 + (s % 4 === 0 ? 0.001 : 0);
        sCoords[2 * s + 1] = (i % 1000) / 100;
        list.push({ gfid: 1000 + i, grpstatus: 'm', properties: { name: s % 2 ? `g${i}` : `f${i}`, rate: i % 5 }, feature: s });
      } else if (s < m + k) {
        sIds[s] = NaN;
        list.push({ grpstatus: 'n', properties: { name: `new${s}` }, feature: s, creator: 'cy' });
      } else {
        const i = 10 * (s - m - k) + 5;
        sIds[s] = 1000 + i;
        sCoords[2 * s] = i / 1000;
        list.push({ gfid: 1000 + i, grpstatus: 'd', properties: {}, feature: s });
      }
    }
    const sBatch: FeatureBatch = {
      layerId: 'big_diff',
      geometryType: 'Point',
      count: total,
      ids: sIds,
      coords: sCoords,
      partEnds: sEnds,
      featureEnds: sEnds,
    };
    const diff = diffLayer(o, { batch: sBatch, suggestions: list });

    expect([diff.new.length, diff.modified.length, diff.deleted.length]).toEqual([k, m, k]);
    expect(diff.modified.filter((e) => e.geometryChanged)).toHaveLength(m / 4);
    expect(diff.modified.filter((e) => e.changedProperties.length > 0)).toHaveLength(m / 2);
    expect(diff.modified.some((e) => e.missingOriginal) || diff.deleted.some((e) => e.missingOriginal)).toBe(false);
    expect(diff.modified[1]).toEqual({
      suggestion: 1,
      gfid: 1010,
      original: 10,
      missingOriginal: false,
      feature: 1,
      geometryChanged: false,
      changedProperties: [{ name: 'name', before: 'f10', after: 'g10' }],
    });
    expect(diff.modified[4]).toMatchObject({ gfid: 1040, original: 40, geometryChanged: true, changedProperties: [] });
    expect(diff.new[0]).toEqual({ suggestion: m, gfid: null, properties: { name: `new${m}` }, feature: m, creator: 'cy' });
    expect(diff.deleted[k - 1]).toEqual({
      suggestion: total - 1,
      gfid: 1000 + 10 * (k - 1) + 5,
      original: 10 * (k - 1) + 5,
      missingOriginal: false,
    });
  });
});
