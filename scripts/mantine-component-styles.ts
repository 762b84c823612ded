import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Every Mantine component's stylesheet travels with the component's own code (issue 24).
 *
 * Each component of `@mantine/core` keeps its class names in a `X.module.mjs` beside its code,
 * and its styles in `@mantine/core/styles/X.css`. This plugin makes each such module import its
 * stylesheet, so the CSS lands in whichever chunk the component's code lands in: a dialog that
 * draws a Checkbox brings the Checkbox's (and InlineInput's, CheckboxIndicator's) styles with it,
 * however the page was reached. Nothing in `src/` imports a component stylesheet by hand, and
 * none can be forgotten. The global files (baseline, variables, global) stay in
 * src/app/mantine-styles.ts, loaded first by the entry.
 *
 * The build only: `npm run dev` pre-bundles Mantine without plugins, so there the entry loads
 * Mantine's whole stylesheet instead (the `dev` half below).
 */
export function mantineComponentStyles(): Plugin[] {
  const require = createRequire(import.meta.url);
  const stylesDir = join(dirname(dirname(require.resolve('@mantine/core'))), 'styles');
  const moduleFile = /[\\/]@mantine[\\/]core[\\/]esm[\\/].+[\\/]([A-Za-z]+)\.module\.mjs$/;
  const entryStyles = /[\\/]src[\\/]app[\\/]mantine-styles\.ts$/;
  return [
    {
      name: 'tomoni-mantine-component-styles',
      apply: 'build',
      enforce: 'pre',
      transform(code, id) {
        const name = moduleFile.exec(id)?.[1];
        if (!name) return null;
        const css = join(stylesDir, `${name}.css`);
        if (!existsSync(css)) {
          this.error(`No stylesheet for Mantine's ${basename(id)} (looked for ${css})`);
        }
        return { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null };
      },
    },
    {
      name: 'tomoni-mantine-component-styles-dev',
      apply: 'serve',
      transform(code, id) {
        return entryStyles.test(id) ? `${code}\nimport '@mantine/core/styles.css';\n` : null;
      },
    },
  ];
}
