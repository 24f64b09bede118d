import { buildApp } from './app.ts';
import { migrate, openDb, type Db } from './db/index.ts';
import { pruneIdempotencyKeys } from './http/idempotency.ts';
import { seedDemo } from './seed/index.ts';
import { DailyJob, deleteExpiredApps } from './services/housekeeping.ts';
import type { InvoicePrice } from './services/invoice.ts';
import type { ServerLimits } from './limits.ts';
import type { SmtpSettings } from './services/mail.ts';

export interface StartOptions {
  port?: number;
  host?: string;
  databaseUrl?: string;
  dataDir?: string;
  seedCities?: number | 'all';
  adminPassword?: string;
  userPassword?: string;
  serveClient?: boolean;
  log?: boolean | string;
  /** Deliver mails over SMTP (MAPDRAFT_SMTP_URL, MAPDRAFT_MAIL_FROM); logged only without it. */
  smtp?: SmtpSettings;
  /** The activation invoice's amount (services/invoice.ts; 49.00 EUR when not given). */
  invoicePrice?: InvoicePrice;
  /** Where first-start secrets are printed (generated passwords); stdout by default. */
  print?: (line: string) => void;
  /** false: no demo app, users or data on first start (MAPDRAFT_SEED=none). */
  seed?: boolean;
  /** Fastify trustProxy (MAPDRAFT_TRUST_PROXY); rate limits and Secure cookies read the client from it. */
  trustProxy?: boolean | string;
  limits?: ServerLimits;
}

export interface RunningServer {
  url: string;
  /** The open database, for tests and tools that inspect it; the server owns and closes it. */
  db: Db;
  /**
   * Settles when the start's build of every layer's FlatGeobuf file is done (or stopped by close):
   * from then on the first reader of an unchanged layer gets the built file (tests and tools wait for it).
   */
  layerFilesBuilt: Promise<void>;
  close(): Promise<void>;
}

/** CONTRACT "In-process start": open db → migrate → seed (first start only) → listen. */
export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const db = await openDb({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    await migrate(db);
    await pruneIdempotencyKeys(db);
    if (opts.seed !== false) {
      await seedDemo(db, {
        seedCities: opts.seedCities,
        adminPassword: opts.adminPassword,
        userPassword: opts.userPassword,
        print: opts.print ?? ((line) => console.log(line)),
      });
    }
    const app = await buildApp({
      db,
      config: {
        serveClient: opts.serveClient ?? true,
        log: opts.log ?? false,
        smtp: opts.smtp,
        invoicePrice: opts.invoicePrice,
        trustProxy: opts.trustProxy,
        limits: opts.limits,
      },
    });
    const host = opts.host ?? '127.0.0.1';
    await app.listen({ port: opts.port ?? 8080, host });
    // SPEC §4: apps never activated are deleted after three months, checked daily.
    const housekeeping = new DailyJob((now) => deleteExpiredApps(db, now), { log: (line) => app.log.info(line) });
    await housekeeping.start();
    // Issue 17: the first cold open after a start read the 135k cities as the unindexed stream (3.3 s
    // to the last byte against 0.9 s for the built file). Built in the background, a query page at a
    // time, so requests interleave; closing waits for the build under way before the database closes.
    let closing = false;
    const layerFilesBuilt = app.deps.layerFiles
      .warm(db, () => closing)
      .catch((err) => app.log.warn({ err }, 'layer files not built at start'));
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : opts.port;
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    return {
      url: `http://${urlHost}:${port}`,
      db,
      layerFilesBuilt,
      close: async () => {
        housekeeping.stop();
        closing = true;
        await app.close();
        await layerFilesBuilt;
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
}
