import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25: the server's shape keeps the walls where no route can forget them. Route files parse,
 * check access and call domain modules; every query lives in a domain repository that takes the
 * caller's scope (dependency-cruiser forbids routes importing db/ or another route; this test
 * catches what an import rule cannot see: a query built on `app.db` inside a route file).
 */

const SERVER = import.meta.dirname;
const ROUTES = join(SERVER, 'routes');
const QUERY =
  /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql`|\.transaction\(\)/;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );

const offending = (files: string[], pattern: RegExp) =>
  files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, i) => ({ line, at: `${file.slice(SERVER.length + 1)}:${i + 1}` }))
      .filter(({ line }) => pattern.test(line))
      .map(({ at, line }) => `${at}  ${line.trim()}`),
  );

describe('the server keeps its shape', () => {
  it('route files build no query: queries live in domain repositories', () => {
    expect(offending(sources(ROUTES), QUERY)).toEqual([]);
  });

  it('no double cast anywhere in the server', () => {
    expect(offending(sources(SERVER), /\bas unknown as\b/)).toEqual([]);
  });
});
