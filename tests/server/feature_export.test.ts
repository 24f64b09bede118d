// Export of a layer, a search result or a selection as a file (issue 15 part 6): each format's
// content and download headers, the gfids and bbox selections, the roles of the features list, and
// bad input refused with 400. The GeoPackage is read back with SQLite itself (wa-sqlite in Node).
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import { describe, expect, inject, it } from 'vitest';
import { ERRORS, EXPORT_MAX_GFIDS } from '../../src/model/index.ts';
import { nodeSqliteModule } from '../../server/services/export_gpkg.ts';
import { openMemoryDatabase } from '../../wasm/sqlite_db.ts';
import { call, expectError, USER } from './helpers.ts';
import { S, admin, newFeature, payload, point, suggest, target } from './suggest_helpers.ts';

type Fc = { features: { id: number; geometry: { type: string; coordinates: any }; properties: Record<string, any> }[] };

const exportOf = (query: string, who = {}) => call(`/api/features/export?${query}`, who);
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Paris and a few cities around it: a small bbox of the seeded cities. */
const PARIS_BOX = 'bbox=2,48.5,2.6,49';

async function citiesIn(query: string): Promise<Fc['features']> {
  return (await call<Fc>(`/api/features?workspace=ws_demo&layer=cities&${query}`)).body.features;
}

async function gpkgRows(bytes: Uint8Array, sql: string) {
  const file = await openMemoryDatabase(await nodeSqliteModule(), bytes);
  try {
    return await file.db.all(sql);
  } finally {
    await file.db.close();
  }
}

describe('GET /api/features/export', () => {
  it('exports a layer as GeoJSON, a download named after the layer that no shared cache keeps', async () => {
    const res = await exportOf(`workspace=ws_demo&layer=cities&f=geojson&${PARIS_BOX}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/geo+json');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="cities.geojson"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const expected = await citiesIn(PARIS_BOX);
    expect(expected.length).toBeGreaterThan(0);
    expect((res.body as Fc).features.map((f) => f.id)).toEqual(expected.map((f) => f.id));
    expect((res.body as Fc).features.map((f) => f.properties.name)).toContain('Paris');
  });

  it('exports only the selected gfids', async () => {
    const [a, c] = await citiesIn('bbox=-10,35,30,60');
    const res = await exportOf(`workspace=ws_demo&layer=cities&f=geojson&gfids=${c.id},${a.id}`);
    expect((res.body as Fc).features.map((f) => f.id)).toEqual([a.id, c.id]);
  });

  it('exports FlatGeobuf with the count and columns of the layer', async () => {
    const expected = await citiesIn(PARIS_BOX);
    const res = await exportOf(`workspace=ws_demo&layer=cities&f=fgb&${PARIS_BOX}`);
    expect(res.headers.get('content-type')).toBe('application/flatgeobuf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="cities.fgb"');
    const read: { properties: Record<string, unknown> }[] = [];
    for await (const f of deserialize(res.bytes)) read.push(f as never);
    expect(read.map((f) => f.properties.gfid)).toEqual(expected.map((f) => f.id));
    expect(read.find((f) => f.properties.name === 'Paris')?.properties).toMatchObject({ country: 'FR', population: expect.any(Number) });
  });

  it('exports a GeoPackage 1.2 with typed columns, fid = gfid and GeoPackage geometries', async () => {
    const expected = await citiesIn(PARIS_BOX);
    const res = await exportOf(`workspace=ws_demo&layer=cities&f=gpkg&${PARIS_BOX}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geopackage+sqlite3');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="cities.gpkg"');
    expect(text(res.bytes.slice(0, 15))).toBe('SQLite format 3');
    expect(await gpkgRows(res.bytes, 'PRAGMA application_id')).toEqual([[0x47504b47]]);
    expect(await gpkgRows(res.bytes, 'PRAGMA user_version')).toEqual([[10200]]);
    expect(await gpkgRows(res.bytes, 'SELECT srs_id FROM gpkg_spatial_ref_sys ORDER BY srs_id')).toEqual([[-1], [0], [4326]]);
    expect(await gpkgRows(res.bytes, 'SELECT table_name, data_type, srs_id, min_x <= max_x FROM gpkg_contents')).toEqual([
      ['cities', 'features', 4326, 1],
    ]);
    expect(await gpkgRows(res.bytes, 'SELECT column_name, geometry_type_name, srs_id FROM gpkg_geometry_columns')).toEqual([
      ['geom', 'POINT', 4326],
    ]);
    const columns = Object.fromEntries((await gpkgRows(res.bytes, 'PRAGMA table_info(cities)')).map((c) => [c[1], c[2]]));
    expect(columns).toMatchObject({ fid: 'INTEGER', geom: 'POINT', version: 'MEDIUMINT', name: 'TEXT', population: 'MEDIUMINT' });
    const rows = await gpkgRows(res.bytes, 'SELECT fid, name, population, geom FROM cities ORDER BY fid');
    expect(rows.map((r) => r[0])).toEqual(expected.map((f) => f.id));
    const paris = rows.find((r) => r[1] === 'Paris')!;
    const parisJson = expected.find((f) => f.properties.name === 'Paris')!;
    expect(paris[2]).toBe(parisJson.properties.population);
    // "GP", version 0, little-endian with an [minx, maxx, miny, maxy] envelope, SRS 4326, then a WKB point.
    const geom = paris[3] as Uint8Array;
    const view = new DataView(geom.buffer, geom.byteOffset, geom.byteLength);
    expect([...geom.slice(0, 4)]).toEqual([0x47, 0x50, 0, 3]);
    expect(view.getInt32(4, true)).toBe(4326);
    expect(view.getFloat64(8, true)).toBeCloseTo(parisJson.geometry.coordinates[0], 6);
    expect(view.getUint32(41, true)).toBe(1);
    expect(view.getFloat64(45, true)).toBeCloseTo(parisJson.geometry.coordinates[0], 6);
    expect(view.getFloat64(53, true)).toBeCloseTo(parisJson.geometry.coordinates[1], 6);
  });

  it('exports polygons as MULTIPOLYGON in a GeoPackage', async () => {
    const res = await exportOf('workspace=ws_demo&layer=countries&f=gpkg');
    expect(await gpkgRows(res.bytes, 'SELECT geometry_type_name FROM gpkg_geometry_columns')).toEqual([['MULTIPOLYGON']]);
    expect(await gpkgRows(res.bytes, 'SELECT count(*) FROM countries')).toEqual([[177]]);
  });

  it('exports GPX waypoints named by the layer, with every property as an extension', async () => {
    const [paris] = (await citiesIn(PARIS_BOX)).filter((f) => f.properties.name === 'Paris');
    const res = await exportOf(`workspace=ws_demo&layer=cities&f=gpx&gfids=${paris.id}`);
    expect(res.headers.get('content-type')).toBe('application/gpx+xml');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="cities.gpx"');
    const gpx = text(res.bytes);
    expect(gpx).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<gpx version="1.1"/);
    const [lon, lat] = paris.geometry.coordinates;
    expect(gpx).toContain(`<wpt lat="${lat}" lon="${lon}"><name>Paris</name>`);
    expect(gpx).toContain(`<md:gfid>${paris.id}</md:gfid>`);
    expect(gpx).toContain(`<md:population>${paris.properties.population}</md:population>`);
    expect(gpx.match(/<wpt /g)).toHaveLength(1);
  });

  it('exports lines as GPX tracks, one a feature, with a segment per line', async () => {
    const borders = (await call<Fc>('/api/features?workspace=ws_demo&layer=borders')).body.features;
    const gpx = text((await exportOf('workspace=ws_demo&layer=borders&f=gpx')).bytes);
    expect(gpx.match(/<trk>/g)).toHaveLength(borders.length);
    expect(gpx).not.toContain('<wpt');
  });

  it('exports CSV with longitude and latitude for points, RFC 4180 quoting and no spreadsheet formulas', async () => {
    const gfid = await newFeature(
      { name: '=HYPERLINK("http://evil")', height: -12.5, notes: 'a, "quoted"\nline' },
      point(7.123456789, -45.5),
    );
    const res = await exportOf(`${target()}&f=csv&gfids=${gfid}`, admin);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${S.layer}.csv"`);
    expect(text(res.bytes)).toBe(
      'gfid,name,height,status,notes,longitude,latitude\r\n' +
        `${gfid},"'=HYPERLINK(""http://evil"")",-12.5,,"a, ""quoted""\nline",7.123457,-45.5\r\n`,
    );
    // The same feature as GPX: its texts XML-escaped, not run as formulas (GPX is no spreadsheet).
    const gpx = text((await exportOf(`${target()}&f=gpx&gfids=${gfid}`, admin)).bytes);
    expect(gpx).toContain('<wpt lat="-45.5" lon="7.123457"><name>=HYPERLINK(&quot;http://evil&quot;)</name>');
    expect(gpx).toContain('<md:notes>a, &quot;quoted&quot;\nline</md:notes>');
  });

  it('exports CSV of lines and polygons with a WKT column', async () => {
    const csv = text((await exportOf('workspace=ws_demo&layer=countries&f=csv')).bytes).split('\r\n');
    expect(csv[0]).toBe('gfid,name,isoNumeric,WKT');
    expect(csv.filter((l) => l).length).toBe(178);
    expect(csv[1]).toMatch(/,"(POLYGON\(\(|MULTIPOLYGON\(\(\()-?\d/);
  });

  it('keeps a private workspace from visitors and shows a member only their own pending deletes', async () => {
    expectError(await exportOf('workspace=ws_demo_diff&layer=cities_diff&f=csv'), 401, 'UNAUTHORIZED');
    expect(
      (await exportOf('workspace=ws_demo_diff&layer=cities_diff&f=geojson', { auth: USER })).body.features.map((f: { id: number }) => f.id),
    ).toContain(inject('diffGfid'));
    const gfid = await newFeature({ name: 'exported delete' });
    const userA = { session: S.crowd[197].session };
    const userB = { session: S.crowd[196].session };
    expect((await suggest('DELETE', payload({ gfid }), userA, target())).status).toBe(201);
    const diff = `workspace=${S.workspace}_diff&layer=${S.layer}_diff&f=geojson`;
    const deletesOf = async (who: object) =>
      ((await exportOf(diff, who)).body as Fc).features.filter((f) => f.properties.grpfid === gfid && f.properties.grpstatus === 'd');
    expect(await deletesOf(userA)).toHaveLength(1);
    expect(await deletesOf(admin)).toHaveLength(1);
    expect(await deletesOf(userB)).toHaveLength(0);
  });

  it('refuses a bad format, bad gfids and too many gfids with 400', async () => {
    const base = 'workspace=ws_demo&layer=cities';
    expectError(await exportOf(`${base}&f=shp`), 400, 'EXPORT_FORMAT_NOT_SUPPORTED', ERRORS.EXPORT_FORMAT_NOT_SUPPORTED);
    for (const gfids of ['1,x', '1.5', '', '-3', '1,,2', '0']) {
      expectError(await exportOf(`${base}&f=csv&gfids=${gfids}`), 400, 'INVALID_VALUE', ERRORS.INVALID_VALUE);
    }
    const many = Array.from({ length: EXPORT_MAX_GFIDS + 1 }, (_, i) => i + 1).join(',');
    expectError(await exportOf(`${base}&f=csv&gfids=${many}`), 400, 'EXPORT_TOO_MANY_FEATURES', ERRORS.EXPORT_TOO_MANY_FEATURES);
    expectError(await exportOf(`${base}&f=csv&bbox=1,2,3`), 400, 'INVALID_VALUE', ERRORS.INVALID_VALUE);
    expectError(await exportOf('workspace=ws_demo&layer=nope&f=csv'), 404, 'LAYER_NOT_FOUND');
  });
});
