import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Query keys come from their owners (issue 28): a key is written only in a feature's `api/`
 * modules (or its `api.ts`, `queries.ts`), where the endpoint's one owner builds it; a view that
 * refreshes another's data names the owner's exported key (`PROFILE_KEY`, `GROUP_KEY`, …). A key
 * spelled out in a view drifts from the owner's the day the owner renames it, and the refresh
 * silently stops.
 */
const FEATURES = import.meta.dirname;

function views(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'api' ? [] : views(path);
    return /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$/.test(entry.name) &&
      !['api.ts', 'queries.ts'].includes(entry.name)
      ? [path]
      : [];
  });
}

/** `queryKey: [` or `invalidateQueries({ queryKey: [`: a key written out where it is used. */
const literalKeys = (text: string) =>
  [...text.matchAll(/queryKey:\s*\[[^\]]*\]/g)].map((m) => m[0]);

describe('query keys (issue 28)', () => {
  it('finds a key written out', () => {
    expect(literalKeys("invalidateQueries({ queryKey: ['profile'] }); useQuery(x)")).toEqual([
      "queryKey: ['profile']",
    ]);
    expect(literalKeys('invalidateQueries({ queryKey: PROFILE_KEY })')).toEqual([]);
  });

  it('are written only in api/ modules and queries.ts', () => {
    const found = views(FEATURES).flatMap((file) =>
      literalKeys(readFileSync(file, 'utf8')).map((k) => `${relative(FEATURES, file)}: ${k}`),
    );
    expect(found).toEqual([]);
  });
});
