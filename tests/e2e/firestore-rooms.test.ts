import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens } from '../../src/contracts/api/auth';
import { demoAccount } from '../../src/server/seed/accounts';
import {
  firestoreEmulatorMissing,
  repositoryRules,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../../src/server/testing/firestore-emulator';
import { SESSION_ID, roomLessonSteps, useRoomLesson } from './support/room-lesson';

// Issue 12: the same lesson as rooms.test.ts with REALTIME_BACKEND=firestore — the server writes
// the room to Google's Firestore emulator (the JAR on a free port, firestore.rules loaded) and the
// pages read it with the lazily loaded Firebase SDK: the teacher creates a room, it appears on
// two students' home pages live, play, pause, skip and 1.5× reach both students' players, and a
// new output one student posts appears on the other's session page without a reload.

const missing = firestoreEmulatorMissing();
/** `describe`, or a skipped one that says once why (no emulator JAR or Java here). */
const describeWithEmulator = (name: string, body: () => void) => {
  if (missing) {
    console.log(`firestore e2e: skipped: ${missing}`);
    describe.skip(name, body);
  } else describe(name, body);
};

const NEW_OUTPUT = '海の中にはまだ名前のない生き物がたくさんいると知って、調べてみたくなりました。';

describeWithEmulator('the synchronized room on Firestore (REALTIME_BACKEND=firestore)', () => {
  let emulator: FirestoreEmulator;
  /** Requests each page made to the emulator: proof that the room came through Firestore. */
  const firestoreRequests = new Map<string, number>();

  // Before the lesson's own hooks: the server starts pointed at a running emulator.
  beforeAll(async () => {
    emulator = await startFirestoreEmulator();
    await emulator.loadRules(repositoryRules());
    // The emulator's JVM on a machine shared by eight.
  }, 120_000);
  afterAll(async () => {
    await emulator?.stop();
  });

  const lesson = useRoomLesson({
    serverEnv: () => ({
      REALTIME_BACKEND: 'firestore',
      FIREBASE_PROJECT_ID: emulator.projectId,
      FIRESTORE_EMULATOR_HOST: emulator.host,
    }),
    onPage: (account, page) =>
      page.on('request', (r) => {
        if (r.url().includes(`//${emulator.host}/`)) {
          firestoreRequests.set(account, (firestoreRequests.get(account) ?? 0) + 1);
        }
      }),
  });

  roomLessonSteps(lesson, {
    // The lists heard of it from the class's rooms-list documents in Firestore.
    afterCreate: () => expect(firestoreRequests.get('student01') ?? 0).toBeGreaterThan(0),
    // The room reached every page through the emulator (the browser SDK's WebChannel).
    afterEnter: () => {
      for (const account of ['teacher', 'student01', 'student02']) {
        expect(firestoreRequests.get(account) ?? 0).toBeGreaterThan(0);
      }
    },
  });

  it('shows a new output one student posts on the other student’s session page without a reload', async () => {
    const { student1, student2, server } = lesson;
    // The other student reads the session's page (its outputs section), opened before the post.
    const page = student2.page;
    await page.goto(`${server.url}/session/${SESSION_ID}`);
    const cards = page.getByTestId('output-card');
    const mine = cards.filter({ hasText: NEW_OUTPUT });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const before = await cards.count();
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { __beforePost: true }));
    expect(await mine.count()).toBe(0);

    // The first student posts it (the API the output form calls, with the student's sign-in).
    const login = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: student1.name,
        password: demoAccount('student01').password,
      }),
    });
    const { token } = AuthTokens.parse(await login.json());
    const posted = await fetch(`${server.url}/v1/output`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        sessionId: SESSION_ID,
        workId: 'work-ocean-archive',
        status: 'published',
        description: NEW_OUTPUT,
      }),
    });
    expect(posted.status).toBe(200);

    // Its card appears on the other student's page, which was not reloaded: the hint came from
    // the session's changes in Firestore (this backend's pages hear no session hints on /ws).
    await mine.waitFor();
    expect(await cards.count()).toBe(before + 1);
    expect(await page.evaluate(() => '__beforePost' in window)).toBe(true);
  });
});
