import { etagFromBody } from '../http/conditional.ts';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_KEY_LENGTH,
  appConfigSchema,
  appRecordSchema,
  appResponseSchema,
  baseLayerSchema,
  companionDiffLayers,
  createAppSchema,
  layerSchema,
  SUCCESS,
  type AppConfig,
} from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';
import { requireAppOwner, requireUser } from '../auth/plugin.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { invoiceNumber, issueInvoice, loadInvoice } from '../services/invoice.ts';
import { appAssetRoutes } from './app_assets.ts';
import { appIconSetRoutes } from './app_icon_set.ts';
import { appLayerRoutes } from './app_layers.ts';
import { appKeyFrom, appKeyParam, appKeyQuery, iso, loadApp, loadReadableApp, type AppRow } from './common.ts';

// SPEC §7 "App settings". Reading an app's configuration is open (the map needs it before login);
// changing anything is the owner's alone (SPEC §6 app creator / owner).

/** The stored config merged with its layer columns, parsed so every SPEC §3 default is filled. */
function fullConfig(row: AppRow): AppConfig {
  return appConfigSchema.parse({
    ...row.config,
    appKey: row.app_key,
    isPublicApp: row.is_public,
    layersConfig: row.layers,
    baseLayersConfig: row.base_layers,
  });
}

/**
 * The config the map opens with: SPEC §3's companion diff layers added after their editable layers,
 * for each one the database holds (its `_diff` layer in the workspace's diff workspace). The client
 * loads them for logged-in users only (SPEC §4); the stored layersConfig stays as the owner wrote it.
 */
async function mapConfig(db: Db, row: AppRow): Promise<AppConfig> {
  const config = fullConfig(row);
  const workspaces = [...new Set(config.layersConfig.flatMap((l) => (l.edit && l.workspace ? [l.workspace] : [])))];
  if (!workspaces.length) return config;
  const { rows } = await db.query<{ workspace: string; layer: string; diff_workspace: string }>(
    `SELECT w.id AS workspace, l.diff_of AS layer, w.diff_workspace
     FROM workspaces w JOIN layers l ON l.workspace_id = w.diff_workspace AND l.diff_of IS NOT NULL
     WHERE w.id = ANY($1::text[])`,
    [workspaces],
  );
  const diffWorkspace = new Map(rows.map((r) => [`${r.workspace}\n${r.layer}`, r.diff_workspace]));
  return { ...config, layersConfig: companionDiffLayers(config.layersConfig, (l) => diffWorkspace.get(`${l.workspace}\n${l.id}`)) };
}

const invoiceFileName = (number: string) => `invoice-${number}.pdf`;

function appRecord(row: AppRow) {
  return {
    appKey: row.app_key,
    createdAt: iso(row.created_at) ?? '',
    templateKey: row.template_key,
    organisation: row.organisation,
    ownerName: row.owner_name,
    addressStreet: row.address_street,
    addressStreetnumber: row.address_streetnumber,
    addressPostcode: row.address_postcode,
    addressCity: row.address_city,
    activatedAt: iso(row.activated_at),
  };
}

const appDetailsSchema = appRecordSchema
  .pick({
    templateKey: true,
    organisation: true,
    ownerName: true,
    addressStreet: true,
    addressStreetnumber: true,
    addressPostcode: true,
    addressCity: true,
  })
  .partial();

const layerList = z.array(layerSchema);
const baseLayerList = z.array(baseLayerSchema);

/** A random 32-character key of letters and digits (SPEC §1). */
function newAppKey(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(APP_KEY_LENGTH), (b) => alphabet[b % alphabet.length]).join('');
}

export async function appsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['apps'];

  // The configuration changes rarely and is asked at every start: ETag of its body, 304 when unchanged.
  app.get(
    '/apps',
    { schema: { tags, querystring: appKeyQuery, response: { 200: appResponseSchema } }, onSend: etagFromBody },
    async (req) => {
      const row = await loadApp(db, appKeyFrom(req));
      return { appKey: row.app_key, activated: row.activated_at !== null, isPublicApp: row.is_public, config: await mapConfig(db, row) };
    },
  );

  app.get('/apps/:appKey/details', { schema: { tags, params: appKeyParam, response: { 200: appRecordSchema } } }, async (req) => {
    await requireAppOwner(req, req.params.appKey);
    return appRecord(await loadApp(db, req.params.appKey));
  });

  const detailsBody = z.object({ appKey: z.string().optional(), appDetails: appDetailsSchema });
  app.put('/apps/:appKey/details', { schema: { tags, params: appKeyParam, body: detailsBody } }, async (req) => {
    await requireAppOwner(req, req.params.appKey);
    const d = req.body.appDetails;
    const { rows } = await db.query<AppRow>(
      `UPDATE apps SET template_key = COALESCE($2, template_key), organisation = COALESCE($3, organisation),
         owner_name = COALESCE($4, owner_name), address_street = COALESCE($5, address_street),
         address_streetnumber = COALESCE($6, address_streetnumber), address_postcode = COALESCE($7, address_postcode),
         address_city = COALESCE($8, address_city)
       WHERE app_key = $1 RETURNING *`,
      [
        req.params.appKey,
        d.templateKey,
        d.organisation,
        d.ownerName,
        d.addressStreet,
        d.addressStreetnumber,
        d.addressPostcode,
        d.addressCity,
      ].map((v) => v ?? null),
    );
    return appRecord(rows[0]);
  });

  app.get('/apps/config', { schema: { tags, querystring: appKeyQuery, response: { 200: appConfigSchema } } }, async (req) =>
    fullConfig(await loadReadableApp(req, appKeyFrom(req))),
  );

  // layersConfig/baseLayersConfig have their own calls; PUT config leaves them as they are.
  app.put('/apps/config', { schema: { tags, querystring: appKeyQuery, body: appConfigSchema } }, async (req) => {
    const appKey = appKeyFrom(req);
    await requireAppOwner(req, appKey);
    const { layersConfig: _l, baseLayersConfig: _b, appKey: _k, ...config } = req.body;
    await db.query('UPDATE apps SET config = $2::jsonb, is_public = $3 WHERE app_key = $1', [
      appKey,
      JSON.stringify(config),
      config.isPublicApp,
    ]);
    return fullConfig(await loadApp(db, appKey));
  });

  app.get(
    '/apps/layers',
    { schema: { tags, querystring: appKeyQuery, response: { 200: layerList } } },
    async (req) => fullConfig(await loadApp(db, appKeyFrom(req))).layersConfig,
  );

  app.get(
    '/apps/baselayers',
    { schema: { tags, querystring: appKeyQuery, response: { 200: baseLayerList } } },
    async (req) => fullConfig(await loadApp(db, appKeyFrom(req))).baseLayersConfig,
  );

  app.put('/apps/baselayers', { schema: { tags, querystring: appKeyQuery, body: baseLayerList } }, async (req) => {
    const appKey = appKeyFrom(req);
    await requireAppOwner(req, appKey);
    await db.query('UPDATE apps SET base_layers = $2::jsonb WHERE app_key = $1', [appKey, JSON.stringify(req.body)]);
    return req.body;
  });

  // SPEC §1: any logged-in user may register an app; it starts not activated (SPEC §4 App).
  app.post('/apps', { schema: { tags, body: createAppSchema } }, async (req, reply) => {
    const user = requireUser(req);
    const a = req.body;
    const appKey = newAppKey();
    const config = { appName: a.organisation || `${a.firstName} ${a.lastName}`, isPublicApp: false };
    await db.query(
      `INSERT INTO apps (app_key, owner_id, template_key, organisation, owner_name, address_street,
         address_streetnumber, address_postcode, address_city, invoice_address, config)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb)`,
      [
        appKey,
        user.id,
        a.templateKey ?? null,
        a.organisation ?? null,
        `${a.firstName} ${a.lastName}`,
        a.street,
        a.houseNumber,
        a.postCode,
        a.city,
        JSON.stringify(a),
        JSON.stringify(config),
      ],
    );
    return reply.code(201).send({ appKey });
  });

  // SPEC §4: activation issues the invoice (a PDF, services/invoice.ts) and mails it to the owner once;
  // activating again answers the same activation and invoice, and sends nothing.
  app.post('/apps/activate', { schema: { tags, querystring: appKeyQuery } }, async (req) => {
    const appKey = appKeyFrom(req);
    const user = await requireAppOwner(req, appKey);
    const { rows } = await db.query<AppRow>('UPDATE apps SET activated_at = COALESCE(activated_at, now()) WHERE app_key = $1 RETURNING *', [
      appKey,
    ]);
    const appName = fullConfig(rows[0]).appName;
    const to = user.email || user.username;
    const invoice = await issueInvoice(db, appKey, appName, to, fastify.deps.config.invoicePrice).catch((err: unknown) => {
      req.log.error(err);
      throw new HttpError(500, 'ACTIVATION_FAILED');
    });
    if (invoice.issued) {
      await fastify.deps.mail.send({
        to,
        subject: `Mapdraft invoice ${invoice.number} for ${appName}`,
        text: `${SUCCESS.APP_KEY_ACTIVATED}\nApp: ${appName} (${appKey})\nThe invoice ${invoice.number} is attached.`,
        attachments: [{ filename: invoiceFileName(invoice.number), contentType: 'application/pdf', content: invoice.pdf }],
      });
    }
    return {
      appKey,
      activated: true,
      activatedAt: iso(rows[0].activated_at),
      invoiceNumber: invoice.number,
      message: SUCCESS.APP_KEY_ACTIVATED,
    };
  });

  // The invoice again, for the overview's download (the owner's alone).
  app.get('/apps/:appKey/invoice', { schema: { tags, params: appKeyParam } }, async (req, reply) => {
    await requireAppOwner(req, req.params.appKey);
    const invoice = await loadInvoice(db, req.params.appKey);
    if (!invoice) throw notFound('ELEMENT_NOT_FOUND');
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.number)}"`)
      .header('cache-control', 'private, no-store')
      .send(invoice.pdf);
  });

  app.get('/apps/overview', { schema: { tags } }, async (req) => {
    const user = requireUser(req);
    const { rows } = await db.query<AppRow & { invoice_number: number | null; invoice_issued_at: Date | null }>(
      `SELECT a.*, i.number AS invoice_number, i.issued_at AS invoice_issued_at
       FROM apps a LEFT JOIN invoices i ON i.app_key = a.app_key WHERE a.owner_id = $1 ORDER BY a.created_at DESC`,
      [user.id],
    );
    return rows.map((row) => ({
      ...appRecord(row),
      activated: row.activated_at !== null,
      appName: fullConfig(row).appName,
      invoiceNumber: row.invoice_number === null ? null : invoiceNumber(Number(row.invoice_number), new Date(row.invoice_issued_at ?? 0)),
    }));
  });

  // SPEC §7 "feature model": the property definitions and geometry type of one configured layer.
  const modelParams = z.object({ id: z.string().min(1) });
  app.get('/apps/layers/:id/featuremodel', { schema: { tags, params: modelParams, querystring: appKeyQuery } }, async (req) => {
    const layer = fullConfig(await loadApp(db, appKeyFrom(req))).layersConfig.find((l) => l.id === req.params.id);
    if (!layer) throw notFound('LAYER_NOT_FOUND');
    return { id: layer.id, name: layer.name, type: layer.type, workspace: layer.workspace ?? null, properties: layer.properties };
  });

  await app.register(appAssetRoutes);
  await app.register(appLayerRoutes);
  await app.register(appIconSetRoutes);
}
