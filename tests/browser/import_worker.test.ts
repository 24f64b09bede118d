// The import worker in Chromium (issue 15 part 5): each format parsed off the main thread into the
// summary the dialog shows. GeoPackage and Shapefile fixtures were made with GDAL's ogr2ogr
// (tests/browser/fixtures/import: trees.gpkg in EPSG:4326 with a Z point, areas.gpkg as
// MultiPolygons, swiss.gpkg the same trees in EPSG:2056, trees_shp.zip in EPSG:3857 with its .prj).
import { afterAll, describe, expect, it } from 'vitest';
import { wrap, type Remote } from 'comlink';
import { ERRORS } from '../../src/model/index.ts';
import type { ImportSummary, ImportWorkerApi, OpenResult } from '../../workers/import/protocol.ts';

const worker = new Worker(new URL('../../workers/import/import.worker.ts', import.meta.url), { type: 'module' });
const api: Remote<ImportWorkerApi> = wrap<ImportWorkerApi>(worker);
afterAll(() => worker.terminate());

const fixture = async (name: string) => (await fetch(new URL(`./fixtures/import/${name}`, import.meta.url))).blob();
const text = (body: string, type = 'text/plain') => new Blob([body], { type });

async function open(blob: Blob, name: string): Promise<ImportSummary> {
  const result: OpenResult = await api.open(blob, name);
  if (!('summary' in result)) throw new Error(`refused: ${result.error} ${result.detail ?? ''}`);
  return result.summary;
}

const TREES = [
  { name: 'Oak', point: [7.4474, 46.948] },
  { name: 'Elm', point: [8.5417, 47.3769] },
  { name: 'Ash', point: [6.1432, 46.2044] },
];

function expectTrees(summary: ImportSummary, digits = 6) {
  expect(summary.featureCount).toBe(3);
  expect(summary.geometryFamilies).toEqual(['Point']);
  summary.preview.forEach((f, i) => {
    expect(f.properties.name).toBe(TREES[i].name);
    expect(f.point?.[0]).toBeCloseTo(TREES[i].point[0], digits);
    expect(f.point?.[1]).toBeCloseTo(TREES[i].point[1], digits);
  });
}

describe('import worker', () => {
  it('reads GeoJSON and infers the column types', async () => {
    const doc = {
      type: 'FeatureCollection',
      features: TREES.map((t, i) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: t.point },
        properties: { name: t.name, height: [12.5, 8, null][i], planted: ['2020-04-01', null, '2019-10-12'][i] },
      })),
    };
    const summary = await open(text(JSON.stringify(doc)), 'trees.geojson');
    expectTrees(summary);
    expect(summary.format).toBe('geojson');
    expect(summary.columns).toEqual(['name', 'height', 'planted']);
    expect(summary.columnTypes).toEqual({ name: 'TEXT', height: 'NUMBER', planted: 'DATE' });
  });

  it('reprojects a GeoJSON that names EPSG:3857 in its crs member', async () => {
    const mercator = (lon: number, lat: number) => [
      (lon * Math.PI * 6378137) / 180,
      6378137 * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)),
    ];
    const doc = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
      features: TREES.map((t) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: mercator(t.point[0], t.point[1]) },
        properties: { name: t.name },
      })),
    };
    expectTrees(await open(text(JSON.stringify(doc)), 'mercator.geojson'));
  });

  it('refuses a GeoJSON in a CRS it cannot reproject, naming it', async () => {
    const doc = { type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::2056' } }, features: [] };
    expect(await api.open(text(JSON.stringify(doc)), 'swiss.geojson')).toEqual({ error: 'IMPORT_CRS_NOT_SUPPORTED', detail: 'EPSG:2056' });
  });

  it('reads a GeoPackage made by ogr2ogr (3D point kept, fid left out)', async () => {
    const summary = await open(await fixture('trees.gpkg'), 'trees.gpkg');
    expect(summary.format).toBe('gpkg');
    expectTrees(summary);
    expect(summary.columns).toEqual(['name', 'height', 'planted']);
    expect(summary.columnTypes.height).toBe('NUMBER');
  });

  it('reads MultiPolygons from a GeoPackage as they are', async () => {
    const summary = await open(await fixture('areas.gpkg'), 'areas.gpkg');
    expect(summary.geometryFamilies).toEqual(['Polygon']);
    expect(summary.preview.map((f) => [f.properties.name, f.geometryType])).toEqual([
      ['Square', 'MultiPolygon'],
      ['Islands', 'MultiPolygon'],
    ]);
  });

  it('reprojects a GeoPackage in EPSG:2056 (Swiss LV95) from the WKT it carries', async () => {
    const summary = await open(await fixture('swiss.gpkg'), 'swiss.gpkg');
    expectTrees(summary, 4);
  });

  it('reads a zipped Shapefile and reprojects it from its .prj (EPSG:3857)', async () => {
    const summary = await open(await fixture('trees_shp.zip'), 'trees.zip');
    expect(summary.format).toBe('shapefile');
    expectTrees(summary, 4);
  });

  it('reads KML placemarks with their names and data', async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Trees</name>
${TREES.map((t) => `<Placemark><name>${t.name}</name><ExtendedData><Data name="height"><value>9</value></Data></ExtendedData><Point><coordinates>${t.point.join(',')}</coordinates></Point></Placemark>`).join('\n')}
<Placemark><name>Path</name><LineString><coordinates>7,46 8,47</coordinates></LineString></Placemark>
</Folder></Document></kml>`;
    const summary = await open(text(kml), 'trees.kml');
    expect(summary.format).toBe('kml');
    expect(summary.featureCount).toBe(4);
    expect(summary.geometryFamilies).toEqual(['Point', 'LineString']);
    expect(summary.preview[0]).toMatchObject({ geometryType: 'Point', point: TREES[0].point, properties: { name: 'Oak', height: '9' } });
  });

  it('reads GPX tracks and waypoints', async () => {
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
<wpt lat="46.948" lon="7.4474"><name>Oak</name><ele>540</ele></wpt>
<trk><name>Walk</name><trkseg><trkpt lat="46.9" lon="7.4"/><trkpt lat="46.91" lon="7.41"/><trkpt lat="46.92" lon="7.43"/></trkseg></trk></gpx>`;
    const summary = await open(text(gpx), 'walk.gpx');
    expect(summary.format).toBe('gpx');
    expect(summary.preview.map((f) => [f.geometryType, f.properties.name])).toEqual([
      ['LineString', 'Walk'],
      ['Point', 'Oak'],
    ]);
  });

  it('reads a CSV, detects its coordinate columns and lets the user choose others', async () => {
    const csv = 'Name;Longitude;Latitude;X2;Y2;Height\nOak;7,4474;46,948;1;2;12\nElm;8.5417;47.3769;3;4;8\nNo place;;;5;6;1\n';
    let summary = await open(text(csv), 'trees.csv');
    expect(summary.format).toBe('csv');
    expect(summary.csv).toMatchObject({ lon: 'Longitude', lat: 'Latitude' });
    expect(summary.featureCount).toBe(3);
    expect(summary.withoutGeometry).toBe(1);
    expect(summary.columns).toEqual(['Name', 'X2', 'Y2', 'Height']);
    expect(summary.columnTypes.Height).toBe('NUMBER');
    expect(summary.preview[0]).toMatchObject({ point: [7.4474, 46.948], properties: { Name: 'Oak' } });
    summary = await api.setCoordinateColumns('X2', 'Y2');
    expect(summary.withoutGeometry).toBe(0);
    expect(summary.preview[2]).toMatchObject({ point: [5, 6], properties: { Name: 'No place', Longitude: '' } });
  });

  it('says which files it cannot read', async () => {
    expect(await api.open(text('hello'), 'notes.docx')).toEqual({ error: 'IMPORT_FORMAT_NOT_SUPPORTED' });
    expect(await api.open(text('{"type": "FeatureCollection", '), 'broken.geojson')).toMatchObject({ error: 'IMPORT_FILE_UNREADABLE' });
    expect(await api.open(text('{"type":"FeatureCollection","features":[]}'), 'empty.geojson')).toEqual({ error: 'IMPORT_NO_FEATURES' });
    expect(ERRORS.IMPORT_CRS_NOT_SUPPORTED).toMatch(/EPSG:4326/);
  });
});
