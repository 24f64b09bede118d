import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manifestSchema } from '../../src/model/index.ts';
import { requireAppOwner } from '../auth/plugin.ts';
import type { Db } from '../db/index.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { UploadedFile, uploadRoute } from '../http/upload_body.ts';
import { sendUpload } from '../http/upload_reply.ts';
import { decodeImage } from '../services/upload_check.ts';
import { appKeyFrom, appKeyParam, appKeyQuery, loadApp } from './common.ts';

// SPEC §7 icons and manifest: binary icons stored per app and name, the PWA manifest as JSON.
// SPEC §5 "Logo media type must be supported": raster images our decoder reads back (issue 16: an
// SVG icon is a script on our origin, so SVG is not supported; ICO cannot be decoded and re-encoded).
const ICON_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif', 'image/webp']);

export const iconParams = z.object({ name: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/) });

/** Sends one stored icon as its own content type (shared by the owner and public paths). */
export async function sendIcon(db: Db, reply: FastifyReply, appKey: string, name: string) {
  const { rows } = await db.query<{ content_type: string; data: Uint8Array }>(
    'SELECT content_type, data FROM app_icons WHERE app_key = $1 AND name = $2',
    [appKey, name],
  );
  if (!rows[0]) throw notFound('ELEMENT_NOT_FOUND');
  // Icons stored before SVG was refused are still served, inert (sendUpload's sandbox).
  reply.header('cache-control', 'public, max-age=300');
  return sendUpload(reply, { contentType: rows[0].content_type, data: rows[0].data, filename: name, disposition: 'inline' });
}

export async function appAssetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['apps'];

  app.get('/apps/icons/:name', { schema: { tags, params: iconParams, querystring: appKeyQuery } }, async (req, reply) => {
    const appKey = appKeyFrom(req);
    await loadApp(db, appKey);
    return sendIcon(db, reply, appKey, req.params.name);
  });

  // The owner is checked before the icon's bytes are read (upload_body.ts).
  const ownerOnly = uploadRoute(async (req) => void (await requireAppOwner(req, appKeyFrom(req))));
  app.put(
    '/apps/icons/:name',
    { schema: { tags, params: iconParams, querystring: appKeyQuery, consumes: [...ICON_TYPES] }, ...ownerOnly },
    async (req) => {
      const appKey = appKeyFrom(req);
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (!ICON_TYPES.has(type) || !(req.body instanceof UploadedFile)) throw badRequest('LOGO_MEDIA_TYPE_NOT_SUPPORTED');
      if (req.body.size === 0) throw badRequest('NO_FILES_SELECTED');
      const decoded = await decodeImage(req.body.path);
      if (!decoded.ok) throw badRequest(decoded.reason === 'too_large' ? 'IMAGE_DIMENSIONS_TOO_LARGE' : 'LOGO_MEDIA_TYPE_NOT_SUPPORTED');
      const { data, contentType } = decoded.image;
      await db.query(
        `INSERT INTO app_icons (app_key, name, content_type, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT (app_key, name) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data, updated_at = now()`,
        [appKey, req.params.name, contentType, data],
      );
      return { appKey, name: req.params.name, contentType, size: data.length };
    },
  );

  // SPEC §7: appManifest with icons of 128, 192, 256, 384, 512 px.
  const manifestBody = z.object({ appKey: z.string().optional(), appManifest: manifestSchema });
  app.put('/apps/:appKey/manifest', { schema: { tags, params: appKeyParam, body: manifestBody } }, async (req) => {
    await requireAppOwner(req, req.params.appKey);
    await db.query('UPDATE apps SET manifest = $2::jsonb WHERE app_key = $1', [req.params.appKey, JSON.stringify(req.body.appManifest)]);
    return req.body.appManifest;
  });
}
