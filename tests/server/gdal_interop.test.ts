// What a GIS user gets with GDAL 3.6 (Debian's gdal-bin, what QGIS uses) against the running test
// server: the OGC API – Features service listed and paged into a GeoPackage, and every demo layer's
// FlatGeobuf opened over HTTP with /vsicurl/ (range reads, spatial index) with the same features and
// field types as its GeoJSON.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, DEMO } from './helpers.ts';

const base = inject('apiBase');
const dir = mkdtempSync(join(tmpdir(), 'mapdraft-gdal-'));
const gdal = (tool: string, args: string[]) =>
  execFileSync(tool, args, { encoding: 'utf8', timeout: 120_000, env: { ...process.env, CPL_DEBUG: 'OFF' } });
const featureCount = (info: string) => Number(/Feature Count: (\d+)/.exec(info)?.[1]);
/** "name: Type" of each field, as ogrinfo -so prints them. */
const fieldTypes = (info: string) =>
  Object.fromEntries(
    [...info.matchAll(/^(\w+): (\w+) \(/gm)].filter(([, name]) => !['Geometry', 'Extent'].includes(name)).map(([, n, t]) => [n, t]),
  );

beforeAll(() => {
  execFileSync('bash', ['scripts/ensure_gdal.sh'], { stdio: 'inherit' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('OGC API – Features with GDAL (OAPIF driver)', () => {
  const service = `OAPIF:${base}/api/ogc/${DEMO}`;

  it('lists the demo layers as collections', () => {
    const out = gdal('ogrinfo', ['-ro', '-q', service]);
    expect(out).toMatch(/borders/);
    expect(out).toMatch(/cities/);
    expect(out).toMatch(/countries/);
    expect(out).not.toMatch(/_diff/);
  });

  it('pages every city into a GeoPackage with ogr2ogr', async () => {
    const total = (await call('/api/features?workspace=ws_demo&layer=cities')).body.features.length;
    const gpkg = join(dir, 'cities.gpkg');
    // 300 a page: GDAL follows the next links through 7 pages of the 2,000 seeded cities.
    gdal('ogr2ogr', ['-f', 'GPKG', gpkg, service, 'cities', '-oo', 'PAGE_SIZE=300']);
    const info = gdal('ogrinfo', ['-ro', '-so', gpkg, 'cities']);
    expect(featureCount(info)).toBe(total);
    expect(fieldTypes(info)).toMatchObject({ name: 'String', population: 'Integer' });
    const paris = gdal('ogrinfo', ['-ro', '-q', '-where', "name = 'Paris'", gpkg, 'cities']);
    expect(paris).toMatch(/POINT \(2\.3\d* 48\.8\d*\)/);
  });
});

describe('FlatGeobuf over HTTP with GDAL', () => {
  for (const layer of ['cities', 'countries', 'borders']) {
    it(`opens ${layer} with /vsicurl/ with the count and field types of its GeoJSON`, async () => {
      const url = `${base}/api/features?workspace=ws_demo&layer=${layer}`;
      const geojson = join(dir, `${layer}.geojson`);
      writeFileSync(geojson, (await call(`/api/features?workspace=ws_demo&layer=${layer}`)).bytes);
      const fromFgb = gdal('ogrinfo', ['-ro', '-al', '-so', `/vsicurl/${url}&f=fgb`]);
      const fromJson = gdal('ogrinfo', ['-ro', '-al', '-so', geojson]);
      expect(featureCount(fromFgb)).toBeGreaterThan(0);
      expect(featureCount(fromFgb)).toBe(featureCount(fromJson));
      expect(fieldTypes(fromFgb)).toEqual(fieldTypes(fromJson));
      // A bbox read through the spatial index finds what the GeoJSON has there.
      const box = ['-10', '35', '30', '60'];
      const inFgb = gdal('ogrinfo', ['-ro', '-al', '-q', '-spat', ...box, `/vsicurl/${url}&f=fgb`]).match(/OGRFeature/g)?.length ?? 0;
      const inJson = gdal('ogrinfo', ['-ro', '-al', '-q', '-spat', ...box, geojson]).match(/OGRFeature/g)?.length ?? 0;
      expect(inFgb).toBe(inJson);
    });
  }

  it('reads only part of a large file for a small bbox', async () => {
    const url = `${base}/api/features?workspace=ws_demo&layer=cities&f=fgb`;
    const size = (await call('/api/features?workspace=ws_demo&layer=cities&f=fgb')).bytes.length;
    const run = spawnSync('ogrinfo', ['-ro', '-al', '-q', '-spat', '2.2', '48.7', '2.5', '49', `/vsicurl/${url}`], {
      encoding: 'utf8',
      env: { ...process.env, CPL_DEBUG: 'ON' },
    });
    expect(run.stdout).toMatch(/name \(String\) = Paris/);
    // GDAL logs each range it downloads ("Downloading 0-16383 ..."): together far less than the file.
    const log = run.stderr;
    const ranges = [...log.matchAll(/Downloading (\d+)-(\d+)/g)].map(([, a, b]) => Number(b) - Number(a) + 1);
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.reduce((a, b) => a + b, 0)).toBeLessThan(size);
  });

  it('converts a layer to a GeoPackage', () => {
    const gpkg = join(dir, 'countries.gpkg');
    gdal('ogr2ogr', ['-f', 'GPKG', gpkg, `/vsicurl/${base}/api/features?workspace=ws_demo&layer=countries&f=fgb`]);
    expect(featureCount(gdal('ogrinfo', ['-ro', '-al', '-so', gpkg]))).toBe(177);
  });
});

describe('exported files with GDAL', () => {
  /** The export of `layer` written to a file GDAL opens by its extension. */
  async function exported(layer: string, f: string, ext = f): Promise<string> {
    const res = await call(`/api/features/export?workspace=ws_demo&layer=${layer}&f=${f}`);
    expect(res.status).toBe(200);
    const path = join(dir, `export-${layer}.${ext}`);
    writeFileSync(path, res.bytes);
    return path;
  }
  const geojsonInfo = async (layer: string) => gdal('ogrinfo', ['-ro', '-al', '-so', await exported(layer, 'geojson')]);

  for (const layer of ['cities', 'countries', 'borders']) {
    it(`reads ${layer} as GeoPackage and FlatGeobuf with the count and field types of its GeoJSON export`, async () => {
      const fromJson = await geojsonInfo(layer);
      expect(featureCount(fromJson)).toBeGreaterThan(0);
      for (const [f, ext] of [
        ['gpkg', 'gpkg'],
        ['fgb', 'fgb'],
      ]) {
        const info = gdal('ogrinfo', ['-ro', '-al', '-so', await exported(layer, f, ext)]);
        expect(featureCount(info), f).toBe(featureCount(fromJson));
        // The GeoPackage's fid is the gfid, so that column is not a field there.
        const { gfid: _gfid, ...types } = fieldTypes(fromJson);
        expect(fieldTypes(info), f).toMatchObject(types);
      }
    });
  }

  it('reads the GeoPackage geometries where the GeoJSON has them', async () => {
    const paris = gdal('ogrinfo', ['-ro', '-q', '-where', "name = 'Paris'", await exported('cities', 'gpkg'), 'cities']);
    expect(paris).toMatch(/POINT \(2\.3\d* 48\.8\d*\)/);
    expect(gdal('ogrinfo', ['-ro', '-so', await exported('countries', 'gpkg'), 'countries'])).toMatch(/Geometry: Multi Polygon/);
  });

  it('reads the GPX waypoints and tracks with their properties', async () => {
    const cities = featureCount(await geojsonInfo('cities'));
    const points = gdal('ogrinfo', ['-ro', '-so', await exported('cities', 'gpx'), 'waypoints']);
    expect(featureCount(points)).toBe(cities);
    expect(gdal('ogrinfo', ['-ro', '-q', '-where', "name = 'Paris'", join(dir, 'export-cities.gpx'), 'waypoints'])).toMatch(
      /md_country \(String\) = FR/,
    );
    const borders = featureCount(await geojsonInfo('borders'));
    expect(featureCount(gdal('ogrinfo', ['-ro', '-so', await exported('borders', 'gpx'), 'tracks']))).toBe(borders);
  });

  it('reads the CSV with its longitude and latitude columns, and WKT for polygons', async () => {
    const cities = featureCount(await geojsonInfo('cities'));
    const csv = await exported('cities', 'csv');
    const args = ['-ro', '-al', '-oo', 'X_POSSIBLE_NAMES=longitude', '-oo', 'Y_POSSIBLE_NAMES=latitude', '-oo', 'AUTODETECT_TYPE=YES'];
    const info = gdal('ogrinfo', [...args, '-so', csv]);
    expect(featureCount(info)).toBe(cities);
    expect(fieldTypes(info)).toMatchObject({ name: 'String', population: 'Integer' });
    expect(gdal('ogrinfo', [...args, '-q', '-where', "name = 'Paris'", csv])).toMatch(/POINT \(2\.3\d* 48\.8\d*\)/);
    const countries = gdal('ogrinfo', ['-ro', '-al', '-so', await exported('countries', 'csv')]);
    expect(featureCount(countries)).toBe(177);
    expect(countries).toMatch(/Geometry: (Multi Polygon|Unknown \(any\))/);
  });
});
