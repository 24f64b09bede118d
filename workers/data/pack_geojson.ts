// Packs a GeoJSON FeatureCollection into a FeatureBatch (workers/batch/feature_batch.ts). Pure and
// DOM-free, so it runs in the data worker, in node tests and in benchmarks alike.
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { categoryIconIndex, featureSearchText, type GeometryType } from '../../src/model/index.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { poleCorners, unwrapOffsets } from '../batch/antimeridian.ts';
import { f64, Growable, u32, u8 } from '../batch/growable.ts';

export interface PackOptions {
  layerId: string;
  geometryType?: GeometryType;
  labelProperty?: string;
  /** SPEC §3 Layer.categoryProperty: its value picks each feature's category icon (`categories`). */
  categoryProperty?: string;
  /** Properties whose values make each feature's `searchTexts`, the name first (model `featureSearchProperties`). */
  searchProperties?: readonly string[];
  /** SPEC §5: points with out-of-range coordinates are filtered out (the model's rule). */
  isValidPoint?: (lon: number, lat: number) => boolean;
}

function baseType(g: Geometry): GeometryType | undefined {
  switch (g.type) {
    case 'Point':
    case 'MultiPoint':
      return 'Point';
    case 'LineString':
    case 'MultiLineString':
      return 'LineString';
    case 'Polygon':
    case 'MultiPolygon':
      return 'Polygon';
    default:
      return undefined;
  }
}

/** Numeric feature id (gfid); NaN when the feature has none (a new, unsaved feature — SPEC §3). */
function featureId(f: Feature): number {
  const raw = f.id ?? (f.properties as { gfid?: unknown } | null)?.gfid;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw !== '' ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : NaN;
}

function finite(p: Position): boolean {
  return p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);
}

export function packFeatureCollection(fc: FeatureCollection, opts: PackOptions): FeatureBatch {
  const features = fc.features ?? [];
  let type = opts.geometryType;
  if (!type) {
    for (const f of features) {
      const t = f.geometry ? baseType(f.geometry) : undefined;
      if (t) {
        type = t;
        break;
      }
    }
  }
  const geometryType: GeometryType = type ?? 'Point';
  const hint = Math.max(16, features.length);
  const ids = new Growable(f64(hint), f64);
  const coords = new Growable(f64(hint * 2), f64);
  const partEnds = new Growable(u32(hint), u32);
  const featureEnds = new Growable(u32(hint), u32);
  const polygonEnds = new Growable(u32(geometryType === 'Polygon' ? hint : 1), u32);
  const labels: string[] | undefined = opts.labelProperty ? [] : undefined;
  const searchProperties = opts.searchProperties;
  const searchTexts: string[] | undefined = searchProperties ? [] : undefined;
  const categoryProperty = opts.categoryProperty;
  const categories = categoryProperty ? new Growable(u8(hint), u8) : undefined;
  const validPoint = opts.isValidPoint;

  const pushPart = (ring: Position[], closed = false): boolean => {
    // Points never cross the antimeridian; lines and rings may (see antimeridian.ts).
    const off = ring.length > 1 ? unwrapOffsets(ring, closed) : null;
    const cap = ring.length > 1 ? poleCorners(ring, closed) : null;
    let n = 0;
    for (let i = 0; i < ring.length; i++) {
      if (i === cap?.at) {
        for (const [x, y] of cap.corners) {
          coords.push(x);
          coords.push(y);
        }
        n += cap.corners.length;
      }
      const p = ring[i];
      if (!finite(p)) continue;
      coords.push(off ? p[0] + off[i] : p[0]);
      coords.push(p[1]);
      n++;
    }
    if (n === 0) return false;
    partEnds.push(coords.len / 2);
    return true;
  };

  for (const f of features) {
    const g = f.geometry;
    if (!g || baseType(g) !== geometryType) continue; // a layer holds one geometry type (SPEC §3)
    const partsBefore = partEnds.len;
    if (g.type === 'Point' || g.type === 'MultiPoint') {
      const pts = g.type === 'Point' ? [g.coordinates] : g.coordinates;
      for (const p of pts) {
        if (!finite(p) || (validPoint && !validPoint(p[0], p[1]))) continue; // SPEC §5
        pushPart([p]);
      }
    } else if (g.type === 'LineString' || g.type === 'MultiLineString') {
      const lines = g.type === 'LineString' ? [g.coordinates] : g.coordinates;
      for (const line of lines) if (line.length >= 2) pushPart(line);
    } else if (g.type === 'Polygon' || g.type === 'MultiPolygon') {
      const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      for (const rings of polys) {
        const before = partEnds.len;
        // A polygon whose shell is empty is dropped with its holes.
        if (!rings.length || !pushPart(rings[0], true)) continue;
        for (let r = 1; r < rings.length; r++) pushPart(rings[r], true);
        if (partEnds.len > before) polygonEnds.push(partEnds.len);
      }
    }
    if (partEnds.len === partsBefore) continue; // nothing drawable left: drop the feature
    ids.push(featureId(f));
    featureEnds.push(partEnds.len);
    if (labels) {
      const v = (f.properties as Record<string, unknown> | null)?.[opts.labelProperty!];
      labels.push(v == null ? '' : String(v));
    }
    if (categories) categories.push(categoryIconIndex((f.properties as Record<string, unknown> | null)?.[categoryProperty!]));
    if (searchTexts) {
      const props = (f.properties ?? {}) as Record<string, unknown>;
      searchTexts.push(featureSearchText(searchProperties!.map((name) => props[name])));
    }
  }

  const batch: FeatureBatch = {
    layerId: opts.layerId,
    geometryType,
    count: featureEnds.len,
    ids: ids.done(),
    coords: coords.done(),
    partEnds: partEnds.done(),
    featureEnds: featureEnds.done(),
  };
  if (geometryType === 'Polygon') batch.polygonEnds = polygonEnds.done();
  if (labels) batch.labels = labels;
  if (categories) batch.categories = categories.done();
  if (searchTexts) batch.searchTexts = searchTexts;
  return batch;
}
