import { describe, expect, it } from 'vitest';
import { isKeptApiRead } from './api-reads';

const ORIGIN = 'https://tomoni.example';
const kept = (path: string, method = 'GET', origin = ORIGIN) =>
  isKeptApiRead(new URL(path, origin), method, ORIGIN);

describe('the API reads the service worker keeps', () => {
  it('keeps the reads a learner opens offline', () => {
    expect(kept('/v1/me')).toBe(true);
    expect(kept('/v1/session/s1')).toBe(true);
    expect(kept('/v1/session/s1/comments?type=LIVE-JA')).toBe(true);
  });

  it('never keeps a studio read: an editor must not be handed an old copy', () => {
    expect(kept('/v1/studio')).toBe(false);
    expect(kept('/v1/studio/session/s1')).toBe(false);
    expect(kept('/v1/studio/video/v1/job')).toBe(false);
    expect(kept('/v1/studio/sessions?archived=false')).toBe(false);
    // Only the studio itself: a path that merely starts with the same letters is a read.
    expect(kept('/v1/studios')).toBe(true);
  });

  it('keeps no write, no other origin and nothing outside /v1', () => {
    expect(kept('/v1/me', 'PUT')).toBe(false);
    expect(kept('/v1/studio/uploads/x', 'HEAD')).toBe(false);
    expect(kept('/v1/me', 'GET', 'https://elsewhere.example')).toBe(false);
    expect(kept('/media/a.m3u8')).toBe(false);
    expect(kept('/v2/auth/token')).toBe(false);
  });
});
