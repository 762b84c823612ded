import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/lib/i18n-testing';
import { JoinGate, type JoinGateProps } from './join-gate';

const render = (kind: JoinGateProps['kind'], lng: 'ja' | 'en' = 'ja') =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <MantineProvider>
        <JoinGate state="waiting" kind={kind} terminated={false} onTap={() => undefined} />
      </MantineProvider>
    </I18nextProvider>,
  );

describe('JoinGate wording (issue 9, item 17)', () => {
  it('words watching alone as playing, not as joining a room', () => {
    const solo = render('solo');
    expect(solo).toContain('タップすると音声付きで再生します。');
    expect(solo).not.toContain('参加');
    expect(render('solo', 'en').replace(/<[^>]*>/g, ' ')).not.toMatch(/join/i);
  });

  it('keeps "join" for a room', () => {
    expect(render('follower')).toContain('タップすると音声付きで参加します。');
  });
});
