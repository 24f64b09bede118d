// An app's layers as real tables of the maps service (SPEC §3 Layer, §5 Layer, §7 "POST import of an
// empty layer"): a vector layer the owner configures exists as a `layers` row in the app's single
// workspace, and an editable one has its `_diff` companion in the workspace's diff workspace, so
// features can be read and suggested on it at once.
import {
  DIFF_SUFFIX,
  diffLayerId,
  diffLayerName,
  isDiffLayerId,
  layerSchema,
  singleWorkspaceOf,
  validateLayerKey,
  type Layer,
} from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';
import { HttpError, assertRule, badRequest } from '../http/errors.ts';
import type { AppRow, WorkspaceRow } from '../routes/common.ts';

/** A vector layer backed by a table of the maps service; WMS and workspace-less local layers are not. */
function isServedVectorLayer(layer: Pick<Layer, 'type' | 'workspace' | 'id'>): boolean {
  return layer.type !== 'wms' && !!layer.workspace && !isDiffLayerId(layer.id);
}

/** The companion rows are derived (§3), never stored in layersConfig: GET /apps adds them. */
export function withoutCompanions(layers: readonly Layer[]): Layer[] {
  return layers.filter((l) => !(isDiffLayerId(l.id) && l.workspace?.endsWith(DIFF_SUFFIX)));
}

/**
 * SPEC §5 "The app's single workspace": the workspace the app's stored vector layers share; with no
 * layer yet, the app's only workspace. Null when the app has none or several and no layer chose one.
 */
export async function currentWorkspace(db: Db, app: AppRow): Promise<string | null> {
  const stored = layerSchema.array().catch([]).parse(app.layers).filter(isServedVectorLayer);
  if (stored.length) return singleWorkspaceOf(stored);
  const { rows } = await db.query<{ id: string }>('SELECT id FROM workspaces WHERE app_key = $1 AND NOT is_diff', [app.app_key]);
  return rows.length === 1 ? rows[0].id : null;
}

/**
 * SPEC §5 "Layers may only be added from the current workspace": every layer that names a workspace
 * names the app's current one (or, while the app has none, one of the app's own workspaces, the same
 * for all). Answers the workspace they use, or null when no layer names one.
 */
export async function checkLayerWorkspaces(db: Db, app: AppRow, layers: readonly Layer[]): Promise<WorkspaceRow | null> {
  const named = [...new Set(layers.filter((l) => l.workspace && !isDiffLayerId(l.id)).map((l) => l.workspace as string))];
  if (!named.length) return null;
  const current = await currentWorkspace(db, app);
  const { rows } = await db.query<WorkspaceRow>('SELECT * FROM workspaces WHERE id = $1 AND app_key = $2 AND NOT is_diff', [
    named[0],
    app.app_key,
  ]);
  if (named.length > 1 || !rows[0] || (current && named[0] !== current)) throw badRequest('LAYERS_ONLY_FROM_CURRENT_WORKSPACE');
  return rows[0];
}

/** The layer keys a workspace already holds (SPEC §5 "key exists"). */
export async function layerKeys(db: Db, workspace: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM layers WHERE workspace_id = $1', [workspace]);
  return rows.map((r) => r.id);
}

/** Gives a workspace its diff workspace if it has none (an editable layer needs one, SPEC §4 Suggestions). */
async function ensureDiffWorkspace(tx: Db, ws: WorkspaceRow): Promise<string> {
  if (ws.diff_workspace) return ws.diff_workspace;
  const diff = ws.id + DIFF_SUFFIX;
  const taken = await tx.query<{ app_key: string | null; is_diff: boolean }>('SELECT app_key, is_diff FROM workspaces WHERE id = $1', [
    diff,
  ]);
  if (taken.rows[0] && (!taken.rows[0].is_diff || taken.rows[0].app_key !== ws.app_key))
    throw new HttpError(409, 'WORKSPACE_CREATION_FAILED');
  if (!taken.rows[0]) {
    await tx.query('INSERT INTO workspaces (id, app_key, is_diff, created_by) VALUES ($1, $2, true, $3)', [
      diff,
      ws.app_key,
      ws.created_by,
    ]);
  }
  await tx.query('UPDATE workspaces SET managed = true, diff_workspace = $2 WHERE id = $1', [ws.id, diff]);
  ws.diff_workspace = diff;
  ws.managed = true;
  return diff;
}

async function upsertLayerRow(tx: Db, workspace: string, layer: Layer, diffOf: string | null): Promise<void> {
  const { id, name, type, workspace: _ws, properties, edit, ...config } = layer;
  const existing = await tx.query<{ geometry_type: string }>('SELECT geometry_type FROM layers WHERE workspace_id = $1 AND id = $2', [
    workspace,
    id,
  ]);
  // Features already stored keep their geometry: a Point table cannot become a Polygon one.
  if (existing.rows[0] && existing.rows[0].geometry_type !== type) throw badRequest('GEOMETRY_TYPE_MISMATCH');
  await tx.query(
    `INSERT INTO layers (workspace_id, id, name, geometry_type, properties, config, editable, diff_of)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)
     ON CONFLICT (workspace_id, id) DO UPDATE SET name = EXCLUDED.name, properties = EXCLUDED.properties,
       config = EXCLUDED.config, editable = EXCLUDED.editable`,
    [workspace, id, name, type, JSON.stringify(properties), JSON.stringify(config), edit, diffOf],
  );
}

/**
 * Makes each served vector layer of `layers` a real table in `ws` (created, or its name, properties,
 * style and flags updated; never its features), with the `_diff` companion of each editable one.
 * Runs inside the caller's transaction.
 */
export async function materializeLayers(tx: Db, ws: WorkspaceRow, layers: readonly Layer[]): Promise<void> {
  for (const layer of layers) {
    if (!isServedVectorLayer(layer)) continue;
    assertRule(validateLayerKey(layer.id, []));
    await upsertLayerRow(tx, ws.id, layer, null);
    if (!layer.edit) continue;
    const diffWorkspace = await ensureDiffWorkspace(tx, ws);
    const companion = { ...layer, id: diffLayerId(layer.id), name: diffLayerName(layer.name), workspace: diffWorkspace };
    await upsertLayerRow(tx, diffWorkspace, companion, layer.id);
  }
}
