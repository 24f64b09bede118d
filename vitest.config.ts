import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import react from '@vitejs/plugin-react';
import { CHROMIUM_PATH, chromiumArgs } from './scripts/chromium.ts';
import { allCitiesServer } from './tests/browser/commands/all_cities_server.ts';

// One runner for every suite; `npm test` (scripts/test.sh) prepares Chromium, PostgreSQL and the build first.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      ...(['server-pglite', 'server-postgres'] as const).map((name) => ({
        test: {
          name,
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global_setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      })),
      {
        plugins: [react()],
        optimizeDeps: {
          exclude: ['@journeyapps/wa-sqlite'],
          // Scan every test and worker entry up front: a dependency discovered mid-run makes Vite
          // reload the page, which fails whatever test was running.
          entries: ['tests/browser/**/*.{ts,tsx}', 'workers/**/*.ts', 'src/**/*.{ts,tsx}'],
        },
        worker: { format: 'es' as const },
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/browser/global_setup.ts'],
          setupFiles: ['tests/browser/setup.ts'],
          // As the journeys': a real browser and server share two cores with the other suites, and a
          // poll's 1 s default failed a sign-in (scrypt on the server) on a loaded machine.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs() } }),
            instances: [{ browser: 'chromium' }],
            commands: { allCitiesServer },
          },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // A journey waits on a real browser and server sharing two cores with the other suites:
          // a poll's 1 s default is a flake, not a finding.
          expect: { poll: { timeout: 15_000 } },
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
