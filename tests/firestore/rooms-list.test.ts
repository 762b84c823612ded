import { expect, it } from 'vitest';
import type { ServerMessage } from '../../src/contracts/realtime';
import { StreamResponse } from '../../src/contracts/stream';
import type { Scheduler } from '../../src/engine/time';
import { createFirestoreTransport } from '../../src/engine/transports/firestore';
import { DEMO_IDS } from '../../src/server/seed/demo';
import { describeWithEmulator, useEmulatorApp } from './support';

/** The rooms list through Firestore: a class's pupil hears of a new room, another school not. */
describeWithEmulator('firestore rooms list', () => {
  const ctx = useEmulatorApp();

  it('brings a new room to its class’s lists live, and not to another school’s', async () => {
    const { t, token, session } = ctx();
    const scheduler: Scheduler = {
      now: () => t.app.clock(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    };
    const heard = new Map<string, ServerMessage[]>();
    const transports = ['student01', 'sakura01'].map((account) => {
      const transport = createFirestoreTransport({ scheduler, connect: () => session(account) });
      heard.set(account, []);
      transport.messages$.subscribe((m) => heard.get(account)!.push(m));
      transport.subscribeStreamList();
      return transport;
    });
    const deadline = Date.now() + 15_000;
    while (transports.some((tr) => tr.status() !== 'open')) {
      if (Date.now() > deadline) throw new Error('the lists did not open');
      await new Promise((r) => setTimeout(r, 20));
    }
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: { authorization: `Bearer ${await token('teacher')}` },
      payload: {
        sessionId: DEMO_IDS.sessions.oceanLive,
        name: 'Live list',
        lang: 'ja',
        groupIds: [DEMO_IDS.groups.class2a],
        settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
      },
    });
    const stream = StreamResponse.parse(created.json()).item;
    while (!heard.get('student01')!.some((m) => m.type === 'streamUpsert')) {
      if (Date.now() > deadline + 15_000)
        throw new Error(
          `the pupil did not hear of the room: ${JSON.stringify(heard.get('student01'))}`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(heard.get('student01')).toContainEqual(
      expect.objectContaining({
        type: 'streamUpsert',
        stream: expect.objectContaining({ id: stream.id }),
      }),
    );
    // Ending it removes it from the list.
    await t.app.inject({
      method: 'POST',
      url: `/v1/stream/${stream.id}/terminate`,
      headers: { authorization: `Bearer ${await token('teacher')}` },
      payload: {
        action: 'terminate',
        status: 'paused',
        timeInVideo: 0,
        playbackRate: 1,
        updatedAt: Date.now() + 200,
      },
    });
    while (!heard.get('student01')!.some((m) => m.type === 'streamRemove')) {
      if (Date.now() > deadline + 30_000) throw new Error('the pupil did not hear of the end');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(heard.get('sakura01')!.filter((m) => m.type === 'streamUpsert')).toEqual([]);
    for (const tr of transports) tr.close();
  });
});
