// Imported first by the page's entry and by each worker's that parses with zod, before the model's schemas are built.
// The app's Content-Security-Policy has no 'unsafe-eval' (server/http/protection.ts), so zod's
// compiled parsers cannot run there; zod probes for them with `new Function` when its first object
// schema is built, and that probe is a CSP violation in the page and in each worker — an issue in
// DevTools and a report to any CSP endpoint an operator sets up, on every open. Told up front, zod
// parses as it would after the probe failed, without making it. The server keeps the compiled parsers.
import { z } from 'zod';

z.config({ jitless: true });
