import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The root tsconfig.json is solution-style (issue 28): it references every program, so an editor
 * or a tool opening any file finds the program that holds it and its `@/` alias. A program
 * added without a reference, or a source file no program includes (so never type-checked),
 * fails here.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const programs = readdirSync(ROOT)
  .filter((f) => /^tsconfig\.\w+\.json$/.test(f) && f !== 'tsconfig.base.json')
  .sort();

function filesOf(config: string): string[] {
  const read = ts.readConfigFile(join(ROOT, config), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT);
  return parsed.fileNames.map((f) => relative(ROOT, f));
}

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => join(dir, f));
}

describe('the TypeScript programs', () => {
  it('are all referenced from the root tsconfig.json', () => {
    const root = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as {
      files: unknown[];
      references: Array<{ path: string }>;
    };
    expect(root.files).toEqual([]);
    expect(root.references.map((r) => r.path.replace('./', '')).sort()).toEqual(programs);
  });

  it('include every source file, each with the `@/` alias', () => {
    const included = new Set(programs.flatMap(filesOf));
    const missing = ['src', 'tests', 'bench', 'scripts']
      .flatMap(sources)
      .filter((f) => !included.has(f));
    expect(missing).toEqual([]);
    for (const program of programs) {
      const read = ts.readConfigFile(join(ROOT, program), ts.sys.readFile);
      const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT);
      expect(options.paths?.['@/*'], program).toEqual(['src/*']);
    }
  });
});
