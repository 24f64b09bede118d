import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MANIFEST_ICON_SIZES, appConfigSchema, manifestSchema } from '../../src/model/index.ts';
import { loadLand } from '../seed/geodata.ts';
import { iconParams, sendIcon } from './app_assets.ts';
import { appKeyParam, loadApp } from './common.ts';

/** The shell's icons (vite.config.ts, src/pwa/make_icons.mjs) for an app without its own. */
const shellIcons = MANIFEST_ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' }));

// Calls without credentials or app key header: what a browser fetches by plain URL (icons in
// <img>, the manifest link, the offline base map of the demo).
export async function publicRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['public'];

  app.get('/public/apps/:appKey/icons/:name', { schema: { tags, params: appKeyParam.extend(iconParams.shape) } }, async (req, reply) =>
    sendIcon(db, reply, req.params.appKey, req.params.name),
  );

  // The manifest the app links (SPEC §1 installable, customise): "add to home screen" installs this
  // app, opening at its own address, named and coloured as its owner set it, with the icons made
  // from its uploaded icon, else the shell's own.
  app.get('/public/apps/:appKey/manifest', { schema: { tags, params: appKeyParam } }, async (req, reply) => {
    const { appKey } = req.params;
    const row = await loadApp(db, appKey);
    // The app's current title names it, also when the stored manifest predates a rename (SPEC §1 customise).
    const config = appConfigSchema.parse({ ...row.config });
    const manifest = manifestSchema.parse(row.manifest ?? {});
    return reply.type('application/manifest+json').send({
      start_url: `/${appKey}`,
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: config.primaryColor,
      ...manifest,
      id: `/${appKey}`,
      name: config.appName,
      short_name: config.appName,
      icons: manifest.icons.length ? manifest.icons : shellIcons,
    });
  });

  // SPEC §7 "a reachability ping before edits": the client's outbox asks it every 30 s while
  // suggestions wait. It touches no database: it says the server answers, nothing more.
  app.get('/ping', { schema: { tags } }, async (_req, reply) => reply.header('cache-control', 'no-store').code(204).send());

  // The demo's offline base layer 'ne_land' (Natural Earth 1:110m land, ~60 KB), built once.
  let land: string | undefined;
  app.get('/public/basemaps/ne_land.geojson', { schema: { tags } }, async (_req, reply) => {
    land ??= JSON.stringify(loadLand());
    return reply.type('application/geo+json').header('cache-control', 'public, max-age=86400').send(land);
  });
}
