import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListVotesResponse, VoteResponse } from '../../contracts/api/sessions';
import { StreamResponse } from '../../contracts/stream';
import { openSocket } from '../realtime/test-socket';
import { DEMO_IDS } from '../seed/demo';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let room: string;
const SESSION = DEMO_IDS.sessions.oceanLive;
// The demo timeline's vote: "What should we change first?" keyed by its discussId.
const KEY = 'ocean-vote-1';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/stream',
    headers: await t.authHeader('teacher'),
    payload: {
      sessionId: SESSION,
      name: 'Vote room',
      lang: 'ja',
      groupIds: [DEMO_IDS.groups.class2a],
      settings: { startTime: Date.now(), participantVideoVisiblity: true, videoQuality: 'high' },
    },
  });
  room = StreamResponse.parse(res.json()).item.id;
});
afterAll(async () => {
  await t.close();
});

const vote = async (account: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/session/${SESSION}/vote`,
    headers: await t.authHeader(account),
    payload: body,
  });

describe('votes', () => {
  it('counts one ballot per user per vote per room, and pushes the tally to the room', async () => {
    const watcher = await openSocket(t.app, (await t.login('student10')).token);
    try {
      watcher.send({ type: 'subscribe', streamId: room });
      await watcher.nextOf('snapshot');

      const a = await vote('student01', { voteKey: KEY, choice: 'ペットボトル', streamId: room });
      expect(a.statusCode, a.body).toBe(200);
      const first = VoteResponse.parse(a.json());
      expect(first.tally).toMatchObject({ counts: { ペットボトル: 1 }, total: 1, streamId: room });
      expect(first.tally.mine?.id).toBe(first.item.id);
      expect(await watcher.nextOf('voteTally')).toMatchObject({
        streamId: room,
        tally: { voteKey: KEY, counts: { ペットボトル: 1 }, total: 1, mine: null },
      });

      await vote('student02', { voteKey: KEY, choice: 'ペットボトル', streamId: room });
      // POSTing again replaces the user's choice instead of adding a ballot.
      const again = await vote('student01', {
        voteKey: KEY,
        choice: '漁網',
        streamId: room,
      });
      const replaced = VoteResponse.parse(again.json());
      expect(replaced.item.id).toBe(first.item.id);
      expect(replaced.tally).toMatchObject({ counts: { ペットボトル: 1, 漁網: 1 }, total: 2 });
      expect((await watcher.nextOf('voteTally')).tally.total).toBe(2);
      expect((await watcher.nextOf('voteTally')).tally.counts).toEqual({
        ペットボトル: 1,
        漁網: 1,
      });

      // Solo viewing (no room) is a separate ballot.
      const solo = await vote('student01', { voteKey: KEY, choice: 'レジ袋' });
      expect(VoteResponse.parse(solo.json()).item.streamId).toBeNull();

      const list = await t.app.inject({
        method: 'GET',
        url: `/v1/session/${SESSION}/votes?streamId=${room}`,
        headers: await t.authHeader('student02'),
      });
      const [tally] = ListVotesResponse.parse(list.json()).items;
      expect(tally).toMatchObject({ voteKey: KEY, total: 2, mine: { choice: 'ペットボトル' } });
    } finally {
      await watcher.close();
    }
  });

  it('refuses a choice the vote does not offer, and an outsider of the room', async () => {
    expect(
      (await vote('student03', { voteKey: KEY, choice: 'Pizza', streamId: room })).statusCode,
    ).toBe(400);
    expect(
      (await vote('sakura01', { voteKey: KEY, choice: 'ペットボトル', streamId: room })).statusCode,
    ).toBe(404); // a room one may not open answers like a missing one (issue 8)
    expect(
      (await vote('student03', { voteKey: KEY, choice: '   ', streamId: room })).statusCode,
    ).toBe(400);
  });

  it('lets only the voter change a ballot with PUT', async () => {
    const cast = VoteResponse.parse(
      (await vote('student04', { voteKey: KEY, choice: 'ペットボトル', streamId: room })).json(),
    );
    const url = `/v1/session/${SESSION}/vote/${cast.item.id}`;
    const other = await t.app.inject({
      method: 'PUT',
      url,
      headers: await t.authHeader('student05'),
      payload: { choice: 'レジ袋' },
    });
    // Someone else's ballot answers like a missing one (issue 8).
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'PUT',
      url,
      headers: await t.authHeader('student04'),
      payload: { choice: 'レジ袋' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(VoteResponse.parse(own.json()).item.choice).toBe('レジ袋');
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/v1/session/${SESSION}/vote/nope`,
      headers: await t.authHeader('student04'),
      payload: { choice: 'ペットボトル' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
