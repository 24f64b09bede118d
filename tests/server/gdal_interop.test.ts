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
