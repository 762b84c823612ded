// The contracts layer may import zod only, so the protocol's own tests live here, beside its users.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeClientMessage,
  encodeServerMessage,
  parseClientMessage,
  parseServerMessage,
  protocolVersionOf,
  PROTOCOL_VERSION,
} from '../../contracts/realtime';
import {
  CreateStreamRequest,
  ListStreamsQuery,
  parseStreamCommand,
  toStreamCommandBody,
} from '../../contracts/stream';

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
      message: { v: 2, type: 'subscribe', streamId: 's1', sinceSeq: 4 },
    });
    const pong = encodeServerMessage({ type: 'pong', id: 3, clientTime: 1.5, serverTime: 99.25 });
    expect(parseServerMessage(pong).ok).toBe(true);
  });

  it('reports what was wrong, with the offending type as ref', () => {
    expect(parseClientMessage('{')).toEqual({
      ok: false,
      error: { code: 'badMessage', message: 'not JSON' },
    });
    const other = parseClientMessage(JSON.stringify({ v: 1, type: 'ping', id: 1, clientTime: 0 }));
    expect(other).toMatchObject({
      ok: false,
      error: { ref: 'ping', message: expect.stringContaining('version') },
    });
    const bad = parseClientMessage(JSON.stringify({ v: 2, type: 'status', streamId: 's' }));
    expect(bad).toMatchObject({ ok: false, error: { code: 'badMessage', ref: 'status' } });
  });

  it('reads the version a handshake offers before anything else', () => {
    expect(protocolVersionOf(JSON.stringify({ v: 1, type: 'auth', token: 't' }))).toBe(1);
    expect(protocolVersionOf(encodeClientMessage({ type: 'auth', token: 't' }))).toBe(
      PROTOCOL_VERSION,
    );
    expect(protocolVersionOf('{"type":"auth"}')).toBeNull();
    expect(protocolVersionOf('{"v":"2"}')).toBeNull();
    expect(protocolVersionOf('nope')).toBeNull();
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
    const parsed = parseStreamCommand('pause', body);
    // The spec's HTTP body reads into the room vocabulary, and back unchanged.
    expect(parsed).toEqual({
      ok: true,
      command: { type: 'pause', status: 'paused', timeInVideo: 3, playbackRate: 1, effectiveAt: 5 },
    });
    if (parsed.ok) expect(toStreamCommandBody(parsed.command)).toEqual(body);
    // The internal names are not an alias on the wire.
    expect(parseStreamCommand('pause', { ...body, type: 'pause' }).ok).toBe(false);
    expect(parseStreamCommand('pause', { ...body, updatedAt: 'soon' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('updatedAt'),
    });
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
