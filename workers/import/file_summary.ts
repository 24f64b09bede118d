// What the import dialog shows of a parsed file: columns in file order, each column's inferred type
// (model `inferPropertyType`, from up to 1,000 values), the geometry families and the first features.
import { geometryFamily, IMPORT_PREVIEW_FEATURES, inferPropertyType, type PropertyType } from '../../src/model/index.ts';
import type { ImportedFeature } from './imported_feature.ts';
import type { ImportFormat, ImportSummary } from './protocol.ts';

const TYPE_SAMPLES = 1000;
/** More columns than a layer form can show are a sign of a wide table; the rest are left out. */
const MAX_COLUMNS = 200;

export function summarise(format: ImportFormat, features: readonly ImportedFeature[], parseMs: number): ImportSummary {
  const columns: string[] = [];
  const seen = new Set<string>();
  const samples = new Map<string, unknown[]>();
  const families = new Map<string, number>();
  let withoutGeometry = 0;
  for (const f of features) {
    if (f.geometry) {
      const family = geometryFamily(f.geometry.type) ?? f.geometry.type;
      families.set(family, (families.get(family) ?? 0) + 1);
    } else withoutGeometry++;
    for (const [key, value] of Object.entries(f.properties)) {
      if (!seen.has(key)) {
        if (columns.length >= MAX_COLUMNS) continue;
        seen.add(key);
        columns.push(key);
        samples.set(key, []);
      }
      const list = samples.get(key);
      if (list && list.length < TYPE_SAMPLES) list.push(value);
    }
  }
  const columnTypes: Record<string, PropertyType> = {};
  for (const c of columns) columnTypes[c] = inferPropertyType(samples.get(c) ?? []);
  return {
    format,
    featureCount: features.length,
    withoutGeometry,
    geometryFamilies: [...families.entries()].sort((a, b) => b[1] - a[1]).map(([k]) => k),
    columns,
    columnTypes,
    preview: features.slice(0, IMPORT_PREVIEW_FEATURES).map((f) => ({
      geometryType: f.geometry?.type ?? null,
      point: f.geometry?.type === 'Point' ? [f.geometry.coordinates[0], f.geometry.coordinates[1]] : undefined,
      properties: f.properties,
    })),
    parseMs,
  };
}
