import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

/**
 * Reads a translation from the shipped locale files, so end-to-end tests assert exactly what a
 * user sees in that language without copying the texts into the tests.
 */
export function text(
  lang: 'ja' | 'en',
  key: `${string}:${string}`,
  vars: Record<string, string> = {},
): string {
  const [ns, path] = key.split(':') as [string, string];
  const json: unknown = JSON.parse(
    readFileSync(resolve(root, 'locales', lang, `${ns}.json`), 'utf8'),
  );
  let node: unknown = json;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) {
      throw new Error(`No translation ${lang}/${key}`);
    }
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') throw new Error(`Translation ${lang}/${key} is not a string`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? `{{${name}}}`);
}
