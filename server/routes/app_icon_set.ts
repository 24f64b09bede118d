import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { APP_KEY_PATTERN, UPLOAD_LIMIT_BYTES, appConfigSchema, manifestSchema } from '../../src/model/index.ts';
import { requireAppOwner } from '../auth/plugin.ts';
import { badRequest } from '../http/errors.ts';
import { UploadedFile, uploadRoute } from '../http/upload_body.ts';
import { makeIconSet, manifestIcons } from '../services/app_icon_set.ts';
import { appKeyParam, loadApp } from './common.ts';

// SPEC §1 "customise … icon": the owner uploads one logo (raw body, its own content type); the server
// makes the manifest's 128–512 px icons from it, points the manifest and the config's appIcon at them.
const LOGO_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/gif']);

export async function appIconSetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  // The owner is checked before the logo's bytes are read (upload_body.ts).
  const ownerOnly = uploadRoute(async (req) => {
    const { appKey } = req.params as { appKey: string };
    if (!APP_KEY_PATTERN.test(appKey)) throw badRequest('NO_APP_KEY_DEFINED');
    await requireAppOwner(req, appKey);
  });
  app.put(
    '/apps/:appKey/icon',
    { schema: { tags: ['apps'], params: appKeyParam, consumes: [...LOGO_TYPES] }, ...ownerOnly },
    async (req) => {
      const { appKey } = req.params;
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      // SPEC §5 "Logo media type must be supported".
      if (!LOGO_TYPES.has(type) || !(req.body instanceof UploadedFile)) throw badRequest('LOGO_MEDIA_TYPE_NOT_SUPPORTED');
      if (req.body.size === 0) throw badRequest('NO_FILES_SELECTED');
      if (req.body.size > UPLOAD_LIMIT_BYTES) throw badRequest('FILE_TOO_LARGE');
      const icons = await makeIconSet(req.body.path);
      if (!icons) throw badRequest('LOGO_MEDIA_TYPE_NOT_SUPPORTED');
      const row = await loadApp(db, appKey);
      const appName = appConfigSchema.parse({ ...row.config }).appName;
      const manifest = manifestSchema.parse({
        ...manifestSchema.catch({ icons: [] }).parse(row.manifest ?? {}),
        name: appName,
        short_name: appName,
        icons: manifestIcons(appKey, icons),
      });
      const appIcon = manifest.icons.find((i) => i.sizes === '192x192')!.src;
      await db.transaction(async (tx) => {
        for (const icon of icons) {
          await tx.query(
            `INSERT INTO app_icons (app_key, name, content_type, data) VALUES ($1, $2, 'image/png', $3)
           ON CONFLICT (app_key, name) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data, updated_at = now()`,
            [appKey, icon.name, icon.png],
          );
        }
        await tx.query(
          `UPDATE apps SET manifest = $2::jsonb, config = config || jsonb_build_object('appIcon', $3::text) WHERE app_key = $1`,
          [appKey, JSON.stringify(manifest), appIcon],
        );
      });
      return { appIcon, manifest };
    },
  );
}
