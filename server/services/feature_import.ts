import {
  ERRORS,
  geometryFamily,
  geometrySchema,
  type FeatureImportAnswer,
  type FeatureImportChunk,
  type Geometry,
  type ImportRefusal,
} from '../../src/model/index.ts';
import type { AuthUser } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { GRPSTATUS, userProperties } from './changes.ts';
import type { EditTarget } from './edit_target.ts';
import { assertReviewerOfWorkspace } from './review_queue.ts';
import { assertGeometryShape, assertPropertyFlags, invalidGeometry } from './suggestion_rules.ts';

// Bulk import of a file's features (issue 15 part 5, SPEC §1 "import"), one chunk per call and per
// transaction. Each feature passes the checks a single suggestion passes (suggestChange): geometry
// type of the layer's family (Multi* stored as it is), the vertex/part limits, ST_IsValid with its
// reason, declared / editable / admin-only properties. A feature that fails is reported by its index
// in the file and left out; the others go in. PostGIS checks the whole chunk in one statement.

interface Accepted {
  index: number;
  geometry: Geometry;
  properties: Record<string, unknown>;
}

const refusal = (index: number, err: unknown): ImportRefusal => {
  if (err instanceof HttpError) return { index, error: err.key, message: err.message };
  throw err;
};

/**
 * The per-feature checks that need no database: shape, family, limits and the property flags. The
 * importer reviews the app (checked per chunk), so admin-only properties are theirs to fill (SPEC §6).
 */
function checkFeatures(target: EditTarget, chunk: FeatureImportChunk) {
  const accepted: Accepted[] = [];
  const refused: ImportRefusal[] = [];
  chunk.features.forEach((feature, i) => {
    const index = feature.index ?? chunk.startIndex + i;
    try {
      if (feature.geometry === null || feature.geometry === undefined) throw new HttpError(400, 'IMPORT_NO_GEOMETRY');
      const parsed = geometrySchema.safeParse(feature.geometry);
      if (!parsed.success) throw new HttpError(400, 'INVALID_GEOMETRY');
      const geometry = parsed.data;
      if (geometryFamily(geometry.type) !== target.layer.geometry_type) {
        throw new HttpError(400, 'GEOMETRY_TYPE_MISMATCH', `${ERRORS.GEOMETRY_TYPE_MISMATCH} (${geometry.type})`);
      }
      assertGeometryShape(geometry);
      const properties = userProperties(feature.properties);
      assertPropertyFlags(target, {}, properties);
      accepted.push({ index, geometry, properties });
    } catch (err) {
      refused.push(refusal(index, err));
    }
  });
  return { accepted, refused };
}

const VALIDITY_SQL = `SELECT (t.ord - 1)::int AS i, CASE WHEN ST_IsValid(g) THEN NULL ELSE ST_IsValidReason(g) END AS reason
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(j, ord), LATERAL (SELECT ST_GeomFromGeoJSON(t.j::text) AS g) AS v`;

/**
 * ST_IsValidReason of each geometry, null when valid. One statement for the chunk; a geometry PostGIS
 * cannot even read would fail it, so that statement runs under a savepoint and, if it fails, each
 * geometry is checked alone under its own.
 */
async function validityReasons(tx: Db, geometries: Geometry[]): Promise<(string | null)[]> {
  const check = async (list: Geometry[]) => {
    await tx.query('SAVEPOINT import_check');
    try {
      const { rows } = await tx.query<{ i: number; reason: string | null }>(VALIDITY_SQL, [JSON.stringify(list)]);
      await tx.query('RELEASE SAVEPOINT import_check');
      const reasons: (string | null)[] = new Array(list.length).fill(null);
      for (const r of rows) reasons[r.i] = r.reason;
      return reasons;
    } catch (err) {
      await tx.query('ROLLBACK TO SAVEPOINT import_check');
      if (list.length > 1) return undefined;
      return [err instanceof Error ? err.message.split('\n')[0] : 'unreadable'];
    }
  };
  const all = await check(geometries);
  if (all) return all;
  const one: (string | null)[] = [];
  for (const g of geometries) one.push(((await check([g])) ?? ['unreadable'])[0]);
  return one;
}

/** Writes the chunk's valid features: into the layer ('direct'), or as pending new-feature suggestions. */
async function insertFeatures(tx: Db, user: AuthUser, target: EditTarget, mode: FeatureImportChunk['mode'], rows: Accepted[]) {
  const payload = JSON.stringify(rows.map((r) => ({ g: r.geometry, p: r.properties })));
  if (mode === 'direct') {
    await tx.query(
      `INSERT INTO features (workspace_id, layer_id, geom, properties, created_by)
       SELECT $1, $2, ST_SetSRID(ST_GeomFromGeoJSON((t.e->'g')::text), 4326), t.e->'p', $3
       FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS t(e, ord) ORDER BY t.ord`,
      [target.ws.id, target.layer.id, user.id, payload],
    );
    return;
  }
  // As suggestChange writes one: the proposal in the `_diff` companion and its `changes` row. The
  // gfids are drawn first so each change row names its own proposal.
  await tx.query(
    `WITH src AS MATERIALIZED (
       SELECT nextval(pg_get_serial_sequence('features', 'gfid')) AS gfid, t.e, t.ord
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(e, ord)),
     proposals AS (
       INSERT INTO features (gfid, workspace_id, layer_id, geom, properties, created_by)
       SELECT gfid, $2, $3, ST_SetSRID(ST_GeomFromGeoJSON((e->'g')::text), 4326),
         (e->'p') || jsonb_build_object('grpstatus', $7::text, 'grpfid', NULL), $6
       FROM src ORDER BY ord RETURNING gfid)
     INSERT INTO changes (kind, workspace_id, layer_id, gfid, base_version, diff_gfid, before, after, suggested_by)
     SELECT 'create', $4, $5, NULL, NULL, src.gfid, NULL, jsonb_build_object('geometry', e->'g', 'properties', e->'p'), $6
     FROM src JOIN proposals USING (gfid) ORDER BY ord`,
    [payload, target.diffWorkspace, target.diffLayer, target.ws.id, target.layer.id, user.id, GRPSTATUS.create],
  );
}

/**
 * Imports one chunk in one transaction. Only a reviewer of the layer's app (its owner, an admin of
 * its workspaces) imports: they could accept each suggestion anyway, so 'direct' gives them nothing
 * more (SPEC §6).
 */
export async function importChunk(db: Db, user: AuthUser, target: EditTarget, chunk: FeatureImportChunk): Promise<FeatureImportAnswer> {
  return db.transaction(async (tx) => {
    await assertReviewerOfWorkspace(tx, user, target.ws.id);
    const { accepted, refused } = checkFeatures(target, chunk);
    const reasons = await validityReasons(
      tx,
      accepted.map((a) => a.geometry),
    );
    const valid = accepted.filter((a, i) => {
      const reason = reasons[i];
      if (reason) refused.push(refusal(a.index, invalidGeometry(reason)));
      return !reason;
    });
    if (valid.length) await insertFeatures(tx, user, target, chunk.mode, valid);
    refused.sort((a, b) => a.index - b.index);
    return { imported: valid.length, refused };
  });
}
