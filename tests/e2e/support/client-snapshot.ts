import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const built = resolve(import.meta.dirname, '../../../dist/client');

/** The built files and their sizes: equal before and after a copy means no build ran meanwhile. */
function fingerprint(dir: string): string {
  const files: string[] = [];
  const walk = (d: string, prefix: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`);
      else files.push(`${prefix}${entry.name}:${statSync(path).size}`);
    }
  };
  walk(dir, '');
  return files.sort().join('\n');
}

export interface ClientSnapshot {
  dir: string;
  remove(): void;
}

/**
 * A private copy of the built client (`dist/client`) for one test file's server (`CLIENT_DIR`).
 * A long browser test loads lazy chunks minutes after the server started; a `vite build` run in
 * the same work tree meanwhile empties dist/client and would break those loads half-way.
 */
export function snapshotBuiltClient(): ClientSnapshot {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (!existsSync(join(built, 'index.html'))) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
      continue;
    }
    const before = fingerprint(built);
    const html = readFileSync(join(built, 'index.html'), 'utf8');
    const dir = mkdtempSync(join(tmpdir(), 'tomoni-client-'));
    cpSync(built, dir, { recursive: true });
    const complete = [...html.matchAll(/\/assets\/[^"']+/g)].every((m) =>
      existsSync(join(dir, m[0])),
    );
    if (
      complete &&
      fingerprint(built) === before &&
      readFileSync(join(dir, 'index.html'), 'utf8') === html
    ) {
      return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
    }
    // A build ran during the copy: try again once it settles.
    rmSync(dir, { recursive: true, force: true });
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
  throw new Error('The client is not built (or keeps being rebuilt): run `npm run build`.');
}
