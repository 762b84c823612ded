import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListStreamsResponse, StreamResponse } from '../../contracts/stream';
import { openSocket } from '../realtime/test-socket';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

/** Issue 9, item 6: an ended room leaves the rooms lists at once, live and on reload. */
let t: TestApp;
let teacher: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  teacher = await t.authHeader('teacher');
});
afterAll(async () => {
  await t.close();
});

const ids = async (headers: { authorization: string }, query = '') => {
  const res = await t.app.inject({ url: `/v1/streams${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return ListStreamsResponse.parse(res.json()).items.map((s) => s.id);
};

describe('ended rooms (issue 9, item 6)', () => {
  it('a terminated room is removed from followers’ lists at once and from GET /v1/streams', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/stream',
      headers: teacher,
      payload: {
        sessionId: DEMO_IDS.sessions.oceanLive,
        name: 'Ends soon',
        lang: 'ja',
        groupIds: [DEMO_IDS.groups.class2a],
        settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const room = StreamResponse.parse(created.json()).item;
    const studentHeaders = await t.authHeader('student02');
    expect(await ids(studentHeaders)).toContain(room.id);

    const student = await openSocket(t.app, (await t.login('student02')).token);
    try {
      student.send({ type: 'subscribeStreams' });
      await student.nextOf('streamsSubscribed');
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/stream/${room.id}/terminate`,
        headers: teacher,
        payload: {
          action: 'terminate',
          status: 'paused',
          timeInVideo: 3,
          playbackRate: 1,
          updatedAt: Date.now() + 300,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await student.nextOf('streamRemove')).toMatchObject({ id: room.id });
    } finally {
      await student.close();
    }
    expect(await ids(studentHeaders)).not.toContain(room.id);
    expect(await ids(teacher)).not.toContain(room.id);
    expect(await ids(studentHeaders, `?sessionId=${DEMO_IDS.sessions.oceanLive}`)).not.toContain(
      room.id,
    );
    // Renaming the ended room does not bring it back to anyone's list.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/v1/stream/${room.id}`,
      headers: teacher,
      payload: { name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await ids(studentHeaders)).not.toContain(room.id);
  });
});
