import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/contracts/api/sessions';
import { createTestI18n } from '@/lib/i18n-testing';
import { HomeBanners } from './banners';
import { LiveSessionsBlock } from './live-sessions-block';
import { SessionsSection } from './sessions-section';

const render = (node: ReactNode, lng: 'ja' | 'en' = 'en') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <MantineProvider>
        <MemoryRouter>{node}</MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );

const NOW = Date.UTC(2026, 10, 22, 9, 0);
const HOUR = 60 * 60 * 1000;

function session(id: string, status: SessionSummary['status'], startTime: number): SessionSummary {
  return {
    id,
    title: `ja ${id}`,
    en: { title: `en ${id}` },
    image: `/img/${id}.jpg`,
    status,
    startTime,
    isWatchable: true,
  } as SessionSummary;
}

describe('LiveSessionsBlock', () => {
  const sessions = [
    session('later', 'IN_PROGRESS', NOW + 5 * HOUR),
    session('soon', 'IN_PROGRESS', NOW + HOUR),
    session('started', 'IN_PROGRESS', NOW - HOUR),
    session('archive', 'COMPLETE', NOW + 2 * HOUR),
    session('third', 'IN_PROGRESS', NOW + 8 * HOUR),
  ];

  it('lists only IN_PROGRESS sessions starting now or later, soonest first, 2 of them until expanded', () => {
    const html = render(
      <LiveSessionsBlock sessions={sessions} loading={false} error={false} now={NOW} />,
    );
    expect(html.indexOf('en soon')).toBeGreaterThan(-1);
    expect(html.indexOf('en soon')).toBeLessThan(html.indexOf('en later'));
    expect(html).not.toContain('en third');
    expect(html).not.toContain('en started');
    expect(html).not.toContain('en archive');
    expect(html).toContain('Show all (3)');
  });

  it('says so when nothing is live', () => {
    const html = render(
      <LiveSessionsBlock sessions={[sessions[2]!]} loading={false} error={false} now={NOW} />,
    );
    expect(html).toContain('No live sessions are coming up.');
  });
});

describe('SessionsSection', () => {
  it('shows 6 skeleton cards while loading', () => {
    const html = render(
      <SessionsSection sessions={undefined} loading error={false} onRetry={() => {}} />,
    );
    // Each skeleton card is hidden from assistive technology; the list says it is busy instead.
    expect(html.match(/<div[^>]*aria-hidden="true"/g)?.length ?? 0).toBe(6);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading sessions');
  });

  it('shows an error with a retry button, and an empty message', () => {
    expect(
      render(<SessionsSection sessions={undefined} loading={false} error onRetry={() => {}} />),
    ).toContain('Sessions could not be loaded.');
    expect(
      render(<SessionsSection sessions={[]} loading={false} error={false} onRetry={() => {}} />),
    ).toContain('There are no sessions for you yet.');
  });
});

describe('HomeBanners', () => {
  const base = {
    userId: 'student01',
    groupName: 'tomoni_2A',
    surveyUrl: 'https://forms.example/survey',
    supportUrl: 'https://support.example/',
  };

  it('gives the survey number and link; Q&A support only to admin and teacher', () => {
    const member = render(<HomeBanners {...base} role="member" />);
    expect(member).toContain('tomoni_student01');
    expect(member).toContain('href="https://forms.example/survey?id=tomoni_student01"');
    expect(member).not.toContain('Q&amp;A support');
    for (const role of ['admin', 'teacher'] as const) {
      expect(render(<HomeBanners {...base} role={role} />)).toContain(
        'href="https://support.example/"',
      );
    }
    expect(render(<HomeBanners {...base} role="staff" />)).not.toContain('Q&amp;A support');
  });

  it('leaves out a banner whose URL is not configured, with no server wording (issue 9, item 9)', () => {
    const html = render(
      <HomeBanners {...base} role="teacher" surveyUrl={null} supportUrl={null} />,
    );
    expect(html).not.toContain('href=');
    expect(html).not.toContain('Tell us what you think');
    expect(html).not.toContain('server');
    const supportOnly = render(<HomeBanners {...base} role="teacher" surveyUrl={null} />);
    expect(supportOnly).toContain('href="https://support.example/"');
    expect(supportOnly).not.toContain('tomoni_student01');
  });
});
