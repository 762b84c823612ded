import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/lib/i18n-testing';
import { JoinGate, type JoinGateProps } from './join-gate';

const render = (
  kind: JoinGateProps['kind'],
  lng: 'ja' | 'en' = 'ja',
  more: Partial<JoinGateProps> = {},
) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createTestI18n({ lng })}>
      <MantineProvider>
        <JoinGate
          state="waiting"
          kind={kind}
          terminated={false}
          onTap={() => undefined}
          {...more}
        />
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

describe('JoinGate alone with a saved position (issue 24)', () => {
  it('offers to continue from it or to start over, each in the one tap', () => {
    const html = render('solo', 'ja', { resumeAt: 83 });
    expect(html).toContain('前回は 1:23 まで見ました。');
    expect(html).toContain('続きから再生（1:23）');
    expect(html).toContain('最初から再生');
    expect(render('solo', 'en', { resumeAt: 83 })).toContain('Continue from 1:23');
  });

  it('offers only to watch when nothing is saved', () => {
    expect(render('solo')).not.toContain('続きから');
  });
});

describe('JoinGate on an ended room (issue 24)', () => {
  it('tells the host they ended it, and a pupil that the host did', () => {
    expect(render('host', 'ja', { terminated: true })).toContain('ルームを終了しました。');
    expect(render('host', 'ja', { terminated: true })).not.toContain('ホストが');
    expect(render('follower', 'ja', { terminated: true })).toContain(
      'ホストがこのルームを終了しました',
    );
  });
});
