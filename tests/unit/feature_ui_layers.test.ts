// The feature UI's folders (ARCHITECTURE.md "The feature UI"): one shared kit (src/ui) that imports
// none of them, one-way arrows between the others, and the overlay host (src/screens/FeatureLayer.tsx)
// above them all. Folder-level, so a cycle between two folders fails even when no file cycle exists.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');
const FOLDERS = ['ui', 'features', 'edit', 'review', 'attachments', 'outbox'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** folder → the other feature-UI folders its files import. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map(FOLDERS.map((f) => [f, new Set<string>()]));
  for (const folder of FOLDERS) {
    for (const file of files(join(SRC, folder))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/from\s*['"](\.[^'"]+)['"]/g)) {
        const to = relative(SRC, resolve(dirname(file), m[1])).split('/')[0];
        if (to !== folder && FOLDERS.includes(to)) graph.get(folder)!.add(to);
      }
    }
  }
  return graph;
}

describe('feature UI folders', () => {
  const graph = folderGraph();

  it('keeps the shared kit free of the feature folders', () => {
    expect([...graph.get('ui')!]).toEqual([]);
  });

  it('has no cycle between two folders', () => {
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      [...graph.get(from)!].some((n) => n === to || (!seen.has(n) && (seen.add(n), reaches(n, to, seen))));
    const cycles = FOLDERS.filter((f) => reaches(f, f));
    expect(cycles).toEqual([]);
  });

  it('leaves mounting to the overlay host: no feature folder imports the screens', () => {
    const offenders = FOLDERS.flatMap((folder) =>
      files(join(SRC, folder))
        .filter((file) => /from\s*['"]\.\.\/screens\//.test(readFileSync(file, 'utf8')))
        .map((file) => relative(SRC, file)),
    );
    expect(offenders).toEqual([]);
  });
});
