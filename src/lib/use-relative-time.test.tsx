import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from './i18n-testing';
import { RELATIVE_TICK_MS, useRelativeTime } from './use-relative-time';

function Stamp({ at }: { at: number }) {
  const when = useRelativeTime()(at);
  return (
    <time dateTime={when.dateTime} title={when.title}>
      {when.text}
    </time>
  );
}

const render = (at: number, lng: 'ja' | 'en') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <Stamp at={at} />
    </I18nextProvider>,
  );

describe('useRelativeTime', () => {
  const now = new Date(2026, 4, 20, 12, 0, 0).getTime();
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the relative time in the page’s language with the absolute time as the title', () => {
    const at = now - 3 * 60_000;
    expect(render(at, 'ja')).toBe(
      `<time dateTime="${new Date(at).toISOString()}" title="2026/05/20 11:57">3 分前</time>`,
    );
    expect(render(at, 'en')).toContain('>3 minutes ago</time>');
  });

  it('reads the clock to the tick, so a moment in the current tick is now', () => {
    vi.setSystemTime(now + RELATIVE_TICK_MS - 1);
    expect(render(now + 5000, 'en')).toContain('>now</time>');
    expect(render(now - 60_000, 'en')).toContain('>1 minute ago</time>');
  });
});
