import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

// Three projects, run separately by `npm test` so a failure says which ring broke:
//  unit   — contracts, engine, lib, features logic (no server, no browser)
//  server — the real Fastify app on an embedded PGlite database (or DATABASE_URL)
//  e2e    — the built app served by the real server, driven in the system Chromium
export default defineConfig({
  resolve: { alias: { '@': src } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
          exclude: ['src/server/**'],
          environment: 'node',
          // Files share one module graph instead of importing it again each (most of this
          // project's time went to imports). A test that stubs a global undoes it itself.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // One module graph for all files: each file imported the app (Fastify, PGlite, every
          // route) again, 112 of the suite's 430 s. Every file builds its own app and database
          // (createTestApp), so nothing a test can see is shared but stateless modules and caches.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Google's Firestore emulator (a JAR on Java 17) and the app on REALTIME_BACKEND=firestore;
          // skipped with one printed line where the JAR is absent.
          name: 'firestore',
          include: ['tests/firestore/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // Once more, and only a test whose failure followed the emulator's known corrupt gRPC
          // frame (EMULATOR_FAULT, tests/firestore/support.ts): every other failure stands.
          retry: { count: 1, condition: /emulator fault firebase-tools#8654/ },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // Bundles the server once per run; every file's startServer runs the bundle.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits as long as a Playwright action does (30 s), not Vitest's 1 s: a
          // page that takes two seconds to show something on a busy machine is not a failure.
          expect: { poll: { timeout: 30_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
