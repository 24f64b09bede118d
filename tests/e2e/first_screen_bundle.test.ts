// The built app's first screen (issue 17 target 4: code-split what the first screen does not need):
// the JavaScript index.html loads and preloads, read through each file's source map, holds the
// configuration's schemas the open validates and none of the model's schemas that only the lazy forms
// and screens use (the create-app form, the invoice address, the review queue, a layer's import).
// Every open on every phone fetches, compiles and evaluates these files before the map can draw.
import { existsSync, readFileSync } from 'node:fs';
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

describe('the first screen of the built app', () => {
  it('evaluates the schemas the open needs and leaves those of the lazy forms and screens to their chunks', () => {
    const modules = firstScreenModelModules();
    expect(modules).toContain('entities/app_config.ts');
    expect(modules).toContain('errors.ts');
    for (const lazyOnly of ['entities/create_app.ts', 'entities/invoice_address.ts', 'entities/review.ts', 'entities/layer_import.ts']) {
      expect(modules, `${lazyOnly} on the first screen`).not.toContain(lazyOnly);
    }
  });
});
