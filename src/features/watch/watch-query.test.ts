import { describe, expect, it } from 'vitest';
import { parseWatchQuery, streamRedirect, watchHref } from './watch-query';

describe('parseWatchQuery', () => {
  it('reads every flag of a room link', () => {
    const q = parseWatchQuery(new URLSearchParams('lang=en&stream=s1&low=true&novideo=true'));
    expect(q).toEqual({ lang: 'en', streamId: 's1', low: true, noVideo: true, debugSync: false });
  });

  it('passes only lang on without a stream', () => {
    const q = parseWatchQuery(new URLSearchParams('lang=ja&low=true&novideo=true'));
    expect(q).toMatchObject({ lang: 'ja', streamId: null, low: false, noVideo: false });
  });

  it('ignores unknown languages and flag spellings other than true', () => {
    const q = parseWatchQuery(new URLSearchParams('lang=fr&stream=s1&low=1&debugSync=1'));
    expect(q).toMatchObject({ lang: null, low: false, debugSync: true });
  });
});

describe('streamRedirect', () => {
  it('stays when the stream belongs to the session', () => {
    expect(streamRedirect('a', { sessionId: 'a' }, '?stream=s1')).toBeNull();
    expect(streamRedirect('a', null, '')).toBeNull();
  });

  it("goes to the stream's own session with the same query string", () => {
    expect(streamRedirect('a', { sessionId: 'b' }, '?lang=en&stream=s1&low=true')).toBe(
      '/session/b/watch/?lang=en&stream=s1&low=true',
    );
    expect(streamRedirect('a', { sessionId: 'b' }, 'stream=s1')).toBe(
      '/session/b/watch/?stream=s1',
    );
  });
});

describe('watchHref', () => {
  it('drops the room flags when there is no stream', () => {
    expect(watchHref('a', { lang: 'en', low: true, noVideo: true })).toBe(
      '/session/a/watch/?lang=en',
    );
    expect(watchHref('a', {})).toBe('/session/a/watch/');
  });

  it('keeps them with a stream', () => {
    expect(watchHref('a', { streamId: 's', low: true })).toBe(
      '/session/a/watch/?stream=s&low=true',
    );
  });
});
