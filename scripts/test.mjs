#!/usr/bin/env node
// `npm test`: every check the project has, in the order a failure is cheapest to read.
// Runs all steps even when one fails, then prints one closing line "tests: N passed, N failed".
// TEST_DATABASE_URL=postgres://… adds a second run of the server suite on that PostgreSQL server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const outDir = '.tmp/test-results';
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const vitest = (project, extraEnv = {}, label = project) => ({
  name: `vitest ${label}`,
  cmd: 'npx',
  args: [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(outDir, `${label}.json`)}`,
  ],
  env: extraEnv,
  report: join(outDir, `${label}.json`),
});

const steps = [
  { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] },
  { name: 'lint (import rules, formatting)', cmd: 'npm', args: ['run', '-s', 'lint'] },
  vitest('unit'),
  vitest('server'),
  ...(process.env.TEST_DATABASE_URL
    ? [vitest('server', { DATABASE_URL: process.env.TEST_DATABASE_URL }, 'server-postgres')]
    : []),
  { name: 'build', cmd: 'npm', args: ['run', '-s', 'build'] },
  { name: 'first-load budget', cmd: 'npm', args: ['run', '-s', 'size'] },
  vitest('e2e'),
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}`);
  const result = spawnSync(step.cmd, step.args, {
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (step.report && existsSync(step.report)) {
    const r = JSON.parse(readFileSync(step.report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) failures.push(`${step.name} ran no test`);
  }
  if (result.status !== 0) failures.push(`${step.name} (exit ${result.status ?? result.signal})`);
  console.log(`=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s`);
}

if (failures.length) console.log(`\nFailed steps:\n- ${failures.join('\n- ')}`);
if (failures.length && failed === 0) failed = failures.length; // a failed typecheck or build counts too
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
