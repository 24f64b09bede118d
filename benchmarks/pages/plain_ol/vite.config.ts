// The plain OpenLayers baseline of scenario 14, built like the product (a production bundle) into the bench cache.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  logLevel: 'warn',
  build: { outDir: resolve(import.meta.dirname, '../../.cache/plain-ol'), emptyOutDir: true },
});
