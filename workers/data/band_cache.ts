// Which version of a layer the renderer holds at a zoom, and the simplified versions already made
// (DESIGN.md "simplify per zoom band"). Pure and DOM-free: the data worker's zoom_bands.ts drives it.
// The bands themselves, and bandOfView the main thread uses, are in workers/batch/zoom_levels.ts.
import type { GeometryType } from '../../src/model/index.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { ZOOM_BANDS } from '../batch/zoom_levels.ts';

/** The most detailed band: its tolerance (half a pixel at zoom 24) is sub-centimetre, so it draws the original. */
export const FULL_DETAIL_BAND = ZOOM_BANDS.length - 1;

/** Points are never simplified: dropping a vertex would drop a feature. */
export function simplifies(geometryType: GeometryType): boolean {
  return geometryType === 'LineString' || geometryType === 'Polygon';
}

/** 'full' when the renderer should draw the batch itself, else the ZOOM_BANDS index to simplify for. */
export function versionForBand(geometryType: GeometryType, band: number): 'full' | number {
  return !simplifies(geometryType) || band >= FULL_DETAIL_BAND ? 'full' : band;
}

interface LayerBands {
  /** The full-resolution batch the versions were made from; a new one (reload) drops them all. */
  source: FeatureBatch;
  versions: Map<number, Promise<FeatureBatch>>;
}

/**
 * Simplified versions per layer and band, kept as promises so two callers asking for the same band
 * share one computation. A rejected computation (aborted by a newer band) is forgotten.
 */
export class BandCache {
  private readonly layers = new Map<string, LayerBands>();

  /** The version for `band`, made with `make` unless already made or under way from the same source. */
  get(source: FeatureBatch, band: number, make: () => Promise<FeatureBatch>): Promise<FeatureBatch> {
    let entry = this.layers.get(source.layerId);
    if (!entry || entry.source !== source) {
      entry = { source, versions: new Map() };
      this.layers.set(source.layerId, entry);
    }
    const known = entry.versions.get(band);
    if (known) return known;
    const made = make();
    entry.versions.set(band, made);
    const owner = entry;
    made.catch(() => {
      if (owner.versions.get(band) === made) owner.versions.delete(band);
    });
    return made;
  }

  /** Bands already made (or under way) for this layer's current source. */
  bands(layerId: string): number[] {
    return [...(this.layers.get(layerId)?.versions.keys() ?? [])];
  }

  drop(layerId: string): void {
    this.layers.delete(layerId);
  }
}
