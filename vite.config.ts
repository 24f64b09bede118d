import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST_ICON_SIZES } from './src/model/constants.ts';
import { griffelAot } from './scripts/griffel_aot.ts';

// Vite owns the client build only; the server (server/main.ts) serves dist/ in production.
// MAPDRAFT_API_TARGET points the dev proxy at a server on another port.
const apiTarget = process.env.MAPDRAFT_API_TARGET ?? 'http://127.0.0.1:8080';

// SPEC §1 installable and offline-capable: a web manifest with the SPEC §9 icon sizes and a
// workbox service worker precaching the shell. Registration is ours (src/pwa/register_sw.ts), so the
// plugin injects nothing; 'prompt' keeps a new version waiting until the user refreshes (SPEC §2).
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'icons/*.png', 'config/*.json'],
  manifest: {
    name: 'Mapdraft',
    short_name: 'Mapdraft',
    description: 'View and collaboratively edit geographic features, online and offline.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#274E78',
    background_color: '#ffffff',
    icons: MANIFEST_ICON_SIZES.map((size) => ({
      src: `/icons/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      // Full-bleed art (src/pwa/make_icons.mjs) is safe to mask.
      purpose: 'any maskable',
    })),
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,json,wasm,woff2,geojson}'],
    // The OpenLayers and wa-sqlite chunks exceed workbox's 2 MiB default.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: '/index.html',
    // API calls are never answered with the shell.
    navigateFallbackDenylist: [/^\/api/],
    cleanupOutdatedCaches: true,
    // The outbox's Background Sync handler (issue 11): it only wakes the open windows to replay; the
    // static routes that answer the hashed files from the precache without the fetch handler (issue 17).
    importScripts: ['sw-outbox-sync.js', 'sw-static-routes.js'],
    clientsClaim: true,
    runtimeCaching: [
      {
        // The app configuration, so the map opens offline with the app's title and layers.
        urlPattern: ({ url }) => url.pathname === '/api/apps' || url.pathname.startsWith('/api/public/'),
        handler: 'NetworkFirst',
        options: { cacheName: 'mapdraft-api-config', networkTimeoutSeconds: 5, expiration: { maxEntries: 50 } },
      },
    ],
  },
});

/** The dynamic imports the first screen waits for: the feature renderer's and the land picture's (src/map). */
const OPEN_PATH_CHUNK = /^assets\/(render_api|land_draw)-/;

export default defineConfig({
  plugins: [griffelAot(), react(), pwa],
  // The four locales and the bundled land (≈ 165 kB of JSON, read on every open) as JSON.parse of a
  // string: V8 reads that ≈ 1.8× faster than the same object literal (issue 17, first-screen cost).
  // Named exports would keep them object literals; every JSON import here is a default import.
  json: { stringify: true, namedExports: false },
  // Workers are ES modules (comlink + ol imports); TOOLCHAIN.md "wa-sqlite in a module worker".
  worker: { format: 'es' },
  // wa-sqlite ships its own wasm loader; pre-bundling breaks its import.meta.url lookups.
  optimizeDeps: { exclude: ['@journeyapps/wa-sqlite'] },
  server: {
    // CONTRACT.md: the dev server proxies /api to the API server on :8080.
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The shared model (src/model) is declarations only: told so, the bundler places each of its
      // modules with the code that uses it, so the first screen no longer evaluates the schemas of the
      // forms and screens it does not show (issue 17: the model's zod schemas were half the modules'
      // evaluation at every open; the importers reach them through one barrel, src/model/index.ts).
      treeshake: { moduleSideEffects: (id: string) => (/[\\/]src[\\/]model[\\/]/.test(id) ? false : undefined) },
      output: {
        // Vendor code changes less often than ours: separate chunks keep cache hits (and the later
        // PWA precache update) small when only app code changes. Fluent UI has no group of its own
        // (issue 17): one chunk of all of it made the first screen evaluate every drawer and dialog
        // component; split by use, each lazy surface (src/config/lazy.ts) brings the parts it needs.
        codeSplitting: {
          groups: [
            // Drawing, moving a vertex and the review's box selection are the lazy draft form's and
            // review queue's: they stay in those chunks.
            { name: 'ol', test: /node_modules[\\/]ol[\\/](?!interaction[\\/](Draw|Modify|DragBox)\.js)/ },
            // zod with its set-up (src/zod_without_eval.ts): the set-up must run before any chunk builds
            // a schema, which it does only where zod's own chunk runs it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]zod_without_eval\.ts$/ },
            // The review queue's virtual list (@tanstack/react-virtual) is not the first screen's either.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|zustand)[\\/]/,
            },
          ],
        },
      },
    },
    // OpenLayers is one ~570 kB chunk by itself; the warning would fire on every build.
    chunkSizeWarningLimit: 700,
    // Issue 17: Vite preloads a dynamic import's dependencies with a <link rel=modulepreload> each, all
    // put in the page in the task that starts the import. The lazy surfaces' chunks (src/config/lazy.ts)
    // are fetched in idle time after the open, where nothing waits for them, and FeaturePrompt's 60 links
    // were one task of 167 ms at 4× CPU slowdown (amid a pan begun then): their imports are found as
    // the browser parses each chunk instead. The first screen's own imports keep their preloads.
    modulePreload: { resolveDependencies: (chunk, deps, { hostType }) => (hostType === 'html' || OPEN_PATH_CHUNK.test(chunk) ? deps : []) },
  },
});
