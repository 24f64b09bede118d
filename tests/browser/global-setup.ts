// Starts the real API server in-process for the browser suite (PGlite in memory, 500 seeded cities)
// and hands its address to the tests through vitest's provide/inject.
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
  }
}

let close: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  const { startServer } = await import('../../server/start.ts');
  const server = await startServer({
    port: 0,
    dataDir: 'memory://',
    seedCities: 500,
    serveClient: false,
    adminPassword: 'a-pass-123',
    userPassword: 'u-pass-123',
    log: false,
  });
  close = () => server.close();
  project.provide('apiBase', server.url.replace(/\/$/, ''));
}

export async function teardown() {
  await close?.();
}
