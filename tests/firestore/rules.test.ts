import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RealtimeTokenResponse, type FirebaseClaims } from '../../src/contracts/api/realtime';
import { FS, sessionFeedFor } from '../../src/contracts/firestore';
import type { SessionChange } from '../../src/contracts/realtime';
import { StreamCommandResponse, StreamResponse } from '../../src/contracts/stream';
import { createFirestoreTransport } from '../../src/engine/transports/firestore';
import { createRoomClient } from '../../src/engine/room-client';
import { createTransportSessionFeed, type SessionFeedEvent } from '../../src/engine/session-feed';
import type { Scheduler } from '../../src/engine/time';
import { repositoryRules } from '../../src/server/testing/firestore-emulator';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { describeWithEmulator, useEmulatorApp } from './support';

/**
 * firestore.rules on the emulator, over documents the real server wrote. Identities are the
 * emulator's unsigned mock tokens carrying exactly the claims POST /v1/realtime/token gives each
 * account (no Auth emulator runs here: custom-token sign-in itself is not exercised).
 */
describeWithEmulator('firestore rules', () => {
  const ctx = useEmulatorApp();
  let env: RulesTestEnvironment;
  let streamId = '';
  const claims = new Map<string, { uid: string; claims: FirebaseClaims }>();

  const identity = async (account: string) => {
    const known = claims.get(account);
    if (known) return known;
    const { t, token } = ctx();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/realtime/token',
      headers: { authorization: `Bearer ${await token(account)}` },
    });
    const item = RealtimeTokenResponse.parse(res.json()).item;
    expect(item.kind).toBe('mock');
    const id = { uid: item.uid, claims: item.claims };
    claims.set(account, id);
    return id;
  };
  const dbAs = async (account: string) => {
    const id = await identity(account);
    return env.authenticatedContext(id.uid, id.claims).firestore();
  };

  beforeAll(async () => {
    const { emulator, t, token } = ctx();
    env = await initializeTestEnvironment({
      projectId: emulator.projectId,
      firestore: { host: '127.0.0.1', port: emulator.port, rules: repositoryRules() },
    });
    const auth = { authorization: `Bearer ${await token('teacher')}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: auth,
      payload: {
        sessionId: DEMO_IDS.sessions.oceanLive,
        name: 'Rules',
        lang: 'ja',
        groupIds: [DEMO_IDS.groups.class2a],
        settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
      },
    });
    streamId = StreamResponse.parse(created.json()).item.id;
    const play = await t.app.inject({
      method: 'POST',
      url: `/v1/stream/${streamId}/play`,
      headers: auth,
      payload: {
        action: 'play',
        status: 'playing',
        timeInVideo: 0,
        playbackRate: 1,
        updatedAt: Date.now() + 200,
      },
    });
    StreamCommandResponse.parse(play.json());
    await t.app.firestoreMirror!.flush();
  }, 120_000);
  afterAll(async () => {
    await env?.cleanup();
  });

  const everyRead = (db: Awaited<ReturnType<typeof dbAs>>): Array<Promise<unknown>> => [
    getDoc(doc(db, FS.stream(streamId))),
    getDoc(doc(db, FS.events(streamId), FS.eventId(1))),
    getDocs(collection(db, FS.events(streamId))),
    getDocs(collection(db, FS.messages(streamId))),
    getDocs(collection(db, FS.groupStreams(DEMO_IDS.groups.class2a))),
  ];

  it('lets the room’s pupil, its host and provider staff read it', async () => {
    for (const account of ['student01', 'teacher', 'staff']) {
      for (const read of everyRead(await dbAs(account))) await assertSucceeds(read);
    }
    const events = await getDocs(collection(await dbAs('student01'), FS.events(streamId)));
    expect(events.docs.map((d) => d.get('seq'))).toEqual([1]);
  });

  it('denies a member and a teacher of another school every read', async () => {
    for (const account of ['sakura01', 'sakura-teacher']) {
      for (const read of everyRead(await dbAs(account))) await assertFails(read);
    }
    // Signed out: nothing either.
    const anonymous = env.unauthenticatedContext().firestore();
    for (const read of everyRead(anonymous)) await assertFails(read);
  });

  it('lets no pupil (nor the host) write events, messages, rooms or lists', async () => {
    for (const account of ['student01', 'teacher']) {
      const db = await dbAs(account);
      const forged = { seq: 2, event: '{}' };
      await assertFails(setDoc(doc(db, FS.events(streamId), FS.eventId(2)), forged));
      await assertFails(setDoc(doc(db, FS.messages(streamId), 'x'), { at: 1, message: '{}' }));
      await assertFails(setDoc(doc(db, FS.stream(streamId)), { hostUserId: 'me' }));
      await assertFails(
        setDoc(doc(db, FS.groupStreams(DEMO_IDS.groups.class2a), streamId), { removed: true }),
      );
    }
  });

  it('carries the host’s command to every follower', async () => {
    const { t, session } = ctx();
    const scheduler: Scheduler = {
      now: () => t.app.clock(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    };
    const followers = ['student01', 'student02', 'supporter'].map((account) =>
      createRoomClient({
        transport: createFirestoreTransport({ scheduler, connect: () => session(account) }),
        postCommand: () => Promise.reject(new Error('followers do not command')),
        scheduler,
        streamId,
      }),
    );
    const pause = await t.app.inject({
      method: 'POST',
      url: `/v1/stream/${streamId}/pause`,
      headers: { authorization: `Bearer ${await ctx().token('teacher')}` },
      payload: {
        action: 'pause',
        status: 'paused',
        timeInVideo: 3,
        playbackRate: 1,
        updatedAt: Date.now() + 200,
      },
    });
    const event = StreamCommandResponse.parse(pause.json()).item;
    const deadline = Date.now() + 15_000;
    while (followers.some((f) => f.model()?.lastSeq !== event.seq)) {
      if (Date.now() > deadline) throw new Error('a follower did not fold the pause in 15 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const f of followers) {
      expect(f.model()?.playback).toMatchObject({ status: 'paused', timeInVideo: 3 });
      f.close();
    }
  });

  /** Posts a published output to the ocean live session as the account (a session change). */
  const postOutput = async (account: string, description: string) => {
    const { t, token } = ctx();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/output',
      headers: { authorization: `Bearer ${await token(account)}` },
      payload: {
        sessionId: DEMO_IDS.sessions.oceanLive,
        workId: 'work-ocean-archive',
        status: 'published',
        description,
      },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { item: { id: string } }).item.id;
  };
  const feed = (feedId: string) => FS.sessionChanges(DEMO_IDS.sessions.oceanLive, feedId);
  const schoolFeed = feed(`school-${DEMO_IDS.school}`);

  it('walls the session feed per school: a classmate reads it, another school is denied', async () => {
    const outputId = await postOutput('student01', 'ルールの確認のための出力です。');
    await ctx().t.app.firestoreMirror!.flush();

    // The feed each identity listens to is its own school's (staff: every school's).
    const student02 = await identity('student02');
    expect(sessionFeedFor(student02.uid, student02.claims)).toBe(`school-${DEMO_IDS.school}`);
    const read = await getDocs(collection(await dbAs('student02'), schoolFeed));
    const changes = read.docs.map((d) => JSON.parse(String(d.get('change'))) as SessionChange);
    expect(changes).toContainEqual({
      sessionId: DEMO_IDS.sessions.oceanLive,
      kind: 'output',
      targetId: outputId,
      outputId,
    });
    await assertSucceeds(getDocs(collection(await dbAs('staff'), feed('all'))));

    // Another school's pupil and teacher: not this school's feed, nor the providers' one.
    for (const account of ['sakura01', 'sakura-teacher']) {
      const db = await dbAs(account);
      await assertFails(getDocs(collection(db, schoolFeed)));
      await assertFails(getDoc(doc(db, schoolFeed, read.docs[0]!.id)));
      await assertFails(getDocs(collection(db, feed('all'))));
    }
    // A pupil of the school does not read the providers' feed either, nor anyone signed out.
    await assertFails(getDocs(collection(await dbAs('student02'), feed('all'))));
    await assertFails(getDocs(collection(env.unauthenticatedContext().firestore(), schoolFeed)));
    // And nobody's browser writes a change.
    for (const account of ['student01', 'teacher']) {
      await assertFails(
        setDoc(doc(await dbAs(account), schoolFeed, 'forged'), { at: 1, change: '{}' }),
      );
    }
  });

  it('carries a new output to a classmate’s session page through Firestore', async () => {
    const { t, session } = ctx();
    const scheduler: Scheduler = {
      now: () => t.app.clock(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    };
    const sessionFeed = createTransportSessionFeed(() =>
      createFirestoreTransport({ scheduler, connect: () => session('student02') }),
    );
    const heard: SessionFeedEvent[] = [];
    const stop = sessionFeed.watch(DEMO_IDS.sessions.oceanLive, (e) => heard.push(e));
    try {
      // Posted again until heard: the listen may start after the first post (nothing is lost
      // once it runs; the page has read what came before through the API).
      const posted: string[] = [];
      const deadline = Date.now() + 30_000;
      const heardIds = () =>
        heard.flatMap((e) =>
          e.type === 'change' && e.change.kind === 'output' ? [e.change.targetId] : [],
        );
      while (!posted.some((id) => heardIds().includes(id))) {
        if (Date.now() > deadline) throw new Error('the classmate heard no new output in 30 s');
        posted.push(await postOutput('student03', `新しい出力 ${posted.length + 1}`));
        const waitUntil = Date.now() + 3_000;
        while (Date.now() < waitUntil && !posted.some((id) => heardIds().includes(id))) {
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      expect(heard.find((e) => e.type === 'change')).toMatchObject({
        type: 'change',
        change: { sessionId: DEMO_IDS.sessions.oceanLive, kind: 'output' },
      });
    } finally {
      stop();
    }
  });
});
