import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, EXPORT_EXTENSIONS, EXPORT_FORMATS, EXPORT_MAX_GFIDS, type ExportFormat } from '../../src/model/index.ts';
import { geoPackage } from '../services/export_gpkg.ts';
import { csvText, gpxText } from '../services/export_text.ts';
import type { FeatureFilter } from '../services/feature_query.ts';
import { FGB_MIME, flatGeobufStream } from '../services/flatgeobuf.ts';
import { loadLayer, readableWorkspace } from './common.ts';
import { bboxSchema, featureCollection, ownDeletesOnlyOf } from './features.ts';

// Export of a layer, a search result or a selection as a file (issue 15 part 6): the rows the
// features list gives the caller (same roles, same diff-layer visibility, same bbox), optionally
// only the named gfids, written as GeoJSON, GeoPackage, FlatGeobuf, GPX or CSV and sent as a download.

const MIME: Record<ExportFormat, string> = {
  geojson: 'application/geo+json',
  gpkg: 'application/geopackage+sqlite3',
  fgb: FGB_MIME,
  gpx: 'application/gpx+xml',
  csv: 'text/csv; charset=utf-8',
};

/** gfids=1,2,3: up to EXPORT_MAX_GFIDS positive whole numbers. */
const gfidsSchema = z
  .string()
  .transform((s) => s.split(','))
  .refine((parts) => parts.every((p) => /^\d{1,15}$/.test(p.trim()) && Number(p) > 0), { error: ERRORS.INVALID_VALUE })
  .refine((parts) => parts.length <= EXPORT_MAX_GFIDS, { error: ERRORS.EXPORT_TOO_MANY_FEATURES })
  .transform((parts) => [...new Set(parts.map(Number))]);

const exportQuery = z.object({
  workspace: z.string().optional(),
  layer: z.string({ error: ERRORS.FIELD_REQUIRED }).min(1, { error: ERRORS.FIELD_REQUIRED }),
  f: z.enum(EXPORT_FORMATS, { error: ERRORS.EXPORT_FORMAT_NOT_SUPPORTED }).default('geojson'),
  gfids: gfidsSchema.optional(),
  bbox: bboxSchema.optional(),
});

/** A file name of the layer id's safe characters (Content-Disposition's quoted string takes no quote or backslash). */
const fileName = (layer: string, f: ExportFormat) => `${layer.replace(/[^\w.-]/g, '_')}.${EXPORT_EXTENSIONS[f]}`;

export async function featureExportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  app.get('/features/export', { schema: { tags: ['features'], querystring: exportQuery } }, async (req, reply) => {
    const { f } = req.query;
    const ws = await readableWorkspace(req, req.query.workspace);
    const layer = await loadLayer(db, ws.id, req.query.layer);
    const filter: FeatureFilter = {
      bbox: req.query.bbox,
      gfids: req.query.gfids,
      ownDeletesOnlyOf: await ownDeletesOnlyOf(req, ws, layer),
    };
    // A download of what this caller may read, at this moment: never kept by a shared cache.
    reply
      .type(MIME[f])
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName(layer.id, f)}"`);
    switch (f) {
      case 'geojson':
        return reply.send(Readable.from(featureCollection(db, ws.id, layer.id, filter)));
      case 'fgb':
        return reply.send(Readable.from(flatGeobufStream(db, layer, filter)));
      case 'gpkg':
        return reply.send(Buffer.from(await geoPackage(db, layer, filter)));
      case 'gpx':
        return reply.send(Readable.from(gpxText(db, layer, filter)));
      case 'csv':
        return reply.send(Readable.from(csvText(db, layer, filter)));
    }
  });
}
