import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfigSchema, manifestSchema } from '../../src/model/index.ts';
import { loadLand } from '../seed/geodata.ts';
import { iconParams, sendIcon } from './app_assets.ts';
import { appKeyParam, loadApp } from './common.ts';

// Calls without credentials or app key header: what a browser fetches by plain URL (icons in
// <img>, the manifest link, the offline base map of the demo).
export async function publicRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['public'];

  app.get('/public/apps/:appKey/icons/:name', { schema: { tags, params: appKeyParam.extend(iconParams.shape) } }, async (req, reply) =>
    sendIcon(db, reply, req.params.appKey, req.params.name),
  );

  app.get('/public/apps/:appKey/manifest', { schema: { tags, params: appKeyParam } }, async (req, reply) => {
    const row = await loadApp(db, req.params.appKey);
    // The app's current title names it, also when the stored manifest predates a rename (SPEC §1 customise).
    const appName = appConfigSchema.parse({ ...row.config }).appName;
    const manifest = manifestSchema.parse(row.manifest ?? {});
    return reply.type('application/manifest+json').send({ ...manifest, name: appName, short_name: appName });
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
