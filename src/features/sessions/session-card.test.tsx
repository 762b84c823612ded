import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/lib/i18n-testing';
import { SessionCard, type SessionCardSession } from './session-card';

const session: SessionCardSession = {
  id: 'session-ocean',
  title: '海の生き物',
  image: '/img/ocean.png',
  thumbnailImage: '/img/ocean-thumb.png',
  titleImage: '/img/ocean-title.png',
  en: { title: 'Ocean life', thumbnailImage: '/img/ocean-thumb-en.png' },
  isWatchable: true,
  emotions: { inspired: 1, wow: 12, thinking: 3, crying: 0 },
};

const render = (s: SessionCardSession, lng: 'ja' | 'en' = 'ja') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <MantineProvider>
        <MemoryRouter>
          <SessionCard session={s} />
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );

describe('SessionCard', () => {
  it('links a watchable session to its page, with title, pictures and emotion counts', () => {
    const html = render(session);
    expect(html).toMatch(/<a [^>]*href="\/session\/session-ocean"/);
    expect(html).toContain('海の生き物');
    expect(html).toContain('/img/ocean-thumb.png');
    expect(html).toContain('/img/ocean-title.png');
    expect(html).toMatch(/すごい.*12/);
    expect(html).toMatch(/考えさせられた.*3/);
  });

  it('names reactions with the same words as the output cards (issue 9, item 14)', () => {
    const ja = render(session);
    expect(ja).toMatch(/感動した <\/span>0/);
    expect(ja).not.toContain('泣いた');
    expect(render(session, 'en')).toMatch(/Made me think <\/span>3/);
  });

  it('shows the title and thumbnail of the user language', () => {
    const html = render(session, 'en');
    expect(html).toContain('Ocean life');
    expect(html).toContain('/img/ocean-thumb-en.png');
    expect(html).toMatch(/Wow.*12/);
  });

  it('is greyed out and not a link when the session is not watchable', () => {
    const html = render({ ...session, isWatchable: false });
    expect(html).not.toContain('<a ');
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('grayscale(1)');
    expect(html).toContain('視聴できません');
  });
});
