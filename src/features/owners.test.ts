import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per endpoint (issue 28): every API call the client makes is written in exactly one
 * module (a feature's `api/`, a loader); others read it through that module's `queries.ts`. Two
 * modules asking the same endpoint drift apart (two keys, two shapes of the same answer in the
 * cache) — as `['me', 'groups', 'withChildren']` once held filtered or unfiltered groups
 * depending on which page read it first.
 */
const SRC = join(import.meta.dirname, '..');

/** Endpoints still written in more than one module, each a named debt (shrinks, never grows). */
const KNOWN: Record<string, number> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['server', 'sw'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `METHOD /path` of each `url:` the module sends, path parameters as `:p`, query left out. */
function endpointsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/url:\s*(['`])(.*?)\1/g)) {
    const open = text.lastIndexOf('{', match.index);
    const close = text.indexOf('}', match.index + match[0].length);
    const method = /method:\s*['"](\w+)['"]/.exec(text.slice(open, close))?.[1] ?? 'get';
    const path = match[2]!.replace(/\$\{[^}]*\}/g, ':p').split('?')[0]!;
    if (path.startsWith('/')) found.push(`${method.toUpperCase()} ${path}`);
  }
  return found;
}

describe('one owner per endpoint (issue 28)', () => {
  it('reads a module’s endpoints with their methods and path parameters', () => {
    expect(
      endpointsOf(
        "request(X, { url: `/v1/session/${id}/outputs`, params: {} }); request(Y, { method: 'post', url: '/v1/feedback' })",
      ),
    ).toEqual(['GET /v1/session/:p/outputs', 'POST /v1/feedback']);
  });

  it('each endpoint is written in one module, apart from the named debts', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of sourceFiles(SRC)) {
      for (const endpoint of endpointsOf(readFileSync(file, 'utf8'))) {
        const set = owners.get(endpoint) ?? new Set<string>();
        set.add(relative(SRC, file));
        owners.set(endpoint, set);
      }
    }
    expect(owners.size).toBeGreaterThan(50);
    const many = Object.fromEntries(
      [...owners].filter(([, files]) => files.size > 1).map(([e, files]) => [e, files.size]),
    );
    expect(many).toEqual(KNOWN);
  });
});
