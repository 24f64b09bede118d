import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, propertyDefinitionSchema } from '../../src/model/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { buildFeaturePdf, type PdfImage } from '../services/pdf.ts';
import { richTextToPlain } from '../services/rich_text.ts';
import { assertCanRead, loadWorkspace, type LayerRow } from './common.ts';

// SPEC §7 "PDF: GET features/{gfid}/download/advanced with appkey and noteBoxList, as blob".

const params = z.object({
  gfid: z.coerce.number({ error: ERRORS.NUMERIC_REQUIRED }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
const query = z.object({
  appkey: z.string().optional(),
  // A JSON array of strings, one string, or the parameter repeated.
  noteBoxList: z.union([z.string(), z.array(z.string())]).optional(),
});

export function parseNotes(raw: string | string[] | undefined): string[] {
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .flatMap((item) => {
      if (!item.trim().startsWith('[')) return [item];
      try {
        const parsed: unknown = JSON.parse(item);
        if (Array.isArray(parsed)) return parsed.map((n) => (typeof n === 'string' ? n : JSON.stringify(n)));
      } catch {
        // not JSON: the text itself is the note
      }
      return [item];
    })
    .map((n) => n.trim())
    .filter(Boolean);
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export async function pdfRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get('/features/:gfid/download/advanced', { schema: { tags: ['features'], params, querystring: query } }, async (req, reply) => {
    const { rows } = await db.query<{ properties: Record<string, unknown>; geometry: never; workspace_id: string; layer: LayerRow }>(
      `SELECT f.properties, ST_AsGeoJSON(f.geom)::json AS geometry, f.workspace_id, to_jsonb(l.*) AS layer
       FROM features f JOIN layers l ON l.workspace_id = f.workspace_id AND l.id = f.layer_id WHERE f.gfid = $1`,
      [req.params.gfid],
    );
    const row = rows[0];
    if (!row) throw notFound('FEATURE_NOT_FOUND');
    const ws = await loadWorkspace(db, row.workspace_id);
    if (ws.is_diff) throw badRequest('DIFF_LAYER_LOOKUP_REFUSED');
    await assertCanRead(req, ws);
    const defs = (row.layer.properties ?? []).map((p) => propertyDefinitionSchema.parse(p));
    const nameKey = typeof row.layer.config?.nameProperty === 'string' ? row.layer.config.nameProperty : 'name';
    const name = row.properties[nameKey] ?? row.properties.name;
    // Properties by their labels (SPEC §3 Property definition), defined ones first, shown ones only.
    const defined = defs
      .filter((d) => d.show && row.properties[d.name] != null)
      .map((d) => ({
        label: d.label ?? d.name,
        value: d.type === 'EDITOR' ? richTextToPlain(row.properties[d.name]) : show(row.properties[d.name]),
      }));
    const extra = Object.entries(row.properties)
      .filter(([k, v]) => v != null && !defs.some((d) => d.name === k))
      .map(([k, v]) => ({ label: k, value: show(v) }));
    const images = await db.query<PdfImage>(
      `SELECT name, description, content_type AS "contentType", data FROM attachments
       WHERE gfid = $1 AND kind = 'image' AND status = 'accepted' AND NOT removal ORDER BY id`,
      [req.params.gfid],
    );
    const pdf = await buildFeaturePdf({
      title: name != null && name !== '' ? show(name) : `Feature ${req.params.gfid}`,
      subtitle: `${row.layer.name} · GFID ${req.params.gfid}`,
      properties: [...defined, ...extra],
      geometry: row.geometry,
      images: images.rows.map((i) => ({ ...i, data: Buffer.from(i.data) })),
      notes: parseNotes(req.query.noteBoxList),
    });
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="feature-${req.params.gfid}.pdf"`).send(pdf);
  });
}
