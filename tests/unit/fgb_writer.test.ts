// server/services/fgb_writer.ts + wkb.ts: WKB (as PostGIS ST_AsBinary writes it) → FlatGeobuf, read
// back with flatgeobuf's own deserializer and with the client's decoder (workers/data/fgb_decode.ts).
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { describe, expect, it } from 'vitest';
import { ColumnType, FgbFeatureWriter, fgbHeader, GeometryType, type FgbColumn } from '../../server/services/fgb_writer.ts';
import { readWkb } from '../../server/services/wkb.ts';
import { decodeFlatGeobuf, FgbBatchDecoder } from '../../workers/data/fgb_decode.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';

/** ISO WKB, little-endian, of a GeoJSON geometry (2D, or 3D when its positions have z). */
function toWkb(g: Geometry): Uint8Array {
  const bytes: number[] = [];
  const view = new DataView(new ArrayBuffer(8));
  const u32 = (n: number) => {
    view.setUint32(0, n, true);
    bytes.push(...new Uint8Array(view.buffer, 0, 4));
  };
  const f64 = (n: number) => {
    view.setFloat64(0, n, true);
    bytes.push(...new Uint8Array(view.buffer, 0, 8));
  };
  const codes: Record<string, number> = { Point: 1, LineString: 2, Polygon: 3, MultiPoint: 4, MultiLineString: 5, MultiPolygon: 6 };
  const hasZ = JSON.stringify('coordinates' in g ? g.coordinates : []).match(/\[[^[\]]*,[^[\]]*,[^[\]]*\]/) !== null;
  const head = (type: string) => {
    bytes.push(1);
    u32(codes[type] + (hasZ ? 1000 : 0));
  };
  const pos = (p: Position) => {
    f64(p[0]);
    f64(p[1]);
    if (hasZ) f64(p[2]);
  };
  const line = (ps: Position[]) => {
    u32(ps.length);
    ps.forEach(pos);
  };
  const polygon = (rings: Position[][]) => {
    u32(rings.length);
    rings.forEach(line);
  };
  head(g.type);
  switch (g.type) {
    case 'Point':
      pos(g.coordinates);
      break;
    case 'LineString':
      line(g.coordinates);
      break;
    case 'Polygon':
      polygon(g.coordinates);
      break;
    case 'MultiPoint':
      u32(g.coordinates.length);
      g.coordinates.forEach((p) => {
        head('Point');
        pos(p);
      });
      break;
    case 'MultiLineString':
      u32(g.coordinates.length);
      g.coordinates.forEach((l) => {
        head('LineString');
        line(l);
      });
      break;
    case 'MultiPolygon':
      u32(g.coordinates.length);
      g.coordinates.forEach((p) => {
        head('Polygon');
        polygon(p);
      });
      break;
    default:
      throw new Error(g.type);
  }
  return Uint8Array.from(bytes);
}

const COLUMNS: FgbColumn[] = [
  { name: 'gfid', type: ColumnType.Long },
  { name: 'version', type: ColumnType.Int },
  { name: 'name', type: ColumnType.String },
  { name: 'population', type: ColumnType.Double },
  { name: 'capital', type: ColumnType.Bool },
];
const TYPE: Record<string, GeometryType> = {
  Point: GeometryType.Point,
  MultiPoint: GeometryType.MultiPoint,
  LineString: GeometryType.LineString,
  MultiLineString: GeometryType.MultiLineString,
  Polygon: GeometryType.Polygon,
  MultiPolygon: GeometryType.MultiPolygon,
};

/** One file as the server writes it: the header, then the features in pages of `page`. */
function writeFile(features: Feature[], columns = COLUMNS, page = 2): Uint8Array[] {
  const type = features[0]?.geometry.type ?? 'Point';
  const geometries = features.map((f) => readWkb(toWkb(f.geometry)));
  const chunks = [fgbHeader({ geometryType: TYPE[type], hasZ: geometries[0]?.z !== undefined, columns })];
  const writer = new FgbFeatureWriter(columns);
  features.forEach((f, i) => {
    writer.add(
      geometries[i],
      columns.map((c) => f.properties?.[c.name]),
    );
    if ((i + 1) % page === 0) chunks.push(writer.take());
  });
  chunks.push(writer.take());
  return chunks;
}

const concat = (chunks: Uint8Array[]) => Uint8Array.from(Buffer.concat(chunks));

async function readBack(bytes: Uint8Array): Promise<{ header: HeaderMeta; features: Feature[] }> {
  let header: HeaderMeta | undefined;
  const features: Feature[] = [];
  for await (const f of deserialize(bytes, { headerMetaFn: (h) => (header = h) })) features.push(f as Feature);
  return { header: header!, features };
}

let nextGfid = 1;
function feature(geometry: Geometry, props: Record<string, unknown> = {}): Feature {
  const gfid = nextGfid++;
  return { type: 'Feature', id: gfid, geometry, properties: { gfid, version: 1, name: `f${gfid}`, ...props } };
}
const sq = (x: number, y: number, s: number): Position[] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];

/** Geometry and non-null properties come back as given (a null is absent in FlatGeobuf). */
async function expectRoundTrip(features: Feature[], page = 2): Promise<Uint8Array> {
  const bytes = concat(writeFile(features, COLUMNS, page));
  const { header, features: back } = await readBack(bytes);
  expect(header.featuresCount).toBe(0);
  expect(header.indexNodeSize).toBe(0);
  expect(header.crs?.code).toBe(4326);
  expect(header.columns!.map((c) => [c.name, c.type])).toEqual(COLUMNS.map((c) => [c.name, c.type]));
  expect(back.map((f) => f.geometry)).toEqual(features.map((f) => f.geometry));
  const nonNull = (p: Feature['properties']) => Object.fromEntries(Object.entries(p ?? {}).filter(([, v]) => v != null));
  expect(back.map((f) => f.properties)).toEqual(features.map((f) => nonNull(f.properties)));
  return bytes;
}

describe('FgbFeatureWriter + readWkb', () => {
  it('round-trips points with every column type, unicode strings and nulls', async () => {
    await expectRoundTrip([
      feature({ type: 'Point', coordinates: [121.4737, 31.2304] }, { name: '上海', population: 22315474, capital: false }),
      feature({ type: 'Point', coordinates: [-0.1276, 51.5072] }, { name: 'Zürich 🏔️ «ß» \u{1F600}', population: 0.1 + 0.2, capital: true }),
      feature({ type: 'Point', coordinates: [-180, -90] }, { name: null, population: null, capital: null }),
      feature({ type: 'Point', coordinates: [1e-300, 5.987654321098765] }, { name: '', population: -1.5e300 }),
      { type: 'Feature', geometry: { type: 'Point', coordinates: [3, 4] }, properties: { gfid: 2 ** 40 + 5, version: 2 ** 31 - 1 } },
    ]);
  });

  it('round-trips multipoints, lines and multilines', async () => {
    await expectRoundTrip([
      feature({
        type: 'MultiPoint',
        coordinates: [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
      }),
      feature({ type: 'MultiPoint', coordinates: [[7, 8]] }),
    ]);
    await expectRoundTrip([
      feature({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
          [2, 0.5],
        ],
      }),
      feature({
        type: 'LineString',
        coordinates: [
          [179, 10],
          [-179, 11],
        ],
      }),
    ]);
    await expectRoundTrip([
      feature({
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
          [
            [2, 2],
            [3, 3],
            [4, 2],
          ],
        ],
      }),
      feature({
        type: 'MultiLineString',
        coordinates: [
          [
            [5, 5],
            [6, 6],
          ],
        ],
      }),
    ]);
  });

  it('round-trips polygons and multipolygons, holes included', async () => {
    await expectRoundTrip([
      feature({ type: 'Polygon', coordinates: [sq(0, 0, 10), sq(2, 2, 2), sq(6, 6, 1)] }),
      feature({ type: 'Polygon', coordinates: [sq(20, 20, 1)] }),
    ]);
    await expectRoundTrip(
      [
        feature({ type: 'MultiPolygon', coordinates: [[sq(0, 0, 10), sq(2, 2, 2)], [sq(20, 20, 1)]] }),
        feature({ type: 'MultiPolygon', coordinates: [[sq(-5, -5, 1)]] }),
        feature({ type: 'MultiPolygon', coordinates: [[sq(30, 30, 3), sq(31, 31, 1)]] }),
      ],
      1,
    );
  });

  it('keeps z, and drops M (GeoJSON has none)', async () => {
    await expectRoundTrip([
      feature({
        type: 'LineString',
        coordinates: [
          [0, 0, 100],
          [1, 1, 120.5],
        ],
      }),
      feature({
        type: 'LineString',
        coordinates: [
          [2, 2, -3],
          [3, 3, 0],
        ],
      }),
    ]);
    // LINESTRING M (1 2 7, 3 4 8): ISO type 2002.
    const m = new DataView(new ArrayBuffer(1 + 4 + 4 + 2 * 24));
    m.setUint8(0, 1);
    m.setUint32(1, 2002, true);
    m.setUint32(5, 2, true);
    [1, 2, 7, 3, 4, 8].forEach((v, i) => m.setFloat64(9 + 8 * i, v, true));
    const g = readWkb(new Uint8Array(m.buffer));
    expect([g.type, [...g.xy], g.z]).toEqual([GeometryType.LineString, [1, 2, 3, 4], undefined]);
  });

  it('writes POINT EMPTY as a point without coordinates, as ST_AsGeoJSON does', async () => {
    const empty = Uint8Array.from(Buffer.from('0101000000000000000000f87f000000000000f87f', 'hex'));
    const bytes = concat([
      fgbHeader({ geometryType: GeometryType.Point, columns: COLUMNS }),
      (() => {
        const w = new FgbFeatureWriter(COLUMNS);
        w.add(readWkb(empty), [9, 1]);
        return w.take();
      })(),
    ]);
    const { features } = await readBack(bytes);
    expect(features[0].geometry).toEqual({ type: 'Point', coordinates: [] });
    expect(decodeFlatGeobuf(bytes, { layerId: 'p' }).count).toBe(0); // nothing to draw
  });

  it('writes a header-only file for an empty layer', async () => {
    const bytes = fgbHeader({ geometryType: GeometryType.MultiPolygon, columns: COLUMNS });
    const { header, features } = await readBack(bytes);
    expect(features).toEqual([]);
    expect(header.geometryType).toBe(GeometryType.MultiPolygon);
    expect(header.columns!.map((c) => c.name)).toEqual(COLUMNS.map((c) => c.name));
    expect(decodeFlatGeobuf(bytes, { layerId: 'x' })).toMatchObject({ count: 0, geometryType: 'Polygon' });
    const noColumns = await readBack(fgbHeader({ geometryType: GeometryType.Point, columns: [] }));
    expect(noColumns.features).toEqual([]);
  });

  it('keeps the header and every feature a multiple of 8 bytes, so coordinates are aligned in place', () => {
    const chunks = writeFile(
      [
        feature({ type: 'Point', coordinates: [1, 2] }, { name: 'abc' }),
        feature({ type: 'Point', coordinates: [3, 4] }, { name: 'abcd', capital: true }),
        feature({ type: 'Point', coordinates: [5, 6] }, { name: null }),
      ],
      COLUMNS,
      1,
    );
    expect(chunks.map((c) => c.length % 8)).toEqual(chunks.map(() => 0));
  });

  it('grows past its first buffer: long strings, big polygons, pages of many features', async () => {
    const ring: Position[] = Array.from({ length: 20_000 }, (_, i) => [Math.cos(i / 3183) * 50, Math.sin(i / 3183) * 50]);
    ring.push(ring[0]);
    await expectRoundTrip([
      feature({ type: 'Polygon', coordinates: [ring] }, { name: 'é'.repeat(70_000) }),
      feature({ type: 'Polygon', coordinates: [sq(0, 0, 1)] }, { name: '𝄞'.repeat(30_000) }),
    ]);
    const many = Array.from({ length: 3000 }, (_, i) => feature({ type: 'Point', coordinates: [i / 100, i / 200] }, { population: i }));
    await expectRoundTrip(many, 1000);
  });

  it('decodes with the client decoder into the batch packFeatureCollection makes, chunk by chunk', () => {
    const features = [
      feature({ type: 'MultiPolygon', coordinates: [[sq(0, 0, 10), sq(2, 2, 2)], [sq(170, 0, 20)]] }, { name: 'a' }),
      feature({ type: 'MultiPolygon', coordinates: [[sq(-5, -5, 1)]] }, { name: null }),
    ];
    const chunks = writeFile(features, COLUMNS, 1);
    const opts = { layerId: 'countries', labelProperty: 'name' };
    const expected = packFeatureCollection({ type: 'FeatureCollection', features } as FeatureCollection, opts);
    expect(decodeFlatGeobuf(concat(chunks), opts)).toEqual(expected);
    const decoder = new FgbBatchDecoder(opts);
    for (const b of concat(chunks)) decoder.push(Uint8Array.of(b)); // byte by byte: any split works
    expect(decoder.finish()).toEqual(expected);
  });

  it('refuses big-endian WKB, collections and column types it does not write', () => {
    expect(() => readWkb(Uint8Array.from(Buffer.from('00000000013ff00000000000004000000000000000', 'hex')))).toThrow(/little-endian/);
    expect(() => readWkb(Uint8Array.from(Buffer.from('010700000000000000', 'hex')))).toThrow(/unsupported/);
    expect(() => readWkb(Uint8Array.of(...toWkb({ type: 'Point', coordinates: [1, 2] }), 0))).toThrow(/trailing/);
    expect(() => new FgbFeatureWriter([{ name: 'j', type: ColumnType.Json }])).toThrow(/Unsupported column type Json/);
  });
});
