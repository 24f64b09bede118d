// Issue 17: the production build compiles our own Fluent styles ahead of time (scripts/griffel_aot.ts),
// so Griffel does not resolve, hash and parse them in the app's first render. The compiled rules must
// be the ones the runtime would make: values from Fluent's tokens and from our own modules evaluated.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileGriffelStyles } from '../../scripts/griffel_aot.ts';

const compile = (file: string) => compileGriffelStyles(readFileSync(file, 'utf8'), `${process.cwd()}/${file}`);

// Each compile parses the file and evaluates its imports (Fluent's tokens among them): seconds on a
// loaded two-core machine, past the unit suite's 5 s default.
describe('styles compiled at build time', { timeout: 30_000 }, () => {
  it("turns the map screen's makeStyles into precomputed rules, with an imported constant's value", async () => {
    const out = (await compile('src/screens/MapScreen.tsx'))!;
    expect(out.code).toContain('__styles(');
    expect(out.code).not.toMatch(/\bmakeStyles\s*\(/);
    // `bottom: COOKIE_BANNER_SPACE`, a template string built in CookieBanner.tsx.
    expect(out.code).toMatch(/\{bottom:var\(--cookie-banner-height, 0px\);\}/);
    expect(out.map).toBeTruthy();
  });

  it('evaluates Fluent tokens and turns makeResetStyles into precomputed rules', async () => {
    const out = (await compile('src/ui/light_controls.tsx'))!;
    expect(out.code).toContain('__resetStyles(');
    expect(out.code).not.toMatch(/\bmakeResetStyles\s*\(/);
    expect(out.code).toContain('var(--colorNeutralForeground1)');
  });

  it('leaves static styles, files without styles and dependencies as they are', async () => {
    expect(await compile('src/map/map_layout.ts')).toBeNull();
    expect(await compile('src/model/index.ts')).toBeNull();
    const dependency = 'const useX = makeStyles({ root: { color: "red" } });';
    expect(await compileGriffelStyles(dependency, `${process.cwd()}/node_modules/some-lib/index.ts`)).toBeNull();
  });
});
