import type { CredentialCache } from './auth/credentials.ts';
import type { RateLimiter } from './auth/rate_limit.ts';
import type { Db } from './db/index.ts';
import type { InvoicePrice } from './services/invoice.ts';
import type { LayerFileCache } from './services/layer_files.ts';
import type { ServerLimits } from './limits.ts';
import type { MailService, SmtpSettings } from './services/mail.ts';

export interface ServerConfig {
  /** Serve the built client from distDir with SPA fallback (CONTRACT "Server env"). */
  serveClient: boolean;
  distDir: string;
  /** false: silent (tests); true or a pino level: log errors, mails and startup (requests are not logged). */
  log: boolean | string;
  /** Mail delivery over SMTP; without it mails are logged (services/mail.ts). */
  smtp?: SmtpSettings;
  /** What an activation's invoice charges (MAPDRAFT_INVOICE_AMOUNT, MAPDRAFT_INVOICE_CURRENCY). */
  invoicePrice: InvoicePrice;
  /** Rate limits and quotas (server/limits.ts; from the environment unless given). */
  limits: ServerLimits;
  /** Fastify trustProxy (MAPDRAFT_TRUST_PROXY): whose X-Forwarded-For / -Proto to believe. */
  trustProxy: boolean | string;
  /** Where upload bodies are received before they are checked (server/http/upload_body.ts). */
  uploadDir: string;
}

/** What every route needs, hung on the Fastify instance once instead of passed around. */
export interface Deps {
  db: Db;
  config: ServerConfig;
  credentials: CredentialCache;
  /** Counters shared by all servers through the database (rate_limits). */
  limiter: RateLimiter;
  mail: MailService;
  /** Whole-layer FlatGeobuf files per data version (the features route serves them; the start builds them). */
  layerFiles: LayerFileCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
