import { ERRORS } from '../src/model/index.ts';
import { parseInvoiceAmount } from './services/invoice.ts';
import { startServer } from './start.ts';

// CONTRACT "Server env". Reads the environment, starts, and closes cleanly on SIGINT/SIGTERM.
function seedCities(value: string | undefined): number | 'all' | undefined {
  if (!value) return undefined;
  if (value === 'all') return 'all';
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`MAPDRAFT_SEED_CITIES must be 'all' or a count, got ${value}`);
  return n;
}

/** MAPDRAFT_TRUST_PROXY: 'true' (every hop), or addresses/CIDRs of the proxies, comma-separated. */
function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}

async function main(): Promise<void> {
  const env = process.env;
  const server = await startServer({
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.MAPDRAFT_DATA_DIR ?? './data',
    seedCities: seedCities(env.MAPDRAFT_SEED_CITIES),
    seed: env.MAPDRAFT_SEED !== 'none',
    trustProxy: trustProxy(env.MAPDRAFT_TRUST_PROXY),
    adminPassword: env.MAPDRAFT_ADMIN_PASSWORD,
    userPassword: env.MAPDRAFT_USER_PASSWORD,
    serveClient: true,
    smtp: env.MAPDRAFT_SMTP_URL
      ? { url: env.MAPDRAFT_SMTP_URL, from: env.MAPDRAFT_MAIL_FROM || 'Mapdraft <no-reply@localhost>' }
      : undefined,
    invoicePrice: env.MAPDRAFT_INVOICE_AMOUNT
      ? { amountCents: parseInvoiceAmount(env.MAPDRAFT_INVOICE_AMOUNT), currency: env.MAPDRAFT_INVOICE_CURRENCY || 'EUR' }
      : undefined,
    // Errors and logged mails are worth seeing; MAPDRAFT_LOG=warn|debug|false tunes it.
    log: env.MAPDRAFT_LOG === 'false' ? false : (env.MAPDRAFT_LOG ?? 'info'),
  });
  console.log(`Mapdraft listening on ${server.url}`);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    server.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err) => {
  // SPEC §8: startup failures are logged as 'critical error occurred'.
  console.error(ERRORS.CRITICAL_ERROR, err);
  process.exit(1);
});
