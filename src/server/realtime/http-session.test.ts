import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeClientMessage, parseServerMessage, WS_CLOSE } from '../../contracts/realtime';
import { HTTP_FALLBACK, HttpPollResponse } from '../../contracts/realtime-http';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * The hub over HTTP (issue 27): a session signs in with its first frame like a socket, its id is
 * the only key to it (a header, never the URL), a cursor acknowledges what arrived (nothing lost,
 * nothing twice), and a bad request changes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const open = async (): Promise<string> => {
  const res = await t.app.inject({ method: 'POST', url: '/ws/open', payload: {} });
  expect(res.statusCode).toBe(201);
  return (res.json() as { session: string }).session;
};
const sendFrames = (session: string, frames: string[], ack?: number) =>
  t.app.inject({
    method: 'POST',
    url: '/ws/send',
    headers: { [HTTP_FALLBACK.sessionHeader]: session },
    payload: ack === undefined ? { frames } : { frames, ack },
  });
const poll = async (session: string, cursor: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/ws/poll?cursor=${cursor}`,
    headers: { [HTTP_FALLBACK.sessionHeader]: session },
  });
  expect(res.statusCode).toBe(200);
  const body = HttpPollResponse.parse(res.json());
  return { ...body, messages: body.frames.map((f) => parseServerMessage(f)) };
};

describe('the HTTP fallback session', () => {
  it('signs in with an auth first frame and answers pings; a cursor replays what was not acknowledged', async () => {
    const session = await open();
    const { token } = await t.login('student01');
    expect(
      (await sendFrames(session, [encodeClientMessage({ type: 'auth', token })])).statusCode,
    ).toBe(204);
    const first = await poll(session, 0);
    expect(first.messages[0]).toMatchObject({ ok: true, message: { type: 'ready' } });
    expect(first.cursor).toBe(1);
    await sendFrames(session, [
      encodeClientMessage({ type: 'ping', id: 7, clientTime: 1 }),
      encodeClientMessage({ type: 'ping', id: 8, clientTime: 2 }),
    ]);
    const pongs = await poll(session, first.cursor);
    expect(pongs.messages.map((m) => m.ok && m.message.type === 'pong' && m.message.id)).toEqual([
      7, 8,
    ]);
    // The answer was lost: asked again from the same cursor, the same frames, once each.
    const again = await poll(session, first.cursor);
    expect(again.frames).toEqual(pongs.frames);
    expect(again.cursor).toBe(3);
  });

  it('closes a session whose first frame is not auth, and tells the client how it ended', async () => {
    const session = await open();
    await sendFrames(session, [encodeClientMessage({ type: 'ping', id: 1, clientTime: 1 })]);
    const answer = await poll(session, 0);
    expect(answer.messages[0]).toMatchObject({
      ok: true,
      message: { type: 'error', code: 'unauthorized' },
    });
    expect(answer.close?.code).toBe(WS_CLOSE.signedOut);
    // Gone: nothing more is read or accepted with its id.
    expect((await sendFrames(session, [])).statusCode).toBe(404);
  });

  it('refuses an unknown session id and a malformed body, changing nothing', async () => {
    expect((await sendFrames('not-a-session-id-at-all', [])).statusCode).toBe(404);
    const session = await open();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/ws/send',
      headers: { [HTTP_FALLBACK.sessionHeader]: session },
      payload: { frames: 'auth' },
    });
    expect(bad.statusCode).toBe(400);
    // The session still waits for its auth frame: a valid one is answered ready.
    const { token } = await t.login('student01');
    await sendFrames(session, [encodeClientMessage({ type: 'auth', token })]);
    expect((await poll(session, 0)).messages[0]).toMatchObject({
      ok: true,
      message: { type: 'ready' },
    });
    const noHeader = await t.app.inject({ method: 'GET', url: '/ws/poll?cursor=0' });
    expect(noHeader.statusCode).toBe(404);
  });
});
