import { deepEqual, ERRORS, isWellFormedGeometry, withinGeometryLimits, type Geometry } from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';
import { HttpError, badRequest, forbidden } from '../http/errors.ts';
import { LIMITS } from '../limits.ts';
import type { EditTarget } from './edit_target.ts';

// The layer's and its properties' flags (SPEC §3 Layer deletable, Property definition editable),
// and the size and validity of a suggested geometry (issue 16), checked on every suggestion.

/** A layer that says `deletable: false` takes no delete suggestion. */
export function assertDeletable(target: EditTarget): void {
  if (target.layer.config?.deletable === false) throw forbidden('LAYER_NOT_DELETABLE');
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * A suggestion may set only properties the layer declares, and not those declared non-editable.
 * What the client echoes unchanged (an update carries the whole feature) is not a change; on a new
 * feature an empty value is none. A layer that declares no properties takes what it is given.
 */
export function assertPropertyFlags(target: EditTarget, before: Record<string, unknown>, patch: Record<string, unknown>): void {
  if (!target.properties.length) return;
  const defs = new Map(target.properties.map((d) => [d.name, d]));
  for (const [name, value] of Object.entries(patch)) {
    const changed = name in before ? !deepEqual(before[name] ?? null, value ?? null) : !isEmpty(value);
    if (!changed) continue;
    const def = defs.get(name);
    if (!def) throw new HttpError(400, 'PROPERTY_NOT_DECLARED', `${ERRORS.PROPERTY_NOT_DECLARED} (${name.slice(0, 100)})`);
    if (!def.editable) throw new HttpError(403, 'PROPERTY_NOT_EDITABLE', `${ERRORS.PROPERTY_NOT_EDITABLE} (${def.label ?? def.name})`);
  }
}

/** The limits and the shape checks PostGIS needs before it reads a geometry (an error would end the transaction). */
export function assertGeometryShape(geometry: Geometry): void {
  if (!withinGeometryLimits(geometry, LIMITS)) throw badRequest('GEOMETRY_TOO_LARGE');
  if (!isWellFormedGeometry(geometry)) {
    throw new HttpError(400, 'GEOMETRY_NOT_VALID', `${ERRORS.GEOMETRY_NOT_VALID} (rings must be closed, lines need two points)`);
  }
}

/** PostGIS's reason in the refusal (ST_IsValidReason), cut to a readable length. */
export const invalidGeometry = (reason: string) =>
  new HttpError(400, 'GEOMETRY_NOT_VALID', `${ERRORS.GEOMETRY_NOT_VALID} (${reason.slice(0, 200)})`);

/**
 * The geometry within the vertex, part and WGS 84 limits (MAPDRAFT_MAX_VERTICES, MAPDRAFT_MAX_PARTS),
 * then valid by PostGIS (ST_IsValid); a refusal names PostGIS's reason.
 */
export async function assertGeometryAllowed(db: Db, geometry: Geometry): Promise<void> {
  assertGeometryShape(geometry);
  // A point (or a set of points) within the limits is valid by definition (OGC SFS has no rule for
  // them beyond their coordinates): no round trip for the most common suggestion (issue 16 load).
  if (geometry.type === 'Point' || geometry.type === 'MultiPoint') return;
  let reason: string | null;
  try {
    const { rows } = await db.query<{ reason: string | null }>(
      `SELECT CASE WHEN ST_IsValid(g) THEN NULL ELSE ST_IsValidReason(g) END AS reason
       FROM (SELECT ST_GeomFromGeoJSON($1) AS g) AS t`,
      [JSON.stringify(geometry)],
    );
    reason = rows[0]?.reason ?? null;
  } catch (err) {
    // PostGIS refuses some shapes outright (an unclosed ring, too few points): not valid either.
    reason = err instanceof Error ? err.message.split('\n')[0] : 'unreadable';
  }
  if (reason) throw invalidGeometry(reason);
}
