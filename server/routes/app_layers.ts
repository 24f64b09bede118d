import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUCCESS,
  layerImportSchema,
  layerKeyFromTitle,
  layerSchema,
  validateLayerKey,
  validateLayerProperties,
  type Layer,
  type LayerImport,
} from '../../src/model/index.ts';
import { requireAppOwner } from '../auth/plugin.ts';
import { HttpError, assertRule, badRequest } from '../http/errors.ts';
import { checkLayerWorkspaces, currentWorkspace, layerKeys, materializeLayers, withoutCompanions } from '../services/app_layers.ts';
import { appKeyFrom, appKeyQuery, loadApp, loadWorkspace } from './common.ts';

// SPEC §7 "GET and PUT apps/layers" and "POST import of an empty layer": the owner's layers are real
// tables of the app's single workspace (SPEC §5), not only configuration.

const layerList = z.array(layerSchema);

const FORM_TYPE = 'application/x-www-form-urlencoded';
const truthy = (v: string | null) => v === 'true' || v === 'on' || v === '1';

/**
 * SPEC §7 "form-encoded; fields title, geometry type, property rows": `title`, `geometryType`,
 * optional `key`, `workspace`, `nameProperty`, and rows as `properties[i][name]`, `properties[i][type]`,
 * `properties[i][label]`, `properties[i][editAdminOnly]`.
 */
export function layerImportFromForm(form: URLSearchParams): Record<string, unknown> {
  const rows: Record<string, string>[] = [];
  for (const [field, value] of form) {
    const m = /^properties\[(\d{1,3})\]\[(name|type|label|editAdminOnly)\]$/.exec(field);
    if (m) (rows[Number(m[1])] ??= {})[m[2]] = value;
  }
  const single = (name: string) => form.get(name) ?? undefined;
  return {
    title: single('title'),
    geometryType: single('geometryType'),
    key: single('key'),
    workspace: single('workspace'),
    nameProperty: single('nameProperty'),
    properties: rows.filter(Boolean).map((r) => ({
      name: r.name,
      type: r.type || undefined,
      label: r.label || undefined,
      editAdminOnly: truthy(r.editAdminOnly ?? null),
    })),
  };
}

/** Form bodies arrive as a Buffer (app.ts' catch-all parser); they become the JSON shape before validation. */
async function acceptFormBody(req: FastifyRequest): Promise<void> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type === FORM_TYPE && Buffer.isBuffer(req.body)) req.body = layerImportFromForm(new URLSearchParams(req.body.toString('utf8')));
  else if (type !== 'application/json') throw badRequest('INVALID_VALUE');
  // SPEC §5 with its own keys (at least one property; "property already exists") before the schema's generic refusal.
  const rows = (req.body as { properties?: unknown })?.properties;
  if (Array.isArray(rows)) assertRule(validateLayerProperties(rows.map((r) => ({ name: String((r as { name?: unknown })?.name ?? '') }))));
}

/** The SPEC §3 Layer an empty-layer import makes: editable, in the given workspace. */
function layerFromImport(input: LayerImport, key: string, workspace: string): Layer {
  return layerSchema.parse({
    id: key,
    name: input.title,
    type: input.geometryType,
    workspace,
    edit: true,
    nameProperty: input.nameProperty,
    labelAttribute: input.nameProperty,
    properties: input.properties.map((p) => ({ name: p.name.trim(), label: p.label, type: p.type, editAdminOnly: p.editAdminOnly })),
  });
}

export async function appLayerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['apps'];

  app.put('/apps/layers', { schema: { tags, querystring: appKeyQuery, body: layerList } }, async (req) => {
    const appKey = appKeyFrom(req);
    await requireAppOwner(req, appKey);
    const layers = withoutCompanions(req.body);
    // SPEC §5 Layer: vector layers need at least one property and no duplicate names.
    for (const layer of layers) if (layer.type !== 'wms') assertRule(validateLayerProperties(layer.properties));
    const ws = await checkLayerWorkspaces(db, await loadApp(db, appKey), layers);
    await db.transaction(async (tx) => {
      if (ws) await materializeLayers(tx, ws, layers);
      await tx.query('UPDATE apps SET layers = $2::jsonb WHERE app_key = $1', [appKey, JSON.stringify(layers)]);
    });
    return layers;
  });

  // SPEC §7 "POST import of an empty layer" → 201 with the new Layer and SPEC §8 "vector layer saved".
  app.post(
    '/layers/import',
    {
      schema: { tags, querystring: appKeyQuery, body: layerImportSchema, consumes: [FORM_TYPE, 'application/json'] },
      preValidation: acceptFormBody,
    },
    async (req, reply) => {
      const appKey = appKeyFrom(req);
      await requireAppOwner(req, appKey);
      const row = await loadApp(db, appKey);
      const workspace = req.body.workspace ?? (await currentWorkspace(db, row));
      if (!workspace) throw badRequest('WORKSPACE_REQUIRED');
      const key = req.body.key?.trim() || layerKeyFromTitle(req.body.title);
      assertRule(validateLayerKey(key, []));
      const layer = layerFromImport(req.body, key, workspace);
      const ws = await checkLayerWorkspaces(db, row, [layer]);
      if (!ws) throw badRequest('WORKSPACE_REQUIRED');
      await db.transaction(async (tx) => {
        // The app row's lock orders two imports of one app: the second sees the first's key (SPEC §5 "key exists").
        await tx.query('SELECT 1 FROM apps WHERE app_key = $1 FOR UPDATE', [appKey]);
        const check = validateLayerKey(key, await layerKeys(tx, ws.id));
        if (!check.ok) throw new HttpError(check.error === 'KEY_EXISTS' ? 409 : 400, check.error, check.message);
        await materializeLayers(tx, ws, [layer]);
        await tx.query(`UPDATE apps SET layers = layers || $2::jsonb WHERE app_key = $1`, [appKey, JSON.stringify([layer])]);
      });
      const diffWorkspace = (await loadWorkspace(db, ws.id)).diff_workspace;
      return reply.code(201).send({ layer, diffWorkspace, message: SUCCESS.VECTOR_LAYER_SAVED });
    },
  );
}
