import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/lib/i18n-testing';
import { SyncIndicator } from './sync-indicator';

const render = (node: React.ReactNode, lng: 'ja' | 'en' = 'ja') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <MantineProvider>{node}</MantineProvider>
    </I18nextProvider>,
  ).replace(/<style[^]*?<\/style>/g, '');

describe('a pupil sync state without jargon (issue 9, item 18)', () => {
  it('tells a pupil they watch with the class, with no drift figure', () => {
    const html = render(<SyncIndicator state="inSync" driftMs={-2} />);
    expect(html).toContain('みんなと一緒に見ています');
    expect(html).not.toContain('同期中');
    expect(html).not.toMatch(/ずれ|ms/);
    expect(render(<SyncIndicator state="offline" driftMs={null} />, 'en')).toContain(
      'Connection lost',
    );
  });

  it('shows the figure only when asked for (the debug view)', () => {
    expect(render(<SyncIndicator state="inSync" driftMs={-2} showDrift />)).toMatch(/ずれ/);
  });
});
