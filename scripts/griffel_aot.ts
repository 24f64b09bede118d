// Issue 17: our own `makeStyles` / `makeResetStyles` compiled at build time into Griffel's
// precomputed form (`__styles`, `__resetStyles`: class names and CSS rules as literals), the form
// Fluent's own components ship in. At run time Griffel then only inserts the rules: it no longer
// resolves the style objects, hashes them and parses and serialises their CSS (stylis) in the first
// render of each component, on the main thread before the first paint. Griffel still inserts the
// rules itself, in its own order, so which rule wins is unchanged. Production builds only: the dev
// server and the component tests run Griffel's runtime path.
import { type BabelFileResult, transformAsync, transformSync } from '@babel/core';
import shakerModule from '@linaria/shaker';
import type { Plugin } from 'vite';

// A CommonJS module: its function is its default export's `default`.
const shaker = (shakerModule as unknown as { default: typeof shakerModule }).default ?? shakerModule;

/** An evaluator that runs an ES module whole, as CommonJS (the shaker would drop what it exports). */
const asCommonJs = (filename: string, _options: unknown, text: string) => [
  transformSync(text, { filename, babelrc: false, configFile: false, plugins: ['@babel/plugin-transform-modules-commonjs'] })?.code,
  null,
];

const STYLED = /\bmake(Styles|ResetStyles)\s*\(/;
const NODE_MODULES = /[/\\]node_modules[/\\]/;

/** `code` of `file` with its styles compiled; null when it has none to compile. */
export async function compileGriffelStyles(code: string, file: string): Promise<{ code: string; map: BabelFileResult['map'] } | null> {
  if (NODE_MODULES.test(file) || !/\.tsx?$/.test(file) || !STYLED.test(code)) return null;
  const out = await transformAsync(code, {
    filename: file,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    presets: [
      [
        '@griffel/babel-preset',
        {
          // Fluent re-exports the compiled forms of makeStyles and makeResetStyles, not that of
          // makeStaticStyles: those stay as they are (a name no module exports).
          modules: [
            {
              moduleSource: '@fluentui/react-components',
              importName: 'makeStyles',
              resetImportName: 'makeResetStyles',
              staticImportName: 'makeStaticStylesLeftAsIs',
            },
          ],
          // The style objects' values are evaluated: our modules they import are TypeScript.
          babelOptions: { presets: ['@babel/preset-typescript'], plugins: ['@babel/plugin-transform-modules-commonjs'] },
          evaluationRules: [
            { action: shaker },
            { test: NODE_MODULES, action: 'ignore' },
            // Fluent's CommonJS requires these helpers, which resolve to ES modules.
            { test: /[/\\]node_modules[/\\]@swc[/\\]helpers[/\\]/, action: asCommonJs },
          ],
        },
      ],
    ],
  });
  return out?.code ? { code: out.code, map: out.map } : null;
}

export function griffelAot(): Plugin {
  return {
    name: 'mapdraft-griffel-aot',
    apply: 'build',
    enforce: 'pre',
    transform: (code, id) => compileGriffelStyles(code, id.split('?')[0]!),
  };
}
