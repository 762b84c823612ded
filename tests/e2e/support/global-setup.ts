import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '../../..');
const outDir = join(root, '.tmp/e2e-server');

/**
 * The end-to-end project's one-time setup: the server (`src/server/main.ts`) bundled into one
 * module, which every file's `startServer` runs. Loading the bundle takes ~2 s less per start
 * than tsx compiling and resolving the server's few hundred files (4.4–4.7 s against 6.0–7.6 s
 * to /healthz on this machine), and the e2e files start over twenty servers. Built on every run,
 * so the tests never start an older server than the source. Packages stay in node_modules; the
 * PGlite worker and the picture screening worker, which the server finds beside its own module,
 * are copied next to the bundle.
 */
export default async function setup(project: TestProject): Promise<void> {
  const entry = join(outDir, 'main.mjs');
  await build({
    entryPoints: [join(root, 'src/server/main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  copyFileSync(join(root, 'src/server/db/pglite-worker.mjs'), join(outDir, 'pglite-worker.mjs'));
  // The picture screening thread (issue 26), found the same way.
  copyFileSync(
    join(root, 'src/server/pictures/screen-worker.mjs'),
    join(outDir, 'screen-worker.mjs'),
  );
  project.provide('e2eServerEntry', entry);
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server module `startServer` runs (see above). */
    e2eServerEntry: string;
  }
}
