import { DIFF_SUFFIX, baseLayerId, propertyDefinitionSchema, type PropertyDefinition } from '../../src/model/index.ts';
import { isAdmin, type AuthUser } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { LayerRow, WorkspaceRow } from '../routes/common.ts';

/** Where a suggestion goes: the original layer and its `_diff` companion (SPEC §3, §4 Suggestions). */
export interface EditTarget {
  ws: WorkspaceRow;
  layer: LayerRow;
  diffWorkspace: string;
  diffLayer: string;
  properties: PropertyDefinition[];
}

async function workspaceRow(db: Db, id: string): Promise<WorkspaceRow | undefined> {
  return (await db.query<WorkspaceRow>('SELECT * FROM workspaces WHERE id = $1', [id])).rows[0];
}

/** The workspace by name; a diff workspace's name gives its base workspace (ws_demo_diff → ws_demo). */
export async function baseWorkspace(db: Db, workspace: string): Promise<WorkspaceRow> {
  let ws = await workspaceRow(db, workspace);
  if (ws?.is_diff) {
    ws = (await db.query<WorkspaceRow>('SELECT * FROM workspaces WHERE diff_workspace = $1', [ws.id])).rows[0];
  }
  if (!ws) throw notFound('INVALID_WORKSPACE');
  return ws;
}

/**
 * The base workspace/layer named by the caller; the diff names (ws_demo_diff / cities_diff) are
 * accepted too, since the client talks to the diff workspace (SPEC §7 "On the diff workspace").
 */
export async function resolveLayer(db: Db, workspace: string | undefined, layer: string | undefined) {
  if (!workspace) throw badRequest('WORKSPACE_REQUIRED');
  if (!layer) throw badRequest('FIELD_REQUIRED');
  // baseWorkspace and the layer in one round trip: every suggestion asks (issue 16 load).
  const { rows } = await db.query<{ ws: WorkspaceRow; layer: LayerRow | null }>(
    `SELECT to_jsonb(b) AS ws, to_jsonb(l) AS layer
     FROM workspaces n
       JOIN workspaces b ON CASE WHEN n.is_diff THEN b.diff_workspace = n.id ELSE b.id = n.id END
       LEFT JOIN layers l ON l.workspace_id = b.id AND l.id = $2
     WHERE n.id = $1`,
    [workspace, baseLayerId(layer)],
  );
  if (!rows[0]) throw notFound('INVALID_WORKSPACE');
  if (!rows[0].layer) throw notFound('LAYER_NOT_FOUND');
  return { ws: rows[0].ws, layer: rows[0].layer };
}

/** SPEC §6: members of the workspace, admins and the app owner may edit (SQL over $1 workspace, $2 user, $3 app key). */
const REGISTERED_SQL = `EXISTS (SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2)
  OR EXISTS (SELECT 1 FROM apps WHERE app_key = $3 AND owner_id = $2)`;

/** SPEC §6: members of the workspace, admins and the app owner may edit; others are refused. */
export async function assertRegistered(db: Db, user: AuthUser, ws: WorkspaceRow): Promise<void> {
  if (isAdmin(user)) return;
  const { rows } = await db.query<{ ok: boolean }>(`SELECT ${REGISTERED_SQL} AS ok`, [ws.id, user.id, ws.app_key ?? '']);
  if (!rows[0].ok) throw forbidden('WORKSPACE_NOT_REGISTERED');
}

/** Checks every SPEC §6 rule for suggesting on a layer and returns where the suggestion goes. */
export async function editTarget(db: Db, user: AuthUser, workspace?: string, layer?: string): Promise<EditTarget> {
  const { ws, layer: row } = await resolveLayer(db, workspace, layer);
  const diffLayer = row.id + DIFF_SUFFIX;
  // The registration and the diff layer in one round trip, refused in the order of the rules.
  const { rows } = await db.query<{ registered: boolean; diff: boolean }>(
    `SELECT ${REGISTERED_SQL} AS registered,
       EXISTS (SELECT 1 FROM layers WHERE workspace_id = $4 AND id = $5) AS diff`,
    [ws.id, user.id, ws.app_key ?? '', ws.diff_workspace ?? '', diffLayer],
  );
  if (!isAdmin(user) && !rows[0].registered) throw forbidden('WORKSPACE_NOT_REGISTERED');
  // SPEC §6: layer editing only on layers flagged editable.
  if (!row.editable) throw forbidden('LAYER_NOT_EDITABLE');
  if (!ws.diff_workspace || !rows[0].diff) throw badRequest('NO_DIFF_LAYER');
  const properties = (row.properties ?? []).map((p) => propertyDefinitionSchema.parse(p));
  return { ws, layer: row, diffWorkspace: ws.diff_workspace, diffLayer, properties };
}
