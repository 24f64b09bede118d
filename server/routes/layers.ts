import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { layerSchema, propertyDefinitionSchema } from '../../src/model/index.ts';
import { loadLayer, readableWorkspace, type LayerRow } from './common.ts';
import { ownDeletesOnlyOf } from './features.ts';
import { wsParams } from './workspaces.ts';

// SPEC §7 Layers: the layers of a workspace, one layer's feature type, and its categories.

/** A layers row as a SPEC §3 Layer, every default filled by the model schema. */
export function layerFromRow(row: LayerRow) {
  return layerSchema.parse({
    ...row.config,
    id: row.id,
    name: row.name,
    type: row.geometry_type,
    workspace: row.workspace_id,
    properties: row.properties,
    edit: row.editable,
  });
}

const layerParams = z.object({ layer: z.string().min(1) });
const workspaceQuery = z.object({ workspace: z.string().optional() });

export async function layersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['layers'];

  app.get('/workspaces/:ws/layers', { schema: { tags, params: wsParams, response: { 200: z.array(layerSchema) } } }, async (req) => {
    const ws = await readableWorkspace(req, req.params.ws);
    const { rows } = await db.query<LayerRow>('SELECT * FROM layers WHERE workspace_id = $1 ORDER BY id', [ws.id]);
    return rows.map(layerFromRow);
  });

  const featureType = z.object({
    workspace: z.string(),
    layer: z.string(),
    name: z.string(),
    geometryType: z.string(),
    editable: z.boolean(),
    diffOf: z.string().nullable(),
    properties: z.array(propertyDefinitionSchema),
  });
  app.get(
    '/layers/:layer/featuretype',
    { schema: { tags, params: layerParams, querystring: workspaceQuery, response: { 200: featureType } } },
    async (req) => {
      const ws = await readableWorkspace(req, req.query.workspace);
      const row = await loadLayer(db, ws.id, req.params.layer);
      const layer = layerFromRow(row);
      return {
        workspace: ws.id,
        layer: row.id,
        name: row.name,
        geometryType: row.geometry_type,
        editable: row.editable,
        diffOf: row.diff_of,
        properties: layer.properties,
      };
    },
  );

  // SPEC §7: categories need workspace, layer name and the layer's category property; categoryname
  // narrows the answer to one category. A layer without a category property has none.
  const categoriesQuery = workspaceQuery.extend({ categoryname: z.string().optional() });
  app.get('/layers/:layer/categories', { schema: { tags, params: layerParams, querystring: categoriesQuery } }, async (req) => {
    const ws = await readableWorkspace(req, req.query.workspace);
    const row = await loadLayer(db, ws.id, req.params.layer);
    const layer = layerFromRow(row);
    const property = layer.categoryProperty;
    if (!property) return [];
    // On a diff layer a member counts only their own delete proposals, as in its feature list (SPEC §2).
    const ownDeletes = (await ownDeletesOnlyOf(req, ws, row)) ?? null;
    const { rows } = await db.query<{ name: string; count: number }>(
      `SELECT properties->>$3 AS name, count(*) AS count FROM features
       WHERE workspace_id = $1 AND layer_id = $2 AND properties->>$3 IS NOT NULL
         AND ($4::text IS NULL OR properties->>$3 = $4::text)
         AND ($5::bigint IS NULL OR properties->>'grpstatus' IS DISTINCT FROM 'd' OR created_by = $5::bigint)
       GROUP BY 1 ORDER BY 1`,
      [ws.id, layer.id, property, req.query.categoryname ?? null, ownDeletes],
    );
    return rows.map((r) => ({ name: r.name, property, count: r.count }));
  });
}
