import { describe, expect, it } from 'vitest';
import type { Session } from '@/contracts/entities';
import { listDownloads, parseDownloadRecords, sessionFingerprint } from './records';

const good = {
  sessionId: 's1',
  lang: 'ja',
  title: 'Ocean',
  size: 2_000_000,
  urls: ['http://x.test/media/a.m3u8'],
  fingerprint: '1:a',
  createdAt: 1,
};

describe('parseDownloadRecords', () => {
  it('keeps well-formed records, lists the rest as malformed with their title when they have one', () => {
    const { valid, invalid } = parseDownloadRecords([
      { key: 's1:ja', value: good },
      { key: 'b', value: { ...good, title: '' } },
      { key: 'c', value: 'garbage' },
      { key: 'd', value: { ...good, size: -1 } },
      { key: 'e', value: { ...good, urls: [] } },
    ]);
    expect(valid).toEqual([{ key: 's1:ja', record: good }]);
    expect(invalid).toEqual([
      { key: 'b', title: null, reason: 'malformed' },
      { key: 'c', title: null, reason: 'malformed' },
      { key: 'd', title: 'Ocean', reason: 'malformed' },
      { key: 'e', title: 'Ocean', reason: 'malformed' },
    ]);
  });
});

describe('sessionFingerprint', () => {
  const archive = (actions: unknown[]) => ({
    type: 'ARCHIVE',
    provider: 'HLS',
    videoId: '/media/v.m3u8',
    captionFile: { ja: '/media/c.vtt' },
    actions,
  });
  const session = (...videos: unknown[]) => ({ status: 'COMPLETE', videos }) as unknown as Session;
  it('changes when the timeline changes and not otherwise', () => {
    const a = sessionFingerprint(session(archive([{ start: 0, action: 'chapter' }])));
    expect(sessionFingerprint(session(archive([{ start: 0, action: 'chapter' }])))).toBe(a);
    expect(sessionFingerprint(session(archive([{ start: 1, action: 'chapter' }])))).not.toBe(a);
  });
  it('follows the video the download stores, not the first in the list (issue 14)', () => {
    const stored = archive([{ start: 0, action: 'chapter' }]);
    const a = sessionFingerprint(session(stored));
    const digest = { ...archive([{ start: 7, action: 'chapter' }]), type: 'DIGEST' };
    expect(sessionFingerprint(session(digest, stored))).toBe(a);
    expect(sessionFingerprint(session({ ...digest, videoId: '/media/other.m3u8' }, stored))).toBe(
      a,
    );
  });
});

describe('listDownloads', () => {
  it('is empty where there is no IndexedDB or no store yet, without creating one', async () => {
    expect(await listDownloads(null)).toEqual({ files: [], invalid: [] });
    let opened = false;
    const idb = {
      databases: async () => [{ name: 'something-else', version: 1 }],
      open: () => {
        opened = true;
        throw new Error('must not open');
      },
    } as unknown as IDBFactory;
    expect(await listDownloads(idb)).toEqual({ files: [], invalid: [] });
    expect(opened).toBe(false);
  });
});
