import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DIFF_SUFFIX, createWorkspaceSchema, workspaceRegistrationSchema } from '../../src/model/index.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { requireAppOwner, requireUser } from '../auth/plugin.ts';
import { HttpError, conflict, notFound } from '../http/errors.ts';
import { appKeyFrom, appKeyQuery, loadReadableApp, loadWorkspace, type WorkspaceRow } from './common.ts';

// SPEC §7 Workspaces. A managed workspace gets a companion `<id>_diff` workspace where suggestions
// wait for review (SPEC §4 Suggestions). Registration with the secret makes a user a member, which
// is what lets them suggest edits (SPEC §6 "A user who fails workspace registration cannot edit").

export const wsParams = z.object({ ws: z.string().min(1) });

function workspaceView(ws: WorkspaceRow, registered: boolean) {
  return {
    name: ws.id,
    publicAccess: ws.public_access,
    managed: ws.managed,
    diffWorkspace: ws.diff_workspace,
    registered,
  };
}

/** A new registration secret and its hash (hashed before any transaction: on PGlite one holds the only connection). */
async function newSecret(): Promise<{ secret: string; hash: string }> {
  const secret = randomBytes(18).toString('base64url');
  return { secret, hash: await hashPassword(secret) };
}

export async function workspacesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['workspaces'];

  // SPEC §6: adding workspaces is the app owner's. The secret is shown once, here.
  app.post('/workspaces', { schema: { tags, querystring: appKeyQuery, body: createWorkspaceSchema } }, async (req, reply) => {
    const appKey = appKeyFrom(req);
    const user = await requireAppOwner(req, appKey);
    const { name, publicAccess = false, managed = false } = req.body;
    const { secret, hash: secretHash } = await newSecret();
    const diff = managed ? name + DIFF_SUFFIX : null;
    const created = await db.transaction(async (tx) => {
      const taken = await tx.query('SELECT 1 FROM workspaces WHERE id = $1 OR id = $2', [name, diff ?? name]);
      if (taken.rows.length) return false;
      if (diff) {
        await tx.query('INSERT INTO workspaces (id, app_key, is_diff, created_by) VALUES ($1, $2, true, $3)', [diff, appKey, user.id]);
      }
      await tx.query(
        `INSERT INTO workspaces (id, app_key, public_access, managed, diff_workspace, secret_hash, secret, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [name, appKey, publicAccess, managed, diff, secretHash, secret, user.id],
      );
      await tx.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'admin')`, [name, user.id]);
      return true;
    });
    if (!created) throw conflict('WORKSPACE_CREATION_FAILED');
    return reply.code(201).send({ ...workspaceView(await loadWorkspace(db, name), true), workspaceSecret: secret });
  });

  // The app's workspaces (diff workspaces are reached through `managed`), with the caller's membership;
  // the app owner alone also gets each registration secret, to hand to the crew (null for one made
  // before secrets were kept: rotate it).
  app.get('/workspaces', { schema: { tags, querystring: appKeyQuery } }, async (req) => {
    const appKey = appKeyFrom(req);
    const owner = (await loadReadableApp(req, appKey)).owner_id;
    const isOwner = req.user !== undefined && req.user !== null && req.user.id === owner;
    const { rows } = await db.query<WorkspaceRow & { registered: boolean; secret: string | null }>(
      `SELECT w.*, EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = w.id AND m.user_id = $2) AS registered
       FROM workspaces w WHERE w.app_key = $1 AND NOT w.is_diff ORDER BY w.id`,
      [appKey, req.user?.id ?? 0],
    );
    return rows.map((ws) => ({ ...workspaceView(ws, ws.registered), ...(isOwner ? { workspaceSecret: ws.secret } : {}) }));
  });

  // Rotating the secret: registrations made stay; the old secret registers nobody more.
  app.post('/workspaces/:ws/secret', { schema: { tags, params: wsParams } }, async (req) => {
    const ws = await loadWorkspace(db, req.params.ws);
    if (ws.is_diff || !ws.app_key) throw notFound('INVALID_WORKSPACE');
    await requireAppOwner(req, ws.app_key);
    const { secret, hash } = await newSecret();
    await db.query('UPDATE workspaces SET secret = $2, secret_hash = $3 WHERE id = $1', [ws.id, secret, hash]);
    return { ...workspaceView(ws, true), workspaceSecret: secret };
  });

  app.get('/workspaces/:ws/managed', { schema: { tags, params: wsParams } }, async (req) => {
    const ws = await loadWorkspace(db, req.params.ws);
    return { diffWorkspace: ws.managed ? ws.diff_workspace : null };
  });

  // SPEC §8: "Workspace registration failure returns an error status".
  app.post('/workspaces/:ws/register', { schema: { tags, params: wsParams, body: workspaceRegistrationSchema } }, async (req) => {
    const user = requireUser(req);
    const ws = await loadWorkspace(db, req.params.ws);
    const ok = ws.secret_hash !== null && (await verifyPassword(req.body.workspaceSecret, ws.secret_hash));
    if (!ok) throw new HttpError(403, 'WORKSPACE_REGISTRATION_FAILED');
    await db.query(`INSERT INTO workspace_members (workspace_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [ws.id, user.id]);
    return workspaceView(ws, true);
  });
}
