// Suggestions waiting in the outbox are drawn at once in their layer's `_diff` companion,
// under the id -seq so they never collide with a server gfid. When
// one is sent, its stand-in leaves and the server's proposal (refreshed by gfid) takes its place.
import type { Feature } from 'geojson';
import { diffLayerId, type GeometryType, type OutboxItem } from '../../src/model/index.ts';
import { applyFeatures, type RefreshDeps } from './refresh_features.ts';

/** The stand-ins drawn per `_diff` layer, so a redraw knows which to take out. */
const drawn = new Map<string, Set<number>>();

/** A reload of the layer replaced its features: none of the stand-ins is on screen any more. */
export function forgetQueued(layerId: string): void {
  drawn.delete(layerId);
}

function standIn(item: OutboxItem): Feature | null {
  const { meta } = item;
  // A deletion proposes no geometry: the original stays drawn until an admin decides.
  if (meta.subject !== 'feature' || meta.grpstatus === 'd' || !meta.geometry) return null;
  return {
    type: 'Feature',
    id: -item.seq,
    geometry: meta.geometry,
    properties: { ...meta.properties, grpstatus: meta.grpstatus, fromLocalStorage: true },
  };
}

/**
 * Makes the `_diff` layer of every layer in `layerIds` show exactly the queued suggestions of
 * `items` (stand-ins added, sent or discarded ones taken out). Layers not shown are left alone.
 */
export function drawQueued(items: readonly OutboxItem[], layerIds: Iterable<string>, depsFor: (layerId: string) => RefreshDeps): void {
  for (const base of layerIds) {
    const layerId = diffLayerId(base);
    const deps = depsFor(layerId);
    const geometryType: GeometryType | undefined = deps.registry.get(layerId)?.geometryType;
    if (!geometryType) continue;
    const features = items
      .filter((i) => i.meta.layerId === base)
      .map(standIn)
      .filter((f): f is Feature => f !== null);
    const before = drawn.get(layerId) ?? new Set<number>();
    const now = new Set(features.map((f) => f.id as number));
    const ids = [...new Set([...before, ...now])];
    if (!ids.length) continue;
    // Stand-ins are the device's, not the server's: never written into the stored copy of the layer.
    applyFeatures(layerId, ids, features, { ...deps, store: undefined }, geometryType);
    drawn.set(layerId, now);
  }
}
