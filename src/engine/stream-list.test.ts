import { describe, expect, it } from 'vitest';
import type { Stream } from '../contracts/entities';
import { reduceStreamList, visibleStreams } from './stream-list';

const T = 1_700_000_000_000;
const HOUR = 3_600_000;
const stream = (id: string, startTime: number, over: Partial<Stream> = {}): Stream => ({
  id,
  sessionId: 'sess',
  name: id,
  lang: 'ja',
  hostUserId: 'h',
  groupIds: ['g'],
  isDeleted: false,
  createdAt: T,
  updatedAt: T,
  settings: { startTime, participantVideoVisiblity: true, videoQuality: 'high' },
  ...over,
});

describe('rooms list', () => {
  it('adds a posted stream, replaces a put one and removes a deleted one', () => {
    let list: readonly Stream[] = [];
    list = reduceStreamList(list, { v: 2, type: 'streamUpsert', stream: stream('a', T) });
    list = reduceStreamList(list, { v: 2, type: 'streamUpsert', stream: stream('b', T) });
    list = reduceStreamList(list, {
      v: 2,
      type: 'streamUpsert',
      stream: stream('a', T, { name: 'renamed' }),
    });
    expect(list.map((s) => s.name)).toEqual(['renamed', 'b']);
    list = reduceStreamList(list, {
      v: 2,
      type: 'streamUpsert',
      stream: stream('b', T, { isDeleted: true }),
    });
    expect(list.map((s) => s.id)).toEqual(['a']);
    list = reduceStreamList(list, { v: 2, type: 'streamRemove', id: 'a' });
    expect(list).toEqual([]);
  });

  it('shows rooms started within the last 12 hours (and later ones), by start time', () => {
    const list = [stream('old', T - 13 * HOUR), stream('later', T + HOUR), stream('now', T - HOUR)];
    expect(visibleStreams(list, T).map((s) => s.id)).toEqual(['now', 'later']);
  });
});
