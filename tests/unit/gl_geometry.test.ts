// The render worker's flat feature store and the arrays its WebGL2 backend uploads.
import { describe, expect, it } from 'vitest';
import type { Feature, Geometry } from 'geojson';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';
import { lineFeatures, polygonFeatures } from '../../benchmarks/data/generate.ts';
import { buildGLGeometry, GLGeometryBuilder, POSITION_FLOATS, splitDouble } from '../../workers/render/gl_geometry.ts';
import { LayerData } from '../../workers/render/layer_data.ts';
import { square } from './shapes.ts';

const feature = (id: number, geometry: Geometry): Feature => ({ type: 'Feature', id, geometry, properties: { name: `f${id}` } });
const pack = (layerId: string, ...features: Feature[]) =>
  packFeatureCollection({ type: 'FeatureCollection', features }, { layerId, labelProperty: 'name' });
/** Signed area (projected metres) of the triangles: a fill covers its polygon minus the holes. */
function triangleArea(positions: Float32Array, tris: Uint32Array): number {
  const x = (v: number) => positions[v * POSITION_FLOATS] + positions[v * POSITION_FLOATS + 2];
  const y = (v: number) => positions[v * POSITION_FLOATS + 1] + positions[v * POSITION_FLOATS + 3];
  let area = 0;
  for (let i = 0; i < tris.length; i += 3) {
    const [a, b, c] = [tris[i], tris[i + 1], tris[i + 2]];
    area += Math.abs((x(b) - x(a)) * (y(c) - y(a)) - (x(c) - x(a)) * (y(b) - y(a))) / 2;
  }
  return area;
}

const projectedArea = (lon0: number, lat0: number, lon1: number, lat1: number) =>
  (lonToX(lon1) - lonToX(lon0)) * (latToY(lat1) - latToY(lat0));

describe('buildGLGeometry', () => {
  it('keeps centimetres at the far side of the world through the hi/lo split', () => {
    const x = 20_037_508.342789244 - 0.03; // 3 cm west of the antimeridian
    const [hi, lo] = splitDouble(x);
    expect(Math.fround(hi)).toBe(hi);
    expect(Math.fround(lo)).toBeCloseTo(lo, 6); // the low half survives float32 to a micrometre
    // What the shader does: (hi − centreHi) + (lo − centreLo), every term a float32.
    const [ch, cl] = splitDouble(x - 0.05);
    expect(Math.fround(Math.fround(hi - ch) + Math.fround(Math.fround(lo) - Math.fround(cl)))).toBeCloseTo(0.05, 4);
    // A single float32 would be off by up to a metre here.
    expect(Math.abs(Math.fround(x) - x)).toBeGreaterThan(0.01);
  });

  it('projects every vertex of a point layer and builds no segments or triangles', () => {
    const g = buildGLGeometry(
      pack(
        'p',
        feature(1, { type: 'Point', coordinates: [10, 20] }),
        feature(2, {
          type: 'MultiPoint',
          coordinates: [
            [0, 0],
            [-30, 45],
          ],
        }),
      ),
    );
    expect(g.vertexCount).toBe(3);
    expect(g.segmentOn).toBeNull();
    expect(g.triangles).toBeNull();
    expect(g.positions[0] + g.positions[2]).toBeCloseTo(lonToX(10), 2);
    expect(g.positions[1] + g.positions[3]).toBeCloseTo(latToY(20), 2);
    expect(g.positions[2 * POSITION_FLOATS] + g.positions[2 * POSITION_FLOATS + 2]).toBeCloseTo(lonToX(-30), 2);
  });

  it('draws segments inside each line and none from one line (or part) to the next', () => {
    const g = buildGLGeometry(
      pack(
        'l',
        feature(1, {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
            [2, 0],
          ],
        }),
        feature(2, {
          type: 'MultiLineString',
          coordinates: [
            [
              [5, 5],
              [6, 6],
            ],
            [
              [7, 7],
              [8, 8],
              [9, 9],
            ],
          ],
        }),
      ),
    );
    expect(g.vertexCount).toBe(8);
    expect([...g.segmentOn!]).toEqual([1, 1, 0, 1, 0, 1, 1, 0]);
    expect(g.triangles).toBeNull();
  });

  it('fills a polygon minus its hole, and each polygon of a multipolygon, with outlines per ring', () => {
    const g = buildGLGeometry(
      pack(
        'a',
        feature(1, { type: 'Polygon', coordinates: [square(0, 0, 10), square(2, 2, 2)] }),
        feature(2, { type: 'MultiPolygon', coordinates: [[square(20, 0, 1)], [square(30, 0, 2)]] }),
      ),
    );
    expect(g.triangles!.length % 3).toBe(0);
    const expected = projectedArea(0, 0, 10, 10) - projectedArea(2, 2, 4, 4) + projectedArea(20, 0, 21, 1) + projectedArea(30, 0, 32, 2);
    expect(triangleArea(g.positions, g.triangles!)).toBeCloseTo(expected, -3);
    // Four rings of five vertices: each ring's last vertex ends its outline.
    expect([...g.segmentOn!]).toEqual([1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0]);
  });

  it('builds the same geometry in steps of no time as at once (a large layer built between frames)', () => {
    for (const features of [polygonFeatures(3_000), lineFeatures(4, 6_000)] as Feature[][]) {
      const batch = pack('big', ...features);
      const builder = new GLGeometryBuilder(batch);
      let steps = 1;
      while (!builder.step(0)) steps++;
      expect(steps).toBeGreaterThan(1); // it did stop and resume
      expect(builder.result()).toEqual(buildGLGeometry(batch));
    }
  });

  it('skips rings too small to fill without losing the others', () => {
    const g = buildGLGeometry(
      pack(
        'a',
        feature(1, {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        }),
        feature(2, { type: 'Polygon', coordinates: [square(5, 5, 1)] }),
      ),
    );
    expect(triangleArea(g.positions, g.triangles!)).toBeCloseTo(projectedArea(5, 5, 6, 6), -3);
  });
});

describe('LayerData', () => {
  it('replaces, upserts and removes by id, bumping the revision each time', () => {
    const data = new LayerData('cities', 'Point');
    expect(data.count).toBe(0);
    expect(data.extent()).toBeNull();
    data.replace(pack('cities', feature(1, { type: 'Point', coordinates: [0, 0] }), feature(2, { type: 'Point', coordinates: [10, 10] })));
    const r1 = data.revision;
    data.upsert(pack('cities', feature(2, { type: 'Point', coordinates: [20, 0] }), feature(3, { type: 'Point', coordinates: [-5, 5] })));
    expect(data.revision).toBeGreaterThan(r1);
    expect([...data.batch.ids]).toEqual([1, 2, 3]);
    expect(data.extent()).toEqual([lonToX(-5), latToY(0), lonToX(20), latToY(5)]);
    data.remove([1, 99]);
    expect([...data.batch.ids]).toEqual([2, 3]);
    expect(data.batch.labels).toEqual(['f2', 'f3']);
  });

  it('finds the features in an extent, and forgets the old index after a change', () => {
    const data = new LayerData('cities', 'Point');
    data.replace(pack('cities', feature(1, { type: 'Point', coordinates: [0, 0] }), feature(2, { type: 'Point', coordinates: [10, 10] })));
    const around = (lon: number, lat: number): [number, number, number, number] => [
      lonToX(lon) - 1,
      latToY(lat) - 1,
      lonToX(lon) + 1,
      latToY(lat) + 1,
    ];
    expect(data.featuresIn(around(10, 10))).toEqual([1]);
    data.upsert(pack('cities', feature(1, { type: 'Point', coordinates: [10, 10] })));
    expect(data.featuresIn(around(10, 10)).sort()).toEqual([0, 1]);
    expect(data.featuresIn(around(0, 0))).toEqual([]);
  });
});

describe('buildGLGeometry category icons (SPEC §9)', () => {
  it("gives every vertex its feature's icon, a MultiPoint's points all the same; none without categories", () => {
    const features: Feature[] = [
      { type: 'Feature', id: 1, properties: { kind: 'schools' }, geometry: { type: 'Point', coordinates: [1, 1] } },
      {
        type: 'Feature',
        id: 2,
        properties: { kind: 'banks' },
        geometry: {
          type: 'MultiPoint',
          coordinates: [
            [2, 2],
            [3, 3],
            [4, 4],
          ],
        },
      },
      { type: 'Feature', id: 3, properties: { kind: 'other' }, geometry: { type: 'Point', coordinates: [5, 5] } },
    ];
    const batch = packFeatureCollection({ type: 'FeatureCollection', features }, { layerId: 'poi', categoryProperty: 'kind' });
    expect([...buildGLGeometry(batch).icons!]).toEqual([12, 1, 1, 1, 255]);
    expect(buildGLGeometry(pack('plain', feature(1, { type: 'Point', coordinates: [1, 1] }))).icons).toBeNull();
  });
});
