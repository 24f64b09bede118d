import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { APP_KEY_HEADER, APP_KEY_PATTERN, ERRORS } from '../../src/model/index.ts';
import { isAdmin } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors.ts';

/** Query part every app-scoped call accepts (SPEC §7: app key as header or ?appkey). */
export const appKeyQuery = z.object({ appkey: z.string().optional() });

/** CONTRACT: header x-app-key or query appkey; missing or malformed → 400 NO_APP_KEY_DEFINED. */
export function appKeyFrom(request: FastifyRequest): string {
  const header = request.headers[APP_KEY_HEADER];
  const query = (request.query as { appkey?: unknown } | undefined)?.appkey;
  const key = typeof query === 'string' && query ? query : typeof header === 'string' ? header : '';
  if (!APP_KEY_PATTERN.test(key)) throw badRequest('NO_APP_KEY_DEFINED');
  return key;
}

/** Path parameter app key, with the same refusal as the header/query form. */
export const appKeyParam = z.object({
  appKey: z.string().regex(APP_KEY_PATTERN, { error: ERRORS.NO_APP_KEY_DEFINED }),
});

export interface AppRow {
  app_key: string;
  owner_id: number | null;
  is_public: boolean;
  config: Record<string, unknown>;
  layers: unknown[];
  base_layers: unknown[];
  manifest: unknown;
  created_at: Date;
  activated_at: Date | null;
  template_key: string | null;
  organisation: string | null;
  owner_name: string | null;
  address_street: string | null;
  address_streetnumber: string | null;
  address_postcode: string | null;
  address_city: string | null;
}

export async function loadApp(db: Db, appKey: string): Promise<AppRow> {
  const { rows } = await db.query<AppRow>('SELECT * FROM apps WHERE app_key = $1', [appKey]);
  if (!rows[0]) throw notFound('NO_APP_REGISTERED');
  return rows[0];
}

/** A non-public app's configuration and workspaces are for logged-in users only (SPEC §6 visitors; issue 16). */
export async function loadReadableApp(request: FastifyRequest, appKey: string): Promise<AppRow> {
  const row = await loadApp(request.server.deps.db, appKey);
  if (!row.is_public && !request.user) throw unauthorized();
  return row;
}

export interface WorkspaceRow {
  id: string;
  app_key: string | null;
  public_access: boolean;
  managed: boolean;
  is_diff: boolean;
  diff_workspace: string | null;
  secret_hash: string | null;
  created_by: number | null;
}

export async function loadWorkspace(db: Db, id: string): Promise<WorkspaceRow> {
  const { rows } = await db.query<WorkspaceRow>('SELECT * FROM workspaces WHERE id = $1', [id]);
  if (!rows[0]) throw notFound('INVALID_WORKSPACE');
  return rows[0];
}

/**
 * Who may read a workspace's layers and features (SPEC §6): anyone when public; otherwise members,
 * admins and the app owner. A diff workspace holds pending suggestions: never for visitors
 * (SPEC §4 "diff layers are emptied … for logged-out users"), and for members of the base workspace.
 */
export async function assertCanRead(request: FastifyRequest, ws: WorkspaceRow): Promise<void> {
  const { db } = request.server.deps;
  const user = request.user;
  if (ws.public_access && !ws.is_diff) return;
  if (!user) throw unauthorized();
  if (isAdmin(user)) return;
  const { rows } = await db.query(
    `SELECT 1 FROM workspace_members m
       WHERE m.user_id = $1
         AND (m.workspace_id = $2 OR m.workspace_id IN (SELECT id FROM workspaces WHERE diff_workspace = $2))
     UNION ALL
     SELECT 1 FROM apps WHERE app_key = $3 AND owner_id = $1`,
    [user.id, ws.id, ws.app_key ?? ''],
  );
  if (!rows.length) throw forbidden();
}

/** ISO strings on the wire for timestamps (SPEC §3 App record createdAt/activatedAt). */
export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

export interface LayerRow {
  workspace_id: string;
  id: string;
  name: string;
  geometry_type: string;
  properties: unknown[];
  config: Record<string, unknown>;
  editable: boolean;
  diff_of: string | null;
}

/** A layer with the version of its data, which files and ETags are named by. */
export interface VersionedLayerRow extends LayerRow {
  /** Changes with every change of the layer's features or property definitions (migrations 040, 090). */
  data_version: string;
}

/** Layers (alias l) with their data version; counting its recent changes costs a short index scan. */
export const VERSIONED_LAYERS_SQL = 'SELECT l.*, layer_version(l) AS data_version FROM layers l';

export async function loadLayer(db: Db, workspace: string, layer: string): Promise<VersionedLayerRow> {
  const { rows } = await db.query<VersionedLayerRow>(`${VERSIONED_LAYERS_SQL} WHERE l.workspace_id = $1 AND l.id = $2`, [workspace, layer]);
  if (!rows[0]) throw notFound('LAYER_NOT_FOUND');
  return rows[0];
}

/** Workspace named in ?workspace= (SPEC §5: a workspace must be defined), loaded and readable by the caller. */
export async function readableWorkspace(request: FastifyRequest, id: string | undefined): Promise<WorkspaceRow> {
  if (!id) throw badRequest('WORKSPACE_REQUIRED');
  const ws = await loadWorkspace(request.server.deps.db, id);
  await assertCanRead(request, ws);
  return ws;
}
