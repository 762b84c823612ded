import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { OutputReactions } from '@/contracts/entities';
import { createTestI18n } from '@/lib/i18n-testing';
import { ReactionCounts } from './reaction-counts';

const none: OutputReactions = { wow: 0, thinking: 0, crying: 0, inspired: 0, noting: 0, worthy: 0 };
const render = (counts: OutputReactions | undefined, lng: 'ja' | 'en' = 'en') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <MantineProvider>
        <ReactionCounts counts={counts} />
      </MantineProvider>
    </I18nextProvider>,
  );

describe('ReactionCounts', () => {
  it('shows only the non-zero counts, each named for screen readers', () => {
    const html = render({ ...none, wow: 3, worthy: 1 });
    expect(html).toMatch(/Wow <\/span>3/);
    expect(html).toMatch(/Worthy <\/span>1/);
    expect(html).not.toContain('Made me think');
    expect(render({ ...none, noting: 2 }, 'ja')).toMatch(/メモした <\/span>2/);
  });

  it('uses the one reaction vocabulary of the session cards (issue 9, item 14)', () => {
    const html = render({ ...none, thinking: 1, crying: 2 }, 'ja');
    expect(html).toMatch(/考えさせられた <\/span>1/);
    expect(html).toMatch(/感動した <\/span>2/);
  });

  it('renders nothing when no one has reacted or the counts are absent', () => {
    expect(render({ ...none, crying: 1 })).toContain('data-testid="reaction-counts"');
    expect(render(none)).not.toContain('reaction-counts');
    expect(render(undefined)).not.toContain('reaction-counts');
  });
});
