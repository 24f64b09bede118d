// GET /api/features as FlatGeobuf, against both engines: the same features as the GeoJSON
// list, decoded with flatgeobuf's own JS reader; paged server output must glue into one valid file.
import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { describe, expect, inject, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { SEED_CITIES, USER, call, expectError, indexedLayerFile } from './helpers.ts';

type Geo = { type: string; coordinates: any };
type Feat = { id?: number | string; geometry: Geo; properties: Record<string, any> };
const FGB = 'application/flatgeobuf';

async function decode(bytes: Uint8Array): Promise<{ header: HeaderMeta; features: Feat[] }> {
  let header: HeaderMeta | undefined;
  const features: Feat[] = [];
  for await (const f of deserialize(bytes, { headerMetaFn: (h) => (header = h) })) features.push(f as Feat);
  return { header: header!, features };
}

const geojson = async (query: string) => (await call<{ features: Feat[] }>(`/api/features?${query}`)).body.features;

/** FlatGeobuf holds one geometry type: the server sends lines and polygons in their Multi form. */
function asMulti(g: Geo): Geo {
  if (g.type === 'Polygon' || g.type === 'LineString') return { type: 'Multi' + g.type, coordinates: [g.coordinates] };
  return g;
}

function expectClose(a: unknown, b: unknown, path: string): void {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) throw new Error(`${path}: length ${a.length} != ${b.length}`);
    a.forEach((v, i) => expectClose(v, b[i], `${path}[${i}]`));
  } else if (typeof a === 'number' && typeof b === 'number') {
    // GeoJSON rounds to 6 decimals (RFC 7946 §11.2); FlatGeobuf keeps the doubles.
    if (!(Math.abs(a - b) <= 5e-7 + 1e-12)) throw new Error(`${path}: ${a} != ${b}`);
  } else throw new Error(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}

/**
 * Same count, gfids, coordinates (to GeoJSON's 6 decimals), rings and property values. A bbox read
 * is streamed in gfid order with its count. A whole layer is streamed in gfid order too until its
 * indexed file is built (count 0, "unknown"), then comes with its spatial index, features in the
 * index's order: both are checked.
 */
async function expectSameAsGeoJson(query: string): Promise<number> {
  const expected = await geojson(query);
  const whole = !query.includes('bbox');
  const first = await call(`/api/features?${query}&f=fgb`);
  expectFileOf(await decode(first.bytes), expected, whole && first.headers.get('accept-ranges') === 'bytes' ? 'indexed' : 'stream', whole);
  if (whole) {
    await indexedLayerFile(query);
    const built = await call(`/api/features?${query}&f=fgb`);
    expect(built.headers.get('accept-ranges')).toBe('bytes');
    expectFileOf(await decode(built.bytes), expected, 'indexed', whole);
  }
  return expected.length;
}

function expectFileOf(
  { header, features }: { header: HeaderMeta; features: Feat[] },
  expected: Feat[],
  shape: 'stream' | 'indexed',
  whole: boolean,
) {
  expect(header.indexNodeSize).toBe(shape === 'indexed' ? 16 : 0);
  expect(header.featuresCount).toBe(shape === 'stream' && whole ? 0 : features.length);
  expect(features.length).toBe(expected.length);
  const byGfid = new Map(expected.map((g) => [g.id, g]));
  if (shape === 'stream') expect(features.map((f) => f.properties.gfid)).toEqual(expected.map((g) => g.id));
  features.forEach((f) => {
    const g = byGfid.get(f.properties.gfid)!;
    expect(f.properties.gfid).toBe(g.id);
    expect(f.geometry.type).toBe(asMulti(g.geometry).type);
    expectClose(f.geometry.coordinates, asMulti(g.geometry).coordinates, `feature ${g.id}`);
    // A null value is simply absent from a FlatGeobuf feature.
    for (const k of new Set([...Object.keys(f.properties), ...Object.keys(g.properties)])) {
      expect([k, f.properties[k] ?? null]).toEqual([k, g.properties[k] ?? null]);
    }
  });
}

describe('GET /api/features as FlatGeobuf', () => {
  it('answers FlatGeobuf for f=fgb and for Accept: application/flatgeobuf, GeoJSON otherwise', async () => {
    const q = '/api/features?workspace=ws_demo&layer=borders';
    await indexedLayerFile('workspace=ws_demo&layer=borders');
    const byParam = await call(`${q}&f=fgb`);
    const byAccept = await call(q, { headers: { accept: FGB } });
    expect(byParam.headers.get('content-type')).toBe(FGB);
    expect(byAccept.headers.get('content-type')).toBe(FGB);
    expect(Buffer.from(byAccept.bytes).equals(Buffer.from(byParam.bytes))).toBe(true);
    expect(byAccept.headers.get('vary')?.toLowerCase()).toContain('accept');
    for (const accept of ['*/*', 'application/geo+json', `${FGB};q=0.5, application/geo+json`, `application/json, ${FGB}`]) {
      expect((await call(q, { headers: { accept } })).headers.get('content-type'), accept).toContain('application/geo+json');
    }
    expect((await call(q, { headers: { accept: `${FGB}, */*;q=0.1` } })).headers.get('content-type')).toBe(FGB);
    expect((await call(`${q}&f=geojson`, { headers: { accept: FGB } })).headers.get('content-type')).toContain('geo+json');
  });

  it('sends every seeded city as points with gfid, version and typed properties (several pages glued)', async () => {
    expect(await expectSameAsGeoJson('workspace=ws_demo&layer=cities')).toBe(SEED_CITIES);
    const { header } = await decode((await call('/api/features?workspace=ws_demo&layer=cities&f=fgb')).bytes);
    expect(header.featuresCount).toBe(SEED_CITIES);
    const [minx, miny, maxx, maxy] = header.envelope!;
    expect(minx).toBeLessThan(maxx);
    expect(miny).toBeLessThan(maxy);
    // Columns from the layer's property definitions, typed as the values are: whole numbers stay
    // integers (ColumnType Int = 5), as GDAL reads them from the GeoJSON.
    const types = Object.fromEntries(header.columns!.map((c) => [c.name, c.type]));
    expect(types).toMatchObject({ gfid: 5, version: 5, name: 11, population: 5, cityId: 5 });
  });

  it('sends the countries as multipolygons, holes included, and the borders as lines', async () => {
    expect(await expectSameAsGeoJson('workspace=ws_demo&layer=countries')).toBe(177);
    const countries = await geojson('workspace=ws_demo&layer=countries');
    expect(countries.some((f) => f.geometry.type === 'MultiPolygon')).toBe(true);
    const polygons = countries.flatMap((f) => asMulti(f.geometry).coordinates as unknown[][]);
    expect(polygons.some((rings) => rings.length > 1)).toBe(true); // a hole (Lesotho in South Africa)
    expect(await expectSameAsGeoJson('workspace=ws_demo&layer=borders')).toBeGreaterThan(100);
  });

  it('honours bbox, and an empty result is still a valid file', async () => {
    expect(await expectSameAsGeoJson('workspace=ws_demo&layer=cities&bbox=2,48.5,2.6,49')).toBeGreaterThan(0);
    expect(await expectSameAsGeoJson('workspace=ws_demo&layer=countries&bbox=-10,35,30,60')).toBeGreaterThan(10);
    const empty = await call('/api/features?workspace=ws_demo&layer=cities&bbox=-30,-60,-29,-59&f=fgb');
    expect(empty.headers.get('content-type')).toBe(FGB);
    const { header, features } = await decode(empty.bytes);
    expect(features).toEqual([]);
    expect(header.columns!.map((c) => c.name)).toContain('population');
    const none = await call('/api/features?layer=cities&f=fgb'); // SPEC §5: no workspace, no features
    expect((await decode(none.bytes)).features).toEqual([]);
  });

  it('keeps the JSON errors: unknown layer, bad bbox, bad format, diff layer for visitors', async () => {
    const unknown = await call('/api/features?workspace=ws_demo&layer=no_such_layer&f=fgb', { headers: { accept: FGB } });
    expect(unknown.headers.get('content-type')).toContain('application/json');
    expectError(unknown, 404, 'LAYER_NOT_FOUND');
    expectError(await call('/api/features?workspace=ws_demo&layer=cities&f=fgb&bbox=1,2,3'), 400, 'INVALID_VALUE', ERRORS.INVALID_VALUE);
    expectError(await call('/api/features?workspace=ws_demo&layer=cities&f=shp'), 400, 'INVALID_VALUE', ERRORS.INVALID_VALUE);
    expectError(await call('/api/features?workspace=ws_demo_diff&layer=cities_diff&f=fgb'), 401, 'UNAUTHORIZED');
    const member = await call('/api/features?workspace=ws_demo_diff&layer=cities_diff&f=fgb', { auth: USER });
    const ids = (await decode(member.bytes)).features.map((f) => f.properties.gfid);
    expect(ids).toContain(inject('diffGfid'));
  });

  it('is gzip-compressed on request, like the GeoJSON list', async () => {
    await indexedLayerFile('workspace=ws_demo&layer=cities');
    const url = new URL('/api/features?workspace=ws_demo&layer=cities&f=fgb', inject('apiBase'));
    const { encoding, body } = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      request(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(encoding).toBe('gzip');
    const plain = (await call('/api/features?workspace=ws_demo&layer=cities&f=fgb')).bytes;
    expect(body.length).toBeLessThan(plain.length);
    expect(gunzipSync(body).equals(Buffer.from(plain))).toBe(true);
  });
});
