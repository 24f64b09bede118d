// BASELINE for scenario 6: what a plain main-thread app would write — GeoJSON objects as loaded, a
// Map by gfid (so not even the quadratic version), JSON.stringify to compare geometries, a key loop
// to compare properties.
import type { Feature, FeatureCollection } from 'geojson';

export interface NaiveDiff {
  new: Feature[];
  modified: { suggestion: Feature; original: Feature | null; changed: string[]; geometryChanged: boolean }[];
  deleted: { suggestion: Feature; original: Feature | null }[];
}

export function naiveDiff(originals: FeatureCollection, suggestions: FeatureCollection): NaiveDiff {
  const byId = new Map<number, Feature>();
  for (const f of originals.features) byId.set(Number(f.properties?.gfid ?? f.id), f);
  const out: NaiveDiff = { new: [], modified: [], deleted: [] };
  const meta = new Set(['gfid', 'grpstatus', 'creator', 'creatormail', 'insertedat', 'grpfid']);
  for (const s of suggestions.features) {
    const p = s.properties ?? {};
    if (p.grpstatus === 'n') {
      out.new.push(s);
      continue;
    }
    const original = byId.get(Number(p.gfid)) ?? null;
    if (p.grpstatus === 'd') {
      out.deleted.push({ suggestion: s, original });
      continue;
    }
    const changed: string[] = [];
    for (const key of Object.keys(p)) {
      if (meta.has(key)) continue;
      if (JSON.stringify(p[key]) !== JSON.stringify(original?.properties?.[key])) changed.push(key);
    }
    const geometryChanged = !original || JSON.stringify(s.geometry) !== JSON.stringify(original.geometry);
    out.modified.push({ suggestion: s, original, changed, geometryChanged });
  }
  return out;
}
