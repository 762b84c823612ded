import { onLog } from 'firebase/app';
// Loaded before markEmulatorFault's onLog, which reaches only the SDK loggers that exist then.
import 'firebase/firestore';
import { afterAll, beforeAll, describe } from 'vitest';
import { RealtimeConfigResponse, RealtimeTokenResponse } from '../../src/contracts/api/realtime';
import {
  firestoreEmulatorMissing,
  repositoryRules,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../../src/server/testing/firestore-emulator';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';
import { openFirestoreSession, type FirestoreSession } from '../../src/lib/firestore-port';

/**
 * The firestore project's fixture: Google's Firestore emulator (the JAR, on a free port, with the
 * repository's firestore.rules) and the real app with REALTIME_BACKEND=firestore writing to it.
 * Where the JAR (or Java) is absent the file's suites are skipped with one printed line.
 */
const missing = firestoreEmulatorMissing();

/** `describe`, or a skipped one that says once why. */
export function describeWithEmulator(name: string, body: () => void): void {
  if (missing) {
    console.log(`firestore: skipped "${name}": ${missing}`);
    describe.skip(name, body);
  } else describe(name, body);
}

export interface EmulatorApp {
  emulator: FirestoreEmulator;
  t: TestApp;
  /** The access token of a demo account. */
  token(account: string): Promise<string>;
  /** A browser-SDK Firestore session signed in as the account (the identity the server mints). */
  session(account: string): Promise<FirestoreSession>;
}

/** Starts the emulator and the app once per file; stops both after it. */
export function useEmulatorApp(): () => EmulatorApp {
  let ctx: EmulatorApp | null = null;
  const sessions: FirestoreSession[] = [];
  beforeAll(async () => {
    const emulator = await startFirestoreEmulator();
    await emulator.loadRules(repositoryRules());
    const t = await createTestApp({
      env: {
        REALTIME_BACKEND: 'firestore',
        FIREBASE_PROJECT_ID: emulator.projectId,
        FIRESTORE_EMULATOR_HOST: emulator.host,
      },
    });
    const tokens = new Map<string, string>();
    const token = async (account: string) => {
      let tok = tokens.get(account);
      if (!tok) tokens.set(account, (tok = (await t.login(account)).token));
      return tok;
    };
    const config = RealtimeConfigResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/v1/realtime' })).json(),
    ).item;
    if (config.backend !== 'firestore') throw new Error('the app is not on Firestore');
    ctx = {
      emulator,
      t,
      token,
      session: async (account) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/realtime/token',
          headers: { authorization: `Bearer ${await token(account)}` },
        });
        const identity = RealtimeTokenResponse.parse(res.json()).item;
        const session = await openFirestoreSession(config, identity);
        sessions.push(session);
        return session;
      },
    };
  }, 120_000);
  afterAll(async () => {
    for (const s of sessions) s.close();
    await ctx?.t.close();
    await ctx?.emulator.stop();
  }, 60_000);
  return () => {
    if (!ctx) throw new Error('the emulator app is not started');
    return ctx;
  };
}

/**
 * Marks a harness's `until` failure that followed the emulator's known fault, so the firestore
 * project's retry (vitest.config.ts) runs that test again and only that: the Node SDK's gRPC
 * channel now and then reads a corrupt frame from the emulator ("RESOURCE_EXHAUSTED: Received
 * message larger than max (4041193559 vs …)", firebase-tools#8654, open), and the SDK then waits its
 * maximum backoff (about a minute) before listening again. Browsers reach Firestore over
 * WebChannel, not gRPC, and do not meet it. Any other failure fails as it is.
 */
const EMULATOR_FAULT = 'emulator fault firebase-tools#8654';
export function markEmulatorFault<A extends unknown[]>(
  until: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  let fault: string | null = null;
  onLog(
    ({ message }) => {
      if (/RESOURCE_EXHAUSTED: Received message larger than max/.test(message)) fault = message;
    },
    { level: 'error' },
  );
  return async (...args) => {
    try {
      await until(...args);
    } catch (e) {
      if (!fault) throw e;
      throw new Error(`${(e as Error).message} (${EMULATOR_FAULT}: ${fault})`, { cause: e });
    }
  };
}
