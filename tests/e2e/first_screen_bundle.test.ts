// The built app's first screen (issue 17 target 4: code-split what the first screen does not need):
// the JavaScript index.html loads and preloads, read through each file's source map, holds the
// configuration's schemas the open validates and none of the model's schemas that only the lazy forms
// and screens use (the create-app form, the invoice address, the review queue, a layer's import).
// Every open on every phone fetches, compiles and evaluates these files before the map can draw.
// The lazy surfaces' chunks, prefetched in idle time after the open, preload none of their dependencies
// (vite.config.ts modulePreload): a link each, all put in the page in one task, was 167 ms at 4× CPU.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '../../dist');

/** The model's modules (paths under src/model/) in the files index.html loads before the app runs. */
function firstScreenModelModules(): Set<string> {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(files.length).toBeGreaterThan(0);
  const modules = new Set<string>();
  for (const file of files) {
    const map = join(DIST, `${file}.map`);
    if (!existsSync(map)) continue; // the bundler's tiny runtime has none
    for (const source of (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources) {
      const at = source.indexOf('src/model/');
      if (at >= 0) modules.add(source.slice(at + 'src/model/'.length));
    }
  }
  return modules;
}

/** The entry chunk index.html runs. */
function entryChunk(): string {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, 'the entry script in index.html').toBeDefined();
  return readFileSync(join(DIST, src!), 'utf8');
}

/** `file` and the files it imports by name (`from "./x.js"`, `import "./x.js"`), theirs too, as assets/ paths. */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(DIST, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) withStaticImports(`assets/${m[1]}`, seen);
  return seen;
}

describe('the first screen of the built app', () => {
  it('evaluates the schemas the open needs and leaves those of the lazy forms and screens to their chunks', () => {
    const modules = firstScreenModelModules();
    expect(modules).toContain('entities/app_config.ts');
    expect(modules).toContain('errors.ts');
    for (const lazyOnly of ['entities/create_app.ts', 'entities/invoice_address.ts', 'entities/review.ts', 'entities/layer_import.ts']) {
      expect(modules, `${lazyOnly} on the first screen`).not.toContain(lazyOnly);
    }
  });

  it("preloads the dependencies of the open's own dynamic imports only, none of a lazy surface's", () => {
    const entry = entryChunk();
    // Vite's table of the files its dynamic imports preload (`__vite__mapDeps`).
    const table = /m\.f\s*=\s*\[([^\]]*)\]/.exec(entry)?.[1];
    expect(table, "the entry's preload table").toBeDefined();
    const preloaded = [...table!.matchAll(/"([^"]+\.js)"/g)].map((m) => m[1]);
    const openPath = readdirSync(join(DIST, 'assets'))
      .filter((f) => /^(render_api|land_draw)-[^.]+\.js$/.test(f))
      .map((f) => `assets/${f}`);
    expect(openPath).toHaveLength(2);
    const allowed = new Set(openPath.flatMap((f) => [...withStaticImports(f)]));
    expect(preloaded.filter((f) => !allowed.has(f))).toEqual([]);
    // The feature renderer's own dependencies are still preloaded with it.
    expect(preloaded.filter((f) => f.includes('category_atlas'))).toHaveLength(1);
  });
});
