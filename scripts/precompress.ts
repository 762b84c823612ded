import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images, fonts in woff2 and media are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this the encoding headers cost about as much as they save. */
const MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file
 * of a built client, once at build time, so the server sends them without compressing per request
 * (@fastify/static `preCompressed`, http/static.ts). Returns how many files it compressed.
 */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const raw = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    count += 1;
  }
  return count;
}

/** The Vite plugin: precompresses the output directory after every build. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tomoni-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
