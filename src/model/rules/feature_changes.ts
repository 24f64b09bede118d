// SPEC §5/§8: a feature update with no changes is rejected (NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE).
import { fail, OK, type RuleResult } from './result.ts';

/** Keys the server owns; a client echoing them back is not a change. */
export const META_PROPERTY_KEYS: readonly string[] = ['gfid', 'version', 'id'];

/**
 * Coordinates survive a PostGIS round trip with rounding in the last digits; closer than this
 * (≈0.1 mm in degrees) is the same position.
 */
export const COORDINATE_EPSILON = 1e-9;

/** Structural equality for JSON-like values; numbers compare within `epsilon`. */
export function deepEqual(a: unknown, b: unknown, epsilon = 0): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') {
    return Number.isNaN(a) ? Number.isNaN(b) : Math.abs(a - b) <= epsilon;
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i], epsilon));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], epsilon));
}

export interface FeatureState {
  geometry?: unknown;
  properties?: Record<string, unknown> | null;
}

/**
 * True when `after` changes `before`. SPEC §3: the payload holds gfid "and the changed
 * properties", so `after.properties` is a patch: keys it leaves out are unchanged, and an
 * absent geometry means the geometry is unchanged. A property set to null where `before`
 * had no value is not a change.
 */
export function hasFeatureChanges(before: FeatureState, after: FeatureState): boolean {
  if (after.geometry != null && !deepEqual(before.geometry ?? null, after.geometry, COORDINATE_EPSILON)) {
    return true;
  }
  const old = before.properties ?? {};
  for (const [key, value] of Object.entries(after.properties ?? {})) {
    if (META_PROPERTY_KEYS.includes(key)) continue;
    if (!deepEqual(old[key] ?? null, value ?? null)) return true;
  }
  return false;
}

export function validateFeatureUpdate(before: FeatureState, after: FeatureState): RuleResult {
  return hasFeatureChanges(before, after) ? OK : fail('NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE');
}
