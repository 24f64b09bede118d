// Issue 17: the entry (src/main.tsx) starts the data worker and then loads the app (src/start_app.tsx)
// by a dynamic import, so the browser's thread can start the worker before the app's modules hold it.
// Vite preloads only the entry's static imports from index.html; this adds the app's modules (the
// dynamic entry and everything it imports statically), so they download while the worker starts
// instead of after it.
import type { Plugin } from 'vite';

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
}

export function preloadAppModules(entrySuffix: string): Plugin {
  return {
    name: 'mapdraft-preload-app-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is OutputChunk & typeof c => c.type === 'chunk') as OutputChunk[];
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const entry = chunks.find((c) => c.facadeModuleId?.endsWith(entrySuffix));
        if (!entry) throw new Error(`preloadAppModules: no chunk for ${entrySuffix}`);
        const files = new Set<string>();
        const visit = (name: string) => {
          if (files.has(name)) return;
          files.add(name);
          for (const dep of byName.get(name)?.imports ?? []) visit(dep);
        };
        visit(entry.fileName);
        // Those the entry imports itself are preloaded by Vite already.
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
