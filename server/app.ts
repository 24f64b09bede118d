import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { APP_KEY_HEADER, IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, SESSION_HEADER, errorBody } from '../src/model/index.ts';
import { CredentialCache } from './auth/credentials.ts';
import { registerAuth } from './auth/plugin.ts';
import { RateLimiter } from './auth/rate_limit.ts';
import type { Deps, ServerConfig } from './context.ts';
import { readLimits } from './limits.ts';
import type { Db } from './db/index.ts';
import { COMPRESSION } from './http/compression.ts';
import { LayerFileCache } from './services/layer_files.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { jsonBodyValidator } from './http/json_bodies.ts';
import {
  HEADERS_TIMEOUT_MS,
  JSON_BODY_LIMIT_BYTES,
  MAX_CONNECTIONS_PER_ADDRESS,
  REQUEST_TIMEOUTS,
  limitConnectionsPerAddress,
  registerSecurityHeaders,
} from './http/protection.ts';
import { registerRequestLimit } from './http/request_limit.ts';
import { registerBodyParsers } from './http/upload_body.ts';
import { healthRoutes } from './routes/health.ts';
import { accountRoutes } from './routes/account.ts';
import { appsRoutes } from './routes/apps.ts';
import { allAttachmentRoutes } from './routes/attachments.ts';
import { changesRoutes } from './routes/changes.ts';
import { featuresRoutes } from './routes/features.ts';
import { featureExportRoutes } from './routes/feature_export.ts';
import { featureImportRoutes } from './routes/feature_import.ts';
import { layersRoutes } from './routes/layers.ts';
import { observationsRoutes } from './routes/observations.ts';
import { ogcRoutes } from './routes/ogc.ts';
import { pdfRoutes } from './routes/pdf.ts';
import { publicRoutes } from './routes/public.ts';
import { reviewRoutes } from './routes/review.ts';
import { workspacesRoutes } from './routes/workspaces.ts';
import { DEFAULT_INVOICE_PRICE } from './services/invoice.ts';
import { registerLayerChangeFolding } from './services/layer_changes.ts';
import { MemoryMailService, SmtpMailService, type MailService } from './services/mail.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read by @fastify/cors (its types do not say so): false answers the route without CORS headers. */
    cors?: false;
  }
}

export interface BuildAppOptions {
  db: Db;
  config?: Partial<ServerConfig>;
  mail?: MailService;
}

export async function buildApp({ db, config = {}, mail }: BuildAppOptions): Promise<FastifyInstance> {
  const fullConfig: ServerConfig = {
    serveClient: config.serveClient ?? true,
    distDir: config.distDir ?? fileURLToPath(new URL('../dist', import.meta.url)),
    log: config.log ?? false,
    smtp: config.smtp,
    invoicePrice: config.invoicePrice ?? DEFAULT_INVOICE_PRICE,
    limits: config.limits ?? readLimits(),
    trustProxy: config.trustProxy ?? false,
    uploadDir: config.uploadDir ?? join(tmpdir(), 'mapdraft-uploads'),
  };
  // One line per request (method, path without query, status, time), never a header or a body:
  // credentials, session ids and secrets travel there (issue 16).
  const logger = fullConfig.log === false ? false : { level: fullConfig.log === true ? 'info' : fullConfig.log };
  const app = Fastify({
    logger,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: fullConfig.trustProxy,
    // Issue 16: a client that sends its request slowly is cut off; JSON bodies are small, uploads
    // (SPEC §9 10MB) are streamed to a file with their own limit (http/upload_body.ts).
    ...REQUEST_TIMEOUTS,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // Router refusals (bad URL encoding, over-long path parameters) get our error body too.
    frameworkErrors: (err, _request, reply) => {
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      return (reply as FastifyReply).code(status).send(errorBody('INVALID_VALUE', status));
    },
  });
  const deps: Deps = {
    db,
    config: fullConfig,
    credentials: new CredentialCache(),
    limiter: new RateLimiter(db),
    layerFiles: new LayerFileCache(),
    mail:
      mail ??
      (fullConfig.smtp
        ? new SmtpMailService(fullConfig.smtp, { info: (l) => app.log.info(l), error: (l) => app.log.error(l) })
        : new MemoryMailService((line) => app.log.info(line))),
  };
  app.addHook('onClose', async () => deps.mail.close?.());
  registerLayerChangeFolding(app, db);
  app.decorate('deps', deps);
  app.setValidatorCompiler(jsonBodyValidator);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  // RFC 7946 §12: GeoJSON's own media type is JSON too (feature payloads from GIS tools).
  app.addContentTypeParser('application/geo+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  // Binary uploads (SPEC §7: icons with the content type of the file) arrive as a temp file on the
  // upload routes; anything else not JSON as a Buffer, so a wrong content type becomes a 400 from
  // the route, not a 415 with a foreign body.
  await registerBodyParsers(app, fullConfig.uploadDir);
  limitConnectionsPerAddress(app.server, MAX_CONNECTIONS_PER_ADDRESS);
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  if (logger) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        { method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    });
  }
  await registerSecurityHeaders(app);

  // CONTRACT "HTTP API": any origin, our headers allowed, the session header readable by the client;
  // the offline outbox sends idempotency keys and reads whether an answer was a replay.
  await app.register(cors, {
    origin: true,
    // The data worker revalidates a stored layer with If-None-Match and keeps the ETag it reads.
    allowedHeaders: [APP_KEY_HEADER, SESSION_HEADER, IDEMPOTENCY_HEADER, 'authorization', 'content-type', 'if-none-match', 'range'],
    exposedHeaders: [SESSION_HEADER, IDEMPOTENT_REPLAYED_HEADER, 'etag', 'content-range', 'accept-ranges'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  });
  // After helmet and CORS, so a 429 carries their headers and a browser on another origin reads it.
  registerRequestLimit(app, db, { max: fullConfig.limits.requestsPerIp, windowSeconds: fullConfig.limits.requestWindowSeconds });
  await app.register(compress, { global: true, ...COMPRESSION });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Mapdraft API', version: '0.1.0', description: 'SPEC §7 calls.' },
      components: {
        securitySchemes: {
          basicAuth: { type: 'http', scheme: 'basic' },
          session: { type: 'apiKey', in: 'header', name: SESSION_HEADER },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerAuth(app);

  await app.register(
    async (api) => {
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(healthRoutes);
      await api.register(appsRoutes);
      await api.register(workspacesRoutes);
      await api.register(layersRoutes);
      await api.register(observationsRoutes);
      await api.register(featuresRoutes);
      await api.register(changesRoutes);
      await api.register(featureImportRoutes);
      await api.register(featureExportRoutes);
      await api.register(reviewRoutes);
      await api.register(allAttachmentRoutes);
      await api.register(pdfRoutes);
      await api.register(accountRoutes);
      await api.register(publicRoutes);
      await api.register(ogcRoutes);
    },
    { prefix: '/api' },
  );

  const serveDist = fullConfig.serveClient && existsSync(resolve(fullConfig.distDir, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt dist/ is served without a restart.
  if (serveDist) {
    // The built files are the app's own, read from its origin: no CORS headers, so no `Vary: Origin`.
    // A module script's request carries an Origin header and the service worker's precache fetch did
    // not, so a cache lookup that honours Vary (the service worker's static routes, public/sw-static-routes.js)
    // would miss every stored script and go to the network.
    app.addHook('onRoute', (route) => {
      if (route.prefix === '' && route.path === '/*') route.config = { ...route.config, cors: false };
    });
    await app.register(fastifyStatic, {
      root: fullConfig.distDir,
      wildcard: true,
      // Source maps are built for debugging, not served (issue 16): they would publish the sources.
      allowedPath: (path) => !path.endsWith('.map'),
      cacheControl: false,
      // Vite names built assets by their content hash: such a file never changes, so it is kept for a
      // year without asking; the rest (index.html, the service worker, the manifest) is revalidated.
      setHeaders: (res, path) => {
        const hashed = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i.test(path);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // SPA fallback: client routes (/:appkey, /overview) load index.html; /api stays JSON 404, and a
    // missing file (a path with an extension) is a 404 — never HTML posing as a script.
    const path = request.url.split('?')[0];
    // OGC API paths asked at the root (a GIS client given the site's address) are not client routes:
    // a 404 tells the client, where the app's HTML with 200 would look like a broken service.
    const ogcPath = /^\/(collections|conformance)(\/|$)/.test(path);
    if (serveDist && request.method === 'GET' && !path.startsWith('/api') && !ogcPath && !/\.[A-Za-z0-9]+$/.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    if (request.url.startsWith('/api')) return notFoundHandler(request, reply);
    return reply.code(404).send(errorBody('NOT_FOUND', 404));
  });
  return app;
}
