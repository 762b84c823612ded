import { describe, expect, it } from 'vitest';
import {
  disabledRedirectUrl,
  localizeSession,
  safeLinkUrl,
  sessionPageOutcome,
  soloWatchKind,
  soloWatchUrl,
} from './session-rules';

const base = {
  title: '海の仕事',
  image: '/img/ocean.png',
  thumbnailImage: undefined,
  titleImage: '/img/ocean-title.png',
  ja: undefined,
  en: undefined,
};

describe('localizeSession', () => {
  it('uses the variant of the user language when it has one', () => {
    const session = {
      ...base,
      en: {
        title: 'Jobs at sea',
        image: '/img/ocean-en.png',
        thumbnailImage: '/img/ocean-en-t.png',
      },
    };
    expect(localizeSession(session, 'en')).toEqual({
      title: 'Jobs at sea',
      image: '/img/ocean-en.png',
      thumbnail: '/img/ocean-en-t.png',
      titleImage: '/img/ocean-title.png',
    });
    expect(localizeSession(session, 'ja').title).toBe('海の仕事');
  });

  it('falls back field by field: thumbnail, then the image in that language, then the own image', () => {
    expect(localizeSession({ ...base, en: { title: 'Jobs at sea' } }, 'en')).toMatchObject({
      title: 'Jobs at sea',
      image: '/img/ocean.png',
      thumbnail: '/img/ocean.png',
    });
    expect(
      localizeSession({ ...base, thumbnailImage: '/img/t.png', en: { image: '/img/e.png' } }, 'en'),
    ).toMatchObject({ title: '海の仕事', image: '/img/e.png', thumbnail: '/img/t.png' });
  });
});

describe('links', () => {
  it('builds the solo watch URL with only lang', () => {
    expect(soloWatchUrl('session-ocean', 'ja')).toBe('/session/session-ocean/watch/?lang=ja');
  });

  it('sends a refused session home with redirectSessionId', () => {
    expect(disabledRedirectUrl('s 1')).toBe('/?redirectSessionId=s+1');
  });

  it('renders only web document links', () => {
    expect(safeLinkUrl('https://example.org/a.pdf')).toBe('https://example.org/a.pdf');
    expect(safeLinkUrl('/media/guide.pdf')).toBe('/media/guide.pdf');
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl('data:text/html,hi')).toBeNull();
    expect(safeLinkUrl('guide.pdf')).toBeNull();
  });
});

describe('sessionPageOutcome', () => {
  it('is not found without an id, disabled without watchArchive, else shown', () => {
    expect(sessionPageOutcome(null, true)).toBe('notFound');
    expect(sessionPageOutcome({ id: '' }, true)).toBe('notFound');
    expect(sessionPageOutcome({ id: 's' }, false)).toBe('disabled');
    expect(sessionPageOutcome({ id: 's' }, true)).toBe('show');
  });
});

describe('soloWatchKind (issue 9, item 17)', () => {
  it('calls only a finished session an archive', () => {
    expect(soloWatchKind('COMPLETE')).toBe('archive');
    expect(soloWatchKind('IN_PROGRESS')).toBe('live');
    expect(soloWatchKind('NOTICE')).toBe('live');
  });
});
