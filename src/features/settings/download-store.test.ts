import { describe, expect, it } from 'vitest';
import { listDownloads, parseDownloadRecords } from './download-store';

describe('parseDownloadRecords', () => {
  it('keeps records with a title and size, lists the rest as invalid', () => {
    expect(
      parseDownloadRecords([
        { key: 'a', value: { title: 'Ocean', size: 2_000_000, lang: 'ja' } },
        { key: 'b', value: { title: '', size: 10 } },
        { key: 'c', value: 'garbage' },
        { key: 'd', value: { title: 'Forest', size: -1 } },
      ]),
    ).toEqual({
      files: [{ key: 'a', title: 'Ocean', sizeBytes: 2_000_000 }],
      invalid: ['b', 'c', 'd'],
    });
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
