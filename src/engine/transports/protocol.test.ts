// The contracts layer may import zod only, so the protocol's own tests live here, beside its users.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeClientMessage,
  encodeServerMessage,
  parseClientMessage,
  parseServerMessage,
} from '../../contracts/realtime';
import { CreateStreamRequest, ListStreamsQuery, parseStreamCommand } from '../../contracts/stream';

describe('realtime protocol', () => {
  it('never throws on any input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        expect(() => parseClientMessage(raw)).not.toThrow();
        expect(() => parseServerMessage(raw)).not.toThrow();
      }),
    );
  });

  it('round-trips a message with the protocol version', () => {
    const raw = encodeClientMessage({ type: 'subscribe', streamId: 's1', sinceSeq: 4 });
    expect(parseClientMessage(raw)).toEqual({
      ok: true,
      message: { v: 1, type: 'subscribe', streamId: 's1', sinceSeq: 4 },
    });
    const pong = encodeServerMessage({ type: 'pong', id: 3, clientTime: 1.5, serverTime: 99.25 });
    expect(parseServerMessage(pong).ok).toBe(true);
  });

  it('reports what was wrong, with the offending type as ref', () => {
    expect(parseClientMessage('{')).toEqual({
      ok: false,
      error: { code: 'badMessage', message: 'not JSON' },
    });
    const other = parseClientMessage(JSON.stringify({ v: 2, type: 'ping', id: 1, clientTime: 0 }));
    expect(other).toMatchObject({
      ok: false,
      error: { ref: 'ping', message: expect.stringContaining('version') },
    });
    const bad = parseClientMessage(JSON.stringify({ v: 1, type: 'status', streamId: 's' }));
    expect(bad).toMatchObject({ ok: false, error: { code: 'badMessage', ref: 'status' } });
  });
});

describe('stream contracts', () => {
  it('a command body must match the path kind', () => {
    const body = {
      action: 'pause',
      status: 'paused',
      timeInVideo: 3,
      playbackRate: 1,
      updatedAt: 5,
    };
    expect(parseStreamCommand('pause', body).ok).toBe(true);
    expect(parseStreamCommand('play', body)).toEqual({
      ok: false,
      message: "action must be 'play'",
    });
    expect(parseStreamCommand('pause', { ...body, playbackRate: 10 }).ok).toBe(false);
    expect(parseStreamCommand('chapter', { ...body, action: 'chapter' }).ok).toBe(false);
  });

  it('room names are 1..15 characters after trimming', () => {
    const base = {
      sessionId: 's',
      lang: 'ja',
      groupIds: [],
      settings: { startTime: 0, participantVideoVisiblity: true, videoQuality: 'low' },
    };
    expect(CreateStreamRequest.safeParse({ ...base, name: '  abc  ' }).data?.name).toBe('abc');
    expect(CreateStreamRequest.safeParse({ ...base, name: 'x'.repeat(15) }).success).toBe(true);
    expect(CreateStreamRequest.safeParse({ ...base, name: 'x'.repeat(16) }).success).toBe(false);
    expect(CreateStreamRequest.safeParse({ ...base, name: '   ' }).success).toBe(false);
  });

  it('reads query booleans as written', () => {
    expect(ListStreamsQuery.parse({ isDeleted: 'false' }).isDeleted).toBe(false);
    expect(ListStreamsQuery.parse({ isDeleted: 'true', startTimeAfter: '10' })).toEqual({
      isDeleted: true,
      startTimeAfter: 10,
    });
  });
});
