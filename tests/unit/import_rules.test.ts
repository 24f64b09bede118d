// The layering of ARCHITECTURE.md "Threads and processes", checked on the real import graph of the
// product's code (src, workers, wasm, server): no cycle anywhere, and the arrows DESIGN allows only.
// A small reader of import lines rather than a graph tool: the toolchain's TypeScript 7 has no JS
// API for the tools that parse TypeScript, and our imports are plain relative paths.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const TOP = ['src', 'workers', 'wasm', 'server'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`; `new URL('…', import.meta.url)`
// (worker entries) is a separate thread, not an import, and is left out on purpose.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec.startsWith('.')) out.push(relative(ROOT, resolve(dirname(file), spec)));
  }
  return out;
}

const files = TOP.flatMap((t) => sources(join(ROOT, t))).map((f) => relative(ROOT, f));
const graph = new Map(files.map((f) => [f, importsOf(join(ROOT, f)).filter((to) => files.includes(to))]));

/** Strongly connected components of more than one file (Tarjan): each is an import cycle. */
function cycles(): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return out;
}

/** Every arrow from a file under `from` to a file under one of `to`. */
function arrows(from: string, to: string[], except: string[] = []): string[] {
  const hits: string[] = [];
  for (const [file, deps] of graph) {
    if (!file.startsWith(from)) continue;
    for (const dep of deps) {
      if (to.some((t) => dep.startsWith(t)) && !except.some((e) => dep.startsWith(e))) hits.push(`${file} → ${dep}`);
    }
  }
  return hits;
}

describe('import rules (ARCHITECTURE.md)', () => {
  it('reads the whole product', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(graph.get('workers/data/data.worker.ts')?.length).toBeGreaterThan(5);
  });

  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('keeps the model free of everything of ours (DESIGN "src/model is the contract")', () => {
    expect(arrows('src/model/', ['src/', 'workers/', 'server/', 'wasm/'], ['src/model/'])).toEqual([]);
  });

  it("lets the render worker read the batch, never the data worker's internals", () => {
    expect(arrows('workers/render/', ['workers/data/'])).toEqual([]);
  });

  it('keeps the thread-agnostic batch code free of both workers', () => {
    expect(arrows('workers/batch/', ['workers/data/', 'workers/render/', 'src/'], ['src/model/'])).toEqual([]);
  });

  it('keeps the HTTP client free of workers and UI state', () => {
    expect(arrows('src/api/', ['workers/', 'src/state/', 'src/map/', 'src/screens/', 'src/features/'])).toEqual([]);
  });

  it('keeps workers off the UI and the server off the client', () => {
    // src/zod_without_eval.ts: every browser entry's first import, the workers' too (it sets how the model parses).
    expect(arrows('workers/', ['src/'], ['src/model/', 'src/api/http.ts', 'src/zod_without_eval.ts'])).toEqual([]);
    // The GeoPackage export writes with the browser's SQLite wrapper, which needs no browser (issue 15 part 6).
    expect(arrows('server/', ['src/', 'workers/', 'wasm/'], ['src/model/', 'wasm/sqlite_db.ts'])).toEqual([]);
  });
});
