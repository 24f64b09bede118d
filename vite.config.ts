import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Vite owns the client build only; the server (server/main.ts) serves dist/ in production.
// MAPDRAFT_API_TARGET points the dev proxy at a server on another port.
const apiTarget = process.env.MAPDRAFT_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
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
      output: {
        // Vendor code changes less often than ours: separate chunks keep cache hits (and the later
        // PWA precache update) small when only app code changes.
        codeSplitting: {
          groups: [
            { name: 'ol', test: /node_modules[\\/]ol[\\/]/ },
            { name: 'fluent', test: /node_modules[\\/]@(fluentui|griffel|floating-ui)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|i18next|react-i18next|zustand)[\\/]/ },
          ],
        },
      },
    },
    // OpenLayers is one ~570 kB chunk by itself; the warning would fire on every build.
    chunkSizeWarningLimit: 700,
  },
});
