#!/usr/bin/env node
// `npm test`: every check the project has, the quick ones first, in two lanes at once (below).
// Runs all steps even when one fails, then prints one closing line "tests: N passed, N failed".
// TEST_DATABASE_URL=postgres://… adds a second run of the server suite on that PostgreSQL server.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
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

const typecheck = { name: 'typecheck', cmd: 'npm', args: ['run', '-s', 'typecheck'] };
const lint = { name: 'lint (import rules, formatting)', cmd: 'npm', args: ['run', '-s', 'lint'] };
const build = { name: 'build', cmd: 'npm', args: ['run', '-s', 'build'] };
const size = { name: 'first-load budget', cmd: 'npm', args: ['run', '-s', 'size'] };

// Each phase runs its lanes at once, each lane's steps one after another; a lane's steps start
// when the previous one ends, so two single-threaded steps keep both cores of a CI machine busy
// (vitest gives each project one worker on two cores). The first lane prints as it goes, the
// second into a file printed when each step ends. The two runs of the server suite (PGlite and
// PostgreSQL) share nothing but the machine, and sit in different lanes with about as much work
// before them. The end-to-end tests come last and alone: a server and a Chromium per file want
// the whole machine (docs/decisions/0102-test-runner-and-run-time.md).
const phases = [
  [
    [typecheck, vitest('server')],
    [
      lint,
      vitest('unit'),
      ...(process.env.TEST_DATABASE_URL
        ? [vitest('server', { DATABASE_URL: process.env.TEST_DATABASE_URL }, 'server-postgres')]
        : []),
      // Google's Firestore emulator (REALTIME_BACKEND=firestore); skips with one line without the JAR.
      vitest('firestore'),
      build,
      size,
    ],
  ],
  [[vitest('e2e')]],
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** "step: file > test: first line of the error" of each failed test, printed at the end. */
const failedTests = [];
/** "name: seconds" of each step, and the e2e files slowest first, printed at the end. */
const durations = [];
let slowestFiles = [];
/**
 * Runs one step; its output goes to the terminal, or (`logFile`) to a file printed when it ends,
 * so that steps run at once do not interleave.
 */
function run(step, logFile) {
  const out = logFile ? openSync(logFile, 'w') : 'inherit';
  const child = spawn(step.cmd, step.args, {
    stdio: logFile ? ['ignore', out, out] : 'inherit',
    env: { ...process.env, ...step.env },
  });
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      if (logFile) {
        closeSync(out);
        process.stdout.write(`\n--- output of ${step.name}\n${readFileSync(logFile, 'utf8')}`);
      }
      resolve({ status, signal });
    });
  });
}

function record(step, result, seconds) {
  if (step.report && existsSync(step.report)) {
    const r = JSON.parse(readFileSync(step.report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) failures.push(`${step.name} ran no test`);
    // Named again at the end: CI keeps only the tail of a run's output.
    for (const file of r.testResults) {
      for (const test of file.assertionResults) {
        if (test.status !== 'failed') continue;
        const why = (test.failureMessages[0] ?? '').split('\n')[0].slice(0, 200);
        const where = file.name.replace(`${process.cwd()}/`, '');
        failedTests.push(`${step.name}: ${where} > ${test.fullName}: ${why}`);
      }
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failedTests.push(
          `${step.name}: ${file.name.replace(`${process.cwd()}/`, '')}: ${file.message}`,
        );
      }
    }
    if (step.name === 'vitest e2e') {
      // Each e2e file pays its own server start and browser launch; the budget is per file.
      slowestFiles = r.testResults
        .map((f) => [f.name.replace(`${process.cwd()}/`, ''), (f.endTime - f.startTime) / 1000])
        .sort((a, b) => b[1] - a[1]);
    }
  }
  if (result.status !== 0) failures.push(`${step.name} (exit ${result.status ?? result.signal})`);
  console.log(`=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds}s`);
  durations.push(`${step.name}: ${seconds}s`);
}

const startedAll = Date.now();
for (const lanes of phases) {
  console.log(
    `\n=== ${lanes.map((lane) => lane.map((step) => step.name).join(' → ')).join(' + ')}`,
  );
  await Promise.all(
    lanes.map(async (lane, i) => {
      for (const step of lane) {
        const started = Date.now();
        const result = await run(
          step,
          i === 0 ? undefined : join(outDir, `${step.name}.log`.replace(/ /g, '-')),
        );
        record(step, result, ((Date.now() - started) / 1000).toFixed(1));
      }
    }),
  );
}
durations.push(`all steps: ${((Date.now() - startedAll) / 1000).toFixed(1)}s`);

console.log(`\nStep durations:\n- ${durations.join('\n- ')}`);
if (slowestFiles.length) {
  const top = slowestFiles.slice(0, 10).map(([name, sec]) => `${name}: ${sec.toFixed(1)}s`);
  console.log(`Slowest e2e files:\n- ${top.join('\n- ')}`);
}

if (failedTests.length) {
  const shown = failedTests.slice(0, 40);
  const more = failedTests.length - shown.length;
  console.log(`\nFailed tests:\n- ${shown.join('\n- ')}${more > 0 ? `\n- and ${more} more` : ''}`);
}
if (failures.length) console.log(`\nFailed steps:\n- ${failures.join('\n- ')}`);
if (failures.length && failed === 0) failed = failures.length; // a failed typecheck or build counts too
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
