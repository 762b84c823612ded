import { describe, expect, it } from 'vitest';
import type { Stream } from '@/contracts/entities';
import { copyText, invitationUrl } from './invitation';

const stream: Stream = {
  id: 'room-1',
  sessionId: 'session-ocean',
  name: '朝の部屋',
  lang: 'en',
  hostUserId: 'teacher',
  groupIds: ['g'],
  isDeleted: false,
  createdAt: 0,
  updatedAt: 0,
  settings: { startTime: 0, participantVideoVisiblity: true, videoQuality: 'low' },
};

describe('invitation', () => {
  it('links to the watch page of the room on this site', () => {
    expect(invitationUrl(stream, 'https://tomoni.example')).toBe(
      'https://tomoni.example/session/session-ocean/watch/?stream=room-1&lang=en&low=true',
    );
  });

  it('copies through the clipboard when there is one', async () => {
    const written: string[] = [];
    const clipboard = { writeText: (text: string) => Promise.resolve(void written.push(text)) };
    await expect(copyText('hello', clipboard)).resolves.toBe('copied');
    expect(written).toEqual(['hello']);
  });

  it("answers 'notSupported' without a clipboard or when the browser refuses", async () => {
    await expect(copyText('hello', undefined)).resolves.toBe('notSupported');
    const refusing = { writeText: () => Promise.reject(new Error('denied')) };
    await expect(copyText('hello', refusing)).resolves.toBe('notSupported');
  });
});
